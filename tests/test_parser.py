"""The parsers that read transcripts: Lark's LALR parser for grammar/gsn.lark, in Python or in
lark-cython, on the tables Lark keeps in the user's cache folder (decisions C10, C11). They must
read exactly what Lark reads from the grammar analysed afresh: the same tokens, the same trees, the
same errors; and an edited grammar is read as edited, with no step by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import sample_files, spec_examples
from hypothesis import given, settings
from hypothesis import strategies as st

from gostop_arbiter.notation import GsnSyntaxError, grammar
from gostop_arbiter.notation.grammar import analysed_grammar, build_parser, cache_file, grammar_text
from gostop_arbiter.notation.reader import Reader, _chunks, normalise_lines

# ---- the cache of the grammar's tables -----------------------------------------------------------

# A new keyword: "chongtong" may also be written "shakeall" (no such word in GSN).
EDITED = grammar_text().replace("CHONGTONG.2: /(?:chongtong", "CHONGTONG.2: /(?:shakeall|chongtong", 1)
EDITED_HAND = '[Seats "Minji, Jae"]\nMinji: shakeall 3p 3a 3r 3pp\n'


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "gostop-arbiter"


def cached(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_the_tables_are_kept_in_the_users_cache_folder_and_loaded_from_it(cache_home: Path) -> None:
    assert build_parser().parse("Minji: 3p / 4p\n", start="hand")
    (kept,) = cached(cache_home)
    assert cache_file(grammar_text()) == str(cache_home / kept)
    written = (cache_home / kept).stat().st_mtime_ns
    assert build_parser(fast=True).parse("Minji: 3p / 4p\n", start="hand")  # the same tables, either parser
    assert cached(cache_home) == [kept] and (cache_home / kept).stat().st_mtime_ns == written


def test_an_edited_grammar_is_read_as_edited_with_no_step_by_hand(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert grammar_text() != EDITED
    with pytest.raises(GsnSyntaxError, match="found 'shakeall'"):
        Reader().text(EDITED_HAND)
    monkeypatch.setattr(grammar, "grammar_text", lambda: EDITED)
    for parser in ("pure", "auto"):
        (hand,) = Reader(parser=parser).text(EDITED_HAND).hands
        assert [statement.kind for statement in hand.statements] == ["chongtong"]
    assert len(cached(cache_home)) == 2  # each grammar its own file: neither overwrites the other


def test_a_broken_cache_file_is_analysed_again(cache_home: Path) -> None:
    build_parser()
    (kept,) = cached(cache_home)
    (cache_home / kept).write_bytes(b"half a file, as another process was writing it")
    assert build_parser().parse("Minji: 3p / 4p\n", start="hand")


def test_without_a_cache_folder_the_grammar_is_analysed_at_each_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_folder))
    assert cache_file(grammar_text()) is False
    assert build_parser().parse("Minji: 3p / 4p\n", start="hand")


# ---- the same tokens as Lark's own contextual lexer ---------------------------------------------


class Recorder:
    """Lexer callbacks that write down every token, the ignored ones too."""

    def __init__(self) -> None:
        self.tokens: list[tuple[str, str, int, int]] = []
        self.callbacks = {t.name: self.record for t in analysed_grammar().terminals}

    def record(self, token: Any) -> Any:
        self.tokens.append((token.type, str(token), token.line, token.column))
        return token


class Reading:
    """A parser that reports what it made of a text: the tree or the error, and every token."""

    def __init__(self, make: Any) -> None:
        self.recorder = Recorder()
        self.parser = make(self.recorder.callbacks)

    def __call__(self, text: str, start: str) -> tuple[dict[str, object], list[tuple[str, str, int, int]]]:
        self.recorder.tokens = []
        try:
            result: dict[str, object] = {"tree": plain(self.parser.parse(text, start=start))}
        except Exception as error:  # Lark's errors, whichever parser
            result = {"error": (type(error).__name__, getattr(error, "line", None), getattr(error, "column", None))}
        return result, self.recorder.tokens


lark_reading = Reading(lambda callbacks: analysed_grammar(lexer_callbacks=callbacks))  # the grammar analysed afresh

PARSERS = ["pure", *(["fast"] if importlib.util.find_spec("lark_cython") else [])]
"""The parsers the reader builds from the cached tables: Lark's own, and lark-cython's where installed."""

our_readings = {
    parser: Reading(lambda callbacks, fast=parser == "fast": build_parser(lexer_callbacks=callbacks, fast=fast))
    for parser in PARSERS
}


def plain(node: Any) -> object:
    if hasattr(node, "children"):
        return (str(node.data), [plain(child) for child in node.children])
    return (node.type, str(node), node.line, node.column, node.end_line, node.end_column)


def documents() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in [*sample_files(), *spec_examples()]]


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize("index", range(len(documents())))
def test_every_sample_and_example_lexes_and_parses_as_with_lark(index: int, parser: str) -> None:
    for chunk in _chunks(normalise_lines(documents()[index])):
        text = "\n".join(chunk.lines) + "\n"
        assert our_readings[parser](text, "hand") == lark_reading(text, "hand")


# Words that a state may not accept where they stand: players called like keywords, numbers that
# are points or turn numbers, cards where names are due.
WORDS = [
    "Go",
    "go",
    "Stop",
    "pass",
    "Pass",
    "bomb",
    "x",
    "X",
    "as",
    "pi",
    "animal",
    "pays",
    "nagari",
    "deal",
    "table",
    "stock",
    "pile",
    "claim",
    "shake",
    "bonus",
    "draw",
    "give",
    "sell",
    "fold",
    "chongtong",
    "Minji",
    "Jae-hoon",
    "민지",
    "Dealer",
    "Goer",
    "b2",
    "B3",
    "1g",
    "12pp",
    "3광",
    "+b2",
    "+1g",
    "12.",
    "3",
    "?",
    "?*4",
    "!chok",
    "!",
    ":",
    "/",
    "x3p",
    "#",
    "# note",
    '[Rules "standard"]',
    "[Stake",
    "1",
    "10.Minji",
    "3p/4a",
    "pile:",
    "Go:",
    # Korean spellings: keywords, cards, a card with a space, a name that is no card, the arrow
    "고",
    "스톱",
    "패",
    "바닥:",
    "계산:",
    "나가리",
    "폭탄",
    "흔들기",
    "송학광",
    "국화 열끗",
    "x비광",
    "쌍피",
    "피로",
    "→",
    "11점",
    "민지:",
    '[자리 "민지, 재현"]',
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=9),
    st.sampled_from(["line", "hand"]),
    st.sampled_from(PARSERS),
)
def test_any_line_of_gsn_words_lexes_and_parses_as_with_lark(words: list[str], start: str, parser: str) -> None:
    text = " ".join(words) + ("\n" if start == "hand" else "")
    assert our_readings[parser](text, start) == lark_reading(text, start)


@pytest.mark.parametrize(
    "line",
    [
        "Go: go",  # a player called Go who goes
        "Pass: pass / 3p",
        "12. Stop: 3p x3a / 4p !ppeok",
        "claim: Go pays Stop 3",
        "Minji: 3p as pi",
        "X: 3p x 3a",
        "deal Deal: 1g ?*9",
    ],
)
def test_keywords_as_names_read_as_with_lark(line: str) -> None:
    for reading in our_readings.values():
        ours = reading(line, "line")
        assert ours == lark_reading(line, "line")
        assert "tree" in ours[0]


def test_where_lark_cython_is_not_installed_whole_hands_are_read_by_larks_own_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = documents()[0]
    expected = Reader(parser="pure").text(text)
    monkeypatch.setitem(sys.modules, "lark_cython", None)  # import lark_cython fails, as where it has no wheel
    assert grammar.cython_plugins() == {}
    assert Reader().text(text) == expected
