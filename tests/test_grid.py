"""The report's tables, drawn without rich's layout engine, are the tables rich draws (decision
H17), folding what is too long for its cell rather than cutting it (P88): random tables of the
report's kinds of text (Korean names, cards, long reasons, words too
long for their column) at widths from 20 to 200 columns, both ways."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gostop_arbiter.render.grid import Justify, grid, print_drawn

WORDS = ["pi", "8g", "11pp", "민지", "재현", "×2", "shake", "pi-bak", "Minji's", "junk", "is", "worth", "7", "(7", "or",
         "fewer)", "averyveryverylongwordthatcannotwrap", "", "go-bak", "할머니께서", "1,100원"]


def _cell(rng: random.Random) -> Text:
    lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8))) for _ in range(rng.randint(1, 3))]
    return Text("\n".join(lines))


def _drawn(width: int, soft_wrap: bool, colour: bool, table: tuple[str, list[tuple[str, Justify]], list[list[Text]]], ours: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system="truecolor" if colour else None, highlight=False, emoji=False, markup=False)
    console.soft_wrap = soft_wrap
    title, headers, rows = table
    if ours:
        print_drawn(console, grid(console, title, headers, rows))
    else:
        theirs = Table(show_header=True, header_style="bold", title=title, title_justify="left")
        for header, justify in headers:
            theirs.add_column(header, justify=justify, overflow="fold")  # no word is cut (decision P88)
        for row in rows:
            theirs.add_row(*row)
        console.print(theirs)
    return out.getvalue()


@pytest.mark.parametrize(("soft_wrap", "colour"), [(True, False), (False, False), (False, True)])
def test_the_report_draws_its_tables_as_rich_does(soft_wrap: bool, colour: bool) -> None:
    rng = random.Random(2026)
    for _ in range(300):
        width = rng.choice([20, 30, 40, 60, 80, 100, 120, 200])
        columns = rng.randint(1, 5)
        headers: list[tuple[str, Justify]] = [
            (rng.choice(["player", "points", "made of", "from", "why", "규칙"]), rng.choice(["left", "right"]))
            for _ in range(columns)
        ]
        rows = [[_cell(rng) for _ in range(columns)] for _ in range(rng.randint(0, 4))]
        table = (rng.choice(["scores", "payments", "", "점수"]), headers, rows)
        theirs, ours = _drawn(width, soft_wrap, colour, table, False), _drawn(width, soft_wrap, colour, table, True)
        if colour:  # the same text; rich may cut its styles into more pieces
            theirs, ours = (re.sub(r"\x1b\[[0-9;]*m", "", drawn) for drawn in (theirs, ours))
        assert ours == theirs, (width, table)


SPACES = [" ", " ", " ", "  ", "   ", "\u3000", "\xa0", " \u3000 "]


def test_lines_are_cut_between_words_as_rich_cuts_them() -> None:
    """A plain console's cells are wrapped without rich (decision B21): runs of spaces, wide and
    no-break spaces, Korean words and words too long for the cell, cut as ``Text.wrap`` cuts them."""
    rng = random.Random(33)
    for _ in range(400):
        width = rng.choice([20, 24, 30, 40, 60, 80])
        words = [rng.choice(WORDS) for _ in range(rng.randint(1, 16))]
        line = rng.choice(["", " ", "  "]) + "".join(w + rng.choice(SPACES) for w in words) * rng.randint(1, 2)
        headers: list[tuple[str, Justify]] = [("from", "left"), ("why", rng.choice(["left", "right"]))]
        table = ("payments", headers, [[Text("Minji"), Text(line.rstrip("\n"))]])
        assert _drawn(width, True, False, table, True) == _drawn(width, True, False, table, False), (width, line)
