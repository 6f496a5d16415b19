"""``gostop-arbiter compare``: each hand's result under several profiles, side by side.

The table has a column per profile; when the columns do not fit the terminal they go on in a
second table (the hand column repeated), so that no profile's name or payment is cut. Under the
tables, every violation and every claim the rules contradict is written out with its line, so that
an exit status of 1 or 3 says what caused it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from ..verdict import FileVerdict, HandVerdict

_HAND = "hand"


def _result(hand: HandVerdict | None) -> str:
    if hand is None:
        return "cannot be judged"
    lines = [hand.outcome + (f": {hand.winner}" if hand.winner else "")]
    if not hand.valid:
        lines.append("not valid:")
        lines += [f" {code}" for code in dict.fromkeys(v.code for v in hand.violations)]
    if hand.discrepancies:
        lines.append("disputed: line " + ", ".join(str(d.line) for d in hand.discrepancies))
    net: dict[tuple[str, str], int] = {}
    for p in hand.payments:
        net[(p.payer, p.payee)] = net.get((p.payer, p.payee), 0) + p.points
    lines += [f"{payer} → {payee} {points}" for (payer, payee), points in net.items()]
    if hand.winner is None and hand.outcome in ("round", "tally", "void"):
        lines += [f"{player} {score.total:+d}" for player, score in hand.scores.items()]
    return "\n".join(lines)


def _balance(verdict: FileVerdict) -> str:
    return "\n".join(f"{p} {a:+,}" for p, a in verdict.balance.items())


def _notes(verdicts: Mapping[str, FileVerdict]) -> Iterator[Text]:
    """Why a hand is not valid, or which claim the rules contradict, per profile."""
    for name, verdict in verdicts.items():
        for error in verdict.errors:
            yield Text(f"{name}: cannot be judged: {error.message}", style="red")
        for hand in verdict.hands:
            where = f"hand {hand.index} · {name}"
            if hand.outcome == "incomplete":
                yield Text(f"{where}: incomplete: the transcript ends before the hand does under these rules")
            for v in hand.violations:
                yield Text(f"{where}: line {v.line}: {v.code}: {v.message}", style="red")
            for d in hand.discrepancies:
                yield Text(f"{where}: line {d.line}: the table got it wrong: {d.message}", style="yellow")


def _width(lines: Sequence[str]) -> int:
    """A column's width: its widest line, with the padding and the rule beside it."""
    return max(cell_len(line) for line in lines) + 3


class CompareView:
    """The comparison as rich renders it: tables that fit the width, then the notes."""

    def __init__(self, path: str, verdicts: Mapping[str, FileVerdict]) -> None:
        self.path = path
        self.verdicts = verdicts
        self.indexes = sorted({h.index for v in verdicts.values() for h in v.hands})
        self.cells: dict[str, list[str]] = {
            name: [_result(next((h for h in v.hands if h.index == i), None)) for i in self.indexes] + [_balance(v)]
            for name, v in verdicts.items()
        }

    def _column_width(self, name: str) -> int:
        return _width([name, *(line for cell in self.cells[name] for line in cell.split("\n"))])

    def groups(self, width: int) -> list[list[str]]:
        """The profiles in runs that each fit ``width`` beside the hand column (at least one each)."""
        first = _width([_HAND, "balance", *(str(i) for i in self.indexes)]) + 1
        groups: list[list[str]] = []
        used = first
        for name in self.verdicts:
            need = self._column_width(name)
            if groups and used + need <= width:
                groups[-1].append(name)
                used += need
            else:
                groups.append([name])
                used = first + need
        return groups

    def table(self, names: Sequence[str]) -> Table:
        table = Table(show_header=True, header_style="bold")
        table.add_column(_HAND, justify="right", no_wrap=True)
        for name in names:
            table.add_column(name, min_width=cell_len(name))
        for row, index in enumerate(self.indexes):
            table.add_row(str(index), *(self.cells[name][row] for name in names))
        table.add_row("balance", *(self.cells[name][-1] for name in names))
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = f"{self.path}: points under each profile"
        for i, names in enumerate(self.groups(options.max_width)):
            yield Text(title if i == 0 else f"{self.path}: continued", style="bold")  # as wide as the terminal
            yield self.table(names)
        notes = list(_notes(self.verdicts))
        if notes:
            yield Text("why:", style="bold")
            for note in notes:
                yield Text("  ").append_text(note)


def compare_table(path: str, verdicts: Mapping[str, FileVerdict]) -> CompareView:
    """What ``compare`` prints for one file."""
    return CompareView(path, verdicts)
