"""Shared helpers: parse GSN text in tests, and find the samples and the worked examples in the repository."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gostop_arbiter.notation import GsnSyntaxError, Transcript, parse_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
# The worked examples of the specification (docs/gsn.md), each with its expected verdict.
SPEC_EXAMPLES = ROOT / "tests" / "examples"


def gsn(text: str) -> Transcript:
    """Parse a GSN text written in a test (leading indentation is fine: spaces are ignored)."""
    return parse_text(text)


def syntax_errors(text: str) -> list[tuple[int, int, str]]:
    """The (line, column, message) of every syntax error in a text; fails if it parses."""
    with pytest.raises(GsnSyntaxError) as caught:
        parse_text(text)
    return [(i.line, i.column, i.message) for i in caught.value.issues]


def _transcripts(folder: Path) -> list[Path]:
    """Every transcript of a fixture folder. A missing or empty folder is an error, not zero test cases:
    a test parametrized over nothing would pass without testing anything."""
    found = sorted(folder.glob("*.gsn"))
    if not found:
        raise FileNotFoundError(f"no .gsn files in {folder}: the fixtures are part of the repository")
    return found


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run without the fixture folders: a test that globs a missing folder, or audits it,
    could otherwise pass while testing nothing, even when it is run alone."""
    for folder in (SAMPLES, SPEC_EXAMPLES):
        try:
            _transcripts(folder)
        except FileNotFoundError as missing:
            raise pytest.UsageError(str(missing)) from None
    # A shell without job control (a script, `sh -c 'pytest &'`) starts a background job with Ctrl-C
    # (SIGINT) ignored, and an ignored signal stays ignored in every child: the arbiter, as Python
    # itself, then keeps ignoring it, as a background program should (test_hostile tests it does).
    # The tests that press Ctrl-C on a command they start need it heard, so the suite's own process
    # takes it back; a handler, unlike "ignore", is not inherited.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def spec_examples() -> list[Path]:
    return _transcripts(SPEC_EXAMPLES)


def sample_files() -> list[Path]:
    return _transcripts(SAMPLES)


@pytest.fixture
def keeper() -> Iterator[Any]:
    """The scorekeeper's phone in chromium at 390×844."""
    from browsers import chromium

    driver = chromium(390, 844)
    yield driver
    driver.quit()


@pytest.fixture
def phones() -> Iterator[tuple[Any, Any]]:
    """Two phones in chromium at 390×844: the scorekeeper's and a watcher's."""
    from browsers import chromium

    keeper = chromium(390, 844)
    try:
        watcher = chromium(390, 844)
    except BaseException:
        keeper.quit()
        raise
    yield keeper, watcher
    keeper.quit()
    watcher.quit()
