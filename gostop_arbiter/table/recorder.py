"""The live recorder: an evening's GSN file kept line by line while the table plays.

The file is the truth. Every accepted statement is one line appended to it and flushed to disk
before the answer goes out; an undo or a correction rewrites the file atomically (a new file, then
a rename). The hand being played is a :class:`~gostop_arbiter.engine.HandBoard` with the file's
statements pushed onto it; a line the table writes is read by the board itself, in the hand's
context (:meth:`~gostop_arbiter.engine.HandBoard.push_text`), and accepted only if the board's
strict push accepts it, so the recorder can never write what the arbiter would call illegal. The
hands already played are judged once, for the dealer and carry they hand on and the evening's
balance.

Writes name the revision they follow (a digest of the file's text): a write that follows a
revision the file has left is stale and refused, so two scorekeepers cannot write over each other.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import field
from datetime import date
from pathlib import Path
from typing import Literal, TypeVar, cast

from ..engine import HandBoard, IllegalStatement
from ..errors import ArbiterError, OutputError
from ..judging.file import RulesChoice, Session, dealer_of
from ..judging.seating import deck_seats_problem
from ..messages import Lang, Message, say, say_message
from ..notation import GsnSyntaxError, Hand, Statement, normalise_lines, read_hands, write_statement
from ..notation.errors import SyntaxIssue
from ..notation.model import TableLine, Tag
from ..notation.reader import Reader
from ..outputs import reason_of, write_atomically
from ..records import frozen, mutable, replace
from ..render.words import violation_text
from ..rules import Profile, RulesError, resolve
from ..verdict import FileError, HandVerdict, Violation
from .said import fill

T = TypeVar("T")

MAX_LINE = 2_000
"""The most characters one statement sent by a page may hold: a deal line of ten cards with names
is well under a hundred; past this the request is refused before it is parsed."""

MAX_NAME = 40
"""The most characters of a player's name."""

MAX_LINES = 64
"""The most statements one write may carry (a deal is at most seven hands, the table and the stock)."""

MAX_SEATS = 7
"""The most players at a table: of five to seven all but three sit out (광팔기, 죽기), as the rules have
it; seven need a joker in the deck (4P-3, decision R80)."""

FAMILY_STAKE = 100
"""The money a point the first set-up proposes: 100원 a point, what a family usually plays for
(decision T64)."""


class RecorderError(ArbiterError, ValueError):
    """A write the recorder refuses: why, as a sentence of the catalogue and its facts (said in a
    page's language by :meth:`said`), and ``status``, the HTTP status that says it."""

    def __init__(
        self, template: str, status: int = 422, *, violations: Sequence[Violation] = (), **params: object
    ) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params
        self.status = status
        self.violations = list(violations)

    def said(self, lang: Lang) -> str:
        """Why, in ``lang``: a ``why`` fact made elsewhere (the engine's violation, the reader's
        error, the rules' error) is said from its own facts; a word filled in takes its particle
        (``{dealer:이}``)."""
        params = dict(self.params)
        if "why" in params:
            first = self.violations[0] if self.violations else None
            if first is not None:
                params["why"] = violation_text(first, lang)
            else:
                params["why"] = say_message(why, lang) if isinstance(why := params["why"], Message) else str(why)
        return fill(say(self.template, lang), lang, **params)


STALE = "the record changed since this page last saw it: nothing was written; the page shows the record as it is now"
"""What a page is told of a write that follows a revision the file has left."""


class StaleWrite(RecorderError):
    """A write that follows a revision the file has left (another scorekeeper wrote first)."""

    def __init__(self, revision: str) -> None:
        super().__init__(STALE, 409)
        self.revision = revision


@mutable
class Setup:
    """What the table says before its first hand (or changes between hands)."""

    seats: list[str]
    dealer: str | None = None
    stake: int | None = None
    rules: str | None = None
    sets: dict[str, str] = field(default_factory=dict)
    event: str | None = None


@frozen
class StatementViolation:
    """A violation of the hand as it stands, at the line of the statement that made it."""

    index: int
    """The statement's position in the hand (0-based)."""
    violation: Violation


@frozen
class Undone:
    """What an undo took back: a statement's line, or a tally hand's lines."""

    kind: Literal["statement", "tally"]
    lines: list[str]
    statements: list[Statement]


@frozen
class Pending:
    """A hand set up and not yet dealt (decision T1): the lines it opens with in the file (its
    tags, and any comment among them) and the hand they make, with no statement yet."""

    lines: list[str]
    hand: Hand

    def saved(self) -> str:
        """What is kept beside the file: the lines, and the hand's tags and settings."""
        hand = self.hand
        return json.dumps(
            {
                "lines": self.lines,
                "tags": [[tag.name, tag.value] for tag in hand.tags],
                "seats": hand.seats,
                "rules": hand.rules,
                "sets": hand.sets,
                "stake": hand.stake,
            },
            ensure_ascii=False,
        )

    @classmethod
    def read(cls, text: str, index: int) -> Pending:
        """What :meth:`saved` kept, as the hand numbered ``index``; a ValueError if it is not that."""
        try:
            data = json.loads(text)
            hand = Hand(
                index=index,
                kind="played",
                tags=[Tag(name=str(name), value=str(value)) for name, value in data["tags"]],
                statements=[],
                seats=[str(seat) for seat in data["seats"]],
                rules=str(data["rules"]),
                sets={str(k): str(v) for k, v in data["sets"].items()},
                stake=int(data["stake"]),
            )
            return cls([str(line) for line in data["lines"]], hand)
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(error) from None

    def placed(self, start: int) -> Hand:
        """The hand with its tags numbered as they stand once the lines are written from the
        file's line ``start`` (0-based)."""
        numbers = [start + i + 1 for i, line in enumerate(self.lines) if line.lstrip().startswith("[")]
        tags = [replace(tag, line=number, column=1) for tag, number in zip(self.hand.tags, numbers, strict=False)]
        return replace(self.hand, tags=tags)


def revision_of(text: str, key: bytes) -> str:
    """A short keyed digest of the file's text: equal texts, equal revisions, under one key.

    Keyed because every watcher is sent it (decision T75): a plain digest of the file, which a
    watcher can download with the hands masked, let one try the few unseen hands left against it
    and find them in seconds."""
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()[:16]


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value}"]'


def _quoted_ok(value: str, what: str) -> str:
    value = value.strip()
    if not value or '"' in value or "\\" in value or "\n" in value or "[" in value or "]" in value:
        raise RecorderError(
            "{value} cannot be written in a tag: leave out quotes, brackets and backslashes", value=value
        )
    return value


def _seats_of(names: Sequence[str]) -> list[str]:
    """The players' names as a Seats tag can hold them, or why not."""
    seats = [_quoted_ok(s, "the name") for s in names]
    if any(len(seat) > MAX_NAME for seat in seats):
        raise RecorderError("a name may hold at most {n} characters", n=MAX_NAME)
    if not 2 <= len(seats) <= MAX_SEATS:
        raise RecorderError("a table seats two to seven players; these are {n}", n=len(seats))
    if len(set(seats)) != len(seats):
        raise RecorderError("each player needs a name of their own: a name is given twice")
    if any("," in s for s in seats):
        raise RecorderError("a name cannot hold a comma (the Seats tag separates names with commas)")
    return seats


class Recorder:
    """One evening's GSN file and the hand being recorded on it."""

    def __init__(self, path: Path, *, rules: str | None = None, sets: Mapping[str, str] | None = None) -> None:
        self.path = path
        self.default_rules = rules
        self.default_sets = dict(sets or {})
        if self.default_rules is not None or self.default_sets:
            RulesChoice(self.default_rules, self.default_sets).checked()  # RulesError for the command line
        self.pending_path = path.with_name(f".{path.name}.pending")
        self.reader = Reader()
        """What reads every line the table writes, kept for the evening: a reader's parser is
        built once, not for each line."""
        self._revision: str | None = None
        self._revision_key = secrets.token_bytes(32)
        self._undone: tuple[str, Undone] | None = None
        """The last undo's revision and what it took back, for :meth:`redo`."""
        self._memo_revision = ""
        self._memo: dict[str, object] = {}
        self._reload()

    # ---- reading the file ------------------------------------------------------------------

    def _reload(self) -> None:
        """Everything from disk again: the file, and the hand set up beside it (what a failed
        write falls back on, as the file is the truth)."""
        text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        lines = normalise_lines(text) if text else []
        self.lines = lines[:-1] if lines and lines[-1] == "" else lines
        self._unended = bool(text) and not text.endswith(("\n", "\r"))
        """The file's last line has no line end yet: the first append gives it one."""
        saved = self.pending_path.read_text(encoding="utf-8") if self.pending_path.exists() else ""
        self.pending = None
        self._load(saved)

    def _load(self, saved_pending: str = "") -> None:
        """Read the whole file: the hands played, and a board for the last one (or for the hand set
        up and not yet dealt, kept in ``saved_pending`` or already in :attr:`pending`)."""
        results = list(read_hands(self.lines, reader=self.reader)) if _holds_statements(self.lines) else []
        errors = [issue for result in results for issue in result.errors]
        if errors:
            raise GsnSyntaxError(errors)
        hands = [result.hand for result in results if result.hand is not None]
        self.finished: list[tuple[Hand, HandVerdict | FileError]] = []
        self.session = Session(RulesChoice())
        self.hand: Hand | None = None
        self.hand_start = len(self.lines)
        self.board: HandBoard | None = None
        for hand in hands[:-1]:
            self.finished.append((hand, self.session.judge(hand)))
        if saved_pending:
            self.pending = self._pending_of(saved_pending, len(hands) + 1)
        last = hands[-1] if hands else None
        board = self._replayed(last) if last is not None and last.kind == "played" else None
        if last is not None and board is not None and not (self.pending and board.is_over()):
            self.hand_start = _first_line(last) - 1
            self.hand, self.board = last, board
            self.pending = None  # a hand set up beside a hand not over is stale (decision T1)
            self._save_pending()
        elif last is not None:
            self.finished.append((last, self.session.judge(last)))
        if self.pending:
            self.board = self._fresh_board(self.pending.hand)

    def _pending_of(self, saved: str, index: int) -> Pending:
        try:
            return Pending.read(saved, index)
        except ValueError:
            raise RecorderError(
                "the hand set up beside the file cannot be read: delete {name} and set the hand up again",
                name=self.pending_path.name,
            ) from None

    def _replayed(self, hand: Hand, upto: int | None = None) -> HandBoard:
        """A fresh board with the hand's statements (its first ``upto``) pushed as the judge pushes
        them, every violation recorded."""
        board = self._fresh_board(hand)
        board.push_all(hand.statements[:upto], strict=False)
        return board

    def _save_pending(self) -> None:
        """The hand set up and not yet dealt, kept beside the file: GSN has no hand without a
        statement, so its tags reach the file with its first deal line (decision T1)."""
        if self.pending:
            write_atomically(self.pending_path, self.pending.saved() + "\n")
        else:
            self.pending_path.unlink(missing_ok=True)

    def _fresh_board(self, hand: Hand) -> HandBoard:
        return HandBoard.of_hand(hand, self.profile_of(hand), dealer=self.dealer_of(hand))

    def profile_of(self, hand: Hand) -> Profile:
        try:
            return RulesChoice().profile_for(hand)
        except RulesError as error:
            raise RecorderError("{why}", why=error.said) from None

    def dealer_of(self, hand: Hand) -> str:
        """The hand's ``Dealer`` tag, else the dealer the hands before it hand on (GSN §3)."""
        return dealer_of(hand, self.session.dealer)

    def next_dealer(self) -> str | None:
        """Who deals the next hand by the rules: the winner, or the same dealer after a void hand."""
        if self.hand is not None and not self.is_over():  # not decided yet: the dealer as now
            return self.dealer_of(self.hand)
        return self._after_hand()[1].dealer

    def stake(self) -> int:
        """Money per point of the hand being recorded."""
        return self.hand.stake if self.hand is not None else self.pending.hand.stake if self.pending else 1

    def next_setup(self) -> dict[str, object]:
        """What the set-up screen proposes for the next hand: the same table, the dealer the rules
        choose (the winner; the same dealer after a void hand)."""
        last = self.hand or self._previous_hand()
        if last is None:
            return {
                "seats": [],
                "dealer": None,
                "stake": FAMILY_STAKE,
                "rules": self.default_rules or "standard",
                "sets": self.default_sets,
            }
        return {
            "seats": list(last.seats),
            "dealer": self.next_dealer(),
            "stake": last.stake,
            "rules": last.rules,
            "sets": dict(last.sets),
        }

    def board_at(self, index: int) -> HandBoard:
        """The hand as it stood before its statement at ``index`` (what a correction replaces)."""
        if not 0 <= index < len(self.statements) or self.hand is None:
            raise RecorderError("this hand has no statement {n}", 404, n=index + 1)
        return self._replayed(self.hand, index)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n" if self.lines else ""

    @property
    def lines(self) -> list[str]:
        """The file's lines, without their line ends (what is on disk)."""
        return self._lines

    @lines.setter
    def lines(self, lines: list[str]) -> None:
        self._lines, self._revision = lines, None

    @property
    def pending(self) -> Pending | None:
        """The hand set up and not yet dealt (decision T1), if one is."""
        return self._pending

    @pending.setter
    def pending(self, pending: Pending | None) -> None:
        self._pending, self._revision = pending, None

    @property
    def revision_key(self) -> bytes:
        """What the revision is keyed with: random for a recorder alone; the table keys it with its
        scorekeeper's token, which outlives a restart, so a page's revision does too."""
        return self._revision_key

    @revision_key.setter
    def revision_key(self, key: bytes) -> None:
        self._revision_key, self._revision = key, None

    @property
    def revision(self) -> str:
        """The digest of what is recorded: the file, and the lines of a hand set up and not yet
        dealt; worked out again only when one of them changes (every page's request asks for it)."""
        if self._revision is None:
            waiting = self.pending.lines if self.pending else []
            self._revision = revision_of(self.text + "".join(f"{line}\n" for line in waiting), self._revision_key)
        return self._revision

    @property
    def statements(self) -> list[Statement]:
        return list(self.hand.statements) if self.hand is not None else []

    def problems(self) -> list[StatementViolation]:
        """Every violation of the hand as it stands, with the statement that made it."""
        if self.board is None:
            return []
        at = {s.line: i for i, s in enumerate(self.statements)}
        return [StatementViolation(at.get(v.line, max(len(at) - 1, 0)), v) for v in self.board.violations]

    def is_over(self) -> bool:
        """The hand being recorded has ended (also by a third ppeok whose gives may still follow)."""
        return self.hand is not None and self.board is not None and self.board.is_over()

    # ---- judging what is recorded -------------------------------------------------------------

    def remember(self, key: str, make: Callable[[], T]) -> T:
        """What ``make`` gives for the record as it is now, made once per revision: a write is
        read by the scorekeeper's page and every watcher's, which all ask the same questions."""
        revision = self.revision
        if self._memo_revision != revision:
            self._memo_revision, self._memo = revision, {}
        if key not in self._memo:
            self._memo[key] = make()
        return cast(T, self._memo[key])

    def _after_hand(self) -> tuple[HandVerdict | None, Session]:
        """The hand being played judged as the record ends now, and what it hands on."""

        def judged() -> tuple[HandVerdict | None, Session]:
            session = self.session.fork()
            if self.hand is None or not self.is_over():
                return None, session
            verdict = session.judge(self.hand)
            return (verdict if isinstance(verdict, HandVerdict) else None), session

        return self.remember("after-hand", judged)

    def hand_verdict(self) -> HandVerdict | None:
        """The verdict of the hand being played, as ``check`` gives it, once the hand is over."""
        return self._after_hand()[0]

    def verdicts(self) -> list[HandVerdict]:
        """Every hand judged so far, the one being played included once it is over."""
        done = [v for _hand, v in self.finished if isinstance(v, HandVerdict)]
        current = self.hand_verdict()
        return done + ([current] if current is not None else [])

    def balance(self) -> dict[str, int]:
        """The evening's money so far: the hands judged, the one being played once it is over."""
        return dict(self._after_hand()[1].balance)

    # ---- writing ---------------------------------------------------------------------------

    def check_revision(self, after: str) -> None:
        if after != self.revision:
            raise StaleWrite(self.revision)

    def start(self, after: str, setup: Setup) -> None:
        """Set up a hand: the first of the evening, or the next once the last one is over. Only the
        tags that change are written, the dealer only where it differs from the rules' choice; they
        reach the file with the hand's first statement (decision T1)."""
        self.check_revision(after)
        if self.hand is not None and not self.is_over():
            raise RecorderError("the hand being played is not over: record its end, or undo, before the next hand", 409)
        if self.hand is not None:  # the hand just over is now one of the evening's finished hands
            self.finished.append((self.hand, self.session.judge(self.hand)))
            self.hand, self.hand_start = None, len(self.lines)
        try:
            self.pending = self._set_up(setup)
            self.board = self._fresh_board(self.pending.hand)
        except RecorderError:
            self._reload()
            raise
        with self._on_disk():
            self._save_pending()

    def _previous_hand(self) -> Hand | None:
        return self.finished[-1][0] if self.finished else None

    def _set_up(self, setup: Setup) -> Pending:
        """The hand ``setup`` asks for, after the evening's finished hands, and the tags it writes."""
        seats = _seats_of(setup.seats)
        previous = self._previous_hand()
        rules, sets = self._rules_of(setup, previous)
        stake = setup.stake if setup.stake is not None else (previous.stake if previous else 1)
        if stake < 0:
            raise RecorderError("the stake is money per point: 0 or more")
        handed_on = self.session.dealer if previous else None
        dealer = setup.dealer or (handed_on if handed_on in seats else seats[0])
        if dealer not in seats:
            raise RecorderError(
                "the dealer {dealer} is not at the table ({seats})", dealer=dealer, seats=", ".join(seats)
            )
        hand = Hand(
            index=len(self.finished) + 1, kind="played", statements=[], seats=seats, rules=rules, sets=sets, stake=stake
        )
        tags = _opening_tags(setup, hand, previous, dealer=None if dealer == handed_on else dealer)
        return Pending([_tag(tag.name, tag.value) for tag in tags], replace(hand, tags=tags))

    def _rules_of(self, setup: Setup, previous: Hand | None) -> tuple[str, dict[str, str]]:
        """The rules profile and house knobs of the hand set up: those asked for, else the last
        hand's, else the command line's; refused if they do not make a profile."""
        rules = setup.rules or (previous.rules if previous else self.default_rules or "standard")
        if setup.rules or setup.sets:
            sets = dict(setup.sets)
        else:
            sets = dict(previous.sets) if previous else dict(self.default_sets)
        try:
            profile = resolve(rules, sets)
        except RulesError as error:
            raise RecorderError("{why}", why=error.said) from None
        no_deal = deck_seats_problem(profile, len(setup.seats))
        if no_deal is not None:  # seven without a joker (4P-3, decision R80)
            raise RecorderError("{why}", why=no_deal)
        return rules, sets

    def push(self, after: str, texts: Sequence[str]) -> None:
        """Statements written at the table, in order: each must be legal where it stands, or
        nothing is written."""
        self.check_revision(after)
        if self.board is None:
            raise RecorderError("no hand is set up: set up the table first", 409)
        lines = self._lines_of(texts)
        start = self._tail_start()
        first = start + len(self.pending.lines) if self.pending else len(self.lines)
        trial = self.board.copy()
        new = [self._pushed(trial, text, first + i + 1) for i, text in enumerate(lines)]
        lines = [write_statement(s) for s in new]  # as the writer writes it: card codes, not names (T5)
        if any(isinstance(s, TableLine) for s in new):
            self._check_seating(trial)
        with self._on_disk():
            if self.pending:
                self._append([""] * (start - len(self.lines)) + self.pending.lines + lines)
                hand = self.pending.placed(start)
                self.hand_start, self.pending = start, None
                self._save_pending()
            else:
                self._append(lines)
                hand = cast(Hand, self.hand)
        self.hand, self.board = replace(hand, statements=[*hand.statements, *new]), trial

    @staticmethod
    def _check_seating(board: HandBoard) -> None:
        """A deal is checked whole once the table is laid (the deal's sizes, a card dealt twice):
        the board seats the players only at the first turn, so a copy is seated now."""
        seated = board.copy()
        seated.close()
        late = [v for v in seated.violations[len(board.violations) :] if v.code in _DEAL_FAULTS]
        if late:
            raise RecorderError("the deal: {why}", violations=late, why=late[0].message)

    def undo(self, after: str) -> Undone | None:
        """Take the hand's last statement back (its line leaves the file), or a tally hand whole.
        Taking back a hand's only statement takes its tags back too, to wait for the deal again.
        What was taken back is returned, and :meth:`redo` puts it back while nothing else was
        written; the set-up of a hand not dealt, taken back, is not kept (None)."""
        self.check_revision(after)
        if self.pending and not self.statements:  # the set-up of the next hand, taken back
            with self._on_disk():
                self.pending = None
                self._save_pending()
            self._load()
            return None
        tally = self.last_tally()
        if tally is not None:
            statements = list(tally.statements)
            return self._remember_undone(Undone("tally", self._take_back(tally, len(statements)), statements))
        if self.hand is None or not self.statements:
            raise RecorderError("there is nothing to undo in this hand", 409)
        last = self.statements[-1]
        return self._remember_undone(Undone("statement", self._take_back(self.hand, 1), [last]))

    def _take_back(self, hand: Hand, count: int) -> list[str]:
        """The hand's last ``count`` statements out of the file, and their lines; a hand left
        without a statement waits beside the file with its tags, for its deal again (T1)."""
        gone = {s.line for s in hand.statements[-count:]}
        taken = [self.lines[number - 1] for number in sorted(gone)]
        kept = [line for number, line in enumerate(self.lines, start=1) if number not in gone]
        start = _first_line(hand) - 1
        with self._on_disk():  # a failure leaves the tags beside a hand not over: stale, dropped (T1)
            if count == len(hand.statements):
                opening = [line for line in kept[start:] if line.strip()]
                self.pending = Pending(opening, replace(hand, kind="played", statements=[]))
                kept = kept[:start]
                while kept and not kept[-1].strip():
                    kept.pop()
                self._save_pending()
            self._rewrite(kept)
        return taken

    def _remember_undone(self, undone: Undone) -> Undone:
        self._undone = (self.revision, undone)
        return undone

    def undone(self) -> Undone | None:
        """What the last undo took back, while :meth:`redo` may still put it back."""
        kept = self._undone
        return kept[1] if kept is not None and kept[0] == self.revision else None

    def title(self) -> str | None:
        """The evening's name: its first hand's ``Event`` tag, if it has one."""
        first = self.finished[0][0] if self.finished else self.hand or (self.pending.hand if self.pending else None)
        tag = first.tag("Event") if first is not None else None
        return tag.value if tag is not None else None

    def redo(self, after: str) -> None:
        """Put back what the last :meth:`undo` took back, if nothing was written since."""
        self.check_revision(after)
        undone = self.undone()
        if undone is None:
            raise RecorderError("there is nothing to put back: the record changed since the undo", 409)
        if undone.kind == "tally":
            self.record_tally(after, undone.lines)
        else:
            self.push(after, undone.lines)

    def record_tally(self, after: str, texts: Sequence[str]) -> None:
        """A tally hand (GSN §6: the piles, the calls, shakes and bombs, the sake cup) written whole
        as the hand set up: read as the file will hold it, then judged with the evening's hands.
        What its verdict finds (a go below the minimum, a card in two piles) shows there, as
        ``check`` shows it."""
        self.check_revision(after)
        pending = self.pending
        if pending is None or self.statements:
            raise RecorderError("a tally is the whole of a hand set up and not dealt: set up the next hand first", 409)
        lines = self._lines_of(texts)
        start = self._tail_start()
        written = [*self.lines, *[""] * (start - len(self.lines)), *pending.lines, *lines]
        results = list(read_hands(written, reader=self.reader))
        errors = [issue for result in results for issue in result.errors]
        if errors:
            raise _unreadable(errors[0])
        last = results[-1].hand
        if last is None or last.kind != "tally":
            raise RecorderError("a tally holds piles and calls only")
        with self._on_disk():
            self._append(written[len(self.lines) :])
            self.pending = None
            self._save_pending()
        self._load()

    def last_tally(self) -> Hand | None:
        """The evening's last hand when it is a tally hand and nothing came after it."""
        if self.hand is not None or self.pending or not self.finished:
            return None
        last = self.finished[-1][0]
        return last if last.kind == "tally" else None

    def correct(self, after: str, index: int, text: str) -> None:
        """Put ``text`` in place of the hand's statement at ``index``. The new statement must be legal
        where it stands; the statements after it are checked again, and what no longer holds shows
        in :meth:`problems` (they stay in the file, to be undone or corrected in turn)."""
        self.check_revision(after)
        statements = self.statements
        if not 0 <= index < len(statements) or self.hand is None:
            raise RecorderError("this hand has no statement {n}", 404, n=index + 1)
        line, old = self._one_line(text), statements[index]
        board = self._replayed(self.hand, index)
        new = self._parsed(board, line, old.line)
        if new.kind != old.kind:
            raise RecorderError("a correction must be a {kind} line, as the line it replaces", kind=old.kind)
        try:
            board.push(new)
        except IllegalStatement as refused:
            raise RecorderError("{line}: {why}", violations=refused.violations, line=line, why=refused) from None
        if new.kind in _DEAL_KINDS:
            dealt = self._fresh_board(self.hand)
            dealt.push_all([new if s is old else s for s in statements if s.kind in _DEAL_KINDS], strict=False)
            self._check_seating(dealt)
        line = write_statement(new)  # a correction typed with the cards' names is written with their codes (T5)
        with self._on_disk():
            self._rewrite([*self.lines[: old.line - 1], line, *self.lines[old.line :]])

    # ---- the text ------------------------------------------------------------------------

    def _parsed(self, board: HandBoard, text: str, line: int | None = None) -> Statement:
        """One line the table wrote, read by the board in the hand's context, or why it cannot be."""
        try:
            return board.parse_text(text, line=line, reader=self.reader)
        except GsnSyntaxError as error:
            raise _unreadable(error.issues[0]) from None

    def _pushed(self, board: HandBoard, text: str, line: int) -> Statement:
        """One line the table wrote, read and pushed as the file's line ``line``, or why it cannot be."""
        statement = self._parsed(board, text, line)
        try:
            board.push(statement)
        except IllegalStatement as refused:
            raise RecorderError("{line}: {why}", violations=refused.violations, line=text, why=refused) from None
        return statement

    @classmethod
    def _lines_of(cls, texts: Sequence[str]) -> list[str]:
        """The lines of one write: one or more, at most :data:`MAX_LINES`, each one line."""
        if not texts:
            raise RecorderError("nothing to record")
        if len(texts) > MAX_LINES:
            raise RecorderError("at most {n} statements in one write", n=MAX_LINES)
        return [cls._one_line(t) for t in texts]

    @staticmethod
    def _one_line(text: str) -> str:
        if len(text) > MAX_LINE:
            raise RecorderError("a statement of {n} characters is longer than any table writes", n=f"{len(text):,}")
        lines = normalise_lines(text.strip())
        if len(lines) != 1 or not lines[0] or lines[0].lstrip().startswith(("[", "#")):
            raise RecorderError("each statement must be one line of GSN (no tags, no comments)")
        return lines[0]

    def _tail_start(self) -> int:
        """Where the hand being recorded begins in the file (for a hand not yet written, where it
        will: after a blank line that follows the last hand)."""
        if not self.pending:
            return self.hand_start
        return len(self.lines) + 1 if self.lines else 0

    @contextmanager
    def _on_disk(self) -> Iterator[None]:
        """A change written to disk. If the disk refuses it, the page is told why in words and
        what is in memory is read again from disk, which the failed write left as it was (the
        file is the truth)."""
        try:
            yield
        except (OSError, OutputError) as error:  # an append's own, or a rewrite's (outputs)
            self._reload()
            if error.errno in (errno.ENOSPC, errno.EDQUOT):
                raise RecorderError(
                    "the disk is full: nothing was written; free some space on this computer, then tap again", 507
                ) from None
            raise RecorderError(
                "{name} could not be written ({reason}): nothing was written",
                500,
                name=self.path.name,
                reason=error.reason if isinstance(error, OutputError) else reason_of(error),
            ) from None

    def _append(self, lines: list[str]) -> None:
        """New lines at the end of the file, on disk before this returns; or an OSError, and the
        file as it was."""
        _append_whole(self.path, ("\n" * self._unended + "".join(f"{line}\n" for line in lines)).encode("utf-8"))
        self.lines += lines
        self._unended = False

    def _rewrite(self, lines: list[str]) -> None:
        """The whole file replaced at once: written beside it, flushed, then renamed over it. The
        new text is read first: a change that would leave the file unreadable changes nothing."""
        if _holds_statements(lines) and any(result.errors for result in read_hands(lines, reader=self.reader)):
            raise RecorderError("that change would leave the file unreadable: nothing was changed")
        write_atomically(self.path, "\n".join(lines) + "\n" if lines else "")
        self.lines, self._unended = lines, False
        self._load()


def _opening_tags(setup: Setup, hand: Hand, previous: Hand | None, *, dealer: str | None) -> list[Tag]:
    """The tags a hand set up opens with: all of them for the evening's first hand; for a later one
    its number and what changed since the hand before it (decision T5). ``dealer`` is None when
    the table chose the dealer the rules choose."""
    tags: list[tuple[str, str]] = []
    if previous is None:
        if setup.event:
            tags.append(("Event", _quoted_ok(setup.event, "the event")))
        tags.append(("Date", date.today().strftime("%Y.%m.%d")))
    else:
        tags.append(("Hand", str(hand.index)))
    if previous is None or hand.rules != previous.rules or hand.sets != dict(previous.sets):
        tags.append(("Rules", hand.rules))
        tags += [("Set", f"{k}={v}") for k, v in hand.sets.items()]
    if previous is None or hand.seats != previous.seats:
        tags.append(("Seats", ", ".join(hand.seats)))
    if dealer is not None:
        tags.append(("Dealer", dealer))
    if previous is None or hand.stake != previous.stake:
        tags.append(("Stake", str(hand.stake)))
    return [Tag(name=name, value=value) for name, value in tags]


def _unreadable(issue: SyntaxIssue) -> RecorderError:
    """A line the table wrote that is not GSN, refused with the reader's words and where."""
    return RecorderError(
        "{why} (line {line}, column {column})", why=issue.said or issue.message, line=issue.line, column=issue.column
    )


def _first_line(hand: Hand) -> int:
    lines = [t.line for t in hand.tags] + [s.line for s in hand.statements]
    return min(lines)


_DEAL_KINDS = ("deal", "table", "stock")
"""The lines of a deal, which stand before any other statement of a hand."""

_DEAL_FAULTS = ("deal-size", "extra-card", "unknown-card")
"""What a deal itself can break, seen once its table is laid; what the players must still do before
the first turn (a shake shown at the deal, a chongtong) is theirs to write after the table line."""


def _holds_statements(lines: Sequence[str]) -> bool:
    """Whether the lines hold anything but blank lines and comments (a file of comments alone is
    an evening that has not started)."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in lines)


def create_private(path: Path) -> int:
    """A descriptor of ``path`` open to append, the file made readable by its owner only if it is
    new: it holds every hand dealt (decision T14)."""
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)


def _append_whole(path: Path, data: bytes) -> None:
    """``data`` at the end of ``path``, flushed to disk, or none of it: a write the disk refuses
    part way (a full disk takes what fits) is cut back to the file's length before it."""
    descriptor = create_private(path)
    try:
        length = os.fstat(descriptor).st_size
        try:
            written = 0
            while written < len(data):
                written += os.write(descriptor, data[written:])
            os.fdatasync(descriptor)  # the data and the file's length: what a reader needs
        except OSError:
            os.ftruncate(descriptor, length)  # shrinking needs no space
            os.fdatasync(descriptor)
            raise
    finally:
        os.close(descriptor)
