"""Fixed-score wins (chongtong, three ppeoks) and the payments made during play (docs/rules-reference.md
§13)."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from ..messages import Message, sayings
from ..verdict import Factor, Payment, payment
from .stop import carry_factor

FIXED_WINS = sayings(
    "payment",
    {
        "chongtong": "chongtong: {player} holds four of a month (총통)",
        "three-ppeok": "three-ppeok: {player} made three ppeoks (쓰리뻑)",
    },
)
"""Why a fixed-score win is paid (decision P70)."""


def settle_fixed(
    winner: str,
    players: Sequence[str],
    points: int,
    said: Message,
    *,
    carry: int = 1,
    carry_applies: bool = True,
    stake: int = 1,
    in_hand: Sequence[Factor] = (),
) -> list[Payment]:
    """A fixed-score win (chongtong, three ppeoks): each opponent pays ``points`` times the
    winner's ``in_hand`` factors, where the rules give it any (PA-8), and the carry."""
    factors = list(in_hand)
    points *= prod(f.factor for f in factors)
    if carry > 1 and carry_applies:
        factors.append(carry_factor(carry))
        points *= carry
    return [payment(p, winner, "hand", points, stake, said, factors) for p in players if p != winner]


def immediate(payer: str, payee: str, points: int, said: Message, stake: int = 1) -> Payment:
    """A payment made during play (first ppeok and the like), never multiplied (EV-3, EV-6)."""
    return payment(payer, payee, "immediate", points, stake, said)
