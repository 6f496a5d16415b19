"""Tables drawn as rich draws them (a heavy head over light rows, a title above), line by line.

The report draws two tables for every hand, and rich's general layout engine (measuring, padding
and cropping every cell as a renderable) cost three times what judging the hand did: the text
report of 2,000 hands took 12 s against 3.7 s for ``--json`` (decision H17). For tables of text
cells, the layout is a few sums: each column as wide as its widest line, the widest columns
narrowed first when the table is wider than the console, as rich narrows them; each cell's text is
wrapped by rich's own ``Text.wrap``. A test draws random tables both ways and compares them.

Where the console is plain (a pipe or a file, :func:`plain`), a table is drawn from its cells'
plain text alone, as strings, and a line too long for its cell is cut between words as
``Text.wrap`` cuts it, without making a ``Text`` (decision B21).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal, cast

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions
from rich.table import Table
from rich.text import Text

from ..records import frozen
from .styled import Styled, plain_text, rich_text

Justify = Literal["left", "right"]

Cell = Styled
"""A cell's text: rich's, a plain string, or pieces with their styles (:mod:`.styled`)."""

PADDING = 2
"""A space either side of each cell."""


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """``values`` less ``total`` shared out by ``ratios``, none reduced by more than its maximum
    (rich's own rounding, so that the widths come out as rich's)."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums, strict=True)]
    left, remaining = sum(ratios), total
    reduced = []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and left > 0:
            taken = min(most, round(ratio * remaining / left))
            reduced.append(value - taken)
            remaining -= taken
            left -= ratio
        else:
            reduced.append(value)
    return reduced


def _narrowed(widths: list[int], room: int) -> list[int]:
    """Widths that fit ``room``: the widest columns narrowed to the next widest, in turn, then all
    of them evenly (rich's ``Table._collapse_widths`` and its last resort, step for step)."""
    excess = sum(widths) - room
    while sum(widths) and excess > 0:
        widest = max(widths)
        difference = widest - max((w for w in widths if w != widest), default=0)
        if not difference:
            break
        ratios = [1 if w == widest else 0 for w in widths]
        widths = _ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        excess = sum(widths) - room
    if excess > 0:
        widths = _ratio_reduce(excess, [1] * len(widths), widths, widths)
    return widths


def plain(console: Console) -> bool:
    """Whether what ``console`` prints is plain text kept on its lines (a pipe or a file without
    colours): then the report writes its lines itself, which rich would only copy."""
    return console.color_system is None and console.soft_wrap


def fixed_options(console: Console) -> ConsoleOptions | None:
    """The options (the size) to draw all of a command's tables with, where the console is plain:
    a file or a pipe gets its tables at one width, the terminal's when the command began (rich
    asks the terminal at each reading: a tenth of the report's own cost, read once a hand;
    decision B22). None for a terminal, whose size is read again for each hand, so that the
    report follows its window as it is resized (decision B20)."""
    return console.options if plain(console) else None


@frozen
class _Measured:
    """A cell's plain text, its lines and their widths in cells, measured once."""

    plain: str
    lines: tuple[str, ...]
    sizes: tuple[int, ...]
    widest: int


def _measured(cell: Cell) -> _Measured:
    return _measured_string(cell) if isinstance(cell, str) else _measure(plain_text(cell))


@lru_cache(maxsize=4096)
def _measured_string(cell: str) -> _Measured:
    """A cell that is a string (a name, a number, an amount, a column's header), measured once a
    command: the same few come back in every table of the report."""
    return _measure(plain_text(cell))


def _measure(plain: str) -> _Measured:
    lines = tuple(plain.split("\n"))
    sizes = tuple(map(cell_len, lines))
    # rich measures a cell by its lines as ``splitlines`` cuts them (at \x1c, \u2028 … too)
    broken = plain.splitlines()
    widest = max(sizes) if broken == list(lines) else max(map(cell_len, broken), default=0)
    return _Measured(plain, lines, sizes, widest)


def _flat_cell(console: Console, cell: _Measured, width: int, justify: Justify) -> list[str]:
    """A cell's lines as plain text, each ``width`` wide with its padding: the lines that fit
    padded, the others cut between words (what ``Text.wrap`` gives them, without its work)."""
    inner = width - PADDING
    if "\t" in cell.plain:  # tabs are expanded by rich
        wrapped = Text(cell.plain).wrap(console, inner, justify=justify, overflow="fold")
        return [f" {line.plain} " for line in wrapped]
    lines: list[str] = []
    for line, size in zip(cell.lines, cell.sizes, strict=True):
        if size <= inner:
            lines.append(_justified(line, inner, justify))
        else:
            lines += _wrapped(console, line, inner, justify)
    return [f" {line} " for line in lines]


def _justified(line: str, width: int, justify: Justify) -> str:
    """A line of at most ``width`` cells (its trailing spaces aside) made ``width`` wide, as
    ``Text.wrap`` justifies it: its end padded, or, justified right, its trailing spaces moved
    to its start."""
    if justify == "right":
        line = line.rstrip()
        return " " * (width - cell_len(line)) + line
    size = cell_len(line)
    return set_cell_size(line, width) if size > width else line + " " * (width - size)


_WORD = re.compile(r"\s*\S+\s*")
"""A word with the spaces around it, as rich's wrapping takes words."""

_TRAILING_SPACES = re.compile(r"\s+$")


def _wrapped(console: Console, line: str, width: int, justify: Justify) -> list[str]:
    """A line wider than ``width`` cells cut between words as ``Text.wrap`` cuts it (rich's
    ``divide_line``: a word goes to the next line when the line has no room for it, its trailing
    spaces aside), each piece justified; a line with a word wider than ``width`` is left to
    ``Text.wrap``, which folds the word."""
    starts = [0]
    used = 0  # the cells of the line being filled
    for word in _WORD.finditer(line):
        size = cell_len(word.group().rstrip())
        if size > width:
            return [piece.plain for piece in Text(line).wrap(console, width, justify=justify, overflow="fold")]
        if width - used >= size:
            used += cell_len(word.group())
        else:
            starts.append(word.start())
            used = cell_len(word.group())
    pieces = [line[start:end] for start, end in zip(starts, [*starts[1:], len(line)], strict=True)]
    return [_justified(_cropped_spaces(piece, width), width, justify) for piece in pieces]


def _cropped_spaces(piece: str, width: int) -> str:
    """A piece without the trailing spaces that make it more than ``width`` characters long
    (rich's ``Text.rstrip_end``, which counts characters, not cells)."""
    excess = len(piece) - width
    spaces = _TRAILING_SPACES.search(piece)
    if excess <= 0 or spaces is None:
        return piece
    return piece[: len(piece) - min(len(spaces.group()), excess)]


def _styled_cell(console: Console, text: Text, width: int, justify: Justify, style: str) -> list[Text | str]:
    """A cell's lines with their styles, each ``width`` wide with its padding."""
    padded: list[Text | str] = []
    for line in text.wrap(console, width - PADDING, justify=justify, overflow="fold"):
        cell = Text(" ", style=style)
        cell.append_text(line)
        cell.append(" ")
        if style:
            cell.stylize(style, 0, len(cell))
        padded.append(cell)
    return padded


def _joined(edge: str, cells: Sequence[Text | str], flat: bool) -> Text | str:
    """A line of a row from a line of each of its cells, between the edges; a string where the
    cells' lines are all strings (``flat``: the lines of a plain console's table)."""
    if flat:
        return edge + edge.join(cast(Sequence[str], cells)) + edge
    line = Text(edge)
    for cell in cells:
        line.append_text(cell if isinstance(cell, Text) else Text(cell))
        line.append(edge)
    return line


def _widths(console_width: int, columns: Iterable[Iterable[_Measured]]) -> list[int]:
    """Each column's width with its padding: as wide as its widest line, narrowed as rich narrows
    columns when the table would be wider than the console."""
    widest = [max(cell.widest for cell in column) for column in columns]
    room = console_width - len(widest) - 1
    widths = [min(most + PADDING, room) or 1 for most in widest]
    return _narrowed(widths, room) if sum(widths) > room else widths


def _title(console: Console, title: str, widths: Sequence[int]) -> list[Text | str]:
    """The title's lines: kept on its line in soft-wrap mode, else wrapped and padded to the
    table's width."""
    if not title:
        return []
    heading = Text(title, style="table.title")
    if console.soft_wrap:
        return [heading]
    return list(heading.wrap(console, sum(widths) + len(widths) + 1, justify="left", overflow="fold"))


def _row(
    cells: Sequence[Sequence[Text | str]], widths: Sequence[int], edge: str, head: bool, flat: bool
) -> list[Text | str]:
    """A row's lines from its cells' lines."""
    height = max(map(len, cells))
    filled = [_filled(cell, height, width, head) for cell, width in zip(cells, widths, strict=True)]
    return [_joined(edge, line, flat) for line in zip(*filled, strict=True)]


def _filled(cell: Sequence[Text | str], height: int, width: int, head: bool) -> Sequence[Text | str]:
    """A cell's lines, with blank ones to the row's height: the head's cells stand on the rule
    below them, the others hang from the one above."""
    if len(cell) == height:
        return cell
    blank = [" " * width] * (height - len(cell))
    return [*blank, *cell] if head else [*cell, *blank]


def _frame(cells: Sequence[Sequence[Sequence[Text | str]]], widths: Sequence[int], flat: bool) -> list[Text | str]:
    """The table's lines from its rows' cells' lines (the head's first): its rules and edges."""
    lines: list[Text | str] = ["┏" + "┳".join("━" * w for w in widths) + "┓"]
    lines += _row(cells[0], widths, "┃", head=True, flat=flat)
    lines.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    for row in cells[1:]:
        lines += _row(row, widths, "│", head=False, flat=flat)
    lines.append("└" + "┴".join("─" * w for w in widths) + "┘")
    return lines


def grid(
    console: Console,
    title: str,
    headers: Sequence[tuple[str, Justify]],
    rows: Sequence[Sequence[Cell]],
    *,
    header_style: str = "bold",
    options: ConsoleOptions | None = None,
) -> Drawn:
    """The table's lines, title first, each of them at most the console's width; rich's own
    :class:`Table` where only rich can draw it (a console that cannot show the box's characters,
    or columns too narrow for their padding). ``options`` are the console's, when the caller has
    read them already (rich asks the terminal its size each time they are read)."""
    table: list[Sequence[Cell]] = [[header for header, _justify in headers], *rows]
    measured = [list(map(_measured, row)) for row in table]
    options = options or console.options
    widths = _widths(options.max_width, zip(*measured, strict=True))
    if options.ascii_only or min(widths) <= PADDING:
        return _rich_table(title, headers, rows, header_style)
    justified = [justify for _header, justify in headers]
    if plain(console):
        heading: list[Text | str] = [plain_text(title)] if title else []  # soft-wrap: kept on its line
        plain_cells = [
            [
                _flat_cell(console, cell, width, justify)
                for cell, width, justify in zip(row, widths, justified, strict=True)
            ]
            for row in measured
        ]
        return heading + _frame(plain_cells, widths, flat=True)
    styled = [
        [
            _styled_cell(console, rich_text(cell), width, justify, header_style if index == 0 else "")
            for cell, width, justify in zip(row, widths, justified, strict=True)
        ]
        for index, row in enumerate(table)
    ]
    return _title(console, title, widths) + _frame(styled, widths, flat=False)


def _rich_table(
    title: str, headers: Sequence[tuple[str, Justify]], rows: Sequence[Sequence[Cell]], style: str
) -> Table:
    table = Table(show_header=True, header_style=style, title=title or None, title_justify="left")
    for header, justify in headers:
        table.add_column(header, justify=justify, overflow="fold")
    for row in rows:
        table.add_row(*map(rich_text, row))  # a string would be read as markup
    return table


Drawn = Sequence[Styled] | Table
"""What the report prints a piece at a time: lines (a table's, or sentences), or rich's table."""


def renderable(drawn: Drawn) -> Table | Text:
    """What rich prints for ``drawn``."""
    if isinstance(drawn, Table):
        return drawn
    return Text("\n").join(map(rich_text, drawn))


def print_drawn(console: Console, drawn: Drawn) -> None:
    """``drawn`` printed: written as it is where the console is plain (see :func:`plain`); a line
    that is a string is written as it is (a table's lines are made plain already)."""
    if plain(console) and not isinstance(drawn, Table):
        console.file.write("".join(f"{line if isinstance(line, str) else plain_text(line)}\n" for line in drawn))
    else:
        console.print(renderable(drawn))


def print_all(console: Console, pieces: Iterable[Drawn]) -> None:
    """Each piece printed as it comes (:func:`print_drawn`)."""
    for drawn in pieces:
        print_drawn(console, drawn)
