"""The hwatu (화투) deck: 48 month cards and the bonus cards, as data.

A card is written as a *code*: the month and a category letter (``8g``, ``9a``, ``11pp``), or
``b`` and the junk value of a bonus card (``b2``, ``b3``). Codes are plain strings everywhere in
the project; this module says what each one means. Any code of the right shape parses
(:func:`canonical_code`); whether the deck in play holds it is the deck's business
(:class:`Deck`), so that ``4g`` is a readable transcript with an ``unknown-card`` in it rather
than a syntax error (GSN §2).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum

from .numbers import whole_number
from .records import frozen


class Kind(StrEnum):
    """The category of a card; the value is its code letter."""

    BRIGHT = "g"
    """광: a bright."""
    ANIMAL = "a"
    """열끗: an animal (ten-point card)."""
    RIBBON = "r"
    """띠: a ribbon."""
    JUNK = "p"
    """피: plain junk, worth one."""
    DOUBLE = "pp"
    """쌍피: printed double junk, worth two."""
    BONUS = "b"
    """보너스피: a bonus card (joker) worth its number in junk; it has no month."""


KOREAN_KIND_ALIASES: Mapping[str, Kind] = {
    "광": Kind.BRIGHT,
    "열끗": Kind.ANIMAL,
    "열": Kind.ANIMAL,
    "띠": Kind.RIBBON,
    "쌍피": Kind.DOUBLE,
    "피": Kind.JUNK,
}
"""Korean words accepted in place of the category letter (GSN §2): ``8광`` is ``8g``."""

BRIGHT, ANIMAL, RIBBON, JUNK, DOUBLE, BONUS = Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.JUNK, Kind.DOUBLE, Kind.BONUS
"""The kinds as names of this module, for code that tests a card's kind once a card (scoring a pile,
the running tally): reading an enum's member from its class costs about seven times reading a
global (Python 3.11), and scoring a pile found it most of its work."""

UNSEEN = "?"
"""The code of a card that was dealt but not seen."""


@frozen
class Card:
    """One card of the deck: what a code means."""

    code: str
    month: int
    """1–12 in Korean month order (11 paulownia, 12 rain); 0 for a bonus card."""
    kind: Kind
    copies: int
    """How many cards of this code a deck holds (2 for plain junk)."""
    name_ko: str
    name_en: str

    @property
    def junk_value(self) -> int:
        """How much junk (피) the card is worth when counted as junk: 0 for non-junk cards."""
        kind = self.kind
        if kind is JUNK:
            return 1
        if kind is DOUBLE:
            return 2
        if kind is BONUS:
            return int(self.code[1:])
        return 0


_MONTHS: tuple[tuple[str, str], ...] = (
    ("송학", "pine"),
    ("매조", "plum"),
    ("벚꽃", "cherry"),
    ("흑싸리", "wisteria"),
    ("난초", "iris"),
    ("모란", "peony"),
    ("홍싸리", "bush clover"),
    ("공산", "pampas"),
    ("국화", "chrysanthemum"),
    ("단풍", "maple"),
    ("오동", "paulownia"),
    ("비", "rain"),
)

# What sets each card apart within its month (DK-1); the month's plant is added in front.
_FACES: Mapping[str, tuple[str, str]] = {
    "1g": ("광", "crane bright"),
    "3g": ("광", "curtain bright"),
    "8g": ("광", "full moon bright"),
    "11g": ("광", "phoenix bright"),
    "12g": ("비광", "rain bright"),
    "2a": ("열끗 꾀꼬리", "warbler"),
    "4a": ("열끗 두견새", "cuckoo"),
    "5a": ("열끗 다리", "bridge"),
    "6a": ("열끗 나비", "butterflies"),
    "7a": ("열끗 멧돼지", "boar"),
    "8a": ("열끗 기러기", "geese"),
    "9a": ("국진", "sake cup"),
    "10a": ("열끗 사슴", "deer"),
    "12a": ("열끗 제비", "swallow"),
    "1r": ("홍단", "red poem ribbon"),
    "2r": ("홍단", "red poem ribbon"),
    "3r": ("홍단", "red poem ribbon"),
    "4r": ("초단", "plain red ribbon"),
    "5r": ("초단", "plain red ribbon"),
    "7r": ("초단", "plain red ribbon"),
    "6r": ("청단", "blue ribbon"),
    "9r": ("청단", "blue ribbon"),
    "10r": ("청단", "blue ribbon"),
    "12r": ("비띠", "ribbon"),
    "11pp": ("쌍피", "double junk"),
    "12pp": ("쌍피", "double junk"),
}


def _month_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for month, (plant_ko, plant_en) in enumerate(_MONTHS, start=1):
        for kind in (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.JUNK, Kind.DOUBLE):
            code = f"{month}{kind.value}"
            if kind is Kind.JUNK:
                if month == 12:
                    continue
                face_ko, face_en = "피", "junk"
            elif code in _FACES:
                face_ko, face_en = _FACES[code]
            else:
                continue
            copies = 2 if kind is Kind.JUNK else 1
            cards[code] = Card(code, month, kind, copies, f"{plant_ko} {face_ko}", f"{plant_en} {face_en}")
    return cards


MONTH_CARDS: Mapping[str, Card] = _month_cards()
"""The 48 month cards by code (plain junk codes stand for two cards each)."""

BONUS_CARDS: Mapping[str, Card] = {
    "b2": Card("b2", 0, Kind.BONUS, 1, "보너스 쌍피", "bonus double junk"),
    "b3": Card("b3", 0, Kind.BONUS, 1, "보너스 쓰리피", "bonus triple junk"),
}
"""The bonus cards a profile may add (DK-6), by code."""

_CARD_TOKEN = re.compile(r"(\d+)(pp|p|g|a|r|광|열끗|열|띠|쌍피|피)|b(\d+)", re.IGNORECASE)


def canonical_code(token: str) -> str:
    """The canonical code of a card token: ``01G`` → ``1g``, ``8광`` → ``8g``, ``B2`` → ``b2``.

    Every token of card shape has a code, whether or not a deck holds it (``4g``, ``13p``).
    Raises ``ValueError`` for a token that is not of card shape.
    """
    match = _CARD_TOKEN.fullmatch(token)
    if match is None:
        raise ValueError(f"not a card: {token!r}")
    digits, category, bonus = match.groups()
    if bonus is not None:
        return f"b{_number_part(bonus)}"
    kind = KOREAN_KIND_ALIASES.get(category) or Kind(category.lower())
    return f"{_number_part(digits)}{kind.value}"


def _number_part(digits: str) -> str:
    """The month or bonus number of a card token without leading zeros (a number too long to be
    any card's stays as written: it names no card either way)."""
    number = whole_number(digits)
    return digits if number is None else str(number)


def card_info(code: str) -> Card | None:
    """What a canonical code means, or None when it names no card of any deck."""
    return MONTH_CARDS.get(code) or BONUS_CARDS.get(code)


KIND_ORDER = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.JUNK, Kind.DOUBLE, Kind.BONUS)
"""The order a month's cards are laid out in, as a score sheet and a player sort them."""


def card_order(code: str) -> tuple[int, int, str]:
    """Where a card goes when cards are laid out, everywhere they are (a report, a page): by month,
    then bright, animal, ribbon, junk, double junk; bonus cards after the months, a code that names
    no card last."""
    info = card_info(code)
    if info is None:
        return (99, 0, code)
    return (info.month or 13, KIND_ORDER.index(info.kind), code)


@frozen
class Deck:
    """The cards in play under a rules profile: the 48 month cards and its bonus cards."""

    counts: Mapping[str, int]

    @classmethod
    def of(cls, bonus: Iterable[str] = (), printed_as: Mapping[str, str] | None = None) -> Deck:
        """The 48-card deck with the given bonus cards added (``["b2", "b3"]``; repeat a code
        for two copies), and each card of ``printed_as`` printed as another (``{"12a": "12pp"}``:
        a deck whose December swallow is a second double junk)."""
        counts = Counter({code: card.copies for code, card in MONTH_CARDS.items()})
        for card, printed in (printed_as or {}).items():
            counts[printed] += counts.pop(card, 0)
        counts.update(bonus)
        return cls(dict(counts))

    def holds(self, code: str) -> bool:
        """Whether the deck has this card at all (a foreign card is ``unknown-card``)."""
        return code in self.counts

    def copies(self, code: str) -> int:
        """How many cards of this code the deck holds (0 for a foreign card)."""
        return self.counts.get(code, 0)

    @property
    def size(self) -> int:
        return sum(self.counts.values())
