"""Shared helpers: parse GSN text in tests, and find the spec examples beside the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from gostop_arbiter.notation import GsnSyntaxError, Transcript, parse_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
SPEC_EXAMPLES = ROOT.parent / "shared" / "spec" / "examples"


def gsn(text: str) -> Transcript:
    """Parse a GSN text written in a test (leading indentation is fine: spaces are ignored)."""
    return parse_text(text)


def syntax_errors(text: str) -> list[tuple[int, int, str]]:
    """The (line, column, message) of every syntax error in a text; fails if it parses."""
    with pytest.raises(GsnSyntaxError) as caught:
        parse_text(text)
    return [(i.line, i.column, i.message) for i in caught.value.issues]


def spec_examples() -> list[Path]:
    return sorted(SPEC_EXAMPLES.glob("*.gsn")) if SPEC_EXAMPLES.is_dir() else []


def sample_files() -> list[Path]:
    return sorted(SAMPLES.glob("*.gsn"))
