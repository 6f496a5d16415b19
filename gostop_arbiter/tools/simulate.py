"""Random legal hands, written as GSN: for demonstrations, property tests and benchmarks.

The simulator deals a shuffled deck onto a board that knows every hand and the order of the stock,
and plays each statement as a random choice among the board's own legal moves: legality is written
once, in the engine. A sensible go/stop policy: stop when the score allows, unless the player still
holds cards and the score is low, then sometimes go. The same seed gives the same hands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from ..cards import UNSEEN
from ..engine import HandBoard
from ..engine.state import is_bonus, month_of
from ..notation.model import (
    Bonus,
    Call,
    CardRef,
    Chongtong,
    DealLine,
    Hand,
    Shake,
    SitOut,
    Statement,
    StockLine,
    TableLine,
    Tag,
    Transcript,
    Turn,
)
from ..records import mutable, replace
from ..rules import SEVEN, Profile

NAMES = ("Minji", "Jae", "Soo", "Ara", "Hyun", "Yuna", "Tae")


def _ref(code: str) -> CardRef:
    return CardRef(code=code, column=0)


@mutable
class _Deal:
    """A shuffled deal: each hand, the table, the bonus cards turned up with it (the dealer's), and the stock."""

    hands: dict[str, list[str]]
    table: list[str]
    dealer_bonus: list[str]
    stock: list[str]


def _deal(rng: random.Random, profile: Profile, seats: list[str], dealer: str) -> _Deal:
    """Shuffle and deal until the table holds no four of a month (which would be a redeal)."""
    deck = profile.the_deck()
    hand_size, table_size = profile.deal_size(len(seats))
    if profile.table_after_sitting_out(len(seats)):
        table_size = 0  # seven: the table is dealt after the drop-out (:func:`_table_from_stock`)
    while True:
        cards = [code for code, n in sorted(deck.counts.items()) for _ in range(n)]
        rng.shuffle(cards)
        hands = {p: sorted(cards[i * hand_size : (i + 1) * hand_size], key=_order) for i, p in enumerate(seats)}
        rest = cards[len(seats) * hand_size :]
        table, bonus = _lay_table(rest, table_size)
        if _no_four_of_a_month(table):
            return _Deal(hands, table, bonus, rest)


def _lay_table(stock: list[str], size: int) -> tuple[list[str], list[str]]:
    """``size`` cards from the top of the stock onto the table, a bonus card turned up going to the
    dealer and replaced (the cards leave ``stock``): (the table, the dealer's bonus cards)."""
    table: list[str] = []
    bonus: list[str] = []
    while len(table) < size:
        card = stock.pop(0)
        (bonus if is_bonus(card) else table).append(card)
    return table, bonus


def _no_four_of_a_month(table: list[str]) -> bool:
    """A table without four of a month (which would be a redeal)."""
    return not table or max(Counter(month_of(c) for c in table).values()) < 4


def _table_from_stock(rng: random.Random, profile: Profile, stock: list[str]) -> TableLine:
    """Seven at the table: once four sit out and their hands are shuffled into the stock, the
    table is dealt from it (4P-3), shuffled again until no four of a month lie there."""
    size = profile.deal_size(SEVEN)[1]
    while True:
        rng.shuffle(stock)
        rest = list(stock)
        table, bonus = _lay_table(rest, size)
        if _no_four_of_a_month(table):
            stock[:] = rest
            return TableLine(cards=[_ref(c) for c in table], dealer_bonus=[_ref(c) for c in bonus])


def _order(code: str) -> tuple[int, str]:
    return (month_of(code) or 13, code)


class _Player:
    """The random choices of one hand, among the board's legal moves."""

    def __init__(self, rng: random.Random, go_chance: float) -> None:
        self.rng = rng
        self.go_chance = go_chance

    def openings(self, board: HandBoard) -> Iterator[Statement]:
        """Sit one out of four, show a chongtong sometimes and (where the rules demand it) every
        triple; each statement is pushed by the caller before the next is asked for. The board's
        plays are enough here (no flip is listed: before the stock line every unseen card may be one)."""
        yield from self._sit_out(board)
        chongtong = [m for m in board.legal_plays() if isinstance(m, Chongtong)]
        if chongtong and self.rng.random() < 0.5:
            yield chongtong[0]
        if board.profile.events.shake_timing == "at-deal":
            while shakes := [m for m in board.legal_plays() if isinstance(m, Shake)]:
                yield shakes[0]

    def _sit_out(self, board: HandBoard) -> Iterator[SitOut]:
        """With four to seven at the table, until all but three sit out: a fold sometimes, else a sale,
        else the last in turn order folds."""
        while sit := [m for m in board.legal_plays() if isinstance(m, SitOut)]:
            folds = [m for m in sit if m.how == "fold"]
            sells = [m for m in sit if m.how == "sell"]
            if folds and self.rng.random() < 0.3:
                yield self.rng.choice(folds)
            elif sells:
                yield sells[0]
            elif folds:
                last = board.seats[board.seats.index(board.dealer) - 1]
                yield next((m for m in folds if m.player == last), folds[-1])
            else:
                return

    def call(self, board: HandBoard, move: Call) -> Literal["go", "stop"]:
        view = board.view()
        left = len(view.hands[move.player]) + view.unseen[move.player] + view.dummies[move.player]
        if left == 0:
            return "stop"
        low = view.scores[move.player] < board.profile.min_score(len(view.players)) + 3
        return "go" if low and left >= 2 and self.rng.random() < self.go_chance else "stop"

    def turn(self, moves: Sequence[Statement]) -> Statement:
        """A bonus card first; then a shake sometimes, a bomb often, a dummy turn sometimes, or a card."""
        rng = self.rng
        by_kind: dict[str, list[Statement]] = {}
        for move in moves:
            kind = move.play if isinstance(move, Turn) else move.kind
            by_kind.setdefault(kind, []).append(move)
        if "bonus" in by_kind:
            return by_kind["bonus"][0]
        if "shake" in by_kind and rng.random() < 0.5:
            return by_kind["shake"][0]
        if "bomb" in by_kind and rng.random() < 0.7:
            return by_kind["bomb"][0]
        cards = by_kind.get("card", [])
        if "pass" in by_kind and (not cards or rng.random() < 0.4):
            return by_kind["pass"][0]
        played = sorted({m.cards[0].code for m in cards if isinstance(m, Turn)}, key=_order)
        card = rng.choice(played)
        return rng.choice([m for m in cards if isinstance(m, Turn) and m.cards[0].code == card])


class _Transcript:
    """The shadow board, which knows every card, and the lines the table wrote down beside it."""

    def __init__(self, board: HandBoard) -> None:
        self.board = board
        self.written: list[Statement] = []

    def push(self, statement: Statement, written: Statement | None = None) -> None:
        """Play ``statement`` on the board; the table writes it, or ``written`` in its place."""
        self.board.push(statement)
        self.written.append(statement if written is None else written)


def simulate_hand(
    rng: random.Random,
    profile: Profile,
    seats: list[str],
    dealer: str,
    *,
    tags: list[Tag],
    index: int = 1,
    hide: str | None = None,
    go_chance: float = 0.3,
    stake: int = 1,
) -> Hand:
    """One random legal hand, as the transcript model a table would write."""
    deal = _deal(rng, profile, seats, dealer)
    hand = _Transcript(HandBoard(seats, profile, dealer=dealer, stake=stake))
    for p in seats:
        real = DealLine(player=p, cards=[_ref(c) for c in deal.hands[p]])
        hand.push(real, replace(real, cards=[_ref(UNSEEN)] * len(deal.hands[p])) if p == hide else None)
    later = profile.table_after_sitting_out(len(seats))
    if not later:
        hand.push(TableLine(cards=[_ref(c) for c in deal.table], dealer_bonus=[_ref(c) for c in deal.dealer_bonus]))
    play = _Player(rng, go_chance)
    for opening in play.openings(hand.board):
        hand.push(opening)
    stock = _stock_after_sitting_out(rng, hand.board, deal)
    if later:
        hand.push(_table_from_stock(rng, profile, stock))
    # What the shadow board alone is told: the stock from the top, so that its legal flips are the real ones.
    hand.board.push(StockLine(cards=[_ref(c) for c in stock]), strict=False)
    _play_out(hand, play, hide)
    return _played_hand(index, tags, hand.written, seats, profile, stake)


def _stock_after_sitting_out(rng: random.Random, board: HandBoard, deal: _Deal) -> list[str]:
    """The stock, with the hand of each player who sat out shuffled back into it."""
    stock = list(deal.stock)
    for sitter in [e.player for e in board.events if e.kind == "sit-out" and e.player is not None]:
        stock += deal.hands[sitter]
        rng.shuffle(stock)
    return stock


def _play_out(hand: _Transcript, play: _Player, hide: str | None) -> None:
    """Turns and calls until the board offers none: the hand is over."""
    while moves := [m for m in hand.board.legal_moves() if m.kind in ("turn", "call", "bonus", "shake")]:
        first = moves[0]
        move = (
            Call(player=first.player, call=play.call(hand.board, first))
            if isinstance(first, Call)
            else play.turn(moves)
        )
        # the table saw a hidden hand's bonus draw a card, not which
        hidden = replace(move, draw=_ref(UNSEEN)) if isinstance(move, Bonus) and move.player == hide else None
        hand.push(move, hidden)


def _played_hand(
    index: int, tags: list[Tag], statements: list[Statement], seats: list[str], profile: Profile, stake: int
) -> Hand:
    return Hand(
        index=index,
        kind="played",
        tags=tags,
        statements=statements,
        seats=seats,
        rules=profile.name,
        stake=stake,
    )


def simulate_session(
    profile: Profile,
    *,
    players: int,
    hands: int,
    seed: int,
    hide: str | None = None,
    go_chance: float = 0.3,
    stake: int = 1,
    tamper: str | None = None,
) -> Iterator[Hand]:
    """The hands of a session, one at a time: the winner deals next, a nagari keeps the dealer (and
    carries). With ``tamper``, each hand carries one deliberate fault (see :mod:`.tamper`) and a
    ``Dealer`` tag, so that one hand's fault does not move the next hand's dealer."""
    from ..judging.played import judge_played
    from .tamper import TAMPER, TAMPERS, CannotTamper

    rng = random.Random(seed)
    seats = list(NAMES[:players])
    dealer = seats[0]
    carry = 1
    for index in range(1, hands + 1):
        tags = [Tag(name="Hand", value=str(index))]
        if index == 1:
            tags = [
                Tag(name="Rules", value=profile.name),
                Tag(name="Seats", value=", ".join(seats)),
                Tag(name="Stake", value=str(stake)),
                *tags,
            ]
        if tamper is not None:
            tags.append(Tag(name="Dealer", value=dealer))
        for attempt in range(50):
            hand = simulate_hand(
                rng,
                profile,
                seats,
                dealer,
                tags=tags,
                index=index,
                hide=hide,
                go_chance=go_chance if attempt == 0 else 0.9,
                stake=stake,
            )
            if tamper is None:
                break
            try:
                faulty = TAMPERS[tamper](hand, rng)
            except CannotTamper:
                continue
            break
        else:
            raise CannotTamper(TAMPER("no-hand", kind=tamper or ""))
        verdict, _replay = judge_played(hand, profile, carry_in=carry, dealer=dealer)
        carry = verdict.carry_out
        if verdict.winner is not None and not (verdict.outcome == "chongtong" and profile.deal.chongtong_redeal):
            dealer = verdict.winner
        yield faulty if tamper is not None else hand


def simulate(profile: Profile, **options: Any) -> Transcript:
    """A whole simulated session as one transcript (see :func:`simulate_session`)."""
    return Transcript(hands=list(simulate_session(profile, **options)))


__all__ = ["simulate", "simulate_hand", "simulate_session"]
