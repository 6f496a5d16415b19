"""Settlement (docs/rules-reference.md §10–§14): from the end of a hand to payments, every factor with its
reason. Pure functions: the standings and the profile in, scores and payments out; nothing prints.
The stop payment and its baks, the fixed-score wins and immediate payments, the gwang sale,
Minhwatu's round, and clearing an evening's balance each have a module."""

from __future__ import annotations

from .clearing import settle_up
from .fixed import immediate, settle_fixed
from .minhwatu import minhwatu_points, minhwatu_round
from .sale import gwang_sale
from .stop import Settlement, Standing, go_bonus, in_hand_factors, nagari_carry, settle_stop, standings

__all__ = [
    "Settlement",
    "Standing",
    "go_bonus",
    "gwang_sale",
    "immediate",
    "in_hand_factors",
    "minhwatu_points",
    "minhwatu_round",
    "nagari_carry",
    "settle_fixed",
    "settle_stop",
    "settle_up",
    "standings",
]
