"""Tables drawn as rich draws them (a heavy head over light rows, a title above), line by line.

The report draws two tables for every hand, and rich's general layout engine (measuring, padding
and cropping every cell as a renderable) cost three times what judging the hand did: the text
report of 2,000 hands took 12 s against 3.7 s for ``--json`` (decision H17). For tables of text
cells, the layout is a few sums: each column as wide as its widest line, the widest columns
narrowed first when the table is wider than the console, as rich narrows them; each cell's text is
wrapped by rich's own ``Text.wrap``. A test draws random tables both ways and compares them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, cast

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

Justify = Literal["left", "right"]

PADDING = 2
"""A space either side of each cell."""


def _widest_line(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.splitlines()), default=0)


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


def _fitting(text: Text, inner: int, justify: Justify) -> list[str] | None:
    """A cell's lines, each ``inner`` wide, when none needs wrapping (what ``Text.wrap`` gives
    them, without its work); None when one does."""
    lines = text.plain.split("\n")
    if "\t" in text.plain or any(cell_len(line) > inner for line in lines):
        return None
    if justify == "right":
        return [" " * (inner - cell_len(line.rstrip())) + line.rstrip() for line in lines]
    return [line + " " * (inner - cell_len(line)) for line in lines]


def _cell_lines(console: Console, flat: bool, text: Text, width: int, justify: Justify, style: str) -> list[Text | str]:
    """A cell's lines, each ``width`` wide with its padding: plain text where the console shows
    no style (``flat``: :func:`plain`)."""
    inner = width - PADDING
    if flat:
        fitting = _fitting(text, inner, justify)
        if fitting is not None:
            return [f" {line} " for line in fitting]
        return [f" {line.plain} " for line in text.wrap(console, inner, justify=justify, overflow="fold")]
    padded: list[Text | str] = []
    for line in text.wrap(console, inner, justify=justify, overflow="fold"):
        cell = Text(" ", style=style)
        cell.append_text(line)
        cell.append(" ")
        if style:
            cell.stylize(style, 0, len(cell))
        padded.append(cell)
    return padded


def _joined(edge: str, cells: Sequence[Text | str]) -> Text | str:
    if all(isinstance(cell, str) for cell in cells):
        return edge + edge.join(cast(Sequence[str], cells)) + edge
    line = Text(edge)
    for cell in cells:
        line.append_text(cell if isinstance(cell, Text) else Text(cell))
        line.append(edge)
    return line


def _widths(console_width: int, columns: Sequence[Sequence[Text]]) -> list[int]:
    """Each column's width with its padding: as wide as its widest line, narrowed as rich narrows
    columns when the table would be wider than the console."""
    room = console_width - len(columns) - 1
    widths = [min(max(_widest_line(cell) for cell in column) + PADDING, room) or 1 for column in columns]
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


def _row(cells: Sequence[Sequence[Text | str]], widths: Sequence[int], edge: str, head: bool) -> list[Text | str]:
    """A row's lines from its cells' lines: the head's cells stand on the rule below them, the
    others hang from the one above."""
    height = max(len(cell) for cell in cells)
    lines: list[Text | str] = []
    for row in range(height):
        shown = []
        for cell, width in zip(cells, widths, strict=True):
            at = row - (height - len(cell)) if head else row
            shown.append(cell[at] if 0 <= at < len(cell) else " " * width)
        lines.append(_joined(edge, shown))
    return lines


def grid(
    console: Console,
    title: str,
    headers: Sequence[tuple[str, Justify]],
    rows: Sequence[Sequence[Text]],
    *,
    header_style: str = "bold",
) -> Drawn:
    """The table's lines, title first, each of them at most the console's width; rich's own
    :class:`Table` where only rich can draw it (a console that cannot show the box's characters,
    or columns too narrow for their padding)."""
    columns = [[Text(header), *(row[i] for row in rows)] for i, (header, _justify) in enumerate(headers)]
    options = console.options  # the console's size, asked once a table (rich asks the terminal each time)
    widths = _widths(options.max_width, columns)
    if options.ascii_only or min(widths) <= PADDING:
        return _rich_table(title, headers, rows, header_style)
    flat = plain(console)  # asked once a table, not once a cell
    lines = [*_title(console, title, widths), "┏" + "┳".join("━" * w for w in widths) + "┓"]
    for index in range(len(rows) + 1):
        style = header_style if index == 0 else ""
        cells = [
            _cell_lines(console, flat, column[index], width, justify, style)
            for column, width, (_header, justify) in zip(columns, widths, headers, strict=True)
        ]
        lines += _row(cells, widths, "┃" if index == 0 else "│", head=index == 0)
        if index == 0:
            lines.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    lines.append("└" + "┴".join("─" * w for w in widths) + "┘")
    return lines


def _rich_table(
    title: str, headers: Sequence[tuple[str, Justify]], rows: Sequence[Sequence[Text]], style: str
) -> Table:
    table = Table(show_header=True, header_style=style, title=title or None, title_justify="left")
    for header, justify in headers:
        table.add_column(header, justify=justify, overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


Drawn = Sequence[Text | str] | Table
"""What the report prints a piece at a time: lines (a table's, or sentences), or rich's table."""


def renderable(drawn: Drawn) -> Table | Text:
    """What rich prints for ``drawn``."""
    if isinstance(drawn, Table):
        return drawn
    return Text("\n").join(line if isinstance(line, Text) else Text(line) for line in drawn)


def print_drawn(console: Console, drawn: Drawn) -> None:
    """``drawn`` printed: written as it is where the console is plain (see :func:`plain`)."""
    if plain(console) and not isinstance(drawn, Table):
        console.file.write("".join(f"{line}\n" for line in drawn))
    else:
        console.print(renderable(drawn))


def print_all(console: Console, pieces: Iterable[Drawn]) -> None:
    """Each piece printed as it comes (:func:`print_drawn`)."""
    for drawn in pieces:
        print_drawn(console, drawn)
