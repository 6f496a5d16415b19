"""Judging a file while it is read (what ``check`` does): the same verdict as parsing it whole,
no verdict once a hand has a syntax error, and the transcript never held whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, spec_examples

from gostop_arbiter import arbiter
from gostop_arbiter.arbiter import judge_file, judge_lines
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
    assert judged.verdict.model_dump() == judge_file(str(path), parse_text(text).hands).model_dump()


def test_a_syntax_error_in_a_later_hand_leaves_no_verdict_and_every_error_and_warning_is_kept() -> None:
    broken = TWO_HANDS.replace("B: stop", "B: stp") + '\n[Hand "3"]\npile A: 1q\npile B: 2p\nA: stop\n'
    judged = judge_lines("broken.gsn", normalise_lines(broken))
    assert judged.verdict.hands == [] and judged.verdict.balance == {}
    assert [issue.line for issue in judged.errors] == [10, 13]
    assert [notice.line for notice in judged.warnings] == [2]


def test_each_hand_is_judged_before_the_next_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    judged_after: list[int] = []

    def lines() -> Iterator[str]:
        for number, line in enumerate(normalise_lines(TWO_HANDS), start=1):
            read.append(number)
            yield line

    original = arbiter.judge_hand

    def spy(*args: Any, **kwargs: Any) -> Any:
        judged_after.append(read[-1])
        return original(*args, **kwargs)

    monkeypatch.setattr(arbiter, "judge_hand", spy)
    judged = judge_lines("two.gsn", lines())
    assert len(judged.verdict.hands) == 2
    assert judged_after[0] < len(read)  # the first hand was judged while the second was still unread
