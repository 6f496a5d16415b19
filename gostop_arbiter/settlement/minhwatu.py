"""Minhwatu's points: each card's value, the yak, and the round's balance (docs/rules-reference.md MH-2, MH-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import card_info
from ..rules import Profile
from ..scoring import sort_cards
from ..verdict import PlayerScore, ScoreItem

# ---- Minhwatu -------------------------------------------------------------------------------

_YAKS: tuple[tuple[str, str, tuple[str, ...] | int], ...] = (
    ("hongdan", "yak_hongdan", ("1r", "2r", "3r")),
    ("cheongdan", "yak_cheongdan", ("6r", "9r", "10r")),
    ("chodan", "yak_chodan", ("4r", "5r", "7r")),
    ("may", "yak_may", 5),
    ("october", "yak_october", 10),
    ("november", "yak_november", 11),
    ("december", "yak_december", 12),
)


def minhwatu_points(card: str, profile: Profile) -> int:
    """A card's points in Minhwatu: bright 20, animal 10, ribbon 5, junk 0 (MH-2)."""
    rules = profile.minhwatu
    kind = card.lstrip("0123456789")
    return {"g": rules.bright_points, "a": rules.animal_points, "r": rules.ribbon_points}.get(kind, rules.junk_points)


def minhwatu_round(
    piles: Mapping[str, Sequence[str]], profile: Profile, full_deck_points: int
) -> dict[str, PlayerScore]:
    """민화투: card points, yaks paid by each other player, and the balance against 240 ÷ players (MH-6, MH-7)."""
    players = list(piles)
    n = len(players)
    target = full_deck_points // n
    items: dict[str, list[ScoreItem]] = {}
    for p in players:
        cards = sort_cards(piles[p])
        points = sum(minhwatu_points(c, profile) for c in cards)
        items[p] = [
            ScoreItem(rule="card-points", points=points, cards=[c for c in cards if minhwatu_points(c, profile)])
        ]
    for p in players:
        cards = list(piles[p])
        for name, knob_name, needs in _YAKS:
            value = getattr(profile.minhwatu, knob_name)
            made = _month_cards(cards, needs) if isinstance(needs, int) else [c for c in needs if c in cards]
            if not value or len(made) < (4 if isinstance(needs, int) else len(needs)):
                continue
            items[p].append(ScoreItem(rule=name, points=value * (n - 1), cards=made))
            for other in players:
                if other != p:
                    items[other].append(ScoreItem(rule=f"{name}-paid", points=-value, cards=[]))
    scores: dict[str, PlayerScore] = {}
    for p in players:
        items[p].append(ScoreItem(rule="target", points=-target, cards=[]))
        scores[p] = PlayerScore(total=sum(i.points for i in items[p]), items=items[p])
    return scores


def _month_cards(cards: Sequence[str], month: int) -> list[str]:
    return sort_cards(c for c in cards if (info := card_info(c)) is not None and info.month == month)
