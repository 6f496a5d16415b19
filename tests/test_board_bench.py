"""The board's benchmark runs from a clean checkout and prints every figure it promises (numbers
are not checked: tests never judge speed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_board_benchmark_runs_on_a_tiny_input_and_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "board.py"), "--hands", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for said in ("machine: ", "cores", "Python 3.", "commit ", "method: 1 simulated hands", "median and p99"):
        assert said in out, said
    for players in (2, 3, 4):
        for seen in ("all seen", "Jae not seen"):
            for when in ("pending (right after a turn)", "clean (turn start)"):
                heading = f"{players} players, {seen}, {when}:"
                assert heading in out, heading
                figures = out.split(heading, 1)[1].splitlines()[1:3]
                assert [f.split("median")[0].strip() for f in figures] == ["legal_moves()", "legal_moves() + push"]
    for seen in ("all seen", "Jae not seen"):
        heading = f"every table size, {seen}, pending right after a turn:"
        assert heading in out, heading
        figures = [f.split("median")[0].strip() for f in out.split(heading, 1)[1].splitlines()[1:7]]
        assert figures == [
            "push (one legal move)", "pop (after that push)", "copy()", "view()",
            "is_legal(one legal move)", "is_legal(one illegal move)",
        ]  # fmt: skip
    for line in out.splitlines():
        if "median" in line and "µs" in line:
            assert "p99" in line and "(N=" in line, line
    for players in (2, 3, 4):
        assert f"simulate (board knows the stock), {players} players: " in out
