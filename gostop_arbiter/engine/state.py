"""The state of one played hand, and the small steps every turn rule is made of.

:class:`HandState` holds where every card is (hands with unseen cards, the table with its stacks,
their owners and what is buried in them, the stock, the capture piles), what each player has done
(dummy turns, shakes, bombs, gos, ppeoks, declarations), whose turn it is and what is due (a
pending turn's steals and ``give`` lines, a go/stop call). The turn rules (``deal``, ``calls``,
``turn``, ``minhwatu``) are functions of this state and one statement; they import this module,
never the other way round. The board (:mod:`.board`) owns a state and pushes statements onto it.

The state never prints and never stops at the first problem: a violation is recorded and the
replay goes on wherever the state still makes sense.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import field
from functools import partial
from typing import Any

from ..cards import BONUS_CARDS, MONTH_CARDS
from ..notation.model import CardRef, Chongtong, Claim, Give, Statement, TableLine
from ..records import Mutable, mutable
from ..rules import Profile
from ..scoring import Tally
from ..verdict import Discrepancy, Violates, Violation, violation
from ..verdict import Outcome as OutcomeKind
from .events import NO_EXTRA, Event, EventKind
from .ledger import Hands, Ledger, Stock

_new_event = partial(tuple.__new__, Event)

NATURAL = ""
"""The owner of a triple dealt to the table (자연뻑): nobody."""

MARK_EVENTS = {"ppeok": "ppeok", "jappeok": "ja-ppeok", "chok": "chok", "ttadak": "ttadak", "sweep": "sweep"}
"""A transcriber's mark (``!chok``) → the event it claims."""

_MONTHS = {code: card.month for code, card in MONTH_CARDS.items()}


def month_of(code: str) -> int:
    """The month of a card (0 for bonus cards and foreign codes)."""
    return _MONTHS.get(code, 0)


def is_bonus(code: str) -> bool:
    """A bonus card (보너스피), which belongs to no month."""
    return code in BONUS_CARDS


@mutable
class Steal(Mutable):
    """One steal owed to the turn's player: from whom, how much, and why."""

    reason: EventKind
    amount: int
    """Junk value (for a ja-ppeok under ``multi_steal_unit=value``) or number of cards."""
    by_value: bool = False
    givers: tuple[str, ...] = ()


@mutable
class PendingTurn(Mutable):
    """A turn whose steals and go/stop check wait for the ``give`` and ``9a as`` lines after it."""

    player: str
    line: int
    steals: list[Steal]
    given: dict[str, list[CardRef]] = field(default_factory=dict)
    give_lines: dict[str, Give] = field(default_factory=dict)


@mutable
class MustCall(Mutable):
    """A player whose score allows a call, which must come before the next turn."""

    player: str
    score: int
    line: int


@mutable
class Outcome(Mutable):
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


SHOWN_PER_CODE = 20
"""Violations of one code a hand records one by one; the rest are counted into one closing
violation, "and N more" (decision H9): a hostile record cannot make the verdict grow without bound."""

_DERIVED = frozenset({"tallies", "scored"})
"""Fields worked out from others (a pile's running counts, a cached score): not compared."""


class HandState(Violates):
    """Everything a played hand has come to after the statements pushed so far."""

    def __init__(self, seats: list[str], profile: Profile, *, dealer: str, stake: int = 1) -> None:
        self.seats = list(seats)
        self.stake = stake
        self.profile = profile
        self.minhwatu = profile.game == "minhwatu"
        self.dealer = dealer
        self.deck = profile.the_deck()
        self.statements: list[Statement] = []
        """Every statement pushed, in order (the board's move stack)."""
        self.ledger = Ledger(self.deck)
        self.hands = Hands()
        self.stock = Stock()
        self.table: dict[int, list[str]] = {}
        self.stack_owner: dict[int, str] = {}
        self.stack_made: dict[int, int] = {}
        self.buried: dict[int, list[str]] = {}
        self.piles: dict[str, list[str]] = {p: [] for p in seats}
        self.tallies: dict[str, Tally] = {p: Tally() for p in seats}
        """Each pile's running counts (kept by :meth:`to_pile` and :meth:`from_pile`), for the go/stop check."""
        self.scored: dict[str, tuple[int, int]] = {}
        """Player → (the tally's count of changes, the best total then): see :meth:`score`."""
        self.dummies: Counter[str] = Counter()
        self.shakes: Counter[str] = Counter()
        self.bombs: Counter[str] = Counter()
        self.shaken: dict[str, set[int]] = {}
        self.gos: Counter[str] = Counter()
        self.go_order: dict[str, list[int]] = {}
        self.last_go_score: dict[str, int] = {}
        self.calls = 0
        self.ppeoks: Counter[str] = Counter()
        self.ppeok_streak: Counter[str] = Counter()
        self.own_turns: Counter[str] = Counter()
        self.declared: dict[str, dict[str, str]] = {}
        self.events: list[Event] = []
        self.violations: list[Violation] = []
        """Every violation recorded, at most :data:`SHOWN_PER_CODE` of a code (see :meth:`violate`)."""
        self.violated = 0
        """How many violations the statements made, recorded or folded (a push compares it)."""
        self.per_code: Counter[str] = Counter()
        self.folded: dict[str, tuple[int, int, int, int]] = {}
        """Code → (line, column, count, last line) of the violations past :data:`SHOWN_PER_CODE`."""
        self.discrepancies: list[Discrepancy] = []
        self.drawn_back: list[tuple[CardRef, str, int, str]] = []
        """Cards shown from an unseen hand and read as a returned card drawn back (E30): the card,
        the player, the line and where it showed."""
        self.sitting_out: dict[str, str] = {}
        self.chongtong_claims: list[Chongtong] = []
        self.claims: list[Claim] = []
        self.outcome = Outcome()
        self.dealt: dict[str, list[str]] = {}
        self.table_line: TableLine | None = None
        self.began = False
        self.players: list[str] = list(seats)
        self.order: list[str] = []
        self.minimum = 0
        """The score that allows a call (났다) with the players of this hand, once they are seated."""
        self.next_index = 0
        self.turn_number = 0
        self.pending: PendingTurn | None = None
        self.must_call: MustCall | None = None
        self.shake_due: tuple[str, int, int] | None = None
        """(player, month, line) of an on-play shake whose turn must play one of the three."""
        self.redeal_reported = False
        self.first_paid: set[str] = set()
        self.misdeal = False
        self.closed = False
        """The record has ended (:func:`..end.close`): what could still be written is decided."""

    # ---- value semantics ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        mine, theirs = vars(self), vars(other)
        return all(mine[name] == theirs[name] for name in mine if name not in _DERIVED)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> HandState:
        """An independent state equal to this one. Each field is copied as deep as it holds
        changing values, and no deeper (:data:`_COPIES`); the profile, the deck and immutable
        values are shared. A field the table does not name is deep-copied."""
        other = HandState.__new__(HandState)
        fields = vars(other)
        for name, value in vars(self).items():
            how = _COPIES.get(name)
            fields[name] = copy.deepcopy(value) if how is None else how(value)
        return other

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
        """Record a violation; past :data:`SHOWN_PER_CODE` of its code only count it (decision H9)."""
        self.violated += 1
        self.per_code[code] += 1
        if self.per_code[code] <= SHOWN_PER_CODE:
            super().violate(code, line, column, message, player, card, **params)
            return
        first = self.folded.get(code)
        if first is None:
            self.folded[code] = (line, column, 1, line)
        else:
            self.folded[code] = (first[0], first[1], first[2] + 1, line)

    def closing_violations(self) -> list[Violation]:
        """One violation for each code past :data:`SHOWN_PER_CODE`: where the first one not listed
        is, and how many more there are."""
        return [
            violation(
                code,
                line,
                column,
                f"and {more} more {code} violations up to line {last}, not listed one by one",
                more=more,
                shown=SHOWN_PER_CODE,
                last_line=last,
            )
            for code, (line, column, more, last) in self.folded.items()
        ]

    def all_violations(self) -> list[Violation]:
        """The violations recorded, and the closing ones of the codes past the cap."""
        return self.violations + self.closing_violations() if self.folded else self.violations

    def emit(self, kind: EventKind, line: int, player: str | None = None, cards: Any = (), **more: Any) -> None:
        if more:
            self.events.append(Event(kind, line, player, tuple(cards), turn=self.turn_number, **more))
        else:  # most events: the tuple built directly, without the keyword handling
            self.events.append(_new_event((kind, line, player, tuple(cards), None, "", self.turn_number, NO_EXTRA)))

    def observe(self, ref: CardRef, line: int, player: str | None, where: str) -> None:
        """A new sighting of a card; ``unknown-card`` / ``extra-card`` when the deck says no."""
        problem = self.ledger.observe(ref.code)
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
            self.violate(
                problem,
                line,
                ref.column,
                f"{ref.code} {where} is one too many: the deck holds it {held}, and it has been seen "
                f"{self.ledger.seen[ref.code]} times",
                player,
                ref.code,
                where=where,
                copies=copies,
                seen=self.ledger.seen[ref.code],
            )

    # ---- piles ----------------------------------------------------------------------------

    def to_pile(self, player: str, cards: list[str]) -> None:
        """Cards join a player's capture pile."""
        self.piles[player].extend(cards)
        tally = self.tallies[player]
        for code in cards:
            tally.add(code)

    def from_pile(self, player: str, code: str) -> None:
        """A card leaves a player's capture pile (a steal)."""
        self.piles[player].remove(code)
        self.tallies[player].remove(code)

    def score(self, player: str) -> int:
        """The player's best total now; worked out again only when the pile or a declaration changed."""
        tally = self.tallies[player]
        known = self.scored.get(player)
        if known is not None and known[0] == tally.changes:
            return known[1]
        score = tally.best(self.profile, self.declared.get(player, {}))
        self.scored[player] = (tally.changes, score)
        return score

    # ---- hands and the stock --------------------------------------------------------------

    def show(self, player: str, refs: list[CardRef], line: int) -> bool:
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
        if self.hands.unseen.get(player, 0) > 0:
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
        hands, returned, code = self.hands, self.stock.returned, ref.code
        if hands.drawn.get(player, 0) <= 0 or returned[code] <= 0 or not self.ledger.fully_seen(code):
            return False
        hands.drawn[player] -= 1
        returned[code] -= 1
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
            if not self.ledger.fully_seen(ref.code) and self.deck.holds(ref.code):
                self.ledger.seen[ref.code] += 1
            return False
        self.hands.remove(player, ref.code)
        return True

    def draw(self, ref: CardRef, line: int, player: str | None, verb: str) -> None:
        """A card leaves the top of the stock face up (a flip, or a bonus replacement shown)."""
        if self.stock.remaining <= 0:
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
            if self.deck.holds(ref.code) and not self.ledger.fully_seen(ref.code):
                self.ledger.seen[ref.code] += 1
            return
        listed = self.stock.listed_next()
        self.stock.used += 1
        if listed is None and self.stock.returned[ref.code] > 0:
            self.stock.returned[ref.code] -= 1
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
        return self.hands.size(player) + self.dummies[player]

    def cards_in_play(self) -> int:
        """Every card the state knows a place for: hands, table (stacks too), piles and the stock.

        Once play has begun this equals the size of the deck, whatever happened (a sum the
        property tests check after every statement)."""
        hands = sum(self.hands.size(p) for p in self.seats)
        table = sum(len(cards) for cards in self.table.values()) + sum(len(cards) for cards in self.buried.values())
        piles = sum(len(pile) for pile in self.piles.values())
        return hands + table + piles + self.stock.remaining

    def hand_is_over(self) -> bool:
        """Every player of the hand has played every card and dummy turn."""
        return all(self.cards_left(p) == 0 for p in self.order)

    # ---- turn order -----------------------------------------------------------------------

    def seat_order(self) -> list[str]:
        """The seats in turn order, the dealer first."""
        seats = self.seats
        start = seats.index(self.dealer) if self.dealer in seats else 0
        return seats[start:] + seats[:start]

    def expected(self) -> str | None:
        """Whose turn comes next."""
        return self.order[self.next_index % len(self.order)] if self.order else None

    def last_turn_player(self) -> str | None:
        # from the end: a call asks it, and a record may hold any number of calls
        return next((e.player for e in reversed(self.events) if e.kind in ("play", "bomb", "pass")), None)

    def first_line(self) -> int:
        return self.statements[0].line if self.statements else 0

    def last_line(self) -> int:
        return self.statements[-1].line if self.statements else 0

    def deal_line_of(self, player: str) -> Any:
        """The ``deal`` statement of a player (the deal was checked to have one)."""
        return next(s for s in self.statements if s.kind == "deal" and s.player == player)


# ---- copying a state ----------------------------------------------------------------------
# The board copies a state for every trial push, and ``legal_moves`` closes a copy after every
# turn: ``copy.deepcopy`` of the whole state took most of their time (decision E20). Each field is
# copied as deep as it holds values that change in place, and no deeper.


def _same(value: Any) -> Any:
    """A value that never changes in place (the profile, the deck, a number, a tuple): shared."""
    return value


def _lists(value: dict[Any, list[Any]]) -> dict[Any, list[Any]]:
    return {key: list(items) for key, items in value.items()}


def _sets(value: dict[Any, set[Any]]) -> dict[Any, set[Any]]:
    return {key: set(items) for key, items in value.items()}


def _dicts(value: dict[Any, dict[Any, Any]]) -> dict[Any, dict[Any, Any]]:
    return {key: dict(items) for key, items in value.items()}


def _ledger(ledger: Ledger) -> Ledger:
    return Ledger(ledger.deck, Counter(ledger.seen))


def _hands(hands: Hands) -> Hands:
    known = {p: Counter(cards) for p, cards in hands.known.items()}
    return Hands(known, dict(hands.unseen), dict(hands.sizes), dict(hands.drawn))


def _stock(stock: Stock) -> Stock:
    return Stock(stock.size, stock.used, list(stock.listed), Counter(stock.returned))


def _tallies(tallies: dict[str, Tally]) -> dict[str, Tally]:
    copied = {}
    for player, tally in tallies.items():
        copied[player] = other = copy.copy(tally)
        other.held = dict(tally.held)  # a tally's one field that changes in place
    return copied


def _outcome(outcome: Outcome) -> Outcome:
    return Outcome(outcome.kind, outcome.winner, outcome.line)


def _pending(pending: PendingTurn | None) -> PendingTurn | None:
    if pending is None:
        return None
    steals = [Steal(s.reason, s.amount, s.by_value, s.givers) for s in pending.steals]
    given = {p: list(cards) for p, cards in pending.given.items()}
    return PendingTurn(pending.player, pending.line, steals, given, dict(pending.give_lines))


def _must_call(must: MustCall | None) -> MustCall | None:
    return None if must is None else MustCall(must.player, must.score, must.line)


_COPIES: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(
        ("profile", "deck", "table_line", "stake", "minhwatu", "dealer", "calls", "began", "minimum", "next_index"),
        _same,
    ),
    **dict.fromkeys(("turn_number", "shake_due", "redeal_reported", "misdeal", "closed", "violated"), _same),
    **dict.fromkeys(("seats", "statements", "events", "violations", "discrepancies", "claims", "drawn_back"), list),
    **dict.fromkeys(("chongtong_claims", "players", "order"), list),
    **dict.fromkeys(("stack_owner", "stack_made", "scored", "last_go_score", "sitting_out", "folded"), dict),
    **dict.fromkeys(("dummies", "shakes", "bombs", "gos", "ppeoks", "ppeok_streak", "own_turns", "per_code"), Counter),
    **dict.fromkeys(("table", "buried", "piles", "go_order", "dealt"), _lists),
    "shaken": _sets,
    "declared": _dicts,
    "first_paid": set,
    "ledger": _ledger,
    "hands": _hands,
    "stock": _stock,
    "tallies": _tallies,
    "outcome": _outcome,
    "pending": _pending,
    "must_call": _must_call,
}
"""How :meth:`HandState.copy` copies each field: shared, or copied as deep as it changes."""


__all__ = [
    "MARK_EVENTS",
    "NATURAL",
    "SHOWN_PER_CODE",
    "HandState",
    "MustCall",
    "Outcome",
    "PendingTurn",
    "Problem",
    "Steal",
    "is_bonus",
    "month_of",
    "problem",
]
