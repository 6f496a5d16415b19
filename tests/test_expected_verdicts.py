"""Every sample and every spec example gets the verdict written beside it (NAME.expected.json),
compared the way ../shared/tools/compare_verdicts.py compares them."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT, SAMPLES, SPEC_EXAMPLES

from gostop_arbiter.arbiter import judge_file
from gostop_arbiter.notation import parse_text
from gostop_arbiter.records import dump

TOOL = ROOT.parent / "shared" / "tools" / "compare_verdicts.py"


def _tool() -> ModuleType:
    assert TOOL.exists(), f"{TOOL} is missing: the shared/ folder belongs beside the checkout"
    spec = importlib.util.spec_from_file_location("compare_verdicts", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = sorted(
    p
    for folder in (SAMPLES, SPEC_EXAMPLES)
    if folder.is_dir()
    for p in folder.glob("*.gsn")
    if p.with_suffix(".expected.json").exists()
)


def test_every_sample_has_an_expected_verdict() -> None:
    samples = sorted(SAMPLES.glob("*.gsn"))
    assert samples and all(p.with_suffix(".expected.json").exists() for p in samples)


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_verdict_agrees(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    verdict = judge_file(str(path), parse_text(text).hands)
    document = {"schema_version": 1, "files": [dump(verdict, mode="json", by_alias=True)]}
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    stake = re.search(r'^\[Stake\s+"(\d+)"\]', text, re.M | re.I)
    problems = _tool().compare(expected, document, 0, int(stake.group(1)) if stake else 1)
    assert problems == []
