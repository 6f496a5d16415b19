"""What a Korean table writes naturally is read, and a slip is met with the word it meant, in both
languages (issue 28; decisions P73, P77–P79). Each case is a transcript, the command's words in
English and in Korean beside it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import ROOT

from gostop_arbiter.cli import cli
from gostop_arbiter.numbers import money_amount

ERRORS = ROOT / "tests" / "errors"
WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}

TALLY = """[Seats "지수, 민준"]
{tags}
pile 지수: 1g 3g 8g 11g 12g
pile 민준: 1p
지수: stop
"""
"""A tally hand that 지수 wins with five brights (15 points): its stake shows in the money."""


def run(*args: str, text: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=text, env=WIDE)
    return result.exit_code, result.stdout, result.stderr


def verdict(text: str, *args: str) -> dict[str, object]:
    status, out, err = run("check", "--json", *args, "-", text=text)
    assert status in (0, 1, 3), err
    document = json.loads(out)
    hands: list[dict[str, object]] = document["files"][0]["hands"]
    return hands[0]


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        pytest.param("100", 100, id="digits"),
        pytest.param("100원", 100, id="with-won"),
        pytest.param("1,000", 1000, id="commas"),
        pytest.param("1,000원", 1000, id="commas-and-won"),
        pytest.param("1,000 won", 1000, id="english-unit"),
        pytest.param("12,345,678원", 12345678, id="millions"),
        pytest.param("a hundred", None, id="words"),
        pytest.param("1,00", None, id="badly-grouped"),
        pytest.param("100달러", None, id="another-unit"),
        pytest.param("원", None, id="unit-alone"),
    ],
)
def test_a_stake_is_read_as_a_table_writes_money(written: str, amount: int | None) -> None:
    assert money_amount(written) == amount


@pytest.mark.parametrize("tag", ['[Stake "1,000"]', '[점당 "1,000원"]', '[Stake "1,000 won"]'])
def test_a_stake_with_its_unit_or_commas_sets_the_money(tag: str) -> None:
    hand = verdict(TALLY.format(tags=tag))
    assert hand["stake"] == 1000
    plain = verdict(TALLY.format(tags='[Stake "1000"]'))
    assert hand["payments"] == plain["payments"]


def test_a_stake_in_words_is_refused_in_both_languages() -> None:
    text = TALLY.format(tags='[Stake "a hundred"]')
    status, _out, english = run("check", "--lang", "en", "-", text=text)
    assert status == 2
    assert 'Stake is money per point, a whole number such as "100", not "a hundred"' in english
    _status, _out, korean = run("check", "--lang", "ko", "-", text=text)
    assert '점당은 1점에 얼마인지 정수로 적어요 (예: "100"). 적힌 값: "a hundred"' in korean


@pytest.mark.parametrize("name", ["Standard", "STANDARD", "표준", " 표준 "])
def test_a_profile_is_named_in_any_case_or_in_korean(name: str) -> None:
    text = TALLY.format(tags="")
    assert verdict(text, "--rules", name)["rules"] == "standard"
    assert verdict(TALLY.format(tags=f'[규칙 "{name.strip()}"]'))["rules"] == "standard"


@pytest.mark.parametrize(
    ("korean", "profile"), [("온라인맞고", "online-matgo"), ("온라인 맞고", "online-matgo"), ("민화투", "minhwatu")]
)
def test_every_profile_has_its_korean_name(korean: str, profile: str) -> None:
    status, out, err = run("rules", korean)
    assert status == 0, err
    assert profile in out


def test_an_unknown_profile_is_offered_the_closest_in_both_languages() -> None:
    status, _out, english = run("check", "--lang", "en", "--rules", "standrd", "-", text=TALLY.format(tags=""))
    assert status == 2
    assert "unknown rules profile 'standrd' (did you mean standard?)" in english
    _status, _out, korean = run("check", "--lang", "ko", "--rules", "표쥰", "-", text=TALLY.format(tags=""))
    assert "'표쥰'이라는 규칙은 없어요. 표준을 말씀하셨나요?" in korean


def test_a_misspelt_player_is_offered_the_seated_name_in_both_languages() -> None:
    path = str(ERRORS / "misnamed-player.gsn")
    status, _out, english = run("check", "--lang", "en", path)
    assert status == 2
    assert "misnamed-player.gsn:3:1: 지슈 is not in Seats (did you mean 지수?)" in english
    _status, _out, korean = run("check", "--lang", "ko", path)
    assert "misnamed-player.gsn:3:1: 지슈는 자리에 없어요. 지수를 말씀하셨나요?" in korean


def test_a_misspelt_mark_is_offered_the_mark_in_both_languages() -> None:
    path = str(ERRORS / "korean-mark.gsn")
    _status, _out, english = run("check", "--lang", "en", path)
    assert "unknown mark '!뽁' (did you mean !뻑 or !쪽?)" in english
    assert "unknown mark '!ppeokk' (did you mean !ppeok or !jappeok?)" in english
    _status, _out, korean = run("check", "--lang", "ko", path)
    assert "'!뽁'은 모르는 표시예요. !뻑 또는 !쪽을 말씀하셨나요?" in korean
    assert "표시는 !뻑, !자뻑, !쪽, !따닥, !싹쓸이예요." in korean


@pytest.mark.parametrize(
    ("tag", "english", "korean"),
    [
        pytest.param('[Stak "100"]', "if it means Stake", "Stake를 뜻했다면", id="english"),
        pytest.param('[점딩 "100"]', "if it means 점당", "점당을 뜻했다면", id="korean"),
    ],
)
def test_a_misspelt_tag_is_offered_the_tag_in_both_languages(tag: str, english: str, korean: str) -> None:
    text = TALLY.format(tags=tag)
    _status, said, _err = run("check", "--lang", "en", "-", text=text)
    assert english in said
    _status, said, _err = run("check", "--lang", "ko", "-", text=text)
    assert korean in said


def test_a_syntax_error_keeps_its_place_in_korean() -> None:
    path = str(ERRORS / "brace.gsn")
    _status, _out, english = run("check", "--lang", "en", path)
    assert (
        "brace.gsn:3:13: expected a card such as 3p, ? (an unseen card), ?*N (N unseen cards) or the end of the line, but found '{'"
        in english
    )
    _status, _out, korean = run("check", "--lang", "ko", path)
    assert (
        "brace.gsn:3:13: 여기에는 8광 같은 패, ? (안 보이는 패), ?*N (안 보이는 패 N장) 또는 줄 끝이 와야 하는데 '{'가 있어요."
        in korean
    )
    assert "    3 | deal 지수: 1광 {\n      |                ^" in korean  # 지수 and 광 are two cells wide


def test_a_knob_that_is_not_true_or_false_is_said_in_both_languages() -> None:
    path = str(ERRORS / "knob.gsn")
    status, _out, english = run("check", "--lang", "en", path)
    assert status == 2
    assert "steals_combined: 'maybe' is not true or false" in english
    _status, _out, korean = run("check", "--lang", "ko", path)
    assert "steals_combined: 'maybe'는 예/아니오 값이 아니에요 (true나 false)." in korean


def test_a_file_that_cannot_be_read_is_said_in_both_languages() -> None:
    status, _out, english = run("check", "--lang", "en", "no-such-file.gsn")
    assert status == 2
    assert "cannot read no-such-file.gsn: No such file or directory" in english
    _status, _out, korean = run("check", "--lang", "ko", "no-such-file.gsn")
    assert "no-such-file.gsn을 읽을 수 없어요: 그런 파일이나 폴더가 없어요" in korean
