"""GSN in Korean (docs/notation.md, "Korean aliases"; decisions N1, N16–N20): every Korean spelling
reads as the ASCII word it stands for, a Korean name that is more than one card is a located error,
and ``fmt`` keeps a file's script or converts it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import gsn, sample_files, syntax_errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import transcripts
from test_roundtrip import written_content

from gostop_arbiter.cards import MONTH_CARDS
from gostop_arbiter.cli import cli
from gostop_arbiter.notation import Transcript, korean, write_transcript
from gostop_arbiter.notation.grammar import analysed_grammar
from gostop_arbiter.notation.transformer import KNOWN_TAGS, MARKS, RESERVED_NAMES
from gostop_arbiter.notation.writer import ASCII, KOREAN, Spelling, script_of

SEATED = '[Seats "민지, 재현"]\n'


def terminal_patterns() -> dict[str, str]:
    return {t.name: t.pattern.value for t in analysed_grammar().terminals}


# ---- the grammar and notation/korean.py agree ------------------------------------------------


@pytest.mark.parametrize("terminal", sorted(korean.KEYWORDS))
def test_each_keyword_terminal_holds_exactly_its_korean_spellings(terminal: str) -> None:
    pattern = terminal_patterns()[terminal]
    words = re.sub(r"\(\?!\[\\w-\]\)|\(\?:|\)", "", pattern).split("|")
    ascii_word = "pays" if terminal == "PAYS" else terminal.lower()
    assert sorted(words) == sorted([ascii_word, *korean.KEYWORDS[terminal]])


def card_pattern_groups() -> list[set[str]]:
    """The alternations of Korean words in the CARD terminal."""
    return [set(group.split("|")) for group in re.findall(r"\(\?:([^()?\\]*[가-힣][^()?\\]*)\)", terminal_patterns()["CARD"])]


def test_the_card_terminal_holds_exactly_the_month_names_and_category_words() -> None:
    groups = card_pattern_groups()
    assert set(korean.MONTHS) in groups
    assert {"pp", "p", "g", "a", "r", *korean.KINDS} in groups
    assert set(korean.KINDS) in groups
    pattern = re.compile(terminal_patterns()["CARD"], re.IGNORECASE)
    for word in [*korean.NAMES, *korean.KINDS, *korean.MONTHS, "보너스피"]:
        assert pattern.fullmatch(word), word
    for word in ["솔광", "국화꽃", "보너스", "광팔기", "피로", "송학광띠"]:
        assert not pattern.fullmatch(word), word


def test_every_korean_line_word_is_reserved() -> None:
    for terminal in ("DEAL", "TABLE", "STOCK", "PILE", "CLAIM", "NAGARI"):
        assert set(korean.KEYWORDS[terminal]) <= RESERVED_NAMES
    assert set(korean.MARKS.values()) <= set(MARKS)


# ---- every spelling reads as the ASCII one -----------------------------------------------------


def card_spellings(code: str) -> list[str]:
    """Every way of writing a card code that the notation reads (docs/notation.md)."""
    spellings = [code, code.upper()]
    names = [word for word, named in korean.NAMES.items() if named == code]
    match = re.fullmatch(r"(\d+)(pp|p|g|a|r)", code)
    if match is None:
        return [*spellings, *names]
    number, letter = int(match.group(1)), match.group(2)
    kinds = [word for word, kind in korean.KINDS.items() if kind == letter and word not in korean.RIBBONS]
    kinds += [word for word, months in korean.RIBBONS.items() if letter == "r" and number in months]
    months = [word for word, month in korean.MONTHS.items() if month == number]
    spellings += [f"0{code}", *(f"{number}{kind}" for kind in kinds)]
    # the two words apart read as one card only where the month has it (N30): 흑싸리광 is 4g, the
    # replay's unknown card, but 흑싸리 광 could as well be two words, and is refused
    gaps = ("", " ") if code in MONTH_CARDS else ("",)
    spellings += [f"{month}{gap}{kind}" for month in months for kind in kinds for gap in gaps]
    return [*spellings, *names]


def keyword_spellings(terminal: str) -> list[str]:
    ascii_word = ASCII.keyword(terminal)
    return [ascii_word, ascii_word.upper(), *korean.KEYWORDS.get(terminal, ())]


class AnySpelling(Spelling):
    """Each word spelt in any of the ways the notation reads, drawn by hypothesis."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, choices: list[str]) -> str:
        return self.data.draw(st.sampled_from(choices))

    def keyword(self, terminal: str) -> str:
        return self.pick(keyword_spellings(terminal))

    def card(self, code: str) -> str:
        return code if code == "?" else self.pick(card_spellings(code))

    def tag(self, name: str) -> str:
        if name.lower() not in KNOWN_TAGS:
            return name  # an unknown tag keeps its spelling
        return self.pick([name, name.upper(), *(word for word, tag in korean.TAGS.items() if tag == name)])

    def mark(self, mark: str) -> str:
        return self.pick([written for written, meant in MARKS.items() if meant == mark])

    def points(self, points: int) -> str:
        return self.pick([str(points), f"{points}{korean.POINTS_SUFFIX}"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transcripts(), st.data())
def test_korean_and_every_other_spelling_read_as_the_ascii_codes(transcript: Transcript, data: st.DataObject) -> None:
    ascii_read = gsn(write_transcript(transcript))
    korean_read = gsn(write_transcript(transcript, KOREAN))
    any_read = gsn(write_transcript(transcript, AnySpelling(data)))
    assert written_content(korean_read) == written_content(ascii_read) == written_content(transcript)
    assert written_content(any_read) == written_content(ascii_read)


@pytest.mark.parametrize("code", [*sorted(MONTH_CARDS), "b2", "b3", "4g", "12p", "13p"])
def test_every_spelling_of_a_card_is_that_card(code: str) -> None:
    for written in card_spellings(code):
        (hand,) = gsn(SEATED + f"민지: {written} / {written}\n").hands
        (turn,) = hand.statements
        assert [turn.cards[0].code, turn.flips[0].card.code] == [code, code], written


@pytest.mark.parametrize(
    ("korean_line", "ascii_line"),
    [
        pytest.param("패 민지: 송학광 국진 국화 열끗 ?*2", "deal 민지: 1g 9a 9a ? ?", id="deal"),
        pytest.param("손패 민지: 비광 똥광 똥쌍피", "deal 민지: 12g 11g 11pp", id="deal-other-word"),
        pytest.param("바닥: +보너스쌍피 벚꽃피 비쌍피", "table: +b2 3p 12pp", id="table"),
        pytest.param("바닥패: 매조홍단 흑싸리초단 단풍청단", "table: 2r 4r 10r", id="table-ribbons"),
        pytest.param("더미: 모란열 ?", "stock: 6a ?", id="stock"),
        pytest.param("민지: 송학광 x송학띠 / 매조피 !쪽 !싹쓸이", "민지: 1g x1r / 2p !chok !sweep", id="turn"),
        pytest.param("12. 민지: 공산광 / 공산열끗", "12. 민지: 8g / 8a", id="numbered"),
        pytest.param("민지: 폭탄 난초열끗 난초띠 난초피 / 5p", "민지: bomb 5a 5r 5p / 5p", id="bomb"),
        pytest.param("민지: 패스 / 벚꽃광", "민지: pass / 3g", id="pass"),
        pytest.param("민지: 흔들기 단풍열끗 단풍띠 단풍피", "민지: shake 10a 10r 10p", id="shake"),
        pytest.param("민지: 흔들 단풍열끗 단풍띠 단풍피", "민지: shake 10a 10r 10p", id="shake-short"),
        pytest.param("민지: 보너스 보너스쓰리피 뽑기 ?", "민지: bonus b3 draw ?", id="bonus"),
        pytest.param("민지: 보너스 쓰리피 뽑기 오동피", "민지: bonus b3 draw 11p", id="bonus-three"),
        pytest.param("재현: 주기 홍싸리피", "재현: give 7p", id="give"),
        pytest.param("민지: 국진 피로", "민지: 9a as pi", id="declare-pi"),
        pytest.param("민지: 국진 쌍피로", "민지: 9a as pi", id="declare-double"),
        pytest.param("민지: 국진 as 피", "민지: 9a as pi", id="declare-as"),
        pytest.param("민지: 국화열끗 열끗으로", "민지: 9a as animal", id="declare-animal"),
        pytest.param("민지: 국진 열로", "민지: 9a as animal", id="declare-animal-short"),
        pytest.param("민지: 고", "민지: go", id="go"),
        pytest.param("민지: 스톱", "민지: stop", id="stop"),
        pytest.param("민지: 스탑", "민지: stop", id="stop-spelt-so"),
        pytest.param("민지: 광팔기", "민지: sell", id="sell"),
        pytest.param("민지: 광 팔기", "민지: sell", id="sell-spaced"),
        pytest.param("손 패 민지: 비광 똥광", "deal 민지: 12g 11g", id="deal-spaced"),
        pytest.param("바닥 패: 매조홍단 벚꽃피", "table: 2r 3p", id="table-spaced"),
        pytest.param("먹은 패 민지: 송학광 비광", "pile 민지: 1g 12g", id="pile-spaced"),
        pytest.param("민지: 죽기", "민지: fold", id="fold"),
        pytest.param("민지: 총통 모란열끗 모란띠 모란피 모란피", "민지: chongtong 6a 6r 6p 6p", id="chongtong"),
        pytest.param("계산: 재현 → 민지 11점", "claim: 재현 pays 민지 11", id="claim"),
        pytest.param("계산: 재현→민지 11", "claim: 재현 pays 민지 11", id="claim-arrow-touching"),
        pytest.param("계산: 나가리", "claim: nagari", id="claim-nagari"),
    ],
)
def test_korean_statement(korean_line: str, ascii_line: str) -> None:
    assert written_content(gsn(SEATED + korean_line + "\n")) == written_content(gsn(SEATED + ascii_line + "\n"))


def test_tally_hand_in_korean() -> None:
    text = "먹은패 민지: 송학광 비광\n먹은패 재현: 똥쌍피\n민지: 고\n민지: 흔들기\n민지: 폭탄\n민지: 스톱\n"
    ascii_text = "pile 민지: 1g 12g\npile 재현: 11pp\n민지: go\n민지: shake\n민지: bomb\n민지: stop\n"
    (hand,) = gsn(text).hands
    assert hand.kind == "tally"
    assert written_content(gsn(text)) == written_content(gsn(ascii_text))


def test_korean_tag_names_are_the_tags_of_gsn_3() -> None:
    text = '[모임 "설날"]\n[자리 "민지, 재현"]\n[선 "재현"]\n[규칙 "standard"]\n[설정 "min_score=5"]\n'
    text += '[점당 "100"]\n[배수 "2"]\n[장소 "할머니 댁"]\n[날짜 "2026.02.17"]\n[판 "1"]\n[메모 "첫 판"]\n민지: 고\n'
    (hand,) = gsn(text).hands
    assert [t.name for t in hand.tags] == [
        "Event", "Seats", "Dealer", "Rules", "Set", "Stake", "Carry", "Site", "Date", "Hand", "Note",
    ]
    assert (hand.seats, hand.stake, hand.sets, hand.warnings) == (["민지", "재현"], 100, {"min_score": "5"}, [])


def test_an_unknown_korean_tag_is_kept_with_a_warning() -> None:
    (hand,) = gsn('[자리 "민지, 재현"]\n[날씨 "맑음"]\n민지: 고\n').hands
    assert hand.tag("날씨") is not None
    assert "unknown tag 날씨" in hand.warnings[0].message


# ---- names that are no single card: refused where they stand -----------------------------------


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        pytest.param("민지: 쌍피 / 3p", 5, "'쌍피' alone is more than one card: write the month with it, 똥쌍피 (11pp), 비쌍피 (12pp)", id="double-junk"),
        pytest.param("민지: 3p / 홍단", 10, "'홍단' is one of three ribbons: write which, 송학띠 (1r), 매조띠 (2r), 벚꽃띠 (3r)", id="red-ribbon"),
        pytest.param("민지: 3p / 청단", 10, "'청단' is one of three ribbons: write which, 모란띠 (6r), 국화띠 (9r), 단풍띠 (10r)", id="blue-ribbon"),
        pytest.param("민지: 초단 / 3p", 5, "'초단' is one of three ribbons: write which, 흑싸리띠 (4r), 난초띠 (5r), 홍싸리띠 (7r)", id="grass-ribbon"),
        pytest.param("민지: 광 / 3p", 5, "'광' alone is more than one card: write the month with it, 송학광 (1g), 벚꽃광 (3g), 공산광 (8g), 똥광 (11g), 비광 (12g)", id="bright"),
        pytest.param("민지: 3p / 열끗", 10, "'열끗' alone is more than one card: write the month with it, such as 매조열끗 (2a)", id="animal"),
        pytest.param("민지: 3p / 피", 10, "'피' alone is more than one card: write the month with it, such as 송학피 (1p)", id="junk"),
        pytest.param("민지: 국화 / 3p", 5, "'국화' is a month (9), not a card: write which of its cards, 국진 (9a), 국화띠 (9r), 국화피 (9p)", id="month-alone"),
        pytest.param("민지: 3p / 비", 10, "'비' is a month (12), not a card", id="rain-alone"),
        pytest.param("민지: 공산홍단 / 3p", 5, "'공산홍단' is no card: the 홍단 ribbons are those of 송학 (1r), 매조 (2r), 벚꽃 (3r)", id="ribbon-of-another-month"),
        pytest.param("민지: 4홍단 / 3p", 5, "'4홍단' is no card: the 홍단 ribbons are those of", id="numbered-ribbon-of-another-month"),
        pytest.param("민지: 보너스 보너스피 뽑기 ?", 9, "'보너스피' is b2 or b3: write 보너스쌍피 (b2) or 보너스쓰리피 (b3)", id="bonus-unsaid"),
        pytest.param("바닥: +쌍피 3p", 5, "'쌍피' alone is more than one card", id="dealer-bonus"),
        pytest.param("민지: 송학쌍 / 3p", 5, "expected a card such as 3p", id="not-a-card-word"),
        pytest.param("민지: 고오", 5, "expected a card such as 3p", id="misspelt-keyword"),
        pytest.param("패 민지 송학광", 6, "expected ':', but found '송학광'", id="deal-without-colon"),
        pytest.param("계산: 재현 → 민지", 12, "expected the points (a whole number), but found the end of the line", id="claim-without-points"),
    ],
)
def test_a_bad_korean_name_is_a_located_error(line: str, column: int, message: str) -> None:
    errors = syntax_errors(SEATED + line + "\n")
    assert len(errors) == 1, errors
    got_line, got_column, got_message = errors[0]
    assert (got_line, got_column) == (2, column)
    assert got_message.startswith(message), got_message


def test_every_ambiguous_name_of_a_line_is_reported() -> None:
    errors = syntax_errors(SEATED + "민지: 쌍피 / 쌍피 / 홍단\n재현: 국화\n")
    assert [(line, column) for line, column, _ in errors] == [(2, 5), (2, 10), (2, 15), (3, 5)]


@pytest.mark.parametrize("name", ["패", "바닥", "더미", "먹은패", "계산", "나가리"])
def test_korean_line_words_are_no_names(name: str) -> None:
    errors = syntax_errors(f'[Seats "{name}, 민지"]\n민지: 고\n')
    assert errors and "is not a player's name" in errors[0][2]


def test_players_may_be_called_like_korean_keywords_and_cards() -> None:
    (hand,) = gsn('[Seats "고, 비광, 국화"]\n고: 고\n비광: 비광 / 국진\n국화: 스톱\n계산: 고 → 국화 3점\n').hands
    assert [getattr(s, "player", None) for s in hand.statements] == ["고", "비광", "국화", None]
    assert hand.statements[-1].payer == "고"


# ---- fmt keeps the script, --ascii and --korean convert ----------------------------------------


def fmt(text: str, *options: str) -> str:
    result = CliRunner().invoke(cli, ["fmt", *options, "-"], input=text)
    assert result.exit_code == 0, result.output
    return result.output


SAMPLES = sample_files()


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_fmt_converts_every_sample_both_ways_and_back(path: Path) -> None:
    original = path.read_text(encoding="utf-8")
    in_korean = fmt(original, "--korean")
    in_ascii = fmt(in_korean, "--ascii")
    assert in_ascii == fmt(original, "--ascii") == fmt(original)
    assert fmt(in_ascii, "--korean") == in_korean
    assert fmt(in_korean) == in_korean  # a Korean file stays Korean
    assert script_of(in_korean) == "korean" and script_of(in_ascii) == "ascii"
    assert written_content(gsn(in_korean)) == written_content(gsn(original))


def test_fmt_check_takes_a_korean_file_as_canonical(tmp_path: Path) -> None:
    path = tmp_path / "korean.gsn"
    path.write_text(fmt(SAMPLES[0].read_text(encoding="utf-8"), "--korean"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert result.exit_code == 0, result.output


def test_fmt_writes_a_korean_file_in_canonical_korean() -> None:
    text = '[자리 "민지, 재현"]\n패 민지: 8광 국화 열끗 흑싸리초단 ?\n민지: 9a AS pi\n민지: 고\n계산: 재현 pays 민지 3\n'
    assert fmt(text) == (
        '[자리 "민지, 재현"]\n패 민지: 공산광 국진 흑싸리띠 ?\n민지: 국진 피로\n민지: 고\n계산: 재현 → 민지 3점\n'
    )


def test_fmt_writes_the_spaced_words_as_one_word_and_reads_them_back() -> None:
    """A player writes 광 팔기 and 먹은 패 as they say them (decision R55); the writer keeps its one
    spelling, and what it writes reads as what was written."""
    text = (
        '[자리 "가, 나, 다, 라"]\n[선 "가"]\n손 패 가: 1g 1r 1p 1p 2a 2r 2p\n패 나: 3g 3r 3p 3p 4a 4r 4p\n'
        "패 다: 5a 5r 5p 5p 6a 6r 6p\n패 라: 8g 7r 7p 7p 8a 8p 8p\n바닥 패: 9a 9r 9p 9p 10a 10r\n라: 광 팔기\n"
    )
    written = fmt(text, "--korean")
    assert "광 팔기" not in written and "라: 광팔기\n" in written and "\n바닥: " in written and "\n패 가: " in written
    assert fmt(written, "--korean") == written
    assert written_content(gsn(written)) == written_content(gsn(text))
    assert fmt(text, "--ascii").endswith("\n라: sell\n")


@pytest.mark.parametrize(
    ("text", "script"),
    [
        pytest.param('[Seats "민지, 재현"]\ndeal 민지: 1g 2p\n민지: go\n', "ascii", id="korean-names-ascii-words"),
        pytest.param('[Event "설날 가족 맞고"]\n민지: 1g / 2p  # 고!\n', "ascii", id="korean-values-and-comments"),
        pytest.param('[Seats "A, B"]\nA: 송학광 / 매조피 !쪽\nA: go\n', "korean", id="mostly-korean"),
        pytest.param('[자리 "A, B"]\nA: 1g / 2p\nA: 고\n', "ascii", id="mostly-ascii"),
        pytest.param('[Seats "A, B"]\nA: 8광 / 3피\n', "korean", id="korean-categories"),
        pytest.param('[Seats "A, B"]\nA: 송학광 / 비광 / 똥광 ~\nA: go\n', "ascii", id="broken-line-not-counted"),
    ],
)
def test_the_script_of_a_file_is_that_of_most_of_its_words(text: str, script: str) -> None:
    assert script_of(text) == script
