"""What a Korean player reads (issue 28, part B): the profiles' Korean names, the cards as players
write them in every Korean output, and no word lost in a table cell at any width."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, SAMPLES, SPEC_EXAMPLES

from gostop_arbiter.card_names import card_vocabulary
from gostop_arbiter.cli import cli
from gostop_arbiter.rules import PROFILES
from gostop_arbiter.rules.display import KOREAN_NAMES, display_name, profile_code


def test_every_profile_has_one_korean_name_of_its_own() -> None:
    assert set(KOREAN_NAMES) == set(PROFILES)
    assert len(set(KOREAN_NAMES.values())) == len(KOREAN_NAMES)


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("표준", "standard"),
        ("Standard", "standard"),
        ("온라인맞고", "online-matgo"),
        ("민화투", "minhwatu"),
        ("표쥰", None),
    ],
)
def test_a_profile_is_found_by_its_code_or_its_korean_name(written: str, code: str | None) -> None:
    assert profile_code(written) == code


def test_a_profile_is_shown_by_its_code_in_english_and_its_korean_name_in_korean() -> None:
    assert (display_name("standard", "en"), display_name("standard", "ko")) == ("standard", "표준")
    assert display_name("house", "ko") == "house"


# ---- the cards as Korean players write them, in every Korean output -----------------------------

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[01]?\d(?:pp|g|a|r|p)|b[234])(?![A-Za-z0-9])")
ASCII_MARK = re.compile(r"!(?:ppeok|jappeok|chok|ttadak|sweep)\b")
QUOTED = re.compile(r"^\s*\d+ \| |^\s*\| *\^$")
"""A line of the transcript quoted as written under a violation, and the caret under it."""

SAMPLE_FILES = sorted(SAMPLES.glob("*.gsn"))
WORKED = sorted(SPEC_EXAMPLES.glob("*.gsn"))


def run(*args: str, columns: int = 200) -> str:
    result = CliRunner().invoke(cli, list(args), env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def codes_in(output: str) -> list[str]:
    """The card codes and ASCII marks a Korean reader would still see (quoted source lines aside)."""
    shown = "\n".join(line for line in output.splitlines() if not QUOTED.search(line))
    return CARD_CODE.findall(shown) + ASCII_MARK.findall(shown)


@pytest.mark.parametrize("path", SAMPLE_FILES + WORKED, ids=lambda p: p.stem)
@pytest.mark.parametrize("command", ["check", "parse", "replay"])
def test_korean_output_names_every_card_as_korean_players_write_it(command: str, path: Path) -> None:
    output = run(command, "--lang", "ko", str(path))
    assert codes_in(output.replace(str(path), "FILE")) == []


def test_a_played_hand_in_korean_shows_the_cards_and_marks_by_their_korean_names() -> None:
    path = str(SAMPLES / "matgo-online-three-ppeok.gsn")
    parsed, replayed = run("parse", "--lang", "ko", path), run("replay", "--lang", "ko", path)
    assert "Ara: 1띠 / 1광 !뻑" in parsed and "패 Bo: 비광 12열" in parsed and "규칙 온라인 맞고" in parsed
    assert "Bo: 비광 / 6열" in replayed
    english = run("parse", "--lang", "en", path)
    assert "Ara: 1r / 1g !ppeok" in english and "rules online-matgo" in english  # English keeps GSN's codes


def test_the_report_in_korean_names_the_scored_cards_and_the_profile() -> None:
    report = run("check", "--lang", "ko", str(SAMPLES / "gostop-3p-bomb-shake.gsn"))
    assert "광 2: 1광 3광 비광" in report and "표준 규칙" in report
    assert "1g 3g 12g" in run("check", "--lang", "en", str(SAMPLES / "gostop-3p-bomb-shake.gsn"))


def embedded(name: str, html: str) -> str:
    """The JSON a page embeds in its script element ``name``."""
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', html)
    assert found is not None, name
    return found.group(1)


def test_the_replay_page_is_sent_the_one_card_vocabulary_as_data(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    run("render", "--lang", "ko", str(SAMPLES / "matgo-online-three-ppeok.gsn"), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    sent = json.loads(embedded("gsn-cards", html))
    assert sent == json.loads(json.dumps(card_vocabulary("ko")))
    assert sent["12g"]["name"] == "비광" and sent["9a"]["name"] == "국진" and sent["11pp"]["name"] == "11쌍피"
    assert "<title>송학 광 (1광)</title>" in html and "(1g)" not in html
    data = json.loads(embedded("gsn-data", html))
    steps = data[0]["steps"]
    assert steps[1]["text"] == "Ara: 1띠 / 1광 !뻑"
    assert not [e for s in steps for e in s["events"] if codes_in(e)]


# ---- no word lost in a table cell at any width ------------------------------------------------

ANSI = re.compile(r"\x1b\[[0-9;]*m")
DRAWN = re.compile(r"[\s─-╿]")
"""Spaces and the box's lines: what wrapping adds or moves, never a word."""


def on_terminal(args: list[str], columns: int) -> str:
    """What ``args`` show on a terminal ``columns`` wide (wrapped there, colours taken off)."""
    env = {"COLUMNS": str(columns), "TTY_COMPATIBLE": "1", "NO_COLOR": "1"}
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return ANSI.sub("", result.output)


def letters(text: str) -> list[str]:
    return sorted(DRAWN.sub("", text))


WIDTH_CASES = [
    ["rules"],
    ["rules", "standard"],
    ["rules", "online-matgo"],
    *(["check", "--settle", str(p)] for p in SAMPLE_FILES),
    ["check", str(SPEC_EXAMPLES / "07-3p-dokbak.gsn")],
    ["replay", str(SAMPLES / "gostop-3p-bomb-shake.gsn")],
    ["parse", str(SAMPLES / "gostop-4-at-the-table.gsn")],
]


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("args", WIDTH_CASES, ids=lambda a: "-".join(Path(w).stem for w in a))
def test_no_cell_loses_a_word_at_60_80_or_120_columns(args: list[str], lang: str) -> None:
    """A cell too narrow for its words wraps them (folds a word longer than the cell): every letter
    of the widest terminal's output is there at each width, and nothing is cut with an ellipsis."""
    wide = on_terminal(["--lang", lang, *args], 400)
    for columns in (60, 80, 120):
        narrow = on_terminal(["--lang", lang, *args], columns)
        assert "…" not in narrow, columns
        assert letters(narrow) == letters(wide), columns
        assert max(len(line) for line in narrow.splitlines()) <= columns


# ---- the terms a Korean player uses --------------------------------------------------------------

TRANSLATIONESE = re.compile(
    r"실제와 다름|마다의|\d+번째 판|사건|\+0원|보너스 ?패|남는 패|계산이 틀|기보|(?<![가-힣])턴(?![가-힣])|3연뻑"
)
"""What read as translations (issue 28): each has the word a Korean player uses instead (계산 착오,
규칙별, 1판, 뻑·쪽·폭탄 같은 일, 0원, 보너스피, 중복된 패, 계산 착오, 기록, 차례, 삼연뻑; P89, P95)."""


@pytest.mark.parametrize("path", SAMPLE_FILES + WORKED, ids=lambda p: p.stem)
def test_korean_output_uses_the_players_terms(path: Path) -> None:
    said = "\n".join(run(*args, "--lang", "ko", str(path)) for args in (["check", "--settle"], ["parse"], ["replay"]))
    assert TRANSLATIONESE.findall(said) == []


def test_the_catalogue_holds_none_of_the_translated_terms() -> None:
    from gostop_arbiter.messages import catalogue

    assert [(k, v) for k, v in catalogue("ko").items() if TRANSLATIONESE.search(v)] == []


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("samples/matgo-online-three-ppeok.gsn", "삼연뻑: 첫 차례부터 세 번 연달아 뻑"),
        ("samples/gostop-4-at-the-table.gsn", "광팔기: 동수가 2장을 팔고 쉼 (1광, 비광)"),
        ("samples/gostop-3p-bomb-shake.gsn", "1판 · 표준 규칙 · Yuna 승"),
    ],
)
def test_a_korean_player_reads_the_terms_of_the_table(path: str, said: str) -> None:
    assert said in run("check", "--lang", "ko", str(ROOT / path))


PPEOKS_IN_A_ROW = """\
[Rules "online-matgo"]
[Seats "아라, 보람"]
deal 아라: 1r 2r 3r 4r 9a 9r 9p 10a 10r 11g
deal 보람: 12g 12a 12r 12pp 11p 11p 11pp 5a 5r 10p
table: 1p 2p 3p 4p 5p 6p 7p 8p
아라: 1r / 1g !뻑
보람: 12g / 6a
아라: 2r / 2a !뻑
보람: 12a / 7a
아라: 3r / 3g !뻑
"""
"""아라 makes a ppeok on each of her first three turns under online-matgo, which pays 7, 14 and 21."""


def test_three_ppeoks_in_a_row_are_a_samyeonppeok(tmp_path: Path) -> None:
    path = tmp_path / "samyeon.gsn"
    path.write_text(PPEOKS_IN_A_ROW, encoding="utf-8")
    said = run("check", "--lang", "ko", str(path))
    # 보람 pays 21 for the third: 삼연뻑, the word players say, never the count 3연뻑
    assert re.search(r"│ 보람 +│ 아라 +│ +21 │ +21원 │ 삼연뻑: 첫 차례부터 세 번 연달아 뻑 +│", said), said
    assert "연뻑: 첫 차례부터 두 번 연달아 뻑" in said
    assert "3연뻑" not in said
    english = run("check", "--lang", "en", str(path))
    assert "삼연뻑: ppeoks on the first three own turns" in english
    codes = [
        p["reason_code"] for p in json.loads(run("check", "--json", str(path)))["files"][0]["hands"][0]["payments"]
    ]
    assert codes == ["first-ppeok", "two-ppeoks", "three-ppeoks", "three-ppeok"]


def test_a_longer_streak_than_three_is_counted(tmp_path: Path) -> None:
    # a house that pays a fourth ppeok in a row, and does not end the hand on the third
    path = tmp_path / "sayeon.gsn"
    house = '[Rules "online-matgo"]\n[Set "three_ppeok=false"]\n[Set "first_ppeok_pay=7 14 21 28"]'
    text = PPEOKS_IN_A_ROW.replace('[Rules "online-matgo"]', house) + "보람: 12r / 8a\n아라: 4r / 4a !뻑\n"
    path.write_text(text, encoding="utf-8")
    said = run("check", "--lang", "ko", str(path))
    assert "삼연뻑: 첫 차례부터 세 번 연달아 뻑" in said
    assert "4연뻑: 첫 차례부터 4번 연달아 뻑" in said
    payments = json.loads(run("check", "--json", str(path)))["files"][0]["hands"][0]["payments"]
    assert [(p["reason_code"], p["reason_params"]) for p in payments][2:] == [
        ("three-ppeoks", {}),
        ("ppeoks", {"count": 4}),
    ]


def test_a_contradicted_claim_is_a_miscount(tmp_path: Path) -> None:
    path = tmp_path / "claim.gsn"
    path.write_text((SAMPLES / "gostop-3p-bomb-shake.gsn").read_text(encoding="utf-8").replace("Yuna 24", "Yuna 12"))
    said = run("check", "--lang", "ko", str(path))
    assert "줄: 계산 착오: 판에서는 Grandma가 Yuna에게 12점을 낸다고 했지만 규칙으로는 24점" in said


def test_the_rules_are_shown_by_their_korean_names_with_the_code_one_types() -> None:
    assert run("rules", "--lang", "ko", "standard").startswith("표준 (standard): 한국에서 흔한 방식")
    assert "온라인 맞고 (online-matgo)" in run("rules", "--lang", "ko")
    assert run("rules", "--lang", "en", "standard").startswith("standard: common Korean practice")
    compared = run("compare", "--lang", "ko", "--rules", "standard,gamerules", str(SAMPLES / "matgo-evening-tally.gsn"))
    assert "규칙별 점수" in compared


def test_nothing_won_or_lost_has_no_sign() -> None:
    from gostop_arbiter.messages import money

    assert [money(n, "ko", sign=True) for n in (360, 0, -120)] == ["+360원", "0원", "-120원"]


# ---- docs/ shows the Korean output beside the English ----------------------------------------------

SHOWN = re.compile(r"```sh\n(?:cp .+?\n)?gostop-arbiter (.+?)\n```\n\n```text\n(.*?)```", re.S)


def test_the_tutorial_shows_what_check_and_replay_print_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    shown = SHOWN.findall(text.split("## 6. The same report in Korean", 1)[1])
    assert [args.split()[:3] for args, _ in shown] == [
        ["check", "chuseok.gsn"],
        ["--lang", "ko", "check"],
        ["replay", "chuseok.gsn", "--turn"],
        ["--lang", "ko", "replay"],
    ]
    (tmp_path / "chuseok.gsn").write_bytes((SAMPLES / "gostop-3p-bomb-shake.gsn").read_bytes())
    monkeypatch.chdir(tmp_path)  # the reader's folder, as the tutorial's copy makes it
    for args, printed in shown:
        assert run(*args.split(), columns=100).rstrip("\n") == printed.rstrip("\n"), args


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_the_korean_replay_page_names_every_card_as_players_write_it(path: Path, tmp_path: Path) -> None:
    """What the page says (its sections, and the steps' lines and events its script shows): the
    cards' pictures and the data the script draws them from are by code, as GSN writes them."""
    page = tmp_path / "page.html"
    run("render", "--lang", "ko", str(path), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    sections = re.sub(r"<template.*?</template>|<script.*?</script>|<[^>]+>", " ", html, flags=re.S)
    steps = [s for hand in json.loads(embedded("gsn-data", html)) for s in hand["steps"]]
    said = [sections, *(s.get("text", "") for s in steps), *(e for s in steps for e in s.get("events", []))]
    assert codes_in("\n".join(said).replace(path.name, "FILE")) == []


def test_a_missed_factor_is_named_in_korean(tmp_path: Path) -> None:
    path = tmp_path / "claim.gsn"
    path.write_text((SAMPLES / "gostop-3p-bomb-shake.gsn").read_text(encoding="utf-8").replace("Yuna 24", "Yuna 12"))
    said = run("check", "--lang", "ko", str(path))
    assert "규칙으로는 24점: 폭탄 ×2를 빠뜨림" in said and "bomb" not in said
