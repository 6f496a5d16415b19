"""The cards' names people read (gostop_arbiter/card_names.py): short as players write them, each
a GSN spelling of the same card, and each card's its own."""

from __future__ import annotations

import pytest

from gostop_arbiter.card_names import card_name, every_card, long_name, month_name, plant
from gostop_arbiter.notation.korean import resolve_card


@pytest.mark.parametrize(
    ("code", "korean", "english"),
    [
        ("1g", "1광", "1 bright"),
        ("9a", "국진", "sake cup"),
        ("12g", "비광", "rain bright"),
        ("11pp", "11쌍피", "11 double junk"),
        ("12r", "12띠", "12 ribbon"),
        ("3p", "3피", "3 junk"),
        ("8a", "8열", "8 animal"),
        ("b3", "보너스쓰리피", "bonus triple junk"),
    ],
)
def test_a_card_is_named_as_players_write_it(code: str, korean: str, english: str) -> None:
    assert (card_name(code, "ko"), card_name(code, "en")) == (korean, english)


def test_every_korean_name_is_a_gsn_spelling_of_its_card_and_of_no_other() -> None:
    names = {code: card_name(code, "ko") for code in every_card()}
    assert all(resolve_card(name) == (code, None) for code, name in names.items()), names
    assert len(set(names.values())) == len(names)  # plain junk is two cards of one code, one name
    assert len({card_name(code, "en") for code in every_card()}) == len(names)


def test_the_long_name_and_the_month() -> None:
    assert (long_name("8g", "ko"), long_name("8g", "en")) == ("공산 광", "pampas full moon bright")
    assert (month_name(11, "ko"), plant(11, "ko"), plant(7, "en")) == ("11월", "오동", "bush clover")
    assert card_name("13p", "ko") == "13p"  # a code no deck holds is shown as written
