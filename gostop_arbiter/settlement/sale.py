"""광팔기: what the player who sat out of four and sold is paid (docs/rules-reference.md 4P-1).

Each knob of the sale chooses one small function: which cards are counted (``sale_counts``) and
who pays (``sale_payers``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import card_info
from ..messages import sayings
from ..rules import Profile
from ..rules.knobs import FourPlayerRules
from ..scoring import sort_cards
from ..verdict import Payment, payment

SALE = sayings(
    "payment",
    {
        "sale": "{player} sat out and sold {count} card(s): {cards}",
        "sale-triple": "{player} sat out and sold {count} card(s): {cards} (×2: a triple)",
    },
)
"""What a gwang sale pays for (decision P70)."""


def _brights(cards: Sequence[str], rules: FourPlayerRules) -> list[str]:
    """The seller's brights; the rain bright alone only where the rules count it."""
    brights = [c for c in cards if c.endswith("g")]
    return [] if brights == ["12g"] and not rules.sale_rain_alone_counts else brights


def _bonus(cards: Sequence[str]) -> list[str]:
    return [c for c in cards if c.startswith("b")]


def _doubles(cards: Sequence[str]) -> list[str]:
    """The printed double junk and the sake cup (FW's "쌍피 and 국진")."""
    return [c for c in cards if c.endswith("pp") or c == "9a"]


_COUNTED_BESIDE_BRIGHTS: dict[str, tuple[Callable[[Sequence[str]], list[str]], ...]] = {
    "brights": (),
    "brights-and-bonus": (_bonus,),
    "brights-bonus-doubles": (_bonus, _doubles),
}
"""``sale_counts`` → what is counted besides the brights."""

_PAYS: dict[str, Callable[[str, str, str | None], bool]] = {
    "non-dealer-actives": lambda player, dealer, _winner: player != dealer,
    "all-others": lambda _player, _dealer, _winner: True,
    "losers-at-end": lambda player, _dealer, winner: winner is not None and player != winner,
}
"""``sale_payers`` → whether an active player other than the seller pays (the player, the dealer,
the hand's winner: none after a nagari, when FW's delayed sale is paid by nobody)."""


def _holds_triple(cards: Sequence[str]) -> bool:
    months = [info.month for c in cards if (info := card_info(c)) is not None and info.month]
    return any(months.count(m) >= 3 for m in set(months))


def gwang_sale(
    seller: str,
    cards: Sequence[str],
    dealer: str,
    active: Sequence[str],
    profile: Profile,
    stake: int = 1,
    winner: str | None = None,
) -> list[Payment]:
    """광팔기: what the player who sat out and sold is paid for the hand dealt to them (4P-1)."""
    rules = profile.four_players
    counted = _brights(cards, rules)
    for more in _COUNTED_BESIDE_BRIGHTS[rules.sale_counts]:
        counted += more(cards)
    doubled = rules.sale_triple_doubles and _holds_triple(cards)
    points = len(counted) * rules.sale_price * (2 if doubled else 1)
    if not points:
        return []
    pays = _PAYS[rules.sale_payers]
    payers = [p for p in active if p != seller and pays(p, dealer, winner)]
    said = SALE(
        "sale-triple" if doubled else "sale", player=seller, count=len(counted), cards=", ".join(sort_cards(counted))
    )
    return [payment(p, seller, "sale", points, stake, said) for p in payers]
