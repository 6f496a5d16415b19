"""docs/api.md's examples run as they stand and print what the page says (doctest, from the top folder)."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest
from conftest import ROOT

BLOCK = re.compile(r"```python\n(.*?)```", re.S)
PAGE = ROOT / "docs" / "api.md"


def test_every_example_of_the_api_page_runs() -> None:
    blocks = BLOCK.findall(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 6
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "docs/api.md", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    before = Path.cwd()
    os.chdir(ROOT)
    try:
        runner.run(test)
    finally:
        os.chdir(before)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples of docs/api.md failed"
    assert results.attempted >= 20


@pytest.mark.parametrize("name", ["HandBoard", "HandVisitor", "IllegalStatement", "board_for", "judge_text", "read_text"])
def test_the_page_names_every_public_name(name: str) -> None:
    assert name in PAGE.read_text(encoding="utf-8")
