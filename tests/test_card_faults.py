"""A card seen too often: the root fault names where its twin was first seen, and what follows
from it is said to follow (decision H33)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from conftest import SPEC_EXAMPLES
from replaying import replay, replay_file

from gostop_arbiter.cli import cli

DUPLICATED = Path(__file__).parent / "hands" / "duplicated-deal-card.gsn"


def test_a_card_dealt_twice_names_the_line_and_hand_it_was_first_dealt_to() -> None:
    board = replay_file(DUPLICATED)
    extra = next(v for v in board.violations if v.code == "extra-card")
    assert (extra.line, extra.player, extra.card) == (9, "Soo", "11g")
    assert (extra.params["first_line"], extra.params["first_player"]) == (8, "Jae")
    assert extra.message.endswith("it was first seen on line 8, dealt to Jae")


def test_a_card_flipped_a_second_time_names_the_table_it_lay_on() -> None:
    text = (SPEC_EXAMPLES / "01-bomb.gsn").read_text(encoding="utf-8").replace("table: 2a 2p", "table: 1g 2p")
    extra = next(v for v in replay(text).violations if v.code == "extra-card")
    assert (extra.line, extra.params["first_line"], extra.params["first_player"]) == (16, 8, "")
    assert extra.message.endswith("it was first seen on line 8, on the table")


def test_a_missing_call_on_points_from_a_false_card_follows_from_it() -> None:
    missing = next(v for v in replay_file(DUPLICATED).violations if v.code == "missing-call")
    assert (missing.line, missing.player, missing.params["follows_line"]) == (30, "Soo", 9)
    assert "stopped adding up on line 9" in missing.message


def test_a_missing_call_in_a_hand_whose_cards_add_up_stands_alone() -> None:
    missing = next(v for v in replay_file(SPEC_EXAMPLES / "19-invalid-missing-call.gsn").violations)
    assert missing.code == "missing-call" and "follows_line" not in missing.params


def test_an_illegal_go_on_points_from_a_false_card_follows_from_it() -> None:
    text = DUPLICATED.read_text(encoding="utf-8").replace("Soo: 5p / 2r\n", "Soo: 5p / 2r\nSoo: go\n")
    illegal = next(v for v in replay(text).violations if v.code == "illegal-call")
    assert (illegal.params["reason"], illegal.params["follows_line"]) == ("below-minimum", 9)


def test_the_korean_report_says_where_the_twin_was_and_what_follows_from_it() -> None:
    said = CliRunner().invoke(cli, ["--lang", "ko", "check", str(DUPLICATED)]).output
    assert "처음 나온 곳은 8번째 줄(Jae)" in said
    assert "9번째 줄부터 맞지 않는 패로 센 것" in said
