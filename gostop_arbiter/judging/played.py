"""A played hand's verdict: replay it, then score and settle what the replay found."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..engine.board import HandBoard, visit
from ..engine.state import PlayedHand, is_bonus, month_of
from ..engine.visitor import HandVisitor
from ..errors import UsageError
from ..notation import Hand
from ..rules import SEVEN, Profile
from ..scoring import best_score
from ..settlement import (
    Standing,
    gwang_sale,
    immediate,
    in_hand_factors,
    minhwatu_points,
    minhwatu_round,
    nagari_carry,
    settle_fixed,
    settle_stop,
    standings,
)
from ..settlement.fixed import FIXED_WINS
from ..verdict import HandVerdict, Payment, PlayerScore
from .claims import compare_claims
from .seating import SEATING, check_deck_seats

VOID = ("nagari", "redeal", "void", "incomplete")


def _check_table(hand: Hand, profile: Profile) -> None:
    first = hand.statements[0]
    seats = len(hand.seats)
    if profile.game == "minhwatu":
        if not 2 <= seats <= 4:
            raise UsageError(first.line, first.column, SEATING("minhwatu-seats", seats=seats))
        return
    if seats >= 4 and profile.four_players.mode == "unplayable":
        raise UsageError(first.line, first.column, SEATING("no-four-players", rules=profile.name))
    if not 2 <= seats <= SEVEN:
        raise UsageError(first.line, first.column, SEATING("go-stop-seats", seats=seats))
    check_deck_seats(hand, profile)


def _kept_chongtong(r: PlayedHand, dealt: Mapping[str, list[int]]) -> list[str]:
    """The players dealt four of a month who played on without declaring it (들고치기, PC-4)."""
    four = [player for player in r.order if _four_of_a_month(dealt[player])]
    if not four:  # nearly every hand: no need to read its events for a declaration
        return []
    declared = {e.player for e in r.events if e.kind == "chongtong"}
    return [player for player in four if player not in declared]


def _four_of_a_month(months: list[int]) -> bool:
    return any(months.count(month) == 4 for month in set(months) if month)


def _dealt_months(r: PlayedHand) -> dict[str, list[int]]:
    """The month of each card each player was dealt, read once for the deal's deeds (month 0: unseen
    cards and bonus cards, which belong to no month). Counted with ``list.count``: a ``Counter`` a
    player cost more than the ten cards it counted (decision B31)."""
    return {player: list(map(month_of, r.dealt.get(player, ()))) for player in r.order}


KEPT_TRIPLE_MONTHS = (11, 12)
"""The months whose triple some tables count as a chongtong played on (PC-4, decision R54)."""


def _kept_triple(r: PlayedHand, dealt: Mapping[str, list[int]], profile: Profile) -> list[str]:
    """The players dealt exactly three of November or of December, who played on with them (PC-4)."""
    if profile.deal.kept_triple_multiplier == 1:
        return []
    return [player for player in r.order if any(dealt[player].count(month) == 3 for month in KEPT_TRIPLE_MONTHS)]


_TURN_STARTS = frozenset({"play", "bomb", "bonus", "pass"})
"""The events that begin a player's turn: the first of them says which turn was the player's first."""


def _first_turn_four(r: PlayedHand, profile: Profile) -> list[str]:
    """The players who captured all four cards of a month on their own first turn (FW, EV-12)."""
    if profile.events.first_turn_four_multiplier == 1:
        return []
    first: dict[str, int] = {}
    for e in r.events:
        if e.kind in _TURN_STARTS and e.player is not None:
            first.setdefault(e.player, e.turn)
    return [
        player
        for player, turn in first.items()
        if any(
            4 in Counter(month_of(code) for code in e.cards if not is_bonus(code)).values()
            for e in r.events
            if e.kind == "capture" and e.player == player and e.turn == turn
        )
    ]


def _payments(
    r: PlayedHand, standing: dict[str, Standing], outcome: str, profile: Profile, carry: int, stake: int
) -> tuple[dict[str, PlayerScore], list[Payment]]:
    winner, players = r.outcome.winner, r.order
    if outcome == "stop" and winner is not None:
        settled = settle_stop(winner, standing, players, profile, carry=carry, stake=stake)
        return settled.scores, settled.payments
    scores = {p: PlayerScore(total=best_score(list(r.piles[p]), profile, r.declared[p]).total) for p in players}
    in_hand = (
        in_hand_factors(standing[winner], profile)
        if profile.settlement.fixed_win_multipliers and winner in standing
        else []
    )
    if outcome == "chongtong" and winner is not None:
        points = profile.deal.chongtong_points_2p if len(players) == 2 else profile.deal.chongtong_points_3p
        return scores, settle_fixed(
            winner,
            players,
            points,
            FIXED_WINS("chongtong", player=winner),
            carry=carry,
            carry_applies=profile.deal.chongtong_carry,
            stake=stake,
            in_hand=in_hand,
        )
    if outcome == "three-ppeok" and winner is not None:
        points = profile.events.three_ppeok_points or profile.min_score(len(players))
        return scores, settle_fixed(
            winner,
            players,
            points,
            FIXED_WINS("three-ppeok", player=winner),
            carry=carry,
            stake=stake,
            in_hand=in_hand,
        )
    if outcome == "round":
        full = sum(minhwatu_points(code, profile) * n for code, n in profile.the_deck().counts.items())
        return minhwatu_round({p: list(r.piles[p]) for p in players}, profile, full), []
    return scores, []


def judge_played(
    hand: Hand,
    profile: Profile,
    *,
    carry_in: int = 1,
    dealer: str,
    tags: dict[str, str] | None = None,
    visitor: HandVisitor[Any] | None = None,
) -> tuple[HandVerdict, HandBoard]:
    """The verdict on a played hand, and the board (its events) it was drawn from."""
    _check_table(hand, profile)
    board = HandBoard.of_hand(hand, profile, dealer=dealer, history=False)
    visited = visit(hand, board, visitor)
    board.close()
    r = board.result()
    violations = list(r.violations)
    outcome = r.outcome.kind
    if r.minhwatu and any(v.code in ("missing-card", "extra-card", "unknown-card") for v in violations):
        outcome = "void"  # a Minhwatu round with a card missing or extra counts for nobody
    dealt = _dealt_months(r)
    standing = standings(
        r.order,
        r.piles,
        r.gos,
        r.go_order,
        r.shakes,
        r.bombs,
        r.declared,
        r.shodang,
        _kept_chongtong(r, dealt),
        _kept_triple(r, dealt, profile),
        _first_turn_four(r, profile),
    )
    scores, payments = _payments(r, standing, outcome, profile, carry_in, hand.stake)
    sales = [
        payment
        for seller, how in r.sitting_out.items()
        if how == "sell"
        for payment in gwang_sale(
            seller, list(r.dealt.get(seller, ())), dealer, list(r.order), profile, hand.stake, r.outcome.winner
        )
    ]
    at_once = [
        immediate(e.other, e.player, e.extra["points"], e.said, hand.stake)
        for e in r.events
        if e.kind == "immediate" and e.player is not None and e.other is not None and e.said is not None
    ]
    everything = sales + at_once + payments
    if outcome == "nagari":
        carry_out = nagari_carry(carry_in, profile, list(standing.values()))
    elif outcome in ("redeal", "incomplete", "void"):
        carry_out = carry_in
    else:
        carry_out = 1
    verdict = HandVerdict(
        index=hand.index,
        rules=profile.name,
        seats=hand.seats,
        dealer=dealer,
        valid=not violations,
        outcome=outcome,
        winner=r.outcome.winner,
        violations=sorted(violations, key=lambda v: (v.line, v.column)),
        discrepancies=[*r.discrepancies, *compare_claims(r.claims, everything, outcome, r.outcome.winner)],
        scores=scores,
        payments=everything,
        carry_in=carry_in,
        carry_out=carry_out,
        stake=hand.stake,
        tags=tags or {},
    )
    if visitor is not None and visited:
        visitor.end_hand(board, verdict)
    return verdict, board
