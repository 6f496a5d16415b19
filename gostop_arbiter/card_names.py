"""What people call each card, in Korean and in English: the one source of the cards' names for
every surface that shows a card to a person (the table's page today; the reports and the replay as
issue 28 makes their words messages).

A card's *name* is short, as Korean players write it down: the month's number and the kind, ``1광``,
``9열``, ``11쌍피``, ``12띠``, ``3피``; the cards that have a name of their own that players use and
that names no other card keep it: ``비광`` (12g) and ``국진`` (9a), and the bonus cards
``보너스쌍피`` (b2) and ``보너스쓰리피`` (b3). Every Korean name is also a way GSN accepts to write
the same card (``notation/korean.py``), so a name read back is the card. In English it is the
month's number and the kind: ``8 bright``, ``9 animal``, ``11 double junk``, ``3 junk``. Its *long
name* says the month's plant as well (``송학 광``, ``pine crane bright``: :mod:`.cards`), for a
title or a screen reader. A month is named by its number (``1월``, ``month 1``) and its plant.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import BONUS_CARDS, MONTH_CARDS, Card, Kind, card_info, card_order
from .messages import Lang

KIND_WORDS: Mapping[Kind, tuple[str, str]] = {
    Kind.BRIGHT: ("광", "bright"),
    Kind.ANIMAL: ("열", "animal"),
    Kind.RIBBON: ("띠", "ribbon"),
    Kind.JUNK: ("피", "junk"),
    Kind.DOUBLE: ("쌍피", "double junk"),
    Kind.BONUS: ("보너스", "bonus"),
}
"""Each kind as players say it (Korean, English): 열 rather than 열끗, as a card is written down."""

OWN_NAMES: Mapping[str, tuple[str, str]] = {
    "12g": ("비광", "rain bright"),
    "9a": ("국진", "sake cup"),
    "b2": ("보너스쌍피", "bonus double junk"),
    "b3": ("보너스쓰리피", "bonus triple junk"),
}
"""The cards called by a name of their own, which names no other card (Korean, English)."""

MONTH_PLANTS: Mapping[int, tuple[str, str]] = {
    card.month: (
        card.name_ko.removesuffix(" 쌍피").removesuffix(" 피"),
        card.name_en.removesuffix(" double junk").removesuffix(" junk"),
    )
    for card in MONTH_CARDS.values()
    if card.kind is Kind.JUNK or card.code == "12pp"
}
"""Each month's plant (Korean, English), as :mod:`.cards` names its junk: 송학 pine … 비 rain."""


def _in(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "ko" else pair[1]


def card_name(code: str, lang: Lang) -> str:
    """A card's name as players write it (``8광``, ``비광``; ``8 bright``); a code that names no card
    of any deck is shown as it is written."""
    if code in OWN_NAMES:
        return _in(OWN_NAMES[code], lang)
    card = card_info(code)
    if card is None:
        return code
    kind = _in(KIND_WORDS[card.kind], lang)
    return f"{card.month}{kind}" if lang == "ko" else f"{card.month} {kind}"


def cards_named(text: str, lang: Lang) -> str:
    """A fact that lists cards (``1p 1p``, ``8g, 12g``, ``x8p``) with each card by its name in
    ``lang`` (``1피 1피``, ``8광, 비광``, ``x8피``); a text any word of which is no card (a player's
    name, a sentence) is left as it is, so that only a list of cards is ever renamed."""
    words = text.split(" ")
    named = []
    for word in words:
        bare = word.rstrip(",")
        mark = bare[:1] if bare[:1] in ("x", "+") and card_info(bare[1:]) is not None else ""
        code = bare[len(mark) :]
        if card_info(code) is None:
            return text
        named.append(mark + card_name(code, lang) + word[len(bare) :])
    return " ".join(named)


def long_name(code: str, lang: Lang) -> str:
    """A card's name with its month's plant (``송학 광``; ``pine crane bright``)."""
    card = card_info(code)
    if card is None:
        return code
    return card.name_ko if lang == "ko" else card.name_en


def card_title(code: str, lang: Lang) -> str:
    """A card's title for a picture of it or a screen reader: its long name and its name
    (``송학 광 (1광)``; ``pine crane bright (1 bright)``); a card with a name of its own is
    called by it alone (``비광``, ``sake cup``)."""
    if code in OWN_NAMES or card_info(code) is None:
        return card_name(code, lang)
    return f"{long_name(code, lang)} ({card_name(code, lang)})"


def month_name(month: int, lang: Lang) -> str:
    """A month as players say it: its number (``8월``; ``month 8``)."""
    return f"{month}월" if lang == "ko" else f"month {month}"


def plant(month: int, lang: Lang) -> str:
    """A month's plant (``공산``; ``pampas``), or '' for a number that is no month."""
    return _in(MONTH_PLANTS[month], lang) if month in MONTH_PLANTS else ""


def every_card() -> Mapping[str, Card]:
    """Every card any deck may hold, month cards then bonus cards, by code."""
    return {**MONTH_CARDS, **BONUS_CARDS}


def card_vocabulary(lang: Lang) -> dict[str, dict[str, object]]:
    """The one card vocabulary every page is sent as data (decision P87): each card by its code,
    with its name (``비광``), its long name, its title (:func:`card_title`), its month, its kind's
    letter and its place in the order cards are laid out (by month, then kind; bonus cards after the months).
    The replay page embeds it as JSON; the table page may be sent the same."""
    cards = every_card()
    codes = sorted(cards, key=card_order)
    return {
        code: {
            "name": card_name(code, lang),
            "long": long_name(code, lang),
            "title": card_title(code, lang),
            "month": cards[code].month,
            "kind": cards[code].kind.value,
            "order": place,
        }
        for place, code in enumerate(codes)
    }
