"""What a Korean player reads (issue 28, part B): the profiles' Korean names, the cards as players
write them in every Korean output, and no word lost in a table cell at any width."""

from __future__ import annotations

import pytest

from gostop_arbiter.rules import PROFILES
from gostop_arbiter.rules.display import KOREAN_NAMES, display_name, profile_code


def test_every_profile_has_one_korean_name_of_its_own() -> None:
    assert set(KOREAN_NAMES) == set(PROFILES)
    assert len(set(KOREAN_NAMES.values())) == len(KOREAN_NAMES)


@pytest.mark.parametrize(
    ("written", "code"),
    [("표준", "standard"), ("Standard", "standard"), ("온라인맞고", "online-matgo"), ("민화투", "minhwatu"), ("표쥰", None)],
)
def test_a_profile_is_found_by_its_code_or_its_korean_name(written: str, code: str | None) -> None:
    assert profile_code(written) == code


def test_a_profile_is_shown_by_its_code_in_english_and_its_korean_name_in_korean() -> None:
    assert (display_name("standard", "en"), display_name("standard", "ko")) == ("standard", "표준")
    assert display_name("house", "ko") == "house"
