"""The files a command names, judged as streams: each file read and judged a run of hands at a time
(:class:`.file.FileJudge`), with what a report of it needs as it goes (the lines for the carets,
which hands count); the settle-up over every file named; the exit status they come to (GSN §8).
The commands only say what these find."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field
from typing import TYPE_CHECKING, Any

from ..exitcodes import Exit
from ..messages import Message
from ..notation import Hand, SyntaxIssue
from ..notation.model import Notice
from ..notation.reader import Reader, decoded_lines
from ..outputs import cannot_read, opened_input
from ..records import mutable
from ..settlement import settle_up
from ..verdict import FileError, FileVerdict, HandVerdict
from .file import FileJudge, RulesChoice

if TYPE_CHECKING:  # the engine is imported only when a played hand is judged
    from ..engine.visitor import HandVisitor


class KeptLines(dict[int, str]):
    """The lines of a file being read, by number, from the hand being reported on to where the
    reader has got (a run of hands ahead), for showing a line with a caret."""

    def __init__(self) -> None:
        super().__init__()
        self._oldest = 1

    def keep(self, lines: Iterable[str]) -> Iterator[str]:
        for number, line in enumerate(lines, start=1):
            self[number] = line
            yield line

    def forget_before(self, hand: Hand) -> None:
        first = min(item.line for item in (*hand.tags, *hand.statements))
        for number in range(self._oldest, first):
            self.pop(number, None)
        self._oldest = max(self._oldest, first)


def syntax_errors(issues: Iterable[SyntaxIssue]) -> list[FileError]:
    """A file's syntax and reading errors as its verdict lists them (GSN §8)."""
    return [
        FileError(
            code="unreadable" if i.code == "unreadable" else "syntax", line=i.line, column=i.column, message=i.message
        )
        for i in issues
    ]


class FileCheck:
    """One file read and judged as a stream: iterating it gives each hand with its verdict, or the
    usage error that keeps it from being judged, as soon as its run is judged; memory holds a run
    of hands and the lines from the hand given to where the reader has got (``lines``), never the
    file. Judging stops at the first syntax error (the file then has no verdict, GSN §8) while
    reading goes on, so that every error is found. Once the iteration ends, :attr:`verdict` is the
    file's: its syntax errors, or its usage errors and its balance. ``keep_lines=False``: no line
    is kept (``lines`` stays empty), for a caller that shows none, as ``check --json``: keeping
    them cost a step of a generator and a dictionary entry a line (decision B32)."""

    def __init__(
        self,
        path: str,
        choice: RulesChoice,
        reader: Reader,
        *,
        visitor: HandVisitor[Any] | None = None,
        keep_lines: bool = True,
    ) -> None:
        self.path = path
        self.choice = choice
        self.reader = reader
        self.visitor = visitor
        """Shown each played hand's statements as they are pushed (see :mod:`..engine.visitor`)."""
        self.lines = KeptLines()
        self.keep_lines = keep_lines
        self.unreadable: Message | None = None
        """Why the file could not be read (to its end)."""
        self.syntax: list[SyntaxIssue] = []
        self.warnings: list[Notice] = []
        self.usage: list[FileError] = []
        self.valid: list[int] = []
        self.invalid: list[int] = []
        self.unjudged: list[int] = []
        """The hands these rules cannot judge."""
        self.disputed: list[int] = []
        """The hands whose claims or marks the rules contradict."""
        self.balance: dict[str, int] = {}
        self.currencies: set[str] = set()
        """The ``[Currency]`` tags of the hands judged, for showing the balance in their money."""

    def __iter__(self) -> Iterator[tuple[Hand, HandVerdict | FileError]]:
        undecodable: dict[int, SyntaxIssue] = {}
        try:
            with opened_input(self.path) as handle:
                lines = decoded_lines(handle, undecodable)
                if self.keep_lines:
                    lines = self.lines.keep(lines)
                judge = FileJudge(lines, self.choice, undecodable=undecodable, reader=self.reader, visitor=self.visitor)
                for hand, result in judge:
                    if self.keep_lines:
                        self.lines.forget_before(hand)
                    self._count(hand, result)
                    yield hand, result
                self.syntax, self.warnings, self.balance = judge.errors, judge.warnings, judge.balance
        except OSError as error:
            self.unreadable = cannot_read(self.path, error)

    def _count(self, hand: Hand, result: HandVerdict | FileError) -> None:
        if isinstance(result, FileError):
            self.usage.append(result)
            self.unjudged.append(hand.index)
            return
        (self.valid if result.valid else self.invalid).append(hand.index)
        if result.discrepancies:
            self.disputed.append(hand.index)
        self.currencies.add(result.tags.get("Currency", ""))

    @property
    def judged(self) -> bool:
        """Whether the file has a verdict: it was read to its end, without a syntax error."""
        return self.unreadable is None and not self.syntax

    @property
    def currency(self) -> str | None:
        """The currency every hand judged names, when they agree on one."""
        return next(iter(self.currencies)) or None if len(self.currencies) == 1 else None

    @property
    def verdict(self) -> FileVerdict:
        """The file's verdict, without its hands (they were given one by one)."""
        if self.unreadable is not None:
            return FileVerdict(path=self.path, errors=[FileError(code="unreadable", message=self.unreadable.english())])
        if self.syntax:
            return FileVerdict(path=self.path, errors=syntax_errors(self.syntax))
        return FileVerdict(path=self.path, balance=self.balance, errors=self.usage)


@mutable
class ExitStatus:
    """What a command's exit status is made of, file by file (GSN §8): 2 when a file cannot be read
    or parsed or a hand judged, else 1 when a hand breaks a rule, else 3 when the table's claims
    are contradicted, else 0."""

    errors: bool = False
    invalid: bool = False
    disputed: bool = False

    def add(self, check: FileCheck) -> None:
        self.errors = self.errors or not check.judged or bool(check.usage)
        if check.judged:
            self.invalid = self.invalid or bool(check.invalid)
            self.disputed = self.disputed or bool(check.disputed)

    def add_verdict(self, verdict: FileVerdict) -> None:
        self.errors = self.errors or bool(verdict.errors)
        self.invalid = self.invalid or any(not hand.valid for hand in verdict.hands)
        self.disputed = self.disputed or any(hand.discrepancies for hand in verdict.hands)

    @property
    def status(self) -> Exit:
        if self.errors:
            return Exit.UNREADABLE
        if self.invalid:
            return Exit.INVALID
        return Exit.DISPUTED if self.disputed else Exit.OK


@mutable
class Counted:
    """Hands of one file, for the settle-up: which it counts, or which it leaves out and why."""

    path: str
    hands: list[int] | None = None
    """The hands, by number; None for the whole file."""
    why: str = ""
    """Why they are left out (a code the report says in words): ``not valid``, ``not judged``,
    ``unreadable``, ``syntax``; empty for hands counted."""


@mutable
class SettleUp:
    """What ``check --settle`` settles: the balance summed over every file named, which hands it
    counts, and which it leaves out and why (decision P7)."""

    balance: dict[str, int] = field(default_factory=dict)
    counted: list[Counted] = field(default_factory=list)
    left_out: list[Counted] = field(default_factory=list)

    def add(self, check: FileCheck) -> None:
        if check.unreadable is not None:
            self.left_out.append(Counted(check.path, why="unreadable"))
            return
        if check.syntax:
            self.left_out.append(Counted(check.path, why="syntax"))
            return
        for player, amount in check.balance.items():
            self.balance[player] = self.balance.get(player, 0) + amount
        if check.valid:
            self.counted.append(Counted(check.path, list(check.valid)))
        for hands, why in ((check.invalid, "not valid"), (check.unjudged, "not judged")):
            if hands:
                self.left_out.append(Counted(check.path, list(hands), why))

    @property
    def hands(self) -> int:
        return sum(len(counted.hands or ()) for counted in self.counted)

    def transfers(self) -> list[tuple[str, str, int]]:
        """The fewest transfers that clear the balance."""
        return settle_up(self.balance)
