"""A line read again is read as it was the first time (decision B14).

The reader remembers what the parser made of each turn, call, shake or tag line, by its text, and
copies it to each line where the same text comes again. These tests read the same texts with the
memory and without it (every hand parsed whole, as before) and want the same hands and the same
errors, each at its own line: samples, worked examples and fixtures, with and without their
comments, simulated sessions of every player count, and a thousand mutated files. And what is
remembered stays bounded.
"""

from __future__ import annotations

import random
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import sample_files, spec_examples
from test_fuzz import mutate

from gostop_arbiter.notation import memo, normalise_lines, write_hand
from gostop_arbiter.notation.grammar import build_parser
from gostop_arbiter.notation.memo import MAX_CHARACTERS, MAX_LENGTH, SHORTEST, LineMemo
from gostop_arbiter.notation.reader import Reader
from gostop_arbiter.notation.transformer import GsnTransformer
from gostop_arbiter.rules import profile_named
from gostop_arbiter.tools.simulate import simulate_session

HERE = Path(__file__).parent
FILES = [*spec_examples(), *sample_files(), *sorted((HERE / "hands").glob("*.gsn"))]


def _without_comments(text: str) -> str:
    """The text with its comments taken out: a hand holding a comment is parsed whole."""
    kept = []
    for line in text.split("\n"):
        if line.lstrip().startswith("#"):
            continue
        kept.append(line if line.lstrip().startswith("[") else re.sub(r"\s*#.*$", "", line))
    return "\n".join(kept)


TEXTS = [text for path in FILES for text in (path.read_text(encoding="utf-8"),) for text in (text, _without_comments(text))]


READER = Reader()
"""The reader of most tests: it remembers the lines of every text it reads."""


def _read(text: str, reader: Reader = READER) -> list[Any]:
    return [(result.hand, result.errors) for result in reader.hands(normalise_lines(text))]


@pytest.fixture
def forgetful(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Reads a text with no memory of lines: every hand parsed whole, as the reader did before."""
    reader = Reader()
    monkeypatch.setattr(reader.memo, "read", lambda *_args: None)
    READER.memo.clear()
    yield lambda text: _read(text, reader)
    READER.memo.clear()


def test_the_comment_free_texts_take_the_memory():
    assert sum("#" not in text for text in TEXTS) >= len(FILES)


def test_every_sample_example_and_fixture_reads_the_same_with_the_memory_cold_and_warm(forgetful: Any) -> None:
    for text in TEXTS:
        expected = forgetful(text)
        READER.memo.clear()
        assert _read(text) == expected  # cold: every line parsed once
        assert _read(text) == expected  # warm: every remembered line copied


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_sessions_read_the_same(players: int, forgetful: Any) -> None:
    for rules in ("standard", "online-matgo") if players == 2 else ("standard",):
        session = simulate_session(profile_named(rules), players=players, hands=40, seed=players)
        text = "\n\n".join("\n".join(write_hand(hand)) for hand in session) + "\n"
        expected = forgetful(text)
        assert all(hand is not None for hand, _errors in expected)
        assert _read(text) == expected
        assert READER.memo.young  # the turns were remembered


@pytest.mark.parametrize("seed", range(10))
def test_a_hundred_mutated_files_read_the_same(seed: int, forgetful: Any) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        data = rng.choice(TEXTS).encode("utf-8")
        for _ in range(rng.randint(1, 4)):
            data = mutate(data, rng)
        text = data.decode("utf-8", errors="replace")
        assert _read(text) == forgetful(text), text


SAME_TURN_TWICE = """\
[Seats "Minji, Jae"]
Minji: 3p / 7a !chokk
Jae: 5p / 9p

[Hand "2"]
Minji: 3p / 7a !chokk
"""


def test_a_line_read_again_is_placed_and_reported_at_its_own_line(forgetful: Any) -> None:
    first, second = _read(SAME_TURN_TWICE)
    assert [(e.line, e.column) for e in first[1]] == [(2, 16)]
    assert [(e.line, e.column) for e in second[1]] == [(6, 16)]
    assert "unknown mark '!chokk'" in second[1][0].message
    assert second[1][0].source == "Minji: 3p / 7a !chokk"
    assert (first, second) == tuple(forgetful(SAME_TURN_TWICE))


def parse(text: str) -> tuple[list[Any], list[Any]]:
    """Lines joined as a hand, parsed as the reader parses them."""
    transformer = GsnTransformer()
    parser = build_parser(transformer)
    transformer.reset(0)
    return parser.parse(text, start="hand"), list(transformer.problems)


def _characters(generation: dict[str, Any]) -> int:
    return sum(max(len(text), SHORTEST) for text in generation)


def test_the_memory_holds_at_most_two_generations_of_short_lines_without_problems() -> None:
    memo = LineMemo()
    turns = [f"P{n}: 3p / 7a" for n in range(3 * MAX_CHARACTERS // 10)]
    for start in range(0, len(turns), 500):
        memo.read(turns[start : start + 500], 1, parse)
        assert _characters(memo.young) <= MAX_CHARACTERS and _characters(memo.old) <= MAX_CHARACTERS
    assert memo.size == _characters(memo.young)
    assert turns[-1] in memo.young and turns[0] not in memo.young and turns[0] not in memo.old

    long_turn = "Minji: 3p" + " " * MAX_LENGTH + "/ 7a"
    deal = "deal Minji: 1p 3r 4a 4p 4r 5p 9r 10p 11g 11p"
    unknown_mark = "Minji: 3p / 7a !chokk"
    items, problems = memo.read([long_turn, deal, unknown_mark, "Minji: go"], 7, parse) or ([], [])
    assert [(item.kind, item.line) for item in items] == [("turn", 7), ("deal", 8), ("turn", 9), ("call", 10)]
    assert [(line, column) for line, column, _message in problems] == [(9, 16)]
    assert "Minji: go" in memo.young
    assert not {long_turn, deal, unknown_mark} & (memo.young.keys() | memo.old.keys())


def test_a_line_read_often_outlives_a_generation() -> None:
    memo = LineMemo()
    for n in range(3 * MAX_CHARACTERS // 1000):
        memo.read(["Minji: go", *(f"P{n}x{k}: 3p" for k in range(100))], 1, parse)
    assert "Minji: go" in memo.young


def test_files_read_the_same_while_the_generations_roll_over(forgetful: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MAX_CHARACTERS", 60)  # a few lines a generation
    rng = random.Random(7)
    session = simulate_session(profile_named("standard"), players=3, hands=30, seed=7)
    texts = ["\n\n".join("\n".join(write_hand(hand)) for hand in session) + "\n", *rng.sample(TEXTS, 20)]
    for text in texts:
        expected = forgetful(text)
        assert _read(text) == expected
        assert _read(text) == expected


def test_lines_remembered_from_either_parser_read_the_same(forgetful: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("lark_cython")
    session = simulate_session(profile_named("standard"), players=2, hands=30, seed=11)
    text = "\n\n".join("\n".join(write_hand(hand)) for hand in session) + "\n"
    expected = forgetful(text)
    for parser in ("pure", "auto", "pure"):  # each read finds the lines the other parser remembered
        READER.parser = parser
        assert _read(text) == expected
    READER.parser = "auto"


def test_two_threads_reading_at_once_each_with_its_reader_read_as_one_does(forgetful: Any) -> None:
    rng = random.Random(3)
    texts = []
    for _ in range(40):
        data = rng.choice(TEXTS).encode("utf-8")
        texts.append(mutate(data, rng).decode("utf-8", errors="replace"))
    expected = [forgetful(text) for text in texts]
    wrong: list[int] = []

    def read_all(seed: int) -> None:
        reader = Reader()  # a reader is one thread's: nothing of it is shared
        order = list(range(len(texts)))
        random.Random(seed).shuffle(order)
        wrong.extend(i for i in order if _read(texts[i], reader) != expected[i])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # hand the GIL over as often as Python will
    try:
        threads = [threading.Thread(target=read_all, args=(seed,)) for seed in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
    assert [_read(text) for text in texts] == expected  # and nothing wrong was remembered
