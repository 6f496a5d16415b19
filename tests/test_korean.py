"""Korean out: every sentence a person reads comes from the message catalogue (issue 15).

Each sample is checked, replayed and settled with ``--lang ko``, and the output must hold no word
of English: no word of the same command's English output, nor of the catalogue's English msgids,
apart from the players' names, the rules' names, the path and the GSN the report quotes."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from conftest import ROOT, SAMPLES, SPEC_EXAMPLES
from rich.cells import cell_len

from gostop_arbiter import command as entry
from gostop_arbiter.cli import cli
from gostop_arbiter.messages import LOCALE, Message, catalogue, fact, lang_from_env, money, placeholders, read_mo, term
from gostop_arbiter.notation import parse_text
from gostop_arbiter.render.rules import knob_rows
from gostop_arbiter.rules import KNOBS, PROFILES
from gostop_arbiter.rules.display import display_name
from gostop_arbiter.rules.profile import valid_values
from gostop_arbiter.tools.tamper import TAMPER_KINDS
from gostop_arbiter.verdict import VIOLATION_CODES

PO = Path(LOCALE) / "ko" / "LC_MESSAGES" / "gostop_arbiter.po"
MO = PO.with_suffix(".mo")
WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}

WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z'-]*[A-Za-z](?![A-Za-z0-9])")
QUOTED = re.compile(r"^\s*\d+ \| |^\s*\| *\^$")
"""A line of the transcript quoted under a violation, and the caret under it."""


def words(text: str) -> set[str]:
    return set(WORD.findall(text))


def msgid_words() -> set[str]:
    """Every English word of the catalogue's msgids (their fields left out)."""
    found: set[str] = set()
    for key in catalogue("ko"):
        msgid = key.split("\x04")[-1]
        found |= words(re.sub(r"\{[^}]*\}", " ", msgid))
    return found


def said(text: str) -> str:
    """The output without what it quotes: transcript lines, and the GSN line a replay heading shows."""
    kept = []
    for line in text.splitlines():
        if QUOTED.search(line):
            continue
        kept.append(line.split("번째 줄 · ", 1)[0] if "번째 차례 · " in line else line)
    return "\n".join(kept)


def allowed(path: Path) -> set[str]:
    """Words that are not English sentences: the players' names, the rules' names, the path."""
    names: set[str] = set(words(str(path)))
    for hand in parse_text(path.read_text(encoding="utf-8")).hands:
        names |= {w for seat in hand.seats for w in words(seat)}
        names |= words(hand.rules)
    for profile in PROFILES:
        names |= words(profile)
    return names


def allowed_names() -> set[str]:
    """The rules' names, the words of their sources (gamerules.com, seed), and the values one types
    (none, fw-times-n: every value of a knob that takes a word)."""
    typed = {value for group, field in KNOBS.values() if group for value in _english(valid_values(group, field)).split(", ")}
    return {w for name in PROFILES for w in words(name)} | {"gamerules", "com", "seed", "none", "true", "false"} | typed


class _TheCommand:
    """The command as its entry point runs it, in this process: standard error is said in the
    reader's language by the entry point (decision P23), not by the commands."""

    name = "gostop-arbiter"

    def main(self, args: list[str], prog_name: str, **extra: object) -> int:
        with entry.standard_streams():
            return entry.run(cli, list(args))


def invoke(*args: str) -> str:
    result = CliRunner().invoke(_TheCommand(), list(args), env=WIDE)  # type: ignore[arg-type]
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def english_in(path: Path, *args: str) -> set[str]:
    """The English words that the Korean output of ``args`` on ``path`` still holds."""
    korean = said(invoke(*args, "--lang", "ko", str(path)))
    english = invoke(*args, "--lang", "en", str(path))
    return words(korean) & (words(english) | msgid_words()) - allowed(path)


SAMPLE_FILES = sorted(SAMPLES.glob("*.gsn"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_sample_checked_and_settled_in_korean_holds_no_english(path: Path) -> None:
    assert english_in(path, "check", "--settle") == set()


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_sample_replayed_in_korean_holds_no_english(path: Path) -> None:
    hands = parse_text(path.read_text(encoding="utf-8")).hands
    played = [h.index for h in hands if h.kind == "played"]
    if not played:
        pytest.skip("a tally file has no turns to replay")
    for index in played:
        assert english_in(path, "replay", "--hand", str(index)) == set(), f"hand {index}"


def test_the_evening_settled_in_korean_holds_no_english() -> None:
    """``check --settle`` over every sample and a file that cannot be read: the evening's settle-up."""
    paths = [*(str(p) for p in SAMPLE_FILES), str(SPEC_EXAMPLES / "22-invalid-after-end.gsn"), "no-such-file.gsn"]
    korean = said(invoke("check", "--settle", "--lang", "ko", *paths))
    english = invoke("check", "--settle", "--lang", "en", *paths)
    assert "돈 주고받기" in korean and "세지 않은 것" in korean
    names = set().union(*(allowed(p) for p in [*SAMPLE_FILES, SPEC_EXAMPLES / "22-invalid-after-end.gsn"]))
    assert words(korean) & (words(english) | msgid_words()) - names - {"no-such-file", "gsn"} == set()


@pytest.mark.parametrize("path", sorted(SPEC_EXAMPLES.glob("*.gsn")), ids=lambda p: p.stem)
def test_the_worked_examples_in_korean_hold_no_english(path: Path) -> None:
    """The worked examples hold violations and contradicted claims as well as payments."""
    assert english_in(path, "check", "--settle") == set()


@pytest.mark.parametrize("path", [SAMPLES / "matgo-evening-tally.gsn", SPEC_EXAMPLES / "02-go-bak.gsn"], ids=lambda p: p.stem)
def test_a_comparison_in_korean_holds_no_english(path: Path) -> None:
    assert english_in(path, "compare", "--rules", "standard,gamerules,wikipedia") == set()


@pytest.mark.parametrize("kind", sorted(TAMPER_KINDS))
def test_a_tampered_session_in_korean_holds_no_english(kind: str, tmp_path: Path) -> None:
    """Each deliberate fault gives its violation; each is said in Korean."""
    path = tmp_path / f"{kind}.gsn"
    invoke("simulate", "--players", "3", "--hands", "3", "--seed", "2", "--tamper", kind, "-o", str(path))
    korean = invoke("check", "--lang", "ko", str(path))
    assert "번째 줄: " + term(TAMPER_KINDS[kind], "ko") + ": " in korean
    assert english_in(path, "check") == set()


def test_every_violation_code_has_a_korean_name_and_sentence() -> None:
    """docs/verdict.md's codes (the verdict's ViolationCode): each has a term and a sentence that
    needs no fact, so no violation is ever left in English."""
    ko = catalogue("ko")
    for code in sorted(VIOLATION_CODES):
        assert f"term\x04{code}" in ko, code
        bare = [k for k in ko if k.startswith(f"violation:{code}\x04") and not placeholders(k.split("\x04")[1])]
        assert bare, f"{code} has no sentence that needs no fact"
    documented = (ROOT / "docs" / "gsn.md").read_text(encoding="utf-8")  # the codes docs/verdict.md points to
    assert [code for code in sorted(VIOLATION_CODES) if f"`{code}`" not in documented] == []


def test_every_factor_has_a_korean_name_and_reason() -> None:
    """The factors docs/verdict.md lists as stable codes."""
    documented = (ROOT / "docs" / "verdict.md").read_text(encoding="utf-8")
    listed = documented.split("; factors ", 1)[1].split(".", 1)[0]
    factors = re.findall(r"`([a-z-]+)`", listed)
    assert "pi-bak" in factors and "dokbak" in factors
    ko = catalogue("ko")
    for rule in factors:
        assert f"term\x04{rule}" in ko, rule
        assert any(key.startswith(f"factor:{rule}") for key in ko), rule  # factor:pi-bak-worth …


def _reasons() -> set[str]:
    """Every ``reason`` the engine and the judge give a violation (E17): ``reason="…"``,
    ``problem(message, "…")`` and ``{"reason": "…"}``."""
    found: set[str] = set()
    for path in [*(ROOT / "gostop_arbiter" / "engine").glob("*.py"), ROOT / "gostop_arbiter" / "judging" / "tally.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found |= {k.value.value for k in node.keywords if k.arg == "reason" and isinstance(k.value, ast.Constant)}
                if getattr(node.func, "id", "") == "problem" and isinstance(node.args[1], ast.Constant):
                    found.add(node.args[1].value)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "reason" and isinstance(value, ast.Constant):
                        found.add(value.value)
    return found


def test_every_reason_of_a_violation_has_a_korean_template() -> None:
    reasons = _reasons()
    assert {"below-minimum", "no-rise", "not-last-turn", "not-seated"} <= reasons
    contexts = {key.split("\x04")[0] for key in catalogue("ko")}
    missing = {r for r in reasons if not any(c.startswith("violation:") and c.endswith(":" + r) for c in contexts)}
    assert missing == set()


def _english(said: str | Message) -> str:
    return said if isinstance(said, str) else said.english()


def test_every_knob_and_profile_is_explained_in_korean() -> None:
    """``rules --lang ko``: each profile's summary, each knob's meaning and group."""
    ko = catalogue("ko")
    for profile in PROFILES.values():
        assert f"profile\x04{profile.summary}" in ko, profile.name
        for row in knob_rows(profile):
            assert f"knob\x04{row['meaning']}" in ko, row["knob"]
            assert not row["group"] or f"knob group\x04{row['group']}" in ko, row["group"]
    for name in PROFILES:
        korean, english = invoke("rules", name, "--lang", "ko"), invoke("rules", name, "--lang", "en")
        values = {w for row in knob_rows(PROFILES[name]) for w in words(f"{row['knob']} {row['value']} {row['rule']}")}
        assert words(korean) & (words(english) | msgid_words()) - values - allowed_names() == set(), name


def test_a_violation_is_said_from_its_facts_and_falls_back_to_english() -> None:
    params = {"reason": "below-minimum", "score": 0, "minimum": 3, "player": "Hyun"}
    english = "Hyun has 0 points; a call needs 3"
    assert fact("violation", "illegal-call", english, params, "ko") == "Hyun: 0점뿐인데 고나 스톱은 3점부터"
    assert fact("violation", "illegal-call", english, params, "en") == english
    # a fact missing: the code's sentence that needs none
    assert fact("violation", "illegal-call", english, {"reason": "below-minimum"}, "ko") == "규칙에 맞지 않는 고·스톱"
    assert fact("violation", "no-such-code", "as it was", {}, "ko") == "as it was"


def test_every_sentence_the_code_says_is_in_the_catalogue() -> None:
    """Every literal msgid given to ``say`` in the package has its Korean."""
    ko = catalogue("ko")
    missing = []
    for path in sorted((ROOT / "gostop_arbiter").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.FunctionDef) and node.name == "say" for node in ast.walk(tree)):
            continue  # a module with a say of its own (the HTML page's table) is not the catalogue's
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and first.value not in ko:
                    missing.append(f"{path.name}: {first.value!r}")
        for node in ast.walk(tree):  # the event words and outcomes are msgids kept in tables
            if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") in ("EVENT_WORDS", "OUTCOMES"):
                assert isinstance(node.value, ast.Dict)
                for value in node.value.values:
                    if isinstance(value, ast.Constant) and value.value not in ko:
                        missing.append(f"{path.name}: {value.value!r}")
    assert missing == []


def _joined(text: str | tuple[str, ...]) -> str:
    """A message's text as a compiled catalogue keeps it: a plural's forms joined by NUL."""
    return "\x00".join(text) if isinstance(text, tuple) else str(text)


def test_the_compiled_catalogue_matches_its_source() -> None:
    """The .mo shipped is the .po compiled: run ``pybabel compile -d gostop_arbiter/locale -D
    gostop_arbiter`` after editing the .po."""
    with PO.open("rb") as handle:
        source = read_po(handle)
    expected = {
        (f"{m.context}\x04{_joined(m.id)}" if m.context else _joined(m.id)): _joined(m.string)
        for m in source
        if m.id and m.string
    }
    assert read_mo(MO.read_bytes()) == expected
    for message in source:  # a translation says what its English says: the same facts
        if message.pluralizable:  # click's plural messages: the one Korean form names the facts of either
            assert set(placeholders(message.string[0])) <= set().union(*map(placeholders, message.id))
            continue
        if message.id and message.context != "term":
            assert set(placeholders(str(message.string))) <= set(placeholders(str(message.id))), message.id
    assert "선수" not in PO.read_text(encoding="utf-8"), "a player is 플레이어 or the name itself"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, "ko"),
        ({"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ko_KR", "LANG": "C.UTF-8"}, "ko"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert lang_from_env(environ) == lang


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {"PATH": "/usr/bin:/bin", "COLUMNS": "200", "NO_COLOR": "1", **env}
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=60, env=environ, cwd=ROOT
    )


def test_every_command_takes_lang_and_the_locale_decides_without_it() -> None:
    sample = str(SAMPLES / "gostop-3p-tally.gsn")
    assert "정산" in run("check", sample, LANG="ko_KR.UTF-8").stdout
    assert "balance" in run("check", sample, LANG="en_US.UTF-8").stdout
    assert "balance" in run("check", sample, "--lang", "en", LANG="ko_KR.UTF-8").stdout
    for command in cli.commands.values():
        assert any("--lang" in p.opts for p in command.params), command.name
    assert "규칙 모음" in run("rules", "--lang", "ko").stdout
    assert "자리" in run("parse", sample, "--lang", "ko").stdout


def test_errors_are_said_in_korean() -> None:
    missing = run("check", "no-such-file.gsn", "--lang", "ko")
    assert missing.returncode == 2
    assert "no-such-file.gsn을 읽을 수 없어요: 그런 파일이나 폴더가 없어요" in missing.stderr
    usage = run("check", "--lang", "ko")
    assert usage.returncode == 2 and "빠진 인자: 'FILES...'." in usage.stderr and "Missing" not in usage.stderr
    unknown = run("compare", "x.gsn", "--rules", "standard", "--no-colour", "--lang", "ko")
    assert unknown.returncode == 2 and "그런 옵션은 없어요: '--no-colour'" in unknown.stderr, unknown.stderr
    turn = run("replay", str(SPEC_EXAMPLES / "03-ja-ppeok.gsn"), "--turn", "99", LANG="ko_KR.UTF-8")
    assert turn.returncode == 2 and "1판에는 99번째 차례가 없어요" in turn.stderr


def test_money_is_in_won() -> None:
    """Korean shows 원 (a stake at a Korean table is in won); a [Currency] tag names another."""
    assert money(1100, "ko") == "1,100원"
    assert money(1100, "en") == "1,100"
    assert money(1100, "en", "KRW") == "1,100 won"
    assert money(-240, "ko", sign=True) == "-240원"
    assert money(5, "ko", "points") == "5 points"
    text = (SAMPLES / "gostop-3p-tally.gsn").read_text(encoding="utf-8")
    plain = CliRunner().invoke(cli, ["check", "--lang", "en", "-"], input=text, env=WIDE).output
    in_won = CliRunner().invoke(cli, ["check", "--lang", "en", "-"], input='[Currency "KRW"]\n' + text, env=WIDE)
    assert "+1,200 " in plain and "won" not in plain
    assert "+1,200 won" in in_won.output and "Joon hands 800 won to Sora" not in in_won.output
    korean = CliRunner().invoke(cli, ["check", "--lang", "ko", "--settle", "-"], input=text, env=WIDE).output
    assert "+1,200원" in korean and "Joon → Sora: 800원" in korean


HALMEONI = """[Seats "할머니, 민지"]
deal 할머니: 2p 3p 5a 5p 7a 7r 9p 10p 10r 11p
deal 민지: ?*10
table: 3r 7p 4a 8g 5r 9a 11pp 1r
할머니: 1p / 4p
"""


def test_the_caret_stands_under_the_card_after_a_korean_name() -> None:
    """할머니 takes two cells a letter: the caret is under ``1p`` as a terminal shows it."""
    output = CliRunner().invoke(cli, ["check", "--lang", "ko", "-"], input=HALMEONI, env=WIDE).output
    lines = output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("할머니: 1p / 4p"))
    quoted, caret = lines[at], lines[at + 1]
    assert cell_len(quoted[: quoted.index("1p")]) == caret.index("^")


def test_the_violations_past_the_cap_are_said_in_korean(tmp_path: Path) -> None:
    hand = tmp_path / "many.gsn"
    hand.write_text('[Seats "A, B"]\ndeal A: ' + " ".join(["1g"] * 30) + "\ndeal B: ?*10\ntable: 2p 3p 4p 5p 6p 7p 8p 9p\n", encoding="utf-8")
    english = invoke("check", "--lang", "en", str(hand))
    korean = invoke("check", "--lang", "ko", str(hand))
    assert "more extra-card violations up to line 2" in english
    assert "이 밖에도 2번째 줄까지 중복된 패" in korean and "more" not in korean


class _Visible(HTMLParser):
    """A page's visible text: the text of its elements (the card faces' SVG among them) and the
    titles and labels it shows on hover, not the code of its scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        self.text += [value or "" for name, value in attrs if name in ("title", "aria-label", "alt")]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.text.append(data)


def _script_json(page: str, element: str) -> Any:
    found = re.search(rf'<script id="{element}" type="application/json">(.*?)</script>', page, re.S)
    assert found, element
    return json.loads(found.group(1))


def page_text(page: str) -> str:
    """What a reader of the replay sees: the page's visible text, and the strings its script
    writes (the script's words, blanks left out, and each step's events, outcome, labels and
    score lines; not the GSN line a step quotes)."""
    visible = _Visible()
    visible.feed(page)
    shown = [*visible.text, *(re.sub(r"\{\w+\}", " ", w) for w in _script_json(page, "gsn-words").values())]
    for hand in _script_json(page, "gsn-data"):
        for step in hand["steps"]:
            shown += [*step["events"], step["outcome"], *(stack["stuck"] for stack in step["table"])]
            for pile in step["piles"].values():
                shown += [group["label"] for group in pile["groups"]] + [rule for rule, _points in pile["items"]]
    return "\n".join(shown)


def rendered(path: Path, lang: str, out: Path) -> str:
    result = CliRunner().invoke(cli, ["render", str(path), "-o", str(out), "--lang", lang], env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return out.read_text(encoding="utf-8")


def tag_words(path: Path) -> set[str]:
    """The words of the tags the page shows as the writer wrote them (the event, the place, notes)."""
    found: set[str] = set()
    for hand in parse_text(path.read_text(encoding="utf-8")).hands:
        found |= {w for t in hand.tags if t.name in ("Event", "Date", "Site", "Note") for w in words(t.value)}
    return found


@pytest.mark.parametrize("path", [*SAMPLE_FILES, *sorted(SPEC_EXAMPLES.glob("*.gsn"))], ids=lambda p: p.stem)
def test_a_sample_rendered_in_korean_holds_no_english(path: Path, tmp_path: Path) -> None:
    """The HTML replay in Korean (decision P61): no word of the English page's visible text nor of
    the catalogue's msgids, apart from the names, the rules' names, the path and the tags' text."""
    korean = page_text(rendered(path, "ko", tmp_path / "ko.html"))
    english = page_text(rendered(path, "en", tmp_path / "en.html"))
    assert words(korean) & (words(english) | msgid_words()) - allowed(path) - tag_words(path) == set()


# ---- compare, as the first evening found it (issue 15) ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "line 5: the table got it wrong: the table had Taeho pay Yuna 8; the rules say 16"),
        ("ko", "5번째 줄: 계산 착오: 판에서는 Taeho가 Yuna에게 8점을 낸다고 했지만 규칙으로는 16점"),
    ],
)
def test_compare_says_which_claim_the_rules_contradict(lang: str, said: str, tmp_path: Path) -> None:
    from test_tally import YUNA_WINS

    path = tmp_path / "claim.gsn"
    path.write_text(YUNA_WINS + "Yuna: stop\nclaim: Taeho pays Yuna 8\n", encoding="utf-8")
    result = run("compare", str(path), "--rules", "standard,gamerules", "--lang", lang)
    assert result.returncode == 3, result.stderr
    notes = result.stdout.split("why:" if lang == "en" else "이유:", 1)[1].strip().splitlines()
    assert len(notes) == 2 and all(said in note for note in notes), result.stdout
    assert display_name("standard", lang) in notes[0] and "gamerules" in notes[1]  # 표준 in Korean (P86)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_compare_at_80_columns_cuts_no_profile_name(lang: str) -> None:
    sample = SAMPLES / "gostop-3p-bomb-shake.gsn"
    result = run("compare", str(sample), "--rules", ",".join(PROFILES), "--lang", lang, COLUMNS="80")
    assert result.returncode in (0, 1, 3), result.stderr
    assert "…" not in result.stdout
    assert max(cell_len(line) for line in result.stdout.splitlines() if "┃" in line or "│" in line) <= 80
    heads = {w for line in result.stdout.splitlines() if line.startswith("┃") for w in line.strip("┃ ").split("┃")}
    assert {display_name(p, lang) for p in PROFILES} <= {h.strip() for h in heads}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "hand 1 · minhwatu: incomplete: the transcript ends before the hand does under these rules"),
        ("ko", "1판 · 민화투: 진행 중: 이 규칙으로는 판이 끝나기 전에 기록이 끝남"),
    ],
)
def test_compare_says_why_a_minhwatu_hand_is_incomplete(lang: str, said: str, tmp_path: Path) -> None:
    path = tmp_path / "cut.gsn"  # Grandpa's round, cut off after the eighth turn
    lines = (SAMPLES / "minhwatu-3p.gsn").read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:24]), encoding="utf-8")
    result = run("compare", str(path), "--rules", "minhwatu", "--lang", lang, COLUMNS="80")
    assert said in result.stdout.splitlines()[-1], result.stdout


def test_every_choice_of_every_knob_is_said_in_korean_beside_its_value() -> None:
    """``rules NAME --lang ko`` says what a value means: each choice of a knob of fixed values has
    its words (rules/choices.py) and their Korean, and each profile's output shows them."""
    from typing import Literal, get_args, get_origin

    from gostop_arbiter.rules.choices import CHOICES
    from gostop_arbiter.rules.profile import _annotation

    ko = catalogue("ko")
    for row in knob_rows(PROFILES["standard"]):
        if not row["group"]:
            continue
        annotation = _annotation(row["group"], row["knob"])
        for value in get_args(annotation) if get_origin(annotation) is Literal else ():
            words_of = CHOICES.get(f"{row['group']}.{row['knob']}={value}")
            assert words_of is not None, f"{row['knob']}={value} has no words"
            assert f"knob choice\x04{words_of}" in ko, words_of
    for name in ("standard", "cs470"):
        korean = invoke("rules", name, "--lang", "ko")
        for row in knob_rows(PROFILES[name]):
            words_of = CHOICES.get(f"{row['group']}.{row['knob']}={row['value']}")
            if words_of:
                said = ko[f"knob choice\x04{words_of}"]
                assert f"{row['knob']} = {row['value']} ({said})" in korean, row["knob"]
