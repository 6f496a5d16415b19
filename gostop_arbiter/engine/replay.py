"""The replay engine: a played hand, one statement at a time, under its rules profile.

The engine keeps the state of the table (hands with unseen cards, the table with its stacks and
their owners, the stock, the capture piles, dummy turns, shakes, bombs, gos, ppeoks), applies each
statement of the transcript to it, and records what happened as events and what broke a rule as
violations. It never prints and never stops at the first problem: a violation is recorded and the
replay goes on wherever the state still makes sense.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from functools import partial
from typing import Any

from ..cards import BONUS_CARDS, MONTH_CARDS, UNSEEN, Kind, card_info
from ..notation.model import (
    Bonus,
    Call,
    CardRef,
    Chongtong,
    Claim,
    DealLine,
    Declare,
    Give,
    Hand,
    Shake,
    SitOut,
    StockLine,
    TableLine,
    Turn,
)
from ..records import Mutable, mutable
from ..rules import Profile
from ..scoring import Tally, declaration_problem, junk_value_of
from ..verdict import Discrepancy, Payment, Violation, violation
from ..verdict import Outcome as OutcomeKind
from .events import NO_EXTRA, Event, EventKind
from .ledger import Hands, Ledger, Stock

_new_event = partial(tuple.__new__, Event)

NATURAL = ""
"""The owner of a triple dealt to the table (자연뻑): nobody."""

MARK_EVENTS = {"ppeok": "ppeok", "jappeok": "ja-ppeok", "chok": "chok", "ttadak": "ttadak", "sweep": "sweep"}


_MONTHS = {code: card.month for code, card in MONTH_CARDS.items()}


def month_of(code: str) -> int:
    """The month of a card (0 for bonus cards and foreign codes)."""
    return _MONTHS.get(code, 0)


def is_bonus(code: str) -> bool:
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


class Replay:
    """Replays one played hand; :meth:`run` returns itself with events, violations and the outcome."""

    def __init__(self, hand: Hand, profile: Profile, *, dealer: str) -> None:
        self.hand = hand
        self.profile = profile
        self.minhwatu = profile.game == "minhwatu"
        self.dealer = dealer
        self.deck = profile.the_deck()
        self.ledger = Ledger(self.deck)
        self.hands = Hands()
        self.stock = Stock()
        self.table: dict[int, list[str]] = {}
        self.stack_owner: dict[int, str] = {}
        self.stack_made: dict[int, int] = {}
        self.buried: dict[int, list[str]] = {}
        self.piles: dict[str, list[str]] = {p: [] for p in hand.seats}
        self.tallies: dict[str, Tally] = {p: Tally() for p in hand.seats}
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
        self.discrepancies: list[Discrepancy] = []
        self.immediate: list[Payment] = []
        self.sitting_out: dict[str, str] = {}
        self.chongtong_claims: list[Chongtong] = []
        self.claims: list[Claim] = []
        self.outcome = Outcome()
        self.dealt: dict[str, list[str]] = {}
        self.table_line: TableLine | None = None
        self.began = False
        self.players: list[str] = list(hand.seats)
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

    # ---- reporting ------------------------------------------------------------------------

    def violate(
        self, code: str, line: int, column: int, message: str, player: str | None = None, card: str | None = None
    ) -> None:
        self.violations.append(violation(code, line, column, message, player, card))

    def emit(self, kind: EventKind, line: int, player: str | None = None, cards: Any = (), **more: Any) -> None:
        if more:
            self.events.append(Event(kind, line, player, tuple(cards), turn=self.turn_number, **more))
        else:  # most events: the tuple built directly, without the keyword handling
            self.events.append(_new_event((kind, line, player, tuple(cards), None, "", self.turn_number, NO_EXTRA)))

    def observe(self, ref: CardRef, line: int, player: str | None, where: str) -> None:
        """A new sighting of a card; ``unknown-card`` / ``extra-card`` when the deck says no."""
        problem = self.ledger.observe(ref.code)
        if problem == "unknown-card":
            self.violate(problem, line, ref.column, f"{ref.code} {where} is not a card of this deck", player, ref.code)
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
            )

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

    # ---- the run --------------------------------------------------------------------------

    def run(self) -> Replay:
        for statement in self.hand.statements:
            self.statement(statement)
        self.finish()
        return self

    def statement(self, s: Any) -> None:
        if s.kind == "turn":  # most lines: the same steps as below, without the tests that cannot match
            self.close_pending()
            if not self.began:
                self.begin()
            if self.outcome.kind == "incomplete":
                self.turn(s)
            else:
                self.after_end(s)
            return
        if isinstance(s, DealLine | TableLine | StockLine):
            self.setup_line(s)
            return
        if isinstance(s, Claim):
            self.claims.append(s)
            return
        if isinstance(s, Declare):
            self.declare(s)
            return
        if isinstance(s, Give):
            self.give(s)
            return
        self.close_pending()
        if isinstance(s, SitOut | Chongtong) or (
            isinstance(s, Shake) and self.profile.events.shake_timing == "at-deal"
        ):
            if self.began:
                what = (
                    f"'{s.how}'"
                    if isinstance(s, SitOut)
                    else "a chongtong"
                    if isinstance(s, Chongtong)
                    else "this shake"
                )
                code = "illegal-shake" if isinstance(s, Shake) else "illegal-declaration"
                self.violate(code, s.line, s.column, f"{s.player}: {what} must come before the first turn", s.player)
                return
            self.before_play(s)
            return
        self.begin()
        if self.outcome.kind not in ("incomplete",):
            self.after_end(s)
            return
        if isinstance(s, Call):
            self.call(s)
        elif isinstance(s, Shake):
            self.shake(s)
        elif isinstance(s, Bonus):
            self.bonus(s)
        elif isinstance(s, Turn):
            self.turn(s)

    def after_end(self, s: Any) -> None:
        if self.outcome.kind == "redeal":
            if isinstance(s, Turn) and not self.redeal_reported:
                self.redeal_reported = True
                self.violate(
                    "redeal-required",
                    s.line,
                    s.column,
                    "four of a month lie on the table after the deal: the same dealer must redeal",
                    s.player,
                )
            return
        ended = {
            "stop": f"{self.outcome.winner} stopped on line {self.outcome.line}",
            "chongtong": f"{self.outcome.winner} won by chongtong on line {self.outcome.line}",
            "three-ppeok": f"{self.outcome.winner} won with a third ppeok on line {self.outcome.line}",
        }.get(self.outcome.kind, f"the hand ended on line {self.outcome.line}")
        self.violate("after-end", s.line, s.column, f"the hand is over: {ended}", getattr(s, "player", None))

    # ---- the deal -------------------------------------------------------------------------

    def setup_line(self, s: DealLine | TableLine | StockLine) -> None:
        if isinstance(s, DealLine):
            cards = [c.code for c in s.cards]
            self.dealt[s.player] = cards
            self.hands.deal(s.player, cards)
            where = f"dealt to {s.player}"
            for ref in s.cards:
                if ref.code != UNSEEN:
                    self.observe(ref, s.line, s.player, where)
        elif isinstance(s, TableLine):
            self.table_line = s
            for ref in s.dealer_bonus:
                self.observe(ref, s.line, None, "on the table")
                if not is_bonus(ref.code):
                    self.violate(
                        "illegal-bonus",
                        s.line,
                        ref.column,
                        f"+{ref.code}: only a bonus card is taken by the dealer",
                        None,
                        ref.code,
                    )
            for ref in s.cards:
                self.observe(ref, s.line, None, "on the table")
                if is_bonus(ref.code):
                    self.violate(
                        "illegal-bonus",
                        s.line,
                        ref.column,
                        f"{ref.code} on the table is taken by the dealer at once: write it +{ref.code}",
                        None,
                        ref.code,
                    )
                    continue
                self.table.setdefault(month_of(ref.code), []).append(ref.code)
        else:
            self.stock.listed = [c.code for c in s.cards]
            for ref in s.cards:
                if ref.code != UNSEEN:
                    self.observe(ref, s.line, None, "in the stock line")

    def before_play(self, s: SitOut | Chongtong | Shake) -> None:
        if isinstance(s, SitOut):
            self.sit_out(s)
        elif isinstance(s, Chongtong):
            self.chongtong_claims.append(s)
        else:
            self.shake(s)

    def sit_out(self, s: SitOut) -> None:
        rules = self.profile.four_players
        if len(self.hand.seats) != 4 or self.minhwatu:
            self.violate(
                "illegal-declaration", s.line, s.column, f"{s.player}: only four at the table sit one out", s.player
            )
            return
        problem = ""
        if self.sitting_out:
            problem = f"{next(iter(self.sitting_out))} already sits this hand out"
        elif s.player == self.dealer:
            problem = "the dealer always plays"
        elif s.how == "fold" and not rules.fold_allowed:
            problem = "folding is not allowed under these rules"
        elif s.how == "sell" and rules.mode != "sell-last":
            problem = "selling brights is not part of these rules"
        elif s.how == "sell" and s.player != self.seat_order()[-1]:
            problem = f"only the last in turn order ({self.seat_order()[-1]}) sells when nobody folds"
        if problem:
            self.violate("illegal-declaration", s.line, s.column, f"{s.player} cannot {s.how}: {problem}", s.player)
            return
        self.sitting_out[s.player] = s.how
        self.emit("sit-out", s.line, s.player, self.dealt.get(s.player, []), note=s.how)

    def seat_order(self) -> list[str]:
        seats = self.hand.seats
        start = seats.index(self.dealer) if self.dealer in seats else 0
        return seats[start:] + seats[:start]

    def begin(self) -> None:
        """Everything before the first turn is known: seat the players, check the deal."""
        if self.began:
            return
        self.began = True
        order = self.seat_order()
        if len(order) == 4 and not self.minhwatu and not self.sitting_out:
            seller = order[-1]
            self.sitting_out[seller] = "sell"
            self.emit("sit-out", 0, seller, self.dealt.get(seller, []), note="sell (nobody folded)")
        self.order = [p for p in order if p not in self.sitting_out]
        self.players = list(self.order)
        self.minimum = self.profile.min_score(len(self.order))
        self.check_deal()
        self.take_dealer_bonus()
        self.check_floor()
        if self.outcome.kind == "incomplete":
            self.settle_chongtong()
        if self.outcome.kind == "incomplete" and self.profile.events.shake_timing == "at-deal":
            self.check_triples_shown()

    def check_deal(self) -> None:
        players = len(self.hand.seats) if not self.minhwatu else len(self.order)
        hand_size, table_size = self.profile.deal_size(players)
        line = self.table_line.line if self.table_line else (self.hand.statements[0].line)
        for p in self.hand.seats:
            got = len(self.dealt.get(p, []))
            if p in self.dealt and got != hand_size:
                deal = next(s for s in self.hand.statements if isinstance(s, DealLine) and s.player == p)
                self.violate(
                    "deal-size", deal.line, deal.column, f"{p} was dealt {got} cards; the deal is {hand_size}", p
                )
            elif p not in self.dealt and p in self.order:
                self.violate("deal-size", line, 1, f"{p} has no deal line; the deal is {hand_size} cards", p)
        on_table = len(self.table_line.cards) if self.table_line else 0
        if on_table != table_size:
            column = self.table_line.column if self.table_line else 1
            self.violate(
                "deal-size", line, column, f"the table holds {on_table} cards after the deal; the deal is {table_size}"
            )
        dealt = sum(len(self.dealt.get(p, [])) for p in self.order)
        bonus = len(self.table_line.dealer_bonus) if self.table_line else 0
        self.stock.size = self.deck.size - dealt - on_table - bonus
        for p in self.sitting_out:
            self.stock.returned.update(c for c in self.dealt.get(p, []) if c != UNSEEN)
            self.hands.deal(p, [])

    def take_dealer_bonus(self) -> None:
        if not self.table_line:
            return
        for ref in self.table_line.dealer_bonus:
            if is_bonus(ref.code):
                self.piles.setdefault(self.dealer, [])
                self.tallies.setdefault(self.dealer, Tally())
                self.to_pile(self.dealer, [ref.code])
                self.emit("dealer-bonus", self.table_line.line, self.dealer, [ref.code])

    def check_floor(self) -> None:
        line = self.table_line.line if self.table_line else 0
        for month, cards in self.table.items():
            if len(cards) == 4 and month:
                rule = self.profile.deal.floor_quad
                self.emit("redeal", line, None, cards, note=rule)
                if rule == "redeal":
                    self.outcome = Outcome("redeal", None, line)
                elif rule == "nagari":
                    self.outcome = Outcome("nagari", None, line)
                else:
                    self.outcome = Outcome("chongtong", self.dealer, line)
                return
            if len(cards) == 3 and month and not self.minhwatu:
                self.stack_owner[month] = NATURAL

    def settle_chongtong(self) -> None:
        """총통: the first declaration in turn order wins; all void under some rules (PC-4)."""
        valid: list[Chongtong] = []
        for s in self.chongtong_claims:
            if self.minhwatu:
                self.violate("illegal-declaration", s.line, s.column, "Minhwatu has no chongtong", s.player)
                continue
            months = {month_of(c.code) for c in s.cards}
            if len(s.cards) != 4 or len(months) != 1 or 0 in months:
                self.violate(
                    "illegal-declaration",
                    s.line,
                    s.column,
                    f"{s.player}: a chongtong is four cards of one month",
                    s.player,
                )
                continue
            if not all(self.reveal(s.player, ref, s.line, "shows") for ref in s.cards):
                continue
            valid.append(s)
            self.emit("chongtong", s.line, s.player, [c.code for c in s.cards])
        if not valid:
            return
        if self.profile.deal.chongtong_all_void and {s.player for s in valid} == set(self.order) and len(valid) > 1:
            self.outcome = Outcome("void", None, valid[0].line)
            return
        first = min(valid, key=lambda s: self.order.index(s.player) if s.player in self.order else 99)
        self.outcome = Outcome("chongtong", first.player, first.line)

    def check_triples_shown(self) -> None:
        """wikipedia-it: every known dealt triple must be shown before the first turn."""
        for p in self.order:
            months = Counter(month_of(c) for c in self.hands.known.get(p, Counter()).elements())
            for month, count in months.items():
                if count >= 3 and month and month not in self.shaken.get(p, set()):
                    deal = next(s for s in self.hand.statements if isinstance(s, DealLine) and s.player == p)
                    self.violate(
                        "illegal-shake",
                        deal.line,
                        deal.column,
                        f"{p} was dealt three of month {month} and did not show them before the first turn",
                        p,
                    )

    # ---- hands ----------------------------------------------------------------------------

    def reveal(self, player: str, ref: CardRef, line: int, verb: str) -> bool:
        """The player holds this card, or an unseen card that now shows to be it (observed)."""
        code = ref.code
        if self.hands.holds_known(player, code):
            return True
        if self.hands.unseen.get(player, 0) > 0:
            self.hands.reveal(player, code)
            self.observe(ref, line, player, f"{verb} from {player}'s unseen hand")
            return True
        self.violate(
            "not-in-hand",
            line,
            ref.column,
            f"{player} {verb} {code} on line {line}, but {player}'s hand holds no {code}",
            player,
            code,
        )
        return False

    def take(self, player: str, ref: CardRef, line: int, verb: str = "played") -> bool:
        """Remove a card from a hand; False (with ``not-in-hand``) when the hand cannot hold it."""
        if not self.reveal(player, ref, line, verb):
            if not self.ledger.fully_seen(ref.code) and self.deck.holds(ref.code):
                self.ledger.seen[ref.code] += 1
            return False
        self.hands.remove(player, ref.code)
        return True

    def cards_left(self, player: str) -> int:
        """Hand cards and dummy turns left (a bomb's dummy counts as a hand card)."""
        return self.hands.size(player) + self.dummies[player]

    def cards_in_play(self) -> int:
        """Every card the replay knows a place for: hands, table (stacks too), piles and the stock.

        Once play has begun this equals the size of the deck, whatever happened (a sum the
        property tests check after every statement)."""
        hands = sum(self.hands.size(p) for p in self.hand.seats)
        table = sum(len(cards) for cards in self.table.values()) + sum(len(cards) for cards in self.buried.values())
        piles = sum(len(pile) for pile in self.piles.values())
        return hands + table + piles + self.stock.remaining

    def hand_is_over(self) -> bool:
        return all(self.cards_left(p) == 0 for p in self.order)

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
            )
            self.observe(ref, line, player, verb)
        elif listed is None:
            self.observe(ref, line, player, verb)

    # ---- turns ----------------------------------------------------------------------------

    def expected(self) -> str | None:
        return self.order[self.next_index % len(self.order)] if self.order else None

    def turn(self, s: Turn) -> None:
        self.turn_number += 1
        p = s.player
        if s.number is not None and s.number != self.turn_number:
            self.violate(
                "bad-turn-number", s.line, s.column, f"this is turn {self.turn_number}, not turn {s.number}", p
            )
        if self.must_call is not None:
            self.missing_call(s.line)
        expected = self.expected()
        if p not in self.order:
            self.violate("out-of-turn", s.line, s.column, f"{p} does not play this hand", p)
            return
        if p != expected:
            self.violate("out-of-turn", s.line, s.column, f"it is {expected}'s turn, not {p}'s", p)
        self.next_index = self.order.index(p) + 1
        if self.outcome.kind == "incomplete" and self.misdeal:
            return
        self.own_turns[p] += 1
        if self.minhwatu:
            minhwatu_turn(self, s)
        else:
            play_turn(self, s)

    def missing_call(self, line: int) -> None:
        assert self.must_call is not None
        m = self.must_call
        self.violate(
            "missing-call",
            line,
            1,
            f"{m.player} had {m.score} points after line {m.line} and had to call go or stop before the next turn",
            m.player,
        )
        self.must_call = None

    # ---- steals and the go/stop check -----------------------------------------------------

    def give(self, s: Give) -> None:
        pending = self.pending
        if self.outcome.kind not in ("incomplete",) and pending is None:
            self.after_end(s)
            return
        if pending is None or s.player == pending.player or s.player not in self.order:
            self.violate(
                "illegal-give",
                s.line,
                s.column,
                f"{s.player} owes no junk here: no steal was made from {s.player}",
                s.player,
            )
            return
        pending.given[s.player] = list(s.cards)
        pending.give_lines[s.player] = s

    def close_pending(self) -> None:
        """Pay the steals of the last turn, then see whether its player may call go or stop."""
        pending = self.pending
        if pending is None:
            return
        self.pending = None
        for giver in pending.given:
            if not any(giver in st.givers for st in pending.steals):
                give = pending.give_lines[giver]
                self.violate("illegal-give", give.line, give.column, f"{giver} owes no junk for this turn", giver)
        if pending.steals:  # most turns steal nothing
            for giver in [p for p in self.order if p != pending.player]:
                units = [st for st in pending.steals if giver in st.givers]
                if units:
                    self.pay_steals(pending, giver, units)
        if self.outcome.kind == "incomplete":
            self.after_turn(pending.player, pending.line)

    def pay_steals(self, pending: PendingTurn, giver: str, units: list[Steal]) -> None:
        receiver = pending.player
        default = self.default_gift(giver, units)
        chosen = default
        if giver in pending.given:
            named = [ref.code for ref in pending.given[giver]]
            give = pending.give_lines[giver]
            pile = Counter(self.piles[giver])
            problem = ""
            if any(pile[c] < n for c, n in Counter(named).items()):
                missing = next(c for c, n in Counter(named).items() if pile[c] < n)
                problem = f"{giver}'s pile holds no {missing} to give"
            elif any(junk_value_of(c, self.declared.get(giver, {})) == 0 for c in named):
                bad = next(c for c in named if junk_value_of(c, self.declared.get(giver, {})) == 0)
                problem = f"{bad} is not junk"
            elif len(named) != len(default):
                problem = f"{giver} owes {len(default)} card(s) for this turn, not {len(named)}"
            if problem:
                self.violate("illegal-give", give.line, give.column, problem, giver)
            else:
                chosen = named
        for code in chosen:
            self.from_pile(giver, code)
            self.to_pile(receiver, [code])
            self.emit("steal", pending.line, receiver, [code], other=giver)
        if self.profile.events.steal_change and len(chosen) == 1 and len(units) == 1 and not units[0].by_value:
            value = junk_value_of(chosen[0], self.declared.get(giver, {}))
            single = next((c for c in self.piles[receiver] if c.endswith("p") and not c.endswith("pp")), None)
            if value >= 2 and single is not None and units[0].amount == 1:
                self.from_pile(receiver, single)
                self.to_pile(giver, [single])
                self.emit("steal", pending.line, giver, [single], other=receiver, note="change")

    def giveable(self, giver: str) -> list[str]:
        """The giver's junk, lowest first: singles, then doubles, then bonus cards (ST-2)."""
        declared = self.declared.get(giver, {})
        options = []
        for code in self.piles[giver]:
            info = card_info(code)
            if info is None:
                continue
            if info.kind is Kind.ANIMAL:
                if declared.get(code) != "pi" and (self.profile.deck.gukjin_protected or code not in self.switchable()):
                    continue
                value = 2
            else:
                value = junk_value_of(code, declared)
            if value:
                options.append((value, info.kind is Kind.BONUS, code))
        return [code for _v, _b, code in sorted(options)]

    def switchable(self) -> set[str]:
        return {f"{m}a" for m in self.profile.deck.switchable_animals}

    def default_gift(self, giver: str, units: list[Steal]) -> list[str]:
        """What the giver hands over when no ``give`` line says: the lowest junk first."""
        available = self.giveable(giver)
        gift: list[str] = []
        for unit in units:
            got = 0
            while available and got < unit.amount:
                code = available.pop(0)
                gift.append(code)
                got += junk_value_of(code, self.declared.get(giver, {})) or 2 if unit.by_value else 1
        return gift

    def after_turn(self, player: str, line: int) -> None:
        """Three ppeoks, first-turn payments, and the go/stop check after a resolved turn."""
        if self.ppeoks[player] >= 3 and self.profile.events.three_ppeok:
            self.outcome = Outcome("three-ppeok", player, line)
            self.emit("three-ppeok", line, player)
            return
        score = self.score(player)
        last = self.last_go_score.get(player)
        if score >= self.minimum and (last is None or score > last):
            self.must_call = MustCall(player, score, line)

    def score(self, player: str) -> int:
        """The player's best total now; worked out again only when the pile or a declaration changed."""
        tally = self.tallies[player]
        known = self.scored.get(player)
        if known is not None and known[0] == tally.changes:
            return known[1]
        score = tally.best(self.profile, self.declared.get(player, {}))
        self.scored[player] = (tally.changes, score)
        return score

    def call(self, s: Call) -> None:
        p = s.player
        if self.minhwatu:
            self.violate("illegal-call", s.line, s.column, "Minhwatu has no go or stop: the round is played out", p)
            return
        must = self.must_call
        if must is None or must.player != p:
            score = self.score(p) if p in self.piles else 0
            why = (
                f"{p} has {score} points; a call needs {self.profile.min_score(len(self.order))}"
                if p not in self.last_go_score
                else f"{p} has {score} points and called go at {self.last_go_score[p]}: the score must rise first"
            )
            if must is not None and must.player != p:
                why = f"it is {must.player}'s call, after {must.player}'s turn"
            elif must is None and self.events and self.last_turn_player() != p:
                why = f"only the player whose turn just ended may call ({why})"
            self.violate("illegal-call", s.line, s.column, why, p)
            return
        self.must_call = None
        if s.call == "go" and self.cards_left(p) == 0 and self.profile.go.go_when_no_cards_left == "illegal":
            self.violate("illegal-call", s.line, s.column, f"{p} has no card left and may only stop", p)
            return
        if s.call == "go":
            self.gos[p] += 1
            self.go_order.setdefault(p, []).append(self.calls)
            self.last_go_score[p] = must.score
            self.emit("go", s.line, p, note=f"at {must.score}")
        else:
            self.outcome = Outcome("stop", p, s.line)
            self.emit("stop", s.line, p, note=f"at {must.score}")
        self.calls += 1

    def last_turn_player(self) -> str | None:
        plays = [e for e in self.events if e.kind in ("play", "bomb", "pass")]
        return plays[-1].player if plays else None

    # ---- other statements -----------------------------------------------------------------

    def shake(self, s: Shake) -> None:
        p = s.player
        if self.minhwatu:
            self.violate("illegal-shake", s.line, s.column, "Minhwatu has no shakes", p)
            return
        if p not in self.order and self.began:
            self.violate("out-of-turn", s.line, s.column, f"{p} does not play this hand", p)
            return
        timing = self.profile.events.shake_timing
        if timing == "at-deal" and self.began:
            self.violate(
                "illegal-shake", s.line, s.column, "under these rules triples are shown before the first turn", p
            )
            return
        if timing != "at-deal" and self.expected() != p:
            self.violate("illegal-shake", s.line, s.column, f"{p} may shake only at the start of {p}'s own turn", p)
            return
        months = {month_of(c.code) for c in s.cards}
        if len(s.cards) != 3 or len(months) != 1 or 0 in months:
            self.violate("illegal-shake", s.line, s.column, f"{p}: a shake shows three cards of one month", p)
            return
        month = months.pop()
        if self.table.get(month) and timing != "at-deal":
            self.violate(
                "illegal-shake",
                s.line,
                s.column,
                f"{p} cannot shake month {month}: the table holds a card of it (that is a bomb)",
                p,
            )
            return
        held = Counter(self.hands.known.get(p, Counter()))
        for ref in s.cards:
            if held[ref.code] > 0:
                held[ref.code] -= 1
            elif not self.reveal(p, ref, s.line, "shows"):
                return
        self.shakes[p] += 1
        self.shaken.setdefault(p, set()).add(month)
        self.emit("shake", s.line, p, [c.code for c in s.cards])
        if timing == "on-play":
            self.shake_due = (p, month, s.line)

    def bonus(self, s: Bonus) -> None:
        p = s.player
        if self.expected() != p:
            self.violate(
                "illegal-bonus", s.line, s.column, f"{p} may lay a bonus card only at the start of {p}'s own turn", p
            )
            return
        if not is_bonus(s.card.code):
            self.violate("illegal-bonus", s.line, s.card.column, f"{s.card.code} is not a bonus card", p, s.card.code)
            return
        if self.profile.events.bonus_from_hand == "flip-as-substitute":
            self.violate(
                "illegal-bonus",
                s.line,
                s.column,
                "under these rules a bonus card is played as the turn's hand card, not laid with 'bonus'",
                p,
                s.card.code,
            )
            return
        if not self.take(p, s.card, s.line, "laid"):
            return
        self.to_pile(p, [s.card.code])
        self.emit("bonus", s.line, p, [s.card.code])
        if s.draw.code == UNSEEN:
            listed = self.stock.listed_next()
            if self.stock.remaining <= 0:
                self.violate("extra-card", s.line, s.draw.column, "a replacement drawn from an empty stock", p)
            else:
                self.stock.used += 1
                self.hands.add(p, listed)
        else:
            self.draw(s.draw, s.line, p, f"drawn by {p}")
            self.hands.add(p, s.draw.code)
        self.emit("draw", s.line, p, [s.draw.code])
        steal = self.profile.events.bonus_steal
        if steal:
            opponents = tuple(q for q in self.order if q != p)
            pending = PendingTurn(p, s.line, [Steal("bonus", steal, givers=opponents)])
            for giver in opponents:
                self.pay_steals(pending, giver, pending.steals)

    def declare(self, s: Declare) -> None:
        code = s.card.code
        problem = declaration_problem(s.player, code, self.piles.get(s.player, []), self.profile)
        if problem:
            self.violate("illegal-declaration", s.line, s.card.column, problem, s.player, code)
            return
        self.declared.setdefault(s.player, {})[code] = s.category
        self.scored.pop(s.player, None)
        self.emit("declare", s.line, s.player, [code], note=s.category)
        if (
            self.pending is None
            and self.must_call is None
            and self.outcome.kind == "incomplete"
            and self.last_turn_player() == s.player
        ):
            self.after_turn(s.player, s.line)

    # ---- the end --------------------------------------------------------------------------

    def finish(self) -> None:
        self.close_pending()
        self.begin()
        if self.outcome.kind != "incomplete":
            return
        if not self.hand_is_over():
            return
        if self.minhwatu:
            self.outcome = Outcome("round", None, self.last_line())
        elif self.must_call is not None:
            m = self.must_call
            self.outcome = Outcome("stop", m.player, self.last_line())
            self.emit("stop", self.last_line(), m.player, note=f"at {m.score}, with the last turn of the hand")
            self.must_call = None
        else:
            self.outcome = Outcome("nagari", None, self.last_line())
            self.emit("nagari", self.last_line())
        self.check_complete_record()

    def last_line(self) -> int:
        return self.hand.statements[-1].line

    def check_complete_record(self) -> None:
        """missing-card: at the end of a played-out hand every card of the deck has shown up.

        Only bonus cards may be left in the stock: a bonus card takes no turn, so one at the bottom
        is never flipped. Those are the bonus cards in no pile and in no stack on the table, seen
        or not (a seller's hand goes back into the stock, and a ``stock:`` line names its cards)."""
        placed = [code for cards in (*self.piles.values(), *self.buried.values()) for code in cards]
        bonus_left = sum(n for code, n in self.deck.counts.items() if is_bonus(code)) - sum(map(is_bonus, placed))
        line = self.last_line()
        if self.stock.remaining > bonus_left:
            self.violate(
                "missing-card",
                line,
                1,
                f"the hands ran out while the stock still held {self.stock.remaining} card(s): a flip was not recorded",
            )
            return
        if any(self.hands.unseen.get(p, 0) for p in self.hands.unseen):
            return
        for code, missing in self.ledger.never_seen():
            if is_bonus(code):
                continue
            self.violate(
                "missing-card",
                line,
                1,
                f"{code} never appears ({missing} missing), though the whole hand was recorded",
                None,
                code,
            )

    def compare_marks(self, s: Turn) -> None:
        """A mark the replay does not confirm is a discrepancy (GSN §5)."""
        if not s.marks:
            return
        happened = {e.kind for e in self.events if e.turn == self.turn_number}
        for mark in s.marks:
            if MARK_EVENTS[mark] not in happened:
                found = sorted(happened & set(MARK_EVENTS.values()))
                instead = f"; it finds {', '.join(found)}" if found else ""
                self.discrepancies.append(
                    Discrepancy(
                        kind="mark", line=s.line, message=f"marked !{mark}, but the replay finds no {mark}{instead}"
                    )
                )


__all__ = ["MARK_EVENTS", "NATURAL", "Replay", "Steal", "month_of"]


# The turn rules build on the names above (they import this module), so they come last.
from .minhwatu import minhwatu_turn  # noqa: E402
from .turn import play_turn  # noqa: E402
