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

from ..messages import Lang, money, say, term
from ..verdict import FileVerdict, HandVerdict
from .words import discrepancy_text, profile_word, violation_text


def _result(hand: HandVerdict | None, lang: Lang) -> str:
    if hand is None:
        return say("cannot be judged", lang)
    outcome = term(hand.outcome, lang)
    lines = [say("{outcome}: {winner}", lang, outcome=outcome, winner=hand.winner) if hand.winner else outcome]
    if not hand.valid:
        lines.append(say("not valid:", lang))
        lines += [f" {term(code, lang)}" for code in dict.fromkeys(v.code for v in hand.violations)]
    if hand.discrepancies:
        lines.append(say("disputed: line {lines}", lang, lines=", ".join(str(d.line) for d in hand.discrepancies)))
    net: dict[tuple[str, str], int] = {}
    for p in hand.payments:
        net[(p.payer, p.payee)] = net.get((p.payer, p.payee), 0) + p.points
    lines += [f"{payer} → {payee} {points}" for (payer, payee), points in net.items()]
    if hand.winner is None and hand.outcome in ("round", "tally", "void"):
        lines += [f"{player} {score.total:+d}" for player, score in hand.scores.items()]
    return "\n".join(lines)


def _balance(verdict: FileVerdict, lang: Lang) -> str:
    return "\n".join(f"{p} {money(a, lang, sign=True)}" for p, a in verdict.balance.items())


def _notes(verdicts: Mapping[str, FileVerdict], lang: Lang) -> Iterator[Text]:
    """Why a hand is not valid, or which claim the rules contradict, per profile."""
    for code, verdict in verdicts.items():
        name = profile_word(code, lang)
        for error in verdict.errors:
            yield Text(say("{name}: cannot be judged: {message}", lang, name=name, message=error.message), style="red")
        for hand in verdict.hands:
            where = say("hand {index} · {name}", lang, index=hand.index, name=name)
            if hand.outcome == "incomplete":
                yield Text(
                    say(
                        "{where}: incomplete: the transcript ends before the hand does under these rules",
                        lang,
                        where=where,
                    )
                )
            for v in hand.violations:
                code, message = term(v.code, lang), violation_text(v, lang)
                yield Text(
                    say(
                        "{where}: line {line}: {code}: {message}",
                        lang,
                        where=where,
                        line=v.line,
                        code=code,
                        message=message,
                    ),
                    style="red",
                )
            for d in hand.discrepancies:
                message = discrepancy_text(d, lang)
                yield Text(
                    say(
                        "{where}: line {line}: the table got it wrong: {message}",
                        lang,
                        where=where,
                        line=d.line,
                        message=message,
                    ),
                    style="yellow",
                )


def _width(lines: Sequence[str]) -> int:
    """A column's width: its widest line, with the padding and the rule beside it."""
    return max(cell_len(line) for line in lines) + 3


class CompareView:
    """The comparison as rich renders it: tables that fit the width, then the notes."""

    def __init__(self, path: str, verdicts: Mapping[str, FileVerdict], lang: Lang = "en") -> None:
        self.path = path
        self.verdicts = verdicts
        self.lang = lang
        self.hand = term("hand", lang)
        self.balance = term("balance", lang)
        self.indexes = sorted({h.index for v in verdicts.values() for h in v.hands})
        self.cells: dict[str, list[str]] = {
            name: [_result(next((h for h in v.hands if h.index == i), None), lang) for i in self.indexes]
            + [_balance(v, lang)]
            for name, v in verdicts.items()
        }

    def heading(self, name: str) -> str:
        """A profile's column heading: its name in the reader's language (``표준``, decision P86)."""
        return profile_word(name, self.lang)

    def _column_width(self, name: str) -> int:
        return _width([self.heading(name), *(line for cell in self.cells[name] for line in cell.split("\n"))])

    def groups(self, width: int) -> list[list[str]]:
        """The profiles in runs that each fit ``width`` beside the hand column (at least one each)."""
        first = _width([self.hand, self.balance, *(str(i) for i in self.indexes)]) + 1
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
        table.add_column(self.hand, justify="right", no_wrap=True)
        for name in names:
            heading = self.heading(name)
            table.add_column(heading, min_width=cell_len(heading), overflow="fold")
        for row, index in enumerate(self.indexes):
            table.add_row(str(index), *(self.cells[name][row] for name in names))
        table.add_row(self.balance, *(self.cells[name][-1] for name in names))
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = say("{path}: points under each profile", self.lang, path=self.path)
        for i, names in enumerate(self.groups(options.max_width)):
            more = say("{path}: continued", self.lang, path=self.path)
            yield Text(title if i == 0 else more, style="bold")  # as wide as the terminal
            yield self.table(names)
        notes = list(_notes(self.verdicts, self.lang))
        if notes:
            yield Text(say("why:", self.lang), style="bold")
            for note in notes:
                yield Text("  ").append_text(note)


def compare_table(path: str, verdicts: Mapping[str, FileVerdict], lang: Lang = "en") -> CompareView:
    """What ``compare`` prints for one file."""
    return CompareView(path, verdicts, lang)
