"""Every sample and every worked example gets the verdict written beside it (NAME.expected.json),
compared by tests/verdicts.py: net payments between each pair, the violation codes that must be reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SPEC_EXAMPLES, sample_files, spec_examples
from verdicts import disagreements, stake_of

from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.notation import parse_text
from gostop_arbiter.records import dump

CASES = [*sample_files(), *spec_examples()]


def expected_of(path: Path) -> Path:
    return path.with_suffix(".expected.json")


def test_every_transcript_has_an_expected_verdict() -> None:
    assert [p.name for p in CASES if not expected_of(p).exists()] == []


def test_the_worked_examples_are_all_there() -> None:
    # docs/gsn.md's examples 01-22: fifteen valid hands in 14 files (11 holds two), eight invalid ones.
    names = [p.stem for p in spec_examples()]
    assert len(names) == 22 and names[0].startswith("01-") and names[-1].startswith("22-")
    assert sorted(p.name for p in SPEC_EXAMPLES.glob("*.expected.json")) == sorted(f"{n}.expected.json" for n in names)


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_verdict_agrees(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    verdict = judge_file(str(path), parse_text(text).hands)
    document = {"schema_version": 1, "files": [dump(verdict, mode="json", by_alias=True)]}
    expected = json.loads(expected_of(path).read_text(encoding="utf-8"))
    assert disagreements(expected, document, stake_of(text)) == []
