"""The examples in the README and docs/ are GSN that the reader accepts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, gsn

BLOCK = re.compile(r"```(gsn)?\n(.*?)```", re.S)


def gsn_blocks(path: Path, *, fenced_as: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [body for lang, body in BLOCK.findall(text) if (lang or "") == fenced_as]


DOC_BLOCKS = [(p.name, block) for p in sorted((ROOT / "docs").glob("*.md")) for block in gsn_blocks(p, fenced_as="gsn")]


@pytest.mark.parametrize(("name", "block"), DOC_BLOCKS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(DOC_BLOCKS)])
def test_docs_examples_parse(name: str, block: str) -> None:
    assert gsn(block).hands


def test_the_readme_example_parses() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("## GSN in one example", 1)[1]
    (block,) = [body for _lang, body in BLOCK.findall(example)][:1]
    assert gsn(block).hands[0].seats == ["민지", "재현"]


def test_docs_show_every_statement_kind() -> None:
    import typing

    from gostop_arbiter.notation.model import Statement
    from gostop_arbiter.records import fields

    statements = typing.get_args(typing.get_args(Statement)[0])
    kinds = {f.default for cls in statements for f in fields(cls) if f.name == "kind"}
    seen = {s.kind for _name, block in DOC_BLOCKS for h in gsn(block).hands for s in h.statements}
    assert kinds <= seen, f"docs/notation.md shows no example of {sorted(kinds - seen)}"
