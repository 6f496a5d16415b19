"""The benchmark still runs from a clean checkout and prints every figure it promises (numbers are
not checked: tests never judge speed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_benchmark_runs_on_a_tiny_corpus_and_prints_its_figures() -> None:
    tiny = ["--hands", "12", "--distinct", "6", "--runs", "1", "--no-chess", "--validate", "0"]
    tiny += ["--instruction-hands", "0", "--cold-runs", "1", "--rounds", "2", "--round-hands", "6"]
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench.py"), *tiny], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for figure in (
        "corpus: 12 hands of 2 players",
        "lark parse only",
        "end to end (text -> verdicts)",
        "of the parse-only rate (target: at least 60% of the parse-only rate): median of 2 rounds",
        "of the rate of Lark parsing alone",
        "cold start (",
        "the imports of click and rich alone",
    ):
        assert figure in out, figure
