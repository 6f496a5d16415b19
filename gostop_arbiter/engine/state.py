"""The state of one played hand: its parts, and the small steps every turn rule is made of.

A :class:`HandState` is made of parts, each of which owns its invariants and its copy and changes
only through its own methods:

- :class:`Seating`: the deal as written and who plays the hand once everyone is seated;
- the card accounting (:mod:`.ledger`): the :class:`~.ledger.Ledger` of sightings, the
  :class:`~.ledger.Hands` and the :class:`~.ledger.Stock`;
- the :class:`~.table.Table` and its stacks, the :class:`~.piles.Piles`;
- the :class:`~.deeds.Deeds` (shakes, bombs, dummy turns, ppeoks) and the :class:`~.deeds.Calls`;
- the :class:`~.findings.Findings` (violations and discrepancies).

Beside them the state keeps the record itself (the statements, the events, the claims, each only
ever appended to) and where the hand has got to (whose turn, what is pending, how it ended).

The turn rules (``deal``, ``calls``, ``turn``, ``minhwatu``) are functions of this state and one
statement; they import this module, never the other way round. The board (:mod:`.board`) owns a
state and pushes statements onto it, saving what a push may change (:meth:`HandState.save`) so
that :meth:`HandState.restore` takes it back whatever the length of the hand.

The state never prints and never stops at the first problem: a violation is recorded and the
replay goes on wherever the state still makes sense.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import MappingProxyType as View
from typing import Any

from ..cards import BONUS_CARDS, MONTH_CARDS
from ..notation.model import CardRef, Chongtong, Claim, DealLine, Give, Statement, TableLine
from ..records import frozen
from ..rules import Profile
from ..verdict import Discrepancy, OutcomeKind, Violation
from .deeds import Calls, Deeds, MustCall
from .events import Event, EventKind
from .findings import SHOWN_PER_CODE, Findings, Mark
from .ledger import Hands, Ledger, Stock
from .piles import Piles
from .table import NATURAL, Table

MARK_EVENTS = {"ppeok": "ppeok", "jappeok": "ja-ppeok", "chok": "chok", "ttadak": "ttadak", "sweep": "sweep"}
"""A transcriber's mark (``!chok``) → the event it claims."""

_MONTHS = {code: card.month for code, card in MONTH_CARDS.items()}


def month_of(code: str) -> int:
    """The month of a card (0 for bonus cards and foreign codes)."""
    return _MONTHS.get(code, 0)


def is_bonus(code: str) -> bool:
    """A bonus card (보너스피), which belongs to no month."""
    return code in BONUS_CARDS


@frozen
class Steal:
    """One steal owed to the turn's player: from whom, how much, and why."""

    reason: EventKind
    amount: int
    """Junk value (for a ja-ppeok under ``multi_steal_unit=value``) or number of cards."""
    by_value: bool = False
    givers: tuple[str, ...] = ()


class PendingTurn:
    """A turn whose steals and go/stop check wait for the ``give`` and ``9a as`` lines after it."""

    __slots__ = ("give_lines", "line", "player", "steals")

    def __init__(self, player: str, line: int, steals: list[Steal]) -> None:
        self.player = player
        self.line = line
        self.steals = tuple(steals)
        self.give_lines: dict[str, Give] = {}
        """Giver → the ``give`` line written for this turn."""

    def copy(self) -> PendingTurn:
        other = PendingTurn(self.player, self.line, [])
        other.steals = self.steals
        other.give_lines = dict(self.give_lines)
        return other

    def given(self, giver: str) -> list[CardRef] | None:
        """The cards ``giver``'s ``give`` line names, None when there is none."""
        line = self.give_lines.get(giver)
        return None if line is None else list(line.cards)

    def _fields(self) -> tuple[object, ...]:
        return self.player, self.line, self.steals, self.give_lines

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, PendingTurn) else NotImplemented

    __hash__ = None  # type: ignore[assignment]


@frozen
class Outcome:
    """How the hand has ended so far: the outcome's kind, the winner if any, and the line that ended it."""

    kind: OutcomeKind = "incomplete"
    winner: str | None = None
    line: int = 0


Facts = dict[str, str | int]
"""The facts of a violation's message (see :class:`~..verdict.Violation`'s ``params``)."""

Problem = tuple[str, Facts]
"""Why a statement is not allowed: the English sentence and its facts, ``reason`` among them."""


def problem(message: str, reason: str, **facts: str | int) -> Problem:
    return message, {"reason": reason, **facts}


class Seating:
    """The deal as it was written and who plays the hand: written by the deal's rules (:mod:`.deal`)
    before the first turn, read by everything after it."""

    __slots__ = ("began", "chongtong_claims", "dealt", "minimum", "order", "sitting_out", "table_line")

    def __init__(self) -> None:
        self.dealt: dict[str, list[str]] = {}
        """Player → the cards of their ``deal`` line (``?`` where not seen)."""
        self.table_line: TableLine | None = None
        self.chongtong_claims: list[Chongtong] = []
        self.sitting_out: dict[str, str] = {}
        """Player → ``sell`` or ``fold``: who sits this hand out (four at the table)."""
        self.began = False
        """Every player is seated and the deal checked: play has begun."""
        self.order: list[str] = []
        """The players of the hand in turn order, the dealer first (once play has begun)."""
        self.minimum = 0
        """The score that allows a call (났다) with the players of this hand, once they are seated."""

    def copy(self) -> Seating:
        other = Seating.__new__(Seating)
        other.dealt = {p: list(cards) for p, cards in self.dealt.items()}
        other.table_line = self.table_line
        other.chongtong_claims = list(self.chongtong_claims)
        other.sitting_out = dict(self.sitting_out)
        other.began = self.began
        other.order = list(self.order)
        other.minimum = self.minimum
        return other

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Seating) else NotImplemented

    __hash__ = None  # type: ignore[assignment]


class Saved:
    """What a push may change, as it was before it (:meth:`HandState.save`): a copy of each part,
    and the length of each list the record only appends to, so that taking a push back costs the
    same at the sixtieth statement as at the first."""

    __slots__ = ("_logs", "_parts", "_progress", "findings")

    def __init__(self, st: HandState) -> None:
        self._parts = tuple(getattr(st, name).copy() for name in _PARTS)
        self.findings: Mark = st.findings.mark()
        self._logs = (len(st.statements), len(st.events), len(st.claims))
        pending = st.pending
        self._progress = (
            st.outcome,
            st.next_index,
            st.turn_number,
            None if pending is None else pending.copy(),
            st.shake_due,
            st.closed,
            st.redeal_reported,
            list(st.drawn_back),
        )

    def copy(self) -> Saved:
        """The same, to be restored on another board (what it holds is restored in place once)."""
        other = Saved.__new__(Saved)
        other._parts = tuple(part.copy() for part in self._parts)
        other.findings = self.findings  # a mark is never changed: restoring copies from it
        other._logs = self._logs
        outcome, index, turn, pending, due, closed, reported, drawn = self._progress
        pending = None if pending is None else pending.copy()
        other._progress = (outcome, index, turn, pending, due, closed, reported, list(drawn))
        return other


_PARTS = ("seating", "ledger", "hands", "stock", "table", "piles", "deeds", "calls")
"""The parts a push may change in place, copied whole by :class:`Saved` (the findings are marked)."""


class HandState:
    """Everything a played hand has come to after the statements pushed so far."""

    def __init__(self, seats: list[str], profile: Profile, *, dealer: str, stake: int = 1) -> None:
        self.seats = tuple(seats)
        self.stake = stake
        self.profile = profile
        self.minhwatu = profile.game == "minhwatu"
        self.dealer = dealer
        self.deck = profile.the_deck()
        self.seating = Seating()
        self.ledger = Ledger(self.deck)
        self.hands = Hands()
        self.stock = Stock()
        self.table = Table()
        self.piles = Piles(seats)
        self.deeds = Deeds()
        self.calls = Calls()
        self.findings = Findings()
        self.statements: list[Statement] = []
        """Every statement pushed, in order (the board's move stack)."""
        self.events: list[Event] = []
        self.claims: list[Claim] = []
        self.drawn_back: list[tuple[CardRef, str, int, str]] = []
        """Cards shown from an unseen hand and read as a returned card drawn back (E30): the card,
        the player, the line and where it showed."""
        self.outcome = Outcome()
        self.next_index = 0
        self.turn_number = 0
        self.pending: PendingTurn | None = None
        self.shake_due: tuple[str, int, int] | None = None
        """(player, month, line) of an on-play shake whose turn must play one of the three."""
        self.redeal_reported = False
        self.closed = False
        """The record has ended (:func:`..end.close`): what could still be written is decided."""

    # ---- value semantics ------------------------------------------------------------------

    def _fields(self) -> tuple[object, ...]:
        return (
            self.seats,
            self.stake,
            self.profile,
            self.dealer,
            *(getattr(self, name) for name in _PARTS),
            self.findings,
            self.statements,
            self.events,
            self.claims,
            self.drawn_back,
            *self._progress(),
        )

    def _progress(self) -> tuple[object, ...]:
        return (
            self.outcome,
            self.next_index,
            self.turn_number,
            self.pending,
            self.shake_due,
            self.closed,
            self.redeal_reported,
        )

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, HandState) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> HandState:
        """An independent state equal to this one: each part copies itself; the profile, the deck
        and the statements, events and claims themselves (which never change) are shared."""
        other = HandState.__new__(HandState)
        other.seats, other.stake, other.profile = self.seats, self.stake, self.profile
        other.minhwatu, other.dealer, other.deck = self.minhwatu, self.dealer, self.deck
        for name in _PARTS:
            setattr(other, name, getattr(self, name).copy())
        other.findings = self.findings.copy()
        other.statements, other.events = list(self.statements), list(self.events)
        other.claims, other.drawn_back = list(self.claims), list(self.drawn_back)
        other.outcome, other.next_index, other.turn_number = self.outcome, self.next_index, self.turn_number
        other.pending = None if self.pending is None else self.pending.copy()
        other.shake_due, other.redeal_reported, other.closed = self.shake_due, self.redeal_reported, self.closed
        return other

    def save(self) -> Saved:
        """What the next statements may change, to be taken back by :meth:`restore`."""
        return Saved(self)

    def restore(self, saved: Saved) -> None:
        """The state as it was when ``saved`` was made (each saved state is restored once)."""
        for name, part in zip(_PARTS, saved._parts, strict=True):
            setattr(self, name, part)
        self.findings.back_to(saved.findings)
        statements, events, claims = saved._logs
        del self.statements[statements:]
        del self.events[events:]
        del self.claims[claims:]
        (
            self.outcome,
            self.next_index,
            self.turn_number,
            self.pending,
            self.shake_due,
            self.closed,
            self.redeal_reported,
            self.drawn_back,
        ) = saved._progress

    @contextmanager
    def trial(self) -> Iterator[HandState]:
        """The state itself, for a look at what would follow (the turn closed, the players
        seated), put back as it was afterwards."""
        saved = self.save()
        try:
            yield self
        finally:
            self.restore(saved)

    # ---- reporting ------------------------------------------------------------------------

    def violate(
        self,
        code: str,
        line: int,
        column: int,
        message: str,
        player: str | None = None,
        card: str | None = None,
        /,
        **params: str | int,
    ) -> None:
        """Record a violation (the findings cap each code: decision H9)."""
        self.findings.violate(code, line, column, message, player, card, **params)

    @property
    def violations(self) -> Sequence[Violation]:
        """The violations listed one by one so far."""
        return self.findings.listed

    def emit(self, kind: EventKind, line: int, player: str | None = None, cards: Any = (), **more: Any) -> None:
        if more:
            self.events.append(Event(kind, line, player, tuple(cards), turn=self.turn_number, **more))
        else:  # most events (plays, flips, captures) say nothing more: the fields in order, no keywords (B27)
            self.events.append(Event(kind, line, player, tuple(cards), None, "", self.turn_number))

    def end(self, kind: OutcomeKind, winner: str | None, line: int) -> None:
        """The hand ends here, or so it stands (a stop, chongtong, three ppeoks, a redeal …)."""
        self.outcome = Outcome(kind, winner, line)

    def observe(self, ref: CardRef, line: int, player: str | None, where: str) -> None:
        """A new sighting of a card; ``unknown-card`` / ``extra-card`` when the deck says no."""
        problem = self.ledger.observe(ref.code, (line, player, where))
        if problem == "unknown-card":
            self.violate(
                problem,
                line,
                ref.column,
                f"{ref.code} {where} is not a card of this deck",
                player,
                ref.code,
                where=where,
            )
        elif problem == "extra-card":
            copies = self.deck.copies(ref.code)
            held = "once" if copies == 1 else f"{copies} times"
            seen = self.ledger.seen[ref.code]
            first_line, first_player, first_where = self.ledger.first(ref.code) or (line, None, where)
            self.violate(
                problem,
                line,
                ref.column,
                f"{ref.code} {where} is one too many: the deck holds it {held}, and it has been seen {seen} times;"
                f" it was first seen on line {first_line}, {first_where}",
                player,
                ref.code,
                where=where,
                copies=copies,
                seen=seen,
                first_line=first_line,
                first_player=first_player or "",
            )

    # ---- piles ----------------------------------------------------------------------------

    def score(self, player: str) -> int:
        """The player's best total now."""
        return self.piles.score(player, self.profile)

    # ---- hands and the stock --------------------------------------------------------------

    def show(self, player: str, refs: Sequence[CardRef], line: int) -> bool:
        """The player shows these cards and keeps them (a shake, a chongtong): each copy of a code
        is a card of its own, one known or one more from the unseen hand (two ``1p`` shown from an
        unseen hand are two sightings, and a third ``1p`` in the game is one too many)."""
        shown: Counter[str] = Counter()
        for ref in refs:
            shown[ref.code] += 1
            if not self.reveal(player, ref, line, "shows", copies=shown[ref.code]):
                return False
        return True

    def reveal(self, player: str, ref: CardRef, line: int, verb: str, copies: int = 1) -> bool:
        """The player holds this card, or an unseen card that now shows to be it (observed);
        ``copies``: this is the statement's ``copies``-th of the code, each a card of its own."""
        code = ref.code
        if self.hands.holds_known(player, code, copies):
            return True
        if self.hands.unseen(player) > 0:
            self.hands.reveal(player, code)
            where = f"{verb} from {player}'s unseen hand"
            if not self._drawn_back(player, ref, line, where):
                self.observe(ref, line, player, where)
            return True
        self.violate(
            "not-in-hand",
            line,
            ref.column,
            f"{player} {verb} {code} on line {line}, but {player}'s hand holds no {code}",
            player,
            code,
            verb=verb,
        )
        return False

    def _drawn_back(self, player: str, ref: CardRef, line: int, where: str) -> bool:
        """The card shown from an unseen hand is one known to lie in the stock (a hand that sat out
        went back into it), which the hand drew unseen: every copy of it has been seen, the stock
        still holds one of those, and the hand drew a card nobody saw. It is that card, seen before,
        not one too many (decision E30); kept, in case that copy comes out of the stock after all."""
        code = ref.code
        if self.hands.drawn(player) <= 0 or not self.ledger.fully_seen(code):
            return False
        if not self.stock.take_returned(code):
            return False
        self.hands.drew_back(player)
        self.drawn_back.append((ref, player, line, where))
        return True

    def _comes_out_again(self, code: str) -> bool:
        """A card flipped from the stock that a hand was said to have drawn back unseen (E30): the
        stock held it after all, so the card that hand showed was one too many. The fault is the
        hand's, at the line it showed the card, as it was before the drawn-back reading; the flip
        seen by the table is not."""
        if not self.drawn_back or not self.ledger.fully_seen(code):  # every flip asks: mostly none
            return False
        for i, (ref, player, line, where) in enumerate(self.drawn_back):
            if ref.code == code:
                del self.drawn_back[i]
                self.observe(ref, line, player, where)
                return True
        return False

    def take(self, player: str, ref: CardRef, line: int, verb: str = "played") -> bool:
        """Remove a card from a hand; False (with ``not-in-hand``) when the hand cannot hold it."""
        if not self.reveal(player, ref, line, verb):
            self.ledger.count_once_more(ref.code)
            return False
        self.hands.remove(player, ref.code)
        return True

    def draw(self, ref: CardRef, line: int, player: str | None, verb: str) -> None:
        """A card leaves the top of the stock face up (a flip, or a bonus replacement shown)."""
        stock = self.stock
        if stock.remaining <= 0:
            self.violate(
                "extra-card",
                line,
                ref.column,
                f"{ref.code} {verb} from an empty stock: the stock holds no more cards",
                player,
                ref.code,
                verb=verb,
                stock=0,
            )
            self.ledger.count_once_more(ref.code)
            return
        listed = stock.listed_next()
        stock.take()
        if listed is None and stock.take_returned(ref.code):
            return
        if listed is not None and listed != ref.code:
            self.violate(
                "stock-mismatch",
                line,
                ref.column,
                f"{ref.code} {verb}, but the stock line says {listed} comes next",
                player,
                ref.code,
                verb=verb,
                listed=listed,
            )
            self.observe(ref, line, player, verb)
        elif listed is None and not self._comes_out_again(ref.code):
            self.observe(ref, line, player, verb)

    def cards_left(self, player: str) -> int:
        """Hand cards and dummy turns left (a bomb's dummy counts as a hand card)."""
        return self.hands.size(player) + self.deeds.dummies(player)

    def cards_in_play(self) -> int:
        """Every card the state knows a place for: hands, table (stacks too), piles and the stock.

        Once play has begun this equals the size of the deck, whatever happened (a sum the
        property tests check after every statement)."""
        hands = sum(self.hands.size(p) for p in self.seats)
        return hands + self.table.holds() + len(self.piles.all_cards()) + self.stock.remaining

    def hand_is_over(self) -> bool:
        """Every player of the hand has played every card and dummy turn."""
        return all(self.cards_left(p) == 0 for p in self.seating.order)

    # ---- turn order -----------------------------------------------------------------------

    @property
    def order(self) -> list[str]:
        """The players of the hand in turn order (empty before play begins)."""
        return self.seating.order

    @property
    def began(self) -> bool:
        return self.seating.began

    def seat_order(self) -> list[str]:
        """The seats in turn order, the dealer first."""
        seats = list(self.seats)
        start = seats.index(self.dealer) if self.dealer in seats else 0
        return seats[start:] + seats[:start]

    def expected(self) -> str | None:
        """Whose turn comes next."""
        order = self.seating.order
        return order[self.next_index % len(order)] if order else None

    def last_turn_player(self) -> str | None:
        # from the end: a call asks it, and a record may hold any number of calls
        return next((e.player for e in reversed(self.events) if e.kind in ("play", "bomb", "pass")), None)

    def first_line(self) -> int:
        return self.statements[0].line if self.statements else 0

    def last_line(self) -> int:
        return self.statements[-1].line if self.statements else 0

    def deal_line_of(self, player: str) -> DealLine:
        """The ``deal`` statement of a player (the deal was checked to have one)."""
        return next(s for s in self.statements if isinstance(s, DealLine) and s.player == player)


@frozen
class PlayedHand:
    """A finished hand as the judge reads it (:meth:`~.board.HandBoard.result`): how it ended, who
    played it, each player's pile, calls, shakes, bombs and declarations, and what the replay
    found. Frozen: the board that made it goes on unchanged."""

    outcome: Outcome
    order: tuple[str, ...]
    """The players of the hand in turn order, the dealer first."""
    minhwatu: bool
    piles: Mapping[str, tuple[str, ...]]
    gos: Mapping[str, int]
    go_order: Mapping[str, tuple[int, ...]]
    shakes: Mapping[str, int]
    bombs: Mapping[str, int]
    declared: Mapping[str, Mapping[str, str]]
    sitting_out: Mapping[str, str]
    shodang: Mapping[str, str]
    """Each player's part in the answered shodang (쇼당): offered, accept or refuse."""
    dealt: Mapping[str, tuple[str, ...]]
    events: tuple[Event, ...]
    violations: tuple[Violation, ...]
    """Every violation, with one closing "and N more" for each code past the cap (decision H9)."""
    discrepancies: tuple[Discrepancy, ...]
    claims: tuple[Claim, ...]

    @classmethod
    def of(cls, st: HandState) -> PlayedHand:
        players = st.seating.order
        return cls(
            outcome=st.outcome,
            order=tuple(players),
            minhwatu=st.minhwatu,
            piles=View({p: tuple(st.piles.of(p)) for p in st.seats}),
            gos=View(dict(st.calls.gos)),
            go_order=View({p: tuple(order) for p, order in st.calls.go_order.items()}),
            shakes=View(dict(st.deeds.shakes)),
            bombs=View(dict(st.deeds.bombs)),
            declared=View({p: View(dict(st.piles.declared(p))) for p in st.seats}),
            sitting_out=View(dict(st.seating.sitting_out)),
            shodang=View(dict(st.deeds.shodang)),
            dealt=View({p: tuple(cards) for p, cards in st.seating.dealt.items()}),
            events=tuple(st.events),
            violations=tuple(st.findings.all()),
            discrepancies=tuple(st.findings.discrepancies),
            claims=tuple(st.claims),
        )


__all__ = [
    "MARK_EVENTS",
    "NATURAL",
    "SHOWN_PER_CODE",
    "HandState",
    "MustCall",
    "Outcome",
    "PendingTurn",
    "PlayedHand",
    "Problem",
    "Saved",
    "Seating",
    "Steal",
    "is_bonus",
    "month_of",
    "problem",
]
