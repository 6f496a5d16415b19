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


def survey_rows() -> list[tuple[str, str]]:
    """docs/rules-reference.md §16.4's rows: (the survey's number, the knob column)."""
    text = (ROOT / "docs" / "rules-reference.md").read_text(encoding="utf-8")
    section = text.split("### 16.4 Every variant and its knob", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if re.match(r"\| \d+ \|", line)]
    return [(cells[0].removeprefix("| "), cells[-1]) for cells in rows]


def test_every_survey_variant_has_a_row() -> None:
    assert [int(number) for number, _knobs in survey_rows()] == list(range(1, 89))


@pytest.mark.parametrize(("number", "knobs"), survey_rows(), ids=[number for number, _ in survey_rows()])
def test_each_knob_the_survey_table_names_exists_with_the_value_it_names(number: str, knobs: str) -> None:
    """A `knob=value` is accepted by the rules as written; a bare `knob_name` is a knob."""
    from gostop_arbiter.rules import resolve
    from gostop_arbiter.rules.profile import knob_index

    known = set(knob_index())
    for written in re.findall(r"`([^`]*)`", knobs):
        name, equals, value = written.partition("=")
        if equals:
            assert name in known, f"row {number}: no knob {name}"
            resolve("standard", {name: value})  # raises on a value the knob does not take
        elif "_" in written:
            assert written in known, f"row {number}: no knob {written}"
