"""Messages made where their facts are known (issue 28, decision P70): a discrepancy, a payment's
or a factor's reason and an event's words are a context, an id and typed facts, said in the
reader's language at the edge; the verdict's JSON keeps its English beside the code and facts."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import SAMPLES
from rich.cells import cell_len

import gostop_arbiter.judging.file
import gostop_arbiter.judging.played  # noqa: F401
from gostop_arbiter.cli import cli
from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.messages import TEMPLATES, catalogue, fill, message_of, placeholders, say_message, sayings
from gostop_arbiter.notation import parse_text

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}

TALLY = """\
[Rules "standard"]
[Seats "{a}, {b}"]
pile {a}: 1g 3g 8g
pile {b}: 1p
{a}: stop
{claim}
"""


def judged(text: str) -> dict:  # type: ignore[type-arg]
    return json.loads(CliRunner().invoke(cli, ["check", "--json", "-"], input=text, env=WIDE).output)


def test_every_message_declared_is_said_in_korean_with_the_same_facts() -> None:
    ko = catalogue("ko")
    for key, english in TEMPLATES.items():
        said = ko.get(f"{key}\x04{english}")
        assert said is not None, f"{key}: {english}"
        assert set(placeholders(said)) <= set(placeholders(english)), key
        assert not any(pair in said for pair in ("이(가)", "은(는)", "을(를)", "와(과)", "(으)로")), key


@pytest.mark.parametrize(
    ("params", "korean"),
    [
        ({"payer": "민준", "payee": "지수", "points": 3, "actual": 6, "missed": "pi-bak ×2"}, "민준이 지수에게 3점을"),
        ({"payer": "은정", "payee": "Bill", "points": 36, "actual": 6, "missed": "go ×2"}, "은정이 Bill에게 36점을"),
        (
            {"payer": "Minji", "payee": "재현", "points": 10, "actual": 5, "missed": "shake ×2"},
            "Minji가 재현에게 10점을",
        ),
    ],
)
def test_a_discrepancy_is_said_from_its_facts_with_its_particles(params: dict[str, str | int], korean: str) -> None:
    said = say_message(message_of("discrepancy:claim-payment-missed", params), "ko")
    assert korean in said and "빠뜨림" in said and "(" not in said.split("빠뜨림")[0].split(":")[-1]
    assert "를 빠뜨림" in said  # ×2 reads 이: 를


def test_a_message_without_korean_is_said_in_english() -> None:
    said = sayings("test-only", {"x": "{player} did {what}"})("x", player="Jae", what="go")
    assert say_message(said, "ko") == "Jae did 고" and said.english() == "Jae did go"


def test_a_claim_the_rules_contradict_carries_its_code_and_facts() -> None:
    verdict = judged(TALLY.format(a="A", b="B", claim="claim: B pays A 1"))
    hand = verdict["files"][0]["hands"][0]
    [note] = hand["discrepancies"]
    assert note["code"] == "claim-payment" and note["params"] == {"payer": "B", "payee": "A", "points": 1, "actual": 6}
    assert note["message"] == "the table had B pay A 1; the rules say 6"


def test_a_claim_of_nagari_is_said_in_korean_with_the_winners_particle() -> None:
    text = TALLY.format(a="지수", b="민준", claim="claim: nagari")
    out = CliRunner().invoke(cli, ["check", "--lang", "ko", "-"], input=text, env=WIDE).output
    assert "판에서는 나가리라고 했지만 지수가 이김" in out


def test_a_payment_reason_carries_its_code_and_facts() -> None:
    verdict = judge_file("x.gsn", parse_text((SAMPLES / "gostop-4-at-the-table.gsn").read_text(encoding="utf-8")).hands)
    sales = [p for h in verdict.hands for p in h.payments if p.kind == "sale"]
    assert sales and all(p.reason_code in ("sale", "sale-triple") for p in sales)
    assert all(p.reason == say_message(message_of(f"payment:{p.reason_code}", p.reason_params)) for p in sales)
    factors = [f for h in verdict.hands for p in h.payments for f in p.factors]
    assert factors and all(f.reason_code for f in factors)


PAIRS = ("이(가)", "가(이)", "은(는)", "는(은)", "을(를)", "를(을)", "와(과)", "과(와)", "(으)로", "(이)라")


def test_no_korean_sentence_carries_a_particle_pair() -> None:
    """The catalogue names the particle after a field (``{player:가}``) and the word chooses it."""
    pairs = {text for text in catalogue("ko").values() if any(pair in text for pair in PAIRS)}
    assert pairs == set()


@pytest.mark.parametrize(
    ("template", "word", "said"),
    [
        ("{w:'는} 패가 아님", "3Q", "'3Q'는 패가 아님"),
        ("{w:'라}는 규칙이 없음", "standrd", "'standrd'라는 규칙이 없음"),
        ("{w:'라}는 규칙이 없음", "표준", "'표준'이라는 규칙이 없음"),
        ("{w:를} 말했나요?", "standard", "standard를 말했나요?"),
        ("{w:가} 없음", "쪽", "쪽이 없음"),
        ("{w:와} 3p", "2p", "2p와 3p"),
        ("{w:로}", "1r", "1r로"),
        ("{w:을} 빠뜨림", "흔들기 ×2", "흔들기 ×2를 빠뜨림"),
        ("{w:이} 이김", "은정", "은정이 이김"),
        ("{w:,}점", 36000, "36,000점"),
    ],
)
def test_a_field_is_followed_by_the_particle_its_word_takes(template: str, word: object, said: str) -> None:
    assert fill(template, {"w": word}) == said


def test_a_korean_error_says_its_particles(tmp_path: object) -> None:
    runner = CliRunner()
    typo = runner.invoke(cli, ["check", "--lang", "ko", "--rules", "standrd", "-"], input="", env=WIDE)
    assert "'standrd'라는 규칙은 없어요. standard를 말씀하셨나요?" in typo.output


HANGUL = re.compile("[가-힣]")


@pytest.mark.parametrize("command", [[], *([name] for name in sorted(cli.commands))])
def test_every_help_is_said_in_korean(command: list[str]) -> None:
    """``gostop-arbiter --lang ko --help`` and every command's help: click's words and ours."""
    korean = CliRunner().invoke(cli, ["--lang", "ko", *command, "--help"], env=WIDE).output
    english = CliRunner().invoke(cli, [*command, "--help", "--lang", "en"], env=WIDE).output
    assert korean.startswith("사용법: ") and "[옵션]" in korean and "옵션:" in korean
    assert "Usage" not in korean and "Options" not in korean and "Show this message" not in korean
    assert not HANGUL.search(english.replace("공산광", "").replace("설날", "").replace("고, 패", ""))


@pytest.mark.parametrize("command", [[], *([name] for name in sorted(cli.commands))])
def test_korean_help_fits_the_screen_and_its_descriptions_line_up(command: list[str]) -> None:
    """A Korean letter takes two columns: the help is laid out by columns, not by letters."""
    korean = CliRunner().invoke(cli, ["--lang", "ko", *command, "--help"], terminal_width=80).output
    lines = korean.splitlines()
    examples = {line for line in lines if line.strip().startswith("gostop-arbiter ")}
    assert all(cell_len(line) <= 80 for line in lines if line not in examples), korean
    for section in re.split(r"\n(?=\S+:\n)", korean)[1:]:  # 옵션:, 명령: each a list of its own
        starts = {cell_len(m[0]) for m in re.finditer(r"(?m)^  \S+(?: \S+)? {2,}(?=\S)", section)}
        assert len(starts) == 1, section


def test_a_usage_error_is_said_in_korean_by_click_and_by_the_command() -> None:
    runner = CliRunner()
    unknown = runner.invoke(cli, ["--lang", "ko", "check", "--bogus"], env=WIDE).output
    assert "오류: 그런 옵션은 없어요: '--bogus'." in unknown and "Error" not in unknown
    assert "(혹시 '--lang'?)" in runner.invoke(cli, ["--lang", "ko", "check", "--lung"], env=WIDE).output
    knob = runner.invoke(cli, ["check", "--lang", "ko", "--set", "a", "x.gsn"], env=WIDE).output
    assert "'a'는 설정=값 꼴이 아니에요" in knob
