"""The live recorder: an evening's GSN file kept line by line while the table plays.

The file is the truth. Every accepted statement is one line appended to it and flushed to disk
before the answer goes out; an undo or a correction rewrites the file atomically (a new file, then
a rename). The hand being played is a :class:`~gostop_arbiter.engine.HandBoard` with the file's
statements pushed onto it; a statement is accepted only if the board's strict push accepts it, so
the recorder can never write what the arbiter would call illegal. The hands already played are
judged once, for the dealer and carry they hand on and the evening's balance.

Writes name the revision they follow (a digest of the file's text): a write that follows a
revision the file has left is stale and refused, so two scorekeepers cannot write over each other.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TypeVar, cast

from ..engine import HandBoard, IllegalStatement
from ..errors import ArbiterError
from ..judging.file import RulesChoice, Session, dealer_of
from ..messages import Lang, say, sentence
from ..notation import GsnSyntaxError, Hand, Statement, normalise_lines, read_hands
from ..notation.model import TableLine, Turn
from ..outputs import write_atomically
from ..records import replace
from ..render.words import violation_text
from ..rules import Profile, RulesError
from ..verdict import FileError, HandVerdict, Violation

T = TypeVar("T")

MAX_LINE = 2_000
"""The most characters one statement sent by a page may hold: a deal line of ten cards with names
is well under a hundred; past this the request is refused before it is parsed."""

MAX_NAME = 40
"""The most characters of a player's name."""

MAX_LINES = 64
"""The most statements one write may carry (a deal is at most four hands, the table and the stock)."""


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
        error, the rules' error) is said from its own facts."""
        params = dict(self.params)
        if "why" in params:
            first = self.violations[0] if self.violations else None
            if first is not None:
                params["why"] = violation_text(first, lang)
            else:
                params["why"] = sentence(str(params["why"]), lang)
        return say(self.template, lang, **params)


class StaleWrite(RecorderError):
    """A write that follows a revision the file has left (another scorekeeper wrote first)."""

    def __init__(self, revision: str) -> None:
        super().__init__(
            "the record changed since this page last saw it: nothing was written; "
            "the page shows the record as it is now",
            409,
        )
        self.revision = revision


@dataclass
class Setup:
    """What the table says before its first hand (or changes between hands)."""

    seats: list[str]
    dealer: str | None = None
    stake: int | None = None
    rules: str | None = None
    sets: dict[str, str] = field(default_factory=dict)
    event: str | None = None


@dataclass
class Problem:
    """A violation of the hand as it stands, at the line of the statement that made it."""

    index: int
    """The statement's position in the hand (0-based)."""
    violation: Violation


def revision_of(text: str) -> str:
    """A short digest of the file's text: equal texts, equal revisions, whatever process reads them."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value}"]'


def _quoted_ok(value: str, what: str) -> str:
    value = value.strip()
    if not value or '"' in value or "\\" in value or "\n" in value or "[" in value or "]" in value:
        raise RecorderError(
            "{value} cannot be written in a tag: leave out quotes, brackets and backslashes", value=value
        )
    return value


class Evening:
    """One evening's GSN file and the hand being played on it."""

    def __init__(self, path: Path, *, rules: str | None = None, sets: Mapping[str, str] | None = None) -> None:
        self.path = path
        self.default_rules = rules
        self.default_sets = dict(sets or {})
        if self.default_rules is not None or self.default_sets:
            RulesChoice(self.default_rules, self.default_sets).checked()  # RulesError for the command line
        self._revision: str | None = None
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        self.lines = normalise_lines(text) if text else []
        if self.lines and self.lines[-1] == "":
            self.lines = self.lines[:-1]
        self._unended = bool(text) and not text.endswith(("\n", "\r"))
        """The file's last line has no line end yet: the first append gives it one."""
        self.pending_path = path.with_name(f".{path.name}.pending")
        self.pending = []
        self._memo_revision = ""
        self._memo: dict[str, object] = {}
        if self.pending_path.exists():
            self.pending = normalise_lines(self.pending_path.read_text(encoding="utf-8").strip())
        self._load()

    # ---- reading the file ------------------------------------------------------------------

    def _load(self) -> None:
        """Read the whole file: the hands played, and a board for the last one (or for the hand set
        up and not yet dealt, whose tags wait in :attr:`pending`)."""
        results = list(read_hands(self.lines)) if _holds_statements(self.lines) else []
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
        last = hands[-1] if hands else None
        board = self._replayed(last) if last is not None and last.kind == "played" else None
        if last is not None and board is not None and not (self.pending and board.is_over()):
            self.hand_start = self._first_line(last) - 1
            self.hand, self.board = last, board
            self.pending = []
            self._save_pending()
        elif last is not None:
            self.finished.append((last, self.session.judge(last)))
        if self.pending:
            self.board = self._pending_board()

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
            write_atomically(self.pending_path, "\n".join(self.pending) + "\n")
        else:
            self.pending_path.unlink(missing_ok=True)

    @staticmethod
    def _first_line(hand: Hand) -> int:
        lines = [t.line for t in hand.tags] + [s.line for s in hand.statements]
        return min(lines)

    def _fresh_board(self, hand: Hand) -> HandBoard:
        return HandBoard.of_hand(hand, self.profile_of(hand), dealer=self.dealer_of(hand))

    def profile_of(self, hand: Hand) -> Profile:
        try:
            return RulesChoice().profile_for(hand)
        except RulesError as error:
            raise RecorderError("{why}", why=str(error)) from None

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
        return self.hand.stake if self.hand is not None else self._pending_hand().stake if self.pending else 1

    def next_setup(self) -> dict[str, object]:
        """What the set-up screen proposes for the next hand: the same table, the dealer the rules
        choose (the winner; the same dealer after a void hand)."""
        last = self.hand or self._previous_hand()
        if last is None:
            return {
                "seats": [],
                "dealer": None,
                "stake": 1,
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

    def flips(self, text: str, at: int | None = None) -> list[Turn]:
        """Every complete turn of a hand play (its card, bomb or pass, written without flips), now
        or, for a correction, where the statement at index ``at`` stands."""
        if self.board is None or self.pending:
            raise RecorderError("no hand is being played", 409)
        _hand, (play,) = self._with_new([self._one_line(text)])
        if not isinstance(play, Turn) or play.flips:
            raise RecorderError("ask for the flips of a hand play alone: a card, a bomb or a pass, with no '/'")
        return (self.board if at is None else self.board_at(at)).legal_flips(play)

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
    def pending(self) -> list[str]:
        """The tag lines of a hand set up and not yet dealt (decision T1); empty when none is."""
        return self._pending

    @pending.setter
    def pending(self, lines: list[str]) -> None:
        self._pending, self._revision = lines, None

    @property
    def revision(self) -> str:
        """The digest of what is recorded: the file, and the tags of a hand set up and not yet dealt;
        worked out again only when one of them changes (every page's request asks for it)."""
        if self._revision is None:
            self._revision = revision_of(self.text + "".join(f"{line}\n" for line in self.pending))
        return self._revision

    @property
    def statements(self) -> list[Statement]:
        return list(self.hand.statements) if self.hand is not None else []

    def problems(self) -> list[Problem]:
        """Every violation of the hand as it stands, with the statement that made it."""
        if self.board is None:
            return []
        at = {s.line: i for i, s in enumerate(self.statements)}
        return [Problem(at.get(v.line, max(len(at) - 1, 0)), v) for v in self.board.violations]

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

    def _check_revision(self, after: str) -> None:
        if after != self.revision:
            raise StaleWrite(self.revision)

    def start(self, after: str, setup: Setup) -> None:
        """Set up a hand: the first of the evening, or the next once the last one is over. Only the
        tags that change are written, the dealer only where it differs from the rules' choice; they
        reach the file with the hand's first statement (decision T1)."""
        self._check_revision(after)
        if self.hand is not None and not self.is_over():
            raise RecorderError("the hand being played is not over: record its end, or undo, before the next hand", 409)
        before = self.pending
        if self.hand is not None:  # the hand just over is now one of the evening's finished hands
            self.finished.append((self.hand, self.session.judge(self.hand)))
            self.hand, self.hand_start = None, len(self.lines)
        try:
            self.pending = self._setup_lines(setup)
            self.board = self._pending_board()
        except RecorderError:
            self.pending = before
            self._load()
            raise
        self._save_pending()

    def _previous_hand(self) -> Hand | None:
        return self.finished[-1][0] if self.finished else None

    def _setup_lines(self, setup: Setup) -> list[str]:
        seats = [_quoted_ok(s, "the name") for s in setup.seats]
        if any(len(seat) > MAX_NAME for seat in seats):
            raise RecorderError("a name may hold at most {n} characters", n=MAX_NAME)
        if not 2 <= len(seats) <= 4:
            raise RecorderError("a table seats two to four players; these are {n}", n=len(seats))
        if len(set(seats)) != len(seats):
            raise RecorderError("each player needs a name of their own: a name is given twice")
        if any("," in s for s in seats):
            raise RecorderError("a name cannot hold a comma (the Seats tag separates names with commas)")
        previous = self._previous_hand()
        rules = setup.rules or (previous.rules if previous else self.default_rules or "standard")
        if setup.rules or setup.sets:
            sets = dict(setup.sets)
        else:
            sets = dict(previous.sets) if previous else dict(self.default_sets)
        try:
            RulesChoice(rules, sets).checked()
        except RulesError as error:
            raise RecorderError("{why}", why=str(error)) from None
        stake = setup.stake if setup.stake is not None else (previous.stake if previous else 1)
        if stake < 0:
            raise RecorderError("the stake is money per point: 0 or more")
        handed_on = self.session.dealer if previous else None
        dealer = setup.dealer or (handed_on if handed_on in seats else seats[0])
        if dealer not in seats:
            raise RecorderError(
                "the dealer {dealer} is not at the table ({seats})", dealer=dealer, seats=", ".join(seats)
            )
        lines = []
        if previous is None:
            if setup.event:
                lines.append(_tag("Event", _quoted_ok(setup.event, "the event")))
            lines.append(_tag("Date", date.today().strftime("%Y.%m.%d")))
        else:
            lines.append(_tag("Hand", str(len(self.finished) + 1)))
        if previous is None or rules != previous.rules or sets != dict(previous.sets):
            lines.append(_tag("Rules", rules))
            lines += [_tag("Set", f"{k}={v}") for k, v in sets.items()]
        if previous is None or seats != previous.seats:
            lines.append(_tag("Seats", ", ".join(seats)))
        if previous is None or dealer != handed_on:
            lines.append(_tag("Dealer", dealer))
        if previous is None or stake != previous.stake:
            lines.append(_tag("Stake", str(stake)))
        return lines

    def push(self, after: str, texts: Sequence[str]) -> None:
        """Statements written at the table, in order: each must be legal where it stands, or
        nothing is written."""
        self._check_revision(after)
        if self.board is None:
            raise RecorderError("no hand is set up: set up the table first", 409)
        if not texts:
            raise RecorderError("nothing to record")
        if len(texts) > MAX_LINES:
            raise RecorderError("at most {n} statements in one write", n=MAX_LINES)
        lines = [self._one_line(t) for t in texts]
        hand, new = self._with_new(lines)
        trial = self.board.copy()
        for statement, text in zip(new, lines, strict=True):
            try:
                trial.push(statement)
            except IllegalStatement as refused:
                raise RecorderError("{line}: {why}", violations=refused.violations, line=text, why=refused) from None
        if any(isinstance(s, TableLine) for s in new):
            self._check_seating(trial)
        if self.pending:
            start = self._tail_start()
            self._append([""] * (start - len(self.lines)) + self.pending + lines)
            self.hand_start, self.pending = start, []
            self._save_pending()
        else:
            self._append(lines)
        self.hand, self.board = hand, trial

    @staticmethod
    def _check_seating(board: HandBoard) -> None:
        """A deal is checked whole once the table is laid (the deal's sizes, a card dealt twice):
        the board seats the players only at the first turn, so a copy is seated now."""
        seated = board.copy()
        seated.close()
        late = [v for v in seated.violations[len(board.violations) :] if v.code in _DEAL_FAULTS]
        if late:
            raise RecorderError("the deal: {why}", violations=late, why=late[0].message)

    def undo(self, after: str) -> Statement | None:
        """Take the hand's last statement back (its line leaves the file). Taking back a hand's
        only statement takes its tags back too, to wait for the deal again."""
        self._check_revision(after)
        if self.pending and not self.statements:  # the set-up of the next hand, taken back
            self.pending = []
            self._save_pending()
            self._load()
            return None
        if not self.statements:
            raise RecorderError("there is nothing to undo in this hand", 409)
        last = self.statements[-1]
        kept = self.lines[: last.line - 1] + self.lines[last.line :]
        if len(self.statements) == 1:
            self.pending = [line for line in kept[self.hand_start :] if line.strip()]
            kept = kept[: self.hand_start]
            while kept and not kept[-1].strip():
                kept.pop()
            self._save_pending()
        self._rewrite(kept)
        return last

    def correct(self, after: str, index: int, text: str) -> None:
        """Put ``text`` in place of the hand's statement at ``index``. The new statement must be legal
        where it stands; the statements after it are checked again, and what no longer holds shows
        in :meth:`problems` (they stay in the file, to be undone or corrected in turn)."""
        self._check_revision(after)
        statements = self.statements
        if not 0 <= index < len(statements):
            raise RecorderError("this hand has no statement {n}", 404, n=index + 1)
        line = self._one_line(text)
        target = statements[index].line - 1
        lines = [*self.lines[:target], line, *self.lines[target + 1 :]]
        hand = self._parsed_hand(lines[self.hand_start :])
        if len(hand.statements) != len(statements):
            raise RecorderError("a correction must be one statement in place of one")
        if hand.statements[index].kind != statements[index].kind:
            raise RecorderError(
                "a correction must be a {kind} line, as the line it replaces", kind=statements[index].kind
            )
        board = self._replayed(hand, index)
        try:
            board.push(hand.statements[index])
        except IllegalStatement as refused:
            raise RecorderError("{line}: {why}", violations=refused.violations, line=line, why=refused) from None
        if hand.statements[index].kind in _DEAL_KINDS:
            dealt = self._fresh_board(hand)
            dealt.push_all([s for s in hand.statements if s.kind in _DEAL_KINDS], strict=False)
            self._check_seating(dealt)
        self._rewrite(lines)

    # ---- the text ------------------------------------------------------------------------

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

    def _hand_lines(self) -> list[str]:
        return list(self.pending) if self.pending else self.lines[self.hand_start :]

    def _with_new(self, lines: list[str]) -> tuple[Hand, list[Statement]]:
        """The hand with ``lines`` added at its end, and their statements.

        Only what the reader needs to judge new lines is parsed again: the settings carried in,
        the hand's tags, its deal lines and its first play (which decide the hand's kind and the
        order of its lines), then the new lines, whose positions are moved to the file's. So a
        write costs the same at the last turn of the evening as at the first. A line that does
        not parse is read again in its whole hand, for the reader's exact words and positions."""
        start = self._tail_start()
        hand_lines = self._hand_lines()
        kept = set(range(len(hand_lines)))
        if self.hand is not None:
            deal = [s for s in self.hand.statements if s.kind in _DEAL_KINDS]
            play = [s for s in self.hand.statements if s.kind not in _DEAL_KINDS][:1]
            kept = {s.line - 1 - start for s in deal + play}
            kept |= {i for i, line in enumerate(hand_lines) if line.lstrip().startswith("[")}
        context = [*self._carried_tags(), *(line for i, line in enumerate(hand_lines) if i in kept)]
        results = list(read_hands([*context, *lines]))
        if any(result.errors for result in results) or results[-1].hand is None:
            self._parsed_hand(hand_lines + lines)  # raises with the reader's words for the whole hand
            raise RecorderError("these lines cannot be read in this hand")
        parsed = results[-1].hand
        if parsed.kind != "played":
            raise RecorderError("the recorder writes played hands: this line belongs to a tally hand")
        moved = start + len(hand_lines) - len(context)
        new = [replace(s, line=s.line + moved) for s in parsed.statements if s.line > len(context)]
        if len(new) != len(lines):
            raise RecorderError("each statement must be one line of GSN")
        base = self.hand if self.hand is not None else replace(parsed, statements=[], index=len(self.finished) + 1)
        return replace(base, statements=[*self.statements, *new]), new

    def _parsed_hand(self, hand_lines: list[str]) -> Hand:
        """The hand being recorded, parsed from its own lines with the settings the hands before it
        carry over (the lines before it stand as blank lines, so every position is the file's)."""
        start = self._tail_start()
        prefix = self._carried_tags()
        if len(prefix) > start:
            lines = ([*self.lines, ""])[:start] + hand_lines
        else:
            lines = prefix + [""] * (start - len(prefix)) + hand_lines
        results = list(read_hands(lines))
        errors = [issue for result in results for issue in result.errors]
        if errors:
            first = errors[0]
            raise RecorderError(
                "{why} (line {line}, column {column})", why=first.message, line=first.line, column=first.column
            )
        hand = results[-1].hand
        assert hand is not None
        if hand.kind != "played":
            raise RecorderError("the recorder writes played hands: this line belongs to a tally hand")
        return hand

    def _pending_hand(self) -> Hand:
        """The hand set up and not yet dealt: its tags, parsed with a stand-in statement."""
        hand = self._parsed_hand([*self.pending, _PLACEHOLDER])
        return replace(hand, statements=[], index=len(self.finished) + 1)

    def _pending_board(self) -> HandBoard:
        return self._fresh_board(self._pending_hand())

    def _carried_tags(self) -> list[str]:
        last = self._previous_hand()
        if last is None:
            return []
        sets = [_tag("Set", f"{k}={v}") for k, v in last.sets.items()]
        return [_tag("Seats", ", ".join(last.seats)), _tag("Rules", last.rules), *sets, _tag("Stake", str(last.stake))]

    def _append(self, lines: Iterable[str]) -> None:
        """New lines at the end of the file, on disk before this returns."""
        lines = list(lines)
        with self.path.open("a", encoding="utf-8", newline="\n") as out:
            out.write("\n" * self._unended + "".join(f"{line}\n" for line in lines))
            out.flush()
            os.fdatasync(out.fileno())  # the data and the file's length: what a reader needs
        self.lines += lines
        self._unended = False

    def _rewrite(self, lines: list[str]) -> None:
        """The whole file replaced at once: written beside it, flushed, then renamed over it. The
        new text is read first: a change that would leave the file unreadable changes nothing."""
        if _holds_statements(lines) and any(result.errors for result in read_hands(lines)):
            raise RecorderError("that change would leave the file unreadable: nothing was changed")
        write_atomically(self.path, "\n".join(lines) + "\n" if lines else "")
        self.lines, self._unended = lines, False
        self._load()


_DEAL_KINDS = ("deal", "table", "stock")
"""The lines of a deal, which stand before any other statement of a hand."""

_DEAL_FAULTS = ("deal-size", "extra-card", "unknown-card")
"""What a deal itself can break, seen once its table is laid; what the players must still do before
the first turn (a shake shown at the deal, a chongtong) is theirs to write after the table line."""

_PLACEHOLDER = "claim: nagari"
"""A statement any hand may hold, to read the tags of a hand set up before its deal."""


def _holds_statements(lines: Sequence[str]) -> bool:
    """Whether the lines hold anything but blank lines and comments (a file of comments alone is
    an evening that has not started)."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in lines)
