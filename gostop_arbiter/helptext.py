"""Help laid out by the width a terminal gives each letter (decision P91).

click measures help by characters, but a terminal gives a Korean letter two columns: under
``--lang ko`` the options' descriptions stood a few columns right of one another (``--rules 이름``
pushed its text two columns further than ``--json``) and paragraphs ran past the screen's edge.
:class:`CellFormatter` measures by columns (rich's ``cell_len``); text of single-column letters
only is left to click, so English help is exactly click's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import click
from rich.cells import cell_len


def _narrow(*texts: str) -> bool:
    """Whether every letter of ``texts`` takes one column (click's own measure is then right)."""
    return all(cell_len(text) == len(text) for text in texts)


def _wrapped(words: list[str], width: int, first: str, rest: str) -> Iterator[str]:
    """``words`` in lines of at most ``width`` columns (a word longer than that alone on its line),
    the first line after ``first``, the others after ``rest``."""
    line, used = first, cell_len(first)
    fresh = True
    for word in words:
        size = cell_len(word)
        if not fresh and used + 1 + size > width:
            yield line
            line, used, fresh = rest, cell_len(rest), True
        if fresh:
            line, used, fresh = line + word, used + size, False
        else:
            line, used = f"{line} {word}", used + 1 + size
    if not fresh:
        yield line


def wrap_paragraphs(text: str, width: int, indent: str = "") -> str:
    """``text`` wrapped to ``width`` columns as click wraps help (paragraphs apart, a paragraph that
    begins with a ``\\b`` line kept as written, a paragraph's own indent kept), measured in columns."""
    out: list[str] = []
    for paragraph in text.strip("\n").split("\n\n"):
        lines = paragraph.splitlines()
        if not lines:
            continue
        if lines[0].strip() == "\b":
            out.append("\n".join(indent + line for line in lines[1:]))
            continue
        own = indent + " " * (len(lines[0]) - len(lines[0].lstrip()))
        out.append("\n".join(_wrapped(paragraph.split(), width, own, own)))
    return "\n\n".join(out)


class CellFormatter(click.HelpFormatter):
    """click's help formatter, measuring wide letters as the two columns they take."""

    def write_text(self, text: str) -> None:
        if _narrow(text):
            super().write_text(text)
            return
        self.write(wrap_paragraphs(text, self.width, " " * self.current_indent))
        self.write("\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if _narrow(*(cell for row in rows for cell in row)):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max((cell_len(first) for first, _ in rows), default=0), col_max) + col_spacing
        text_width = max(self.width - first_col - 2, 10)
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if cell_len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - cell_len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_paragraphs(second, text_width).splitlines() or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


class CellContext(click.Context):
    """A click context whose help is laid out by :class:`CellFormatter`."""

    formatter_class = CellFormatter
