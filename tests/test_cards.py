"""The deck as data (DK-1) and card codes with their aliases (GSN §2)."""

from __future__ import annotations

from collections import Counter

import pytest

from gostop_arbiter.cards import BONUS_CARDS, MONTH_CARDS, Deck, Kind, canonical_code, card_info


def test_the_deck_holds_48_cards_of_the_right_kinds() -> None:
    deck = Deck.of()
    assert deck.size == 48
    by_kind = Counter()
    for code, count in deck.counts.items():
        by_kind[MONTH_CARDS[code].kind] += count
    assert by_kind == {Kind.BRIGHT: 5, Kind.ANIMAL: 9, Kind.RIBBON: 10, Kind.JUNK: 22, Kind.DOUBLE: 2}


def test_every_month_has_four_cards() -> None:
    months = Counter()
    for card in MONTH_CARDS.values():
        months[card.month] += card.copies
    assert months == {month: 4 for month in range(1, 13)}


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("1g", "1g"), ("1G", "1g"), ("01g", "1g"), ("8광", "8g"), ("9열", "9a"), ("9열끗", "9a"),
        ("1띠", "1r"), ("3피", "3p"), ("11쌍피", "11pp"), ("11PP", "11pp"), ("b2", "b2"), ("B3", "b3"),
        ("4g", "4g"), ("13p", "13p"), ("0g", "0g"), ("٣p", "3p"),
        # A month too long to be converted to a number stays as written: it names no card either way.
        pytest.param("9" * 5000 + "p", "9" * 5000 + "p", id="month-of-5000-digits"),
        pytest.param("b" + "0" * 4999 + "3", "b3", id="bonus-with-4999-zeros"),
    ],
)
def test_card_tokens_have_canonical_codes(token: str, code: str) -> None:
    assert canonical_code(token) == code


@pytest.mark.parametrize("code", ["4g", "13p", "12p", "b5", "0g"])
def test_foreign_codes_name_no_card(code: str) -> None:
    assert card_info(code) is None
    assert not Deck.of(["b2", "b3"]).holds(code)


def test_a_deck_with_bonus_cards() -> None:
    deck = Deck.of(["b2", "b2", "b3"])
    assert deck.size == 51
    assert deck.copies("b2") == 2
    assert not Deck.of().holds("b2")


def test_card_names_and_values() -> None:
    assert card_info("12g").name_ko == "비 비광"
    assert card_info("9a").name_en == "chrysanthemum sake cup"
    assert card_info("11pp").junk_value == 2
    assert BONUS_CARDS["b3"].junk_value == 3
    assert card_info("1g").junk_value == 0


def test_not_a_card_shape() -> None:
    with pytest.raises(ValueError):
        canonical_code("3q")
