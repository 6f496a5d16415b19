"""Judging a file while it is read (what ``check`` does): the same verdict as parsing it whole,
no verdict once a hand has a syntax error, and the transcript never held whole."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, spec_examples

from gostop_arbiter import collector, judge_text
from gostop_arbiter.judging import file as judging_file
from gostop_arbiter.judging.file import FileJudge, judge_file, judge_lines
from gostop_arbiter.notation import normalise_lines, parse_text

TWO_HANDS = """\
[Seats "A, B"]
[Weather "rain"]
pile A: 1g 3g 8g 1p 2p 3p 4p 5p 6p 7p 8p 9p 10p
pile B: 2pp
A: stop

[Hand "2"]
pile A: 1p
pile B: 11g 12g 3g 11p 12p 4p 5p 6p 7p 8p 9p 10p
B: stop
"""


@pytest.mark.parametrize("path", [*sorted(SAMPLES.glob("*.gsn")), *spec_examples()], ids=lambda p: p.name)
def test_judged_while_read_is_judged_as_a_whole(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    judged = judge_lines(str(path), normalise_lines(text))
    assert judged.errors == []
    assert judged.verdict == judge_file(str(path), parse_text(text).hands)


def test_a_syntax_error_in_a_later_hand_leaves_no_verdict_and_every_error_and_warning_is_kept() -> None:
    broken = TWO_HANDS.replace("B: stop", "B: stp") + '\n[Hand "3"]\npile A: 1q\npile B: 2p\nA: stop\n'
    judged = judge_lines("broken.gsn", normalise_lines(broken))
    assert judged.verdict.hands == [] and judged.verdict.balance == {}
    assert [issue.line for issue in judged.errors] == [10, 13]
    assert [notice.line for notice in judged.warnings] == [2]


def later_hands(*numbers: int) -> str:
    """Hands that go on after TWO_HANDS, each won by B's stop."""
    return "".join(
        f'\n[Hand "{n}"]\npile A: 1p\npile B: 11g 12g 3g 11p 12p 4p 5p 6p 7p 8p 9p 10p\nB: stop\n' for n in numbers
    )


@pytest.mark.parametrize("read_ahead", [1, 2])
def test_hands_are_judged_a_run_at_a_time(monkeypatch: pytest.MonkeyPatch, read_ahead: int) -> None:
    """Never more than ``read_ahead`` hands are read before they are judged."""
    text = TWO_HANDS + later_hands(3, 4, 5)
    hands_read: list[int] = []
    judged_after: list[int] = []

    def lines() -> Iterator[str]:
        for line in normalise_lines(text):
            if line.startswith("[Hand") or not hands_read:
                hands_read.append(len(hands_read) + 1)
            yield line

    original = judging_file.judge_hand

    def spy(*args: Any, **kwargs: Any) -> Any:
        judged_after.append(len(hands_read))
        return original(*args, **kwargs)

    monkeypatch.setattr(judging_file, "judge_hand", spy)
    judged = judge_lines("five.gsn", lines(), read_ahead=read_ahead)
    assert len(judged.verdict.hands) == 5
    # hand k is judged once the hands of its run, and the first hand of the next run, are read
    assert judged_after == [min(5, read_ahead * (k // read_ahead + 1) + 1) for k in range(5)]


def test_a_streamed_file_is_collected_between_runs_and_the_reader_works_with_collection_on() -> None:
    """Decision B5: the collector is paused while a run is read and judged, never across a yield,
    so the reader's own work runs with it on, however the reader stops or keeps the iteration."""
    assert gc.isenabled()
    seen = [gc.isenabled() for _hand, _verdict in FileJudge(normalise_lines(TWO_HANDS), read_ahead=2)]
    assert seen == [True, True] and gc.isenabled()

    kept = iter(FileJudge(normalise_lines(TWO_HANDS), read_ahead=2))
    next(kept)  # a reader that keeps the iteration half way
    assert gc.isenabled()

    with pytest.raises(RuntimeError):
        for _pair in FileJudge(normalise_lines(TWO_HANDS), read_ahead=2):
            raise RuntimeError("the reader fails")
    assert gc.isenabled()


FOUR_HANDS = TWO_HANDS + later_hands(3, 4)


def collections_while(call: Callable[[], object]) -> int:
    """Garbage collections started while ``call`` runs, with the collector set to start one at any
    allocation while it is on."""
    started: list[str] = []

    def count(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            started.append(phase)

    threshold = gc.get_threshold()
    gc.set_threshold(1)
    gc.callbacks.append(count)
    try:
        call()
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)
    return len(started)


def test_a_library_call_leaves_the_collector_as_it_found_it() -> None:
    """Decision B5 (issue 27): only the command tunes the collector; the library's calls neither
    pause it nor change its thresholds, so a server or a notebook that judges keeps its own."""
    lines = normalise_lines(FOUR_HANDS)
    before = gc.get_threshold()
    for call in (
        lambda: judge_lines("four.gsn", lines, read_ahead=1),
        lambda: list(FileJudge(lines, read_ahead=1)),
        lambda: parse_text(FOUR_HANDS),
        lambda: judge_text(FOUR_HANDS),
    ):
        assert collections_while(call) > 0
        assert gc.isenabled() and gc.get_threshold() == before


def test_the_command_collects_the_youngest_generation_less_often_and_gives_the_thresholds_back() -> None:
    before = gc.get_threshold()
    with collector.tuned():
        assert gc.get_threshold() == (collector.YOUNG, *before[1:])
    assert gc.get_threshold() == before
