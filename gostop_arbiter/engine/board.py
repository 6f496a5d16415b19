"""The hand as a board: push a statement, take it back, ask what may be played (python-chess's
``Board`` is the model).

A :class:`HandBoard` owns the :class:`~.state.HandState` of one played hand. :meth:`HandBoard.push`
applies one statement of the notation's own models and returns the events it made; a statement
that breaks a rule is refused with the violations the judge reports, and the board is left as it
was. :meth:`HandBoard.pop` takes the last statement back. :meth:`HandBoard.legal_moves` lists every
statement that may come next. The judge replays a transcript by pushing every statement with
``strict=False``, which records each violation and goes on wherever the state still makes sense,
so one run reports every problem of a hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar, cast, overload

from ..errors import ArbiterError
from ..notation import read_statement
from ..notation.model import (
    Bonus,
    Call,
    Chongtong,
    Claim,
    DealLine,
    Declare,
    Give,
    Hand,
    Shake,
    Shodang,
    ShodangAnswer,
    SitOut,
    Statement,
    StockLine,
    TableLine,
    Turn,
)
from ..notation.reader import Reader
from ..rules import Profile
from ..verdict import Discrepancy, Violation
from . import calls, deal
from .events import NOTES, Event
from .minhwatu import minhwatu_turn
from .moves import LegalMoves, Part, legal_flips, legal_moves
from .state import HandState, Outcome, PlayedHand, Saved, is_bonus
from .turn import bonus, play_turn, shake
from .view import BoardView, view_of
from .visitor import SKIP, HandVisitor

T = TypeVar("T")


class IllegalStatement(ArbiterError, ValueError):
    """A statement the board refused: the violations it would make, the first one as the message."""

    def __init__(self, statement: Statement, violations: list[Violation]) -> None:
        super().__init__(violations[0].message)
        self.statement = statement
        self.violations = violations


class HandBoard:
    """One played hand as it stands after the statements pushed so far.

    The board keeps a stack of what each push changed (python-chess's ``_BoardState``), so that
    :meth:`pop` restores the board exactly, at the same cost at any point of the hand. The judge,
    which never takes a statement back, makes its boards with ``history=False``."""

    def __init__(
        self,
        seats: list[str],
        profile: Profile,
        *,
        dealer: str | None = None,
        stake: int = 1,
        history: bool = True,
    ) -> None:
        self._start = (tuple(seats), profile, dealer if dealer is not None else seats[0], stake)
        self._state = HandState(list(seats), profile, dealer=self._start[2], stake=stake)
        self._stack: list[Saved] | None = [] if history else None

    @classmethod
    def of_hand(cls, hand: Hand, profile: Profile, *, dealer: str, history: bool = True) -> HandBoard:
        """An empty board for a transcript's hand (its seats and stake)."""
        return cls(hand.seats, profile, dealer=dealer, stake=hand.stake, history=history)

    # ---- what a viewer and the judge read -------------------------------------------------

    @property
    def statements(self) -> Sequence[Statement]:
        """The statements pushed, in order (python-chess's ``move_stack``): a read-only view."""
        return _View(self._state.statements)

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far, in order: a read-only view."""
        return _View(self._state.events)

    @property
    def violations(self) -> list[Violation]:
        """Every violation so far, with one closing "and N more" for a code past the cap (decision H9)."""
        return self._state.findings.all()

    @property
    def discrepancies(self) -> Sequence[Discrepancy]:
        return _View(self._state.findings.discrepancies)

    @property
    def seats(self) -> list[str]:
        """The seats, counter-clockwise, as the board was set up (the dealer's among them)."""
        return list(self._start[0])

    @property
    def dealer(self) -> str:
        return self._start[2]

    @property
    def profile(self) -> Profile:
        return self._state.profile

    @property
    def stake(self) -> int:
        return self._start[3]

    def view(self) -> BoardView:
        """What a viewer sees now: the table, hands, piles, running scores and what is due."""
        return view_of(self._state)

    def result(self) -> PlayedHand:
        """The hand as the judge reads it, frozen: as it ends if the record ends now (the board
        itself is closed by :meth:`close`, and unchanged here)."""
        st = self._state
        if st.closed:
            return PlayedHand.of(st)
        with st.trial():
            close(st)
            return PlayedHand.of(st)

    # ---- push and pop ---------------------------------------------------------------------

    def push(self, statement: Statement, *, strict: bool = True) -> list[Event]:
        """Apply one statement and return the events it made.

        Strict (the default): a statement that breaks a rule raises :class:`IllegalStatement` and
        the board is unchanged. ``strict=False`` records the violations and keeps the statement."""
        st = self._state
        events = len(st.events)
        saved = st.save() if strict or self._stack is not None else None
        apply(st, statement)
        if strict:
            assert saved is not None
            # past the cap a violation is only counted (decision H9): it still refuses the statement
            new = st.findings.since(saved.findings) or _deferred_problems(st, statement)
            if new:
                st.restore(saved)
                raise IllegalStatement(statement, list(new))
        if self._stack is not None and saved is not None:
            self._stack.append(saved)
        return st.events[events:]

    def parse_text(self, text: str, *, line: int | None = None, reader: Reader | None = None) -> Statement:
        """One statement written as a line of GSN (``"민지: 8광 / 3p"``), read in the context of this
        hand (python-chess's ``parse_san``): its players must be seated, a deal line must come
        before play, and the statement is numbered ``line``, by default the line after the last
        statement's. Raises :class:`~..notation.GsnSyntaxError` for text that is not such a line;
        whether the statement is legal here is :meth:`push`'s to say. ``reader`` reads it: a caller
        that reads many lines keeps one and passes it (building a reader's parser costs some
        milliseconds); without one, a reader of its own."""
        statements = self._state.statements
        at = line if line is not None else (statements[-1].line + 1 if statements else 1)
        return read_statement(text, seats=self._start[0], before=statements, line=at, reader=reader)

    def push_text(
        self, text: str, *, line: int | None = None, strict: bool = True, reader: Reader | None = None
    ) -> Statement:
        """:meth:`parse_text`, then :meth:`push` (python-chess's ``push_san``): the statement pushed."""
        statement = self.parse_text(text, line=line, reader=reader)
        self.push(statement, strict=strict)
        return statement

    def push_all(self, statements: Iterable[Statement], *, strict: bool = True) -> None:
        for statement in statements:
            self.push(statement, strict=strict)

    def pop(self) -> Statement:
        """Take the last statement back: the board is then equal to what it was before it."""
        st = self._state
        if not st.statements:
            raise IndexError("pop from an empty board")
        if not self._stack:
            raise IndexError("this board keeps no history of its last statement (history=False, or a copy without it)")
        last = st.statements[-1]
        st.restore(self._stack.pop())
        return last

    def close(self) -> None:
        """The record ends here: pay the last steals, decide a hand played out (the last turn's
        stop, nagari) and check that every card showed up. Nothing can be pushed after it."""
        close(self._state)  # pop takes it back with the last statement

    # ---- what may come next ---------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """Every statement that may be pushed now, each of which :meth:`push` accepts: plays with
        every ``x`` choice and every flip, bombs, dummy turns, shakes, bonus cards, ``give``, go and
        stop when due, declarations, and selling or folding where the profile allows. For a hand
        not seen, every card not yet seen may be played. A sequence whose turns are built as they
        are read (:class:`~.moves.LegalMoves`); ``list()`` of it builds them all."""
        return LegalMoves(self._legal(legal_moves(self._state)))

    def legal_plays(self) -> list[Statement]:
        """:meth:`legal_moves` with each turn given once as its play alone (the hand card, bomb or
        pass, without flips or ``x``): what a recorder offers before the flip is known, at a
        fraction of the cost when a hand is not seen. :meth:`legal_flips` of each play gives the
        turns :meth:`legal_moves` lists in its place."""
        # without ``complete`` a play is listed alone, never as its Completions
        return cast(list[Statement], self._legal(legal_moves(self._state, complete=False)))

    def _legal(self, moves: list[Part]) -> list[Part]:
        if any(map(_DEFERRED.__contains__, map(type, moves))):  # a C loop: most moves are turns
            moves = [m for m in moves if type(m) not in _DEFERRED or self._accepted(m)]  # type: ignore[arg-type]
        return moves

    def _accepted(self, move: Statement) -> bool:
        """:meth:`is_legal` of a listed move whose problems may show later. A ``give`` while no
        other is written for the turn is asked of the steal rules directly (the same check its
        turn's close makes), not by closing the turn on a trial: a listing right after a turn may
        hold dozens of choices of junk (decision E27). A shake once play has begun has no later
        problem, and the listing asked it all a push asks (``shake_problem``, and cards the hand
        may hold): a hand not seen may show any of a dozen triples (E28)."""
        st = self._state
        if type(move) is Give and st.pending is not None and not st.pending.give_lines:
            return calls.give_problem(st, move.player, [c.code for c in move.cards]) is None
        if type(move) is Shake and st.began:
            return True
        return self.is_legal(move)

    def legal_flips(self, play: Turn) -> list[Turn]:
        """The turn ``play`` (its hand card, bomb or pass, without flips) completed with every flip
        the stock may turn up: what a recorder offers after the played card."""
        return legal_flips(self._state, play)

    def is_legal(self, statement: Statement) -> bool:
        """Whether :meth:`push` would accept the statement now."""
        st = self._state
        with st.trial():
            violated = st.findings.violated
            apply(st, statement)
            return st.findings.violated == violated and not _deferred_problems(st, statement)

    def is_over(self) -> bool:
        """The hand has ended (a stop, chongtong, three ppeoks, a redeal, or every card played)."""
        st = self._state
        if st.closed or st.outcome.kind != "incomplete":
            return True
        if not st.began:  # a chongtong or a redeal ends the hand as the players are seated
            if st.seating.table_line is None:
                return False
            with st.trial():
                deal.begin(st)
                return st.outcome.kind != "incomplete"
        if st.pending is not None and calls.third_ppeok(st, st.pending.player):
            return True  # the last turn's third ppeok, decided once its gives are written
        return st.hand_is_over()

    def outcome(self) -> Outcome:
        """How the hand ends if the record ends now."""
        st = self._state
        with st.trial():
            close(st)
            return st.outcome

    def copy(self, *, stack: bool = True) -> HandBoard:
        """An independent board equal to this one; ``stack=False``: without the history of its
        pushes, so that the copy cannot take back what was pushed before it was made."""
        other = HandBoard.__new__(HandBoard)
        other._start = self._start
        other._state = self._state.copy()
        if self._stack is None:
            other._stack = None
        else:
            other._stack = [saved.copy() for saved in self._stack] if stack else []
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandBoard):
            return NotImplemented
        return self._start == other._start and self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<HandBoard {', '.join(self._start[0])}: {len(self._state.statements)} statements>"


class _View(Sequence[T]):
    """A read-only view of one of the board's lists: it follows the board as statements are pushed."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence[T]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self._items[index])
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _View):
            return self._items == other._items
        if isinstance(other, list | tuple):
            return self._items == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._items)


def replay(hand: Hand, profile: Profile, *, dealer: str, visitor: HandVisitor[Any] | None = None) -> HandBoard:
    """A transcript's hand pushed statement by statement onto a board without history, every
    violation recorded, and closed; a visitor sees each statement as it is pushed unless its
    ``begin_hand`` skips the hand (see :func:`visit`; its ``end_hand`` is the judge's to call)."""
    board = HandBoard.of_hand(hand, profile, dealer=dealer, history=False)
    visit(hand, board, visitor)
    board.close()
    return board


def visit(hand: Hand, board: HandBoard, visitor: HandVisitor[Any] | None) -> bool:
    """The hand's statements pushed onto the board, every violation recorded, each shown to the
    visitor after its ``begin_hand``; False when there is no visitor or it skipped the hand."""
    if visitor is None or visitor.begin_hand(hand, board) is SKIP:
        if board._stack is None:
            # a board without history (the judge's): each statement applied as a lenient push
            # would, without the slice of its events that nobody here reads (B29)
            st = board._state
            for statement in hand.statements:
                apply(st, statement)
        else:
            for statement in hand.statements:
                board.push(statement, strict=False)
        return False
    listed = board._state.findings.listed
    for statement in hand.statements:
        before = len(listed)
        events = board.push(statement, strict=False)
        visitor.visit_statement(statement, events, list(listed[before:]))
    return True


# ---- the statements' rules -----------------------------------------------------------------


def apply(st: HandState, s: Statement) -> None:
    """One statement onto the state, its violations recorded (the board's lenient push)."""
    st.statements.append(s)
    if st.closed:
        _after_end(st, s)
        return
    if s.kind == "turn":  # most lines: the same steps as below, without the tests that cannot match
        calls.close_pending(st)
        if not st.seating.began:  # the first turn seats the players (a call each turn otherwise)
            deal.begin(st)
        if st.outcome.kind == "incomplete":
            _turn(st, s)
        else:
            _after_end(st, s)
        return
    if isinstance(s, DealLine | TableLine | StockLine):
        deal.setup_line(st, s)
        return
    if isinstance(s, Claim):
        st.claims.append(s)
        return
    if isinstance(s, Declare):
        calls.declare(st, s)
        return
    if isinstance(s, Give):
        if st.outcome.kind != "incomplete" and st.pending is None:
            _after_end(st, s)
        else:
            calls.give(st, s)
        return
    calls.close_pending(st)
    if isinstance(s, SitOut | Chongtong) or (isinstance(s, Shake) and st.profile.events.shake_timing == "at-deal"):
        _before_play(st, s)
        return
    deal.begin(st)
    if st.outcome.kind != "incomplete":
        _after_end(st, s)
    elif isinstance(s, Call):
        calls.call(st, s)
    elif isinstance(s, Shodang):
        calls.shodang(st, s)
    elif isinstance(s, ShodangAnswer):
        calls.answer(st, s)
    elif isinstance(s, Shake):
        shake(st, s)
    elif isinstance(s, Bonus):
        bonus(st, s)
    elif isinstance(s, Turn):
        _turn(st, s)


def _before_play(st: HandState, s: SitOut | Chongtong | Shake) -> None:
    if st.began:
        what = f"'{s.how}'" if isinstance(s, SitOut) else "a chongtong" if isinstance(s, Chongtong) else "this shake"
        code = "illegal-shake" if isinstance(s, Shake) else "illegal-declaration"
        st.violate(
            code, s.line, s.column, f"{s.player}: {what} must come before the first turn", s.player, statement=s.kind
        )
        return
    deal.before_play(st, s)


def _after_end(st: HandState, s: Any) -> None:
    if st.outcome.kind == "redeal":
        if isinstance(s, Turn) and not st.redeal_reported:
            st.redeal_reported = True
            st.violate(
                "redeal-required",
                s.line,
                s.column,
                "four of a month lie on the table after the deal: the same dealer must redeal",
                s.player,
                dealer=st.dealer,
            )
        return
    ended = {
        "stop": f"{st.outcome.winner} stopped on line {st.outcome.line}",
        "chongtong": f"{st.outcome.winner} won by chongtong on line {st.outcome.line}",
        "three-ppeok": f"{st.outcome.winner} won with a third ppeok on line {st.outcome.line}",
    }.get(st.outcome.kind, f"the hand ended on line {st.outcome.line}")
    st.violate(
        "after-end",
        s.line,
        s.column,
        f"the hand is over: {ended}",
        getattr(s, "player", None),
        outcome=st.outcome.kind,
        winner=st.outcome.winner or "",
        ended_line=st.outcome.line,
    )


def _turn(st: HandState, s: Turn) -> None:
    st.turn_number += 1
    p = s.player
    if s.number is not None and s.number != st.turn_number:
        st.violate(
            "bad-turn-number",
            s.line,
            s.column,
            f"this is turn {st.turn_number}, not turn {s.number}",
            p,
            turn=st.turn_number,
            written=s.number,
        )
    calls.missed(st, s.line)
    calls.unanswered(st, s.line)
    expected = st.expected()
    order = st.seating.order
    if p not in order:
        st.violate("out-of-turn", s.line, s.column, f"{p} does not play this hand", p, reason="not-seated")
        return
    if p != expected:
        st.violate("out-of-turn", s.line, s.column, f"it is {expected}'s turn, not {p}'s", p, expected=expected or "")
    st.next_index = order.index(p) + 1
    st.deeds.turn(p)
    if st.minhwatu:
        minhwatu_turn(st, s)
    else:
        play_turn(st, s)


def _deferred_problems(st: HandState, s: Statement) -> list[Violation]:
    """What some statements break only shows later: a ``give`` (or a declaration that changes what
    counts as junk) when its turn closes, a chongtong or a shake at the deal when the players are
    seated. A strict push closes the turn or seats the players on a trial to see it now."""
    if isinstance(s, Give | Declare) and st.pending is not None and st.pending.give_lines:
        with st.trial():
            before = len(st.violations)
            calls.close_pending(st)
            return [v for v in st.violations[before:] if v.code == "illegal-give"]
    if isinstance(s, Chongtong | Shake | SitOut) and not st.began and st.seating.table_line is not None:
        lines = {s.line, *(claim.line for claim in st.seating.chongtong_claims)}
        with st.trial():
            before = len(st.violations)
            deal.begin(st)
            shown = ("not-in-hand", "illegal-declaration", "extra-card")
            return [v for v in st.violations[before:] if v.code in shown and v.line in lines]
    return []


_DEFERRED = frozenset({Give, Declare, Chongtong, Shake, SitOut})
"""The statements whose problems show only later (see :func:`_deferred_problems`)."""


def close(st: HandState) -> None:
    """The end of the record (see :meth:`HandBoard.close`)."""
    if st.closed:
        return
    calls.close_pending(st)
    deal.begin(st)
    st.closed = True
    if st.outcome.kind != "incomplete" or not st.hand_is_over():
        return
    due = st.calls.due
    if st.minhwatu:
        st.end("round", None, st.last_line())
    elif due is not None:
        st.end("stop", due.player, st.last_line())
        said = NOTES("at-score-last-turn", score=due.score)
        st.emit("stop", st.last_line(), due.player, note=said.english(), said=said, extra={"score": due.score})
        st.calls.clear()
    else:
        st.end("nagari", None, st.last_line())
        st.emit("nagari", st.last_line())
    _check_complete_record(st)


def _check_complete_record(st: HandState) -> None:
    """missing-card: at the end of a played-out hand every card of the deck has shown up.

    Only bonus cards may be left in the stock: a bonus card takes no turn, so one at the bottom
    is never flipped. Those are the bonus cards in no pile and in no stack on the table, seen
    or not (a seller's hand goes back into the stock, and a ``stock:`` line names its cards)."""
    placed = st.piles.all_cards() + st.table.all_buried()
    bonus_left = sum(n for code, n in st.deck.counts.items() if is_bonus(code)) - sum(map(is_bonus, placed))
    line = st.last_line()
    if st.stock.remaining > bonus_left:
        st.violate(
            "missing-card",
            line,
            1,
            f"the hands ran out while the stock still held {st.stock.remaining} card(s): a flip was not recorded",
            stock=st.stock.remaining,
        )
        return
    if st.hands.any_unseen():
        return
    for code, missing in st.ledger.never_seen():
        if is_bonus(code):
            continue
        st.violate(
            "missing-card",
            line,
            1,
            f"{code} never appears ({missing} missing), though the whole hand was recorded",
            None,
            code,
            missing=missing,
        )


__all__ = ["HandBoard", "IllegalStatement", "replay", "visit"]
