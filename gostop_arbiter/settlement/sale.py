"""광팔기: what the player who sat out of four and sold is paid (docs/rules-reference.md 4P-1)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_info
from ..rules import Profile
from ..scoring import sort_cards
from ..verdict import Payment


def gwang_sale(
    seller: str, cards: Sequence[str], dealer: str, active: Sequence[str], profile: Profile, stake: int = 1
) -> list[Payment]:
    """광팔기: what the player who sat out and sold is paid for the hand dealt to them (4P-1)."""
    rules = profile.four_players
    brights = [c for c in cards if c.endswith("g")]
    if not rules.sale_rain_alone_counts and brights == ["12g"]:
        brights = []
    counted = list(brights)
    if rules.sale_counts in ("brights-and-bonus", "brights-bonus-doubles"):
        counted += [c for c in cards if c.startswith("b")]
    if rules.sale_counts == "brights-bonus-doubles":
        counted += [c for c in cards if c.endswith("pp") or c == "9a"]
    points = len(counted) * rules.sale_price
    months = [info.month for c in cards if (info := card_info(c)) is not None and info.month]
    triple = any(months.count(m) >= 3 for m in set(months))
    if rules.sale_triple_doubles and triple:
        points *= 2
    if not points:
        return []
    payers = [p for p in active if p != seller and (rules.sale_payers == "all-others" or p != dealer)]
    words = ", ".join(sort_cards(counted))
    reason = f"{seller} sat out and sold {len(counted)} card(s): {words}" + (
        " (×2: a triple)" if triple and rules.sale_triple_doubles else ""
    )
    return [
        Payment(payer=p, payee=seller, kind="sale", points=points, amount=points * stake, reason=reason) for p in payers
    ]
