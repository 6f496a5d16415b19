"""The parser that reads transcripts: Lark's stand-alone LALR parser for grammar/gsn.lark, as Lark's
generator writes it (decision B4). It must read exactly what Lark itself reads from the same
grammar: the same tokens, the same trees, the same errors."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import lark
import pytest
from conftest import sample_files, spec_examples
from hypothesis import given, settings
from hypothesis import strategies as st

from gostop_arbiter.notation import grammar, standalone
from gostop_arbiter.notation.grammar import (
    MODULE,
    analysed_grammar,
    build_parser,
    standalone_source,
)
from gostop_arbiter.notation.reader import _chunks, normalise_lines


@lru_cache(maxsize=1)
def generated() -> str:
    return standalone_source()


def test_the_shipped_parser_holds_the_grammars_tables() -> None:
    fresh: dict[str, Any] = {}
    exec(compile(generated(), "generated", "exec"), fresh)
    assert (fresh["DATA"], fresh["MEMO"]) == (standalone.DATA, standalone.MEMO), (
        "grammar/gsn.lark changed since the parser was made: run `python -m gostop_arbiter.notation`"
    )


@pytest.mark.skipif(
    standalone.__version__ != lark.__version__,
    reason=f"the shipped parser was made by Lark {standalone.__version__}, this is Lark {lark.__version__}",
)
def test_the_shipped_parser_is_what_the_generator_writes() -> None:
    # The whole file, so that a hand edit or a change of the generator's edits shows here.
    with open(MODULE, encoding="utf-8") as handle:
        assert handle.read() == generated()


def test_the_generator_writes_the_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "standalone.py"
    monkeypatch.setattr(grammar, "MODULE", str(target))
    assert grammar.write_standalone() == str(target)
    assert target.read_text(encoding="utf-8") == generated()


def test_the_shipped_parser_needs_no_lark() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from gostop_arbiter.notation import parse_text\n"
        "parse_text('[Seats \"A, B\"]\\nA: 1g / 2p\\n')\n"
        "print(sorted(m for m in sys.modules if m == 'lark' or m.startswith('lark.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


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
        except Exception as error:  # both packages raise their own classes of the same names
            result = {"error": (type(error).__name__, getattr(error, "line", None), getattr(error, "column", None))}
        return result, self.recorder.tokens


lark_reading = Reading(lambda callbacks: analysed_grammar(lexer_callbacks=callbacks))  # Lark itself, its own lexer


def shipped(callbacks: dict[str, Any]) -> Any:
    """The shipped parser, as the reader builds it."""
    return build_parser(lexer_callbacks=callbacks)


our_reading = Reading(shipped)


def plain(node: Any) -> object:
    if hasattr(node, "children"):
        return (str(node.data), [plain(child) for child in node.children])
    return (node.type, str(node), node.line, node.column, node.end_line, node.end_column)


def documents() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in [*sample_files(), *spec_examples()]]


@pytest.mark.parametrize("index", range(len(documents())))
def test_every_sample_and_example_lexes_and_parses_as_with_lark(index: int) -> None:
    for chunk in _chunks(normalise_lines(documents()[index])):
        text = "\n".join(chunk.lines) + "\n"
        assert our_reading(text, "hand") == lark_reading(text, "hand")


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
    "[자리 \"민지, 재현\"]",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9), st.sampled_from(["line", "hand"]))
def test_any_line_of_gsn_words_lexes_and_parses_as_with_lark(words: list[str], start: str) -> None:
    text = " ".join(words) + ("\n" if start == "hand" else "")
    assert our_reading(text, start) == lark_reading(text, start)


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
    ours = our_reading(line, "line")
    assert ours == lark_reading(line, "line")
    assert "tree" in ours[0]
