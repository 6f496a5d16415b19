"""lark-cython's parser reads GSN exactly as Lark's own does: the same models for every hand and line
of the samples and the worked examples, and for 10,000 mutated lines the same models or a refusal
from both. A file read with either gives the same verdict or the same syntax errors. Skipped where
lark-cython is not installed (it is a dependency wherever it has wheels: decision C11)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import sample_files, spec_examples
from lark import Lark, UnexpectedInput
from test_fuzz import mutate

pytest.importorskip("lark_cython")

from gostop_arbiter import judge_text
from gostop_arbiter.notation import GsnSyntaxError, grammar
from gostop_arbiter.notation.grammar import ParserChoice
from gostop_arbiter.notation.reader import Reader, normalise_lines
from gostop_arbiter.notation.transformer import GsnTransformer
from gostop_arbiter.records import dump

TEXTS = [p.read_text(encoding="utf-8") for p in [*spec_examples(), *sample_files()]]


class Both:
    """Lark's own parser and lark-cython's, each with its own transformer."""

    def __init__(self) -> None:
        self.pure_transformer, self.fast_transformer = GsnTransformer(), GsnTransformer()
        self.pure = grammar.build_parser(self.pure_transformer)
        self.fast = grammar.build_parser(self.fast_transformer, fast=True)

    def read(self, text: str, start: str) -> tuple[Any, Any]:
        """What each parser makes of ``text``: the models, the problems and the comments, or the
        refusal."""
        return self._one(self.pure, self.pure_transformer, text, start), self._one(
            self.fast, self.fast_transformer, text, start
        )

    @staticmethod
    def _one(parser: Lark, transformer: GsnTransformer, text: str, start: str) -> Any:
        transformer.reset(0)
        try:
            items = parser.parse(text, start=start)
        except UnexpectedInput as error:
            return "refused", type(error).__name__, getattr(error, "line", None), getattr(error, "column", None)
        comments = [(str(c), c.line, c.column) for c in transformer.comments]
        return items, list(transformer.problems), comments


@pytest.fixture(scope="module")
def both() -> Both:
    return Both()


def test_every_sample_and_example_hand_and_line_reads_the_same(both: Both) -> None:
    lines = 0
    for text in TEXTS:
        whole = "\n".join(normalise_lines(text)) + "\n"
        pure, fast = both.read(whole, "hand")
        assert pure[0] != "refused"
        assert fast == pure
        for line in normalise_lines(text):
            if line.strip() and not line.lstrip().startswith("#"):
                pure, fast = both.read(line, "line")
                assert fast == pure, line
                lines += 1
    assert lines > 300


def _mutated_line(rng: random.Random) -> str:
    text = rng.choice(TEXTS)
    line = rng.choice([line for line in text.split("\n") if line.strip()])
    data = line.encode("utf-8")
    for _ in range(rng.randint(1, 3)):
        data = mutate(data, rng)
    return normalise_lines(data.decode("utf-8", errors="replace"))[0][:2000]


def test_ten_thousand_mutated_lines_read_the_same_or_are_refused_by_both(both: Both) -> None:
    rng = random.Random(16)
    refused = 0
    for _ in range(10_000):
        line = _mutated_line(rng)
        pure, fast = both.read(line, "line")
        if pure[0] == "refused":
            refused += 1
            assert fast[0] == "refused", line
            assert fast[2:] == pure[2:], line  # the same line and column
        else:
            assert fast == pure, line
        pure, fast = both.read(line + "\n", "hand")
        assert (fast[0] == "refused") == (pure[0] == "refused"), line
        if pure[0] != "refused":
            assert fast == pure, line
    assert 1_000 < refused < 9_000  # both kinds were tried


@pytest.mark.parametrize("seed", range(40))
def test_a_mutated_file_gets_the_same_verdict_or_the_same_errors(seed: int) -> None:
    rng = random.Random(seed)
    data = rng.choice(TEXTS).encode("utf-8")
    for _ in range(rng.randint(1, 4)):
        data = mutate(data, rng)
    text = data.decode("utf-8", errors="replace")

    def judged(parser: ParserChoice) -> object:
        try:
            return dump(judge_text(text, reader=Reader(parser=parser)), mode="json")
        except GsnSyntaxError as error:
            return [(i.line, i.column, i.message) for i in error.issues]
        except Exception as error:  # a usage error (an unknown profile): the same either way
            return f"{type(error).__name__}: {error}"

    assert judged("auto") == judged("pure")
