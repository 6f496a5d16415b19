"""Judging a whole file: the hands in order, with what passes from one hand to the next.

The dealer (the previous winner, the same dealer after a void hand), the nagari carry and the money
balance depend on earlier hands, so a file is judged in order. Each hand goes to the tally judge or
the replay engine under the profile its tags (or the command line) select.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..messages import sayings
from ..notation import Hand, SyntaxIssue, korean
from ..notation.model import Notice
from ..notation.reader import JUDGING_TAGS, Reader, meant_tags
from ..numbers import whole_number
from ..records import frozen, mutable, replace
from ..rules import Profile, RulesError, resolve
from ..verdict import Discrepancy, FileError, FileVerdict, HandVerdict, discrepancy, said_file_error
from .tally import judge_tally

if TYPE_CHECKING:  # the engine is imported only when a played hand is judged
    from ..engine.visitor import HandVisitor

FREE_TEXT_TAGS = ("Event", "Site", "Date", "Hand", "Note", "Currency")
VOID_OUTCOMES = ("nagari", "redeal", "void")

SAID = sayings(
    "discrepancy",
    {
        "carry": "the Carry tag says ×{written}, but the hands before carry ×{carry}; the tag is used",
        "misspelt-tag": "[{tag}] is not a tag, and was not used; if it means {meant}, this hand was judged wrongly "
        "(rules {rules}, seats {seats}, stake {stake})",
    },
)
"""A tag the hands before, or the tags the arbiter knows, contradict (decision P70)."""


@frozen
class RulesChoice:
    """Rules given on the command line: ``--rules`` replaces the file's profile and its ``Set``
    tags; ``--set`` overrides single knobs on top."""

    name: str | None = None
    sets: Mapping[str, str] = field(default_factory=dict)

    def profile_for(self, hand: Hand) -> Profile:
        """The profile ``hand`` is judged under: its own (its ``Rules`` and ``Set`` tags) unless a
        name is chosen, with the chosen knobs on top. The one place a hand's profile is resolved."""
        return resolve(self.name_for(hand), self.sets_for(hand))

    def name_for(self, hand: Hand) -> str:
        """The name of the profile ``hand`` is judged under."""
        return self.name or hand.rules

    def sets_for(self, hand: Hand) -> dict[str, str]:
        """The knobs set on that profile for ``hand``: its ``Set`` tags unless a name is chosen,
        and the chosen knobs."""
        return {**({} if self.name else hand.sets), **self.sets}

    def checked(self) -> RulesChoice:
        """This choice, once its profile and knobs are known (:class:`RulesError` otherwise): a
        typo in the rules asked for is said before any hand is read."""
        resolve(self.name or "standard", dict(self.sets))
        return self


@mutable
class _Session:
    """What one hand hands on to the next."""

    dealer: str | None = None
    carry: int = 1
    balance: dict[str, int] = field(default_factory=dict)


def _rules_fault(hand: Hand, knob: str | None) -> tuple[int, int]:
    """Where a hand's rules are wrong: the ``Set`` tag that names the knob, or the ``Rules`` tag;
    the hand's first statement when the fault came from outside the file (``--rules``, ``--set``)."""
    if knob is None:
        tags = [t for t in hand.tags if t.name == "Rules"]
    else:
        tags = [t for t in hand.tags if t.name == "Set" and knob.split(".")[-1] in t.value]
    if tags:
        return tags[-1].line, tags[-1].column
    first = hand.statements[0]
    return first.line, first.column


def dealer_of(hand: Hand, handed_on: str | None = None) -> str:
    """Who deals ``hand`` (GSN §3): its ``Dealer`` tag, else the dealer the hands before it hand on
    (``handed_on``: the last winner, or the same dealer after a void hand) when seated, else the
    first seat."""
    tag = hand.tag("Dealer")
    if tag is not None:
        return tag.value
    if handed_on in hand.seats:
        return handed_on
    return hand.seats[0]


def _carry(hand: Hand, session: _Session) -> tuple[int, list[Discrepancy]]:
    tag = hand.tag("Carry")
    if tag is None:
        return session.carry, []
    written = whole_number(tag.value)
    assert written is not None, "the reader refuses a Carry tag that is not a whole number"
    if written == session.carry:
        return written, []
    return written, [discrepancy("carry", tag.line, SAID("carry", written=written, carry=session.carry))]


def judge_hand(
    hand: Hand, choice: RulesChoice, session: _Session, visitor: HandVisitor[Any] | None = None
) -> HandVerdict:
    """One hand's verdict; raises :class:`UsageError` for a hand these rules cannot judge. A
    visitor sees a played hand's statements as they are pushed (see :mod:`.engine.visitor`)."""
    try:
        profile = choice.profile_for(hand)
    except RulesError as error:
        line, column = _rules_fault(hand, error.knob)
        raise UsageError(line, column, error.said) from None
    dealer = dealer_of(hand, session.dealer)
    carry, carry_notes = _carry(hand, session)
    tags = {t.name: t.value for t in hand.tags if t.name in FREE_TEXT_TAGS}
    if hand.kind == "tally":
        verdict = judge_tally(hand, profile, carry_in=carry, dealer=dealer, tags=tags)
    else:
        from .played import judge_played  # only played hands need the engine: a tally file starts sooner

        verdict, _board = judge_played(hand, profile, carry_in=carry, dealer=dealer, tags=tags, visitor=visitor)
    notes = carry_notes + _misspelt_tags(hand, verdict)
    if notes:
        verdict = replace(verdict, discrepancies=notes + verdict.discrepancies)
    return verdict


def _misspelt_tags(hand: Hand, verdict: HandVerdict) -> list[Discrepancy]:
    """A tag one edit from a tag that changes the judging: the hand may be judged under the wrong
    rules, seats or stake, so its verdict says so (decision H8)."""
    notes = []
    for tag in hand.tags:
        meant = [name for name in meant_tags(tag.name) if korean.TAGS.get(name, name) in JUDGING_TAGS]
        if meant:
            said = SAID(
                "misspelt-tag",
                tag=tag.name,
                meant=" or ".join(meant),
                rules=verdict.rules,
                seats=", ".join(verdict.seats),
                stake=verdict.stake,
            )
            notes.append(discrepancy("tag", tag.line, said))
    return notes


def _hand_over(verdict: HandVerdict, session: _Session, profile: Callable[[], Profile]) -> None:
    """Carry, dealer and balance after a hand (``profile``: the hand's, asked only after a chongtong,
    which may leave the deal with the same dealer)."""
    session.carry = verdict.carry_out
    redealt = verdict.outcome == "chongtong" and profile().deal.chongtong_redeal
    if verdict.outcome not in VOID_OUTCOMES and verdict.winner is not None and not redealt:
        session.dealer = verdict.winner
    elif verdict.dealer is not None:
        session.dealer = verdict.dealer
    for seat in verdict.seats:
        session.balance.setdefault(seat, 0)
    if not verdict.valid:
        return
    for payment in verdict.payments:
        session.balance[payment.payer] -= payment.amount
        session.balance[payment.payee] += payment.amount
    if verdict.winner is None and verdict.outcome in ("round", "tally"):  # Minhwatu: balances, no payments
        for player, score in verdict.scores.items():
            session.balance[player] += score.total * verdict.stake


class Session:
    """The hands of one file judged in order, one at a time (what ``audit`` streams)."""

    def __init__(self, choice: RulesChoice | None = None, visitor: HandVisitor[Any] | None = None) -> None:
        self.choice = choice or RulesChoice()
        self.visitor = visitor
        self._state = _Session()

    @property
    def balance(self) -> dict[str, int]:
        return self._state.balance

    @property
    def dealer(self) -> str | None:
        """The dealer the hands judged so far hand on to the next (GSN §3); None before the first."""
        return self._state.dealer

    def fork(self) -> Session:
        """A session that goes on from here and leaves this one as it is (a hand judged on trial)."""
        other = Session(self.choice, self.visitor)
        other._state = _Session(self._state.dealer, self._state.carry, dict(self._state.balance))
        return other

    def judge(self, hand: Hand) -> HandVerdict | FileError:
        """The next hand's verdict, or the usage error that keeps it from being judged."""
        try:
            verdict = judge_hand(hand, self.choice, self._state, self.visitor)
        except UsageError as error:
            return said_file_error("usage", error.line, error.column, error.said)
        _hand_over(verdict, self._state, lambda: self.choice.profile_for(hand))
        return verdict


def judge_file(
    path: str, hands: Iterable[Hand], choice: RulesChoice | None = None, *, visitor: HandVisitor[Any] | None = None
) -> FileVerdict:
    """The verdict on every hand of a file, in order, and the file's balance."""
    session = Session(choice, visitor)
    verdicts: list[HandVerdict] = []
    errors: list[FileError] = []
    for hand in hands:
        result = session.judge(hand)
        if isinstance(result, FileError):
            errors.append(result)
        else:
            verdicts.append(result)
    return FileVerdict(path=path, hands=verdicts, balance=session.balance, errors=errors)


@mutable
class ReadAndJudged:
    """A file judged while it is read (:func:`judge_lines`): the verdict, or the syntax errors
    that stop it, and the warnings about its text."""

    verdict: FileVerdict
    errors: list[SyntaxIssue] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)


READ_AHEAD = 100
"""Hands read before they are judged: judging a run of hands, then reading the next run, is several
per cent faster than alternating hand by hand (each half keeps its code and data warm), and
memory still holds only this many hands of the transcript."""


class FileJudge:
    """One file read and judged as a stream, a run of ``read_ahead`` hands at a time: iterating it
    gives each hand with its verdict (or the usage error that keeps it from being judged) as soon
    as its run is judged, so memory holds a run of hands, never the file. A file with a syntax
    error gets no verdict (GSN §8: exit 2 with every error), so judging stops at the first one
    while reading goes on to report the rest; ``errors``, ``warnings`` and ``balance`` are
    complete once the iteration ends. ``reader`` reads the lines (by default a reader of its own)."""

    def __init__(
        self,
        lines: Iterable[str],
        choice: RulesChoice | None = None,
        *,
        undecodable: Mapping[int, SyntaxIssue] | None = None,
        read_ahead: int = READ_AHEAD,
        visitor: HandVisitor[Any] | None = None,
        reader: Reader | None = None,
    ) -> None:
        self.session = Session(choice, visitor)
        self.errors: list[SyntaxIssue] = []
        self.warnings: list[Notice] = []
        self._read = (reader or Reader()).hands(lines, undecodable)
        self._read_ahead = read_ahead

    @property
    def balance(self) -> dict[str, int]:
        return self.session.balance

    def __iter__(self) -> Iterator[tuple[Hand, HandVerdict | FileError]]:
        while True:
            run = list(itertools.islice(self._read, self._read_ahead))
            judged = []
            for one in run:
                self.errors.extend(one.errors)
                if one.hand is not None:
                    self.warnings.extend(one.hand.warnings)
                    if not self.errors:
                        judged.append((one.hand, self.session.judge(one.hand)))
            if not run:
                return
            yield from judged


def judge_lines(
    path: str,
    lines: Iterable[str],
    choice: RulesChoice | None = None,
    *,
    read_ahead: int = READ_AHEAD,
    visitor: HandVisitor[Any] | None = None,
    reader: Reader | None = None,
) -> ReadAndJudged:
    """Read and judge a file (see :class:`FileJudge`): memory holds the verdicts, not the transcript."""
    judge = FileJudge(lines, choice, read_ahead=read_ahead, visitor=visitor, reader=reader)
    verdicts: list[HandVerdict] = []
    errors: list[FileError] = []
    for _hand, judged in judge:
        if isinstance(judged, FileError):
            errors.append(judged)
        else:
            verdicts.append(judged)
    result = ReadAndJudged(FileVerdict(path=path), judge.errors, judge.warnings)
    if not judge.errors:
        result.verdict = FileVerdict(path=path, hands=verdicts, balance=judge.balance, errors=errors)
    return result
