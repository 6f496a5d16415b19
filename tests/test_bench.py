"""The benchmark still runs from a clean checkout and prints every figure it promises (numbers are
not checked: tests never judge speed)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = [sys.executable, str(ROOT / "bench" / "bench.py")]
DIFFERENTIAL = [sys.executable, str(ROOT / "bench" / "differential.py")]


def test_the_benchmark_runs_on_a_tiny_corpus_and_prints_its_figures() -> None:
    tiny = ["--hands", "12", "--distinct", "6", "--runs", "1", "--no-chess", "--validate", "0"]
    tiny += ["--instruction-hands", "0", "--cold-runs", "1", "--rounds", "2", "--round-hands", "6"]
    tiny += ["--audit-hands", "80", "--audit-rounds", "2", "--memory-hands", "12,24"]
    tiny += ["--process-hands", "6", "--process-rounds", "2"]
    result = subprocess.run([*BENCH, *tiny], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    if importlib.util.find_spec("lark_cython") is not None:
        assert "lark-cython parse only" in out and "parse, lark-cython" in out
    for figure in (
        "corpus: 12 hands of 2 players",
        "clock: processor time",
        "rate ÷ pure-Python Lark's",
        "lark parse only",
        "parse, Lark's own parser",
        "replay + settle + verdict",
        "end to end, Lark's own parser",
        "end to end (text -> verdicts)",
        "(target: at least 1,000 a second per core)",
        "of pure-Python Lark's parse rate (target: at least 80%)",
        "whole processes on one file of 6 simulated two-player hands, 2 rounds:",
        "check --json ÷ Lark alone, in rate, round by round: median",
        "check --json, Lark's own parser ÷ Lark alone",
        "audit of a folder of 40 files of 2 hands",
        "audit --jobs 2 ÷ audit --jobs 1, round by round: median",
        "(issue 16: at least 1.80×)",
        "of one file of 24 hands",
        "peak memory",
        "of the parse-only rate (issue 5: at least 60%), in 2 rounds of 6 hands: median",
        "of the rate of Lark parsing alone (issue 16: at least 80%)",
        "cold start (",
        "the imports of click and rich alone",
    ):
        assert figure in out, figure
    # every way of auditing has its row in the scaling table (time, rate, both ratios), and with only
    # two rounds each round's ratio is printed, not a "middle half" of two figures
    ways = ["audit --jobs 1", "audit --jobs 2"]
    ratios = [r"audit --jobs 2 ÷ audit --jobs 1, round by round: (.*) \(issue 16: at least 1.80×\)"]
    if importlib.util.find_spec("distributed") is not None:
        for workers in ("1 worker", "2 workers"):
            ways += [rf"audit --scheduler \(dask, {workers}, new cluster\)", rf"audit --scheduler \(dask, {workers}\)"]
        ratios.append(
            r"audit --scheduler \(dask, 2 workers\) ÷ audit --jobs 2, round by round: (.*) \(issue 16: at least 0.90×\)"
        )
    for way in ways:
        row = rf"^{way}\s+[\d.]+ s\s+[\d,]+ hands/s\s+[\d.]+× one job\s+[\d.]+× two jobs$"
        assert re.search(row, out, re.MULTILINE), way
    for ratio in ratios:
        found = re.search(f"^{ratio}$", out, re.MULTILINE)
        assert found and re.fullmatch(r"median [\d.]+×, each round [\d.]+×, [\d.]+×", found[1]), ratio
    # the files whose peak memory is taken are valid sessions: every hand judged valid
    memory = [line for line in out.splitlines() if "peak memory" in line]
    assert [line.split(" hands (")[0].split()[-1] for line in memory] == ["12", "24"]
    assert all(line.endswith("(exit 0)") for line in memory), memory


def test_the_benchmark_can_leave_out_the_cold_start() -> None:
    tiny = ["--hands", "6", "--runs", "1", "--no-chess", "--validate", "0", "--instruction-hands", "0"]
    tiny += ["--cold-runs", "0", "--rounds", "1", "--round-hands", "6", "--audit-hands", "0", "--memory-hands", ""]
    tiny += ["--process-hands", "0"]  # the whole processes' rounds are the test above's
    result = subprocess.run([*BENCH, *tiny], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "end to end (text -> verdicts)" in result.stdout
    assert "cold start" not in result.stdout


def test_the_audit_is_taken_in_one_round_at_least() -> None:
    result = subprocess.run(
        [*BENCH, "--audit-rounds", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--audit-rounds: at least 1, not 0" in result.stderr


def _reworded(copy: Path, file: str, old: str, new: str) -> None:
    path = copy / "gostop_arbiter" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_differential_audit_finds_the_records_another_code_judges_otherwise(tmp_path: Path) -> None:
    """Two codes: a copy of this one that words a foreign card's violation and a syntax error
    otherwise, and this one again. Only the records that carry them differ, and only in the copy."""
    other = tmp_path / "other"
    for folder in ("gostop_arbiter", "grammar"):  # a checkout's code: Lark reads the grammar
        shutil.copytree(ROOT / folder, other / folder)
    _reworded(other, "engine/state.py", 'is not a card of this deck",', 'is not in this deck",')
    _reworded(other, "notation/said.py", ", but found ", ", and found ")
    corpus = tmp_path / "corpus"
    small = ["--hands-per-file", "2", "--profiles", "standard", "--players", "2,3", "--tampers", "none,foreign"]
    codes = ["--code", str(other), "--code", str(ROOT)]
    result = subprocess.run(
        [*DIFFERENTIAL, *codes, *small, "--folder", str(corpus)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "simulated 8 files of 2 hands (standard; 2, 3 players; none, foreign); refused by the simulator: 0" in out
    assert f"{other}: 8 records differ (foreign 8)" in out  # two hands in each of four files
    assert f"{ROOT}: every record the same, byte for byte" in out
    assert sorted(p.name for p in corpus.iterdir()) == ["corpus.json", "examples", "hands", "samples", "simulated"]

    # the corpus kept is audited again as it is, with a file of two syntax errors put in it: each
    # error is a record of its own, and a difference in either is found
    (corpus / "hands" / "broken.gsn").write_text("this is not gsn\n\nneither is this\n", encoding="utf-8")
    again = subprocess.run(
        [*DIFFERENTIAL, "--code", str(other), "--folder", str(corpus)], capture_output=True, text=True, timeout=300
    )
    assert again.returncode == 1, again.stderr
    assert f"the corpus in {corpus}, as it was built: simulated 8 files" in again.stdout
    assert re.search(r" balances, 2 errors$", again.stdout, re.MULTILINE)
    assert f"{other}: 10 records differ (foreign 8, hands, error 2)" in again.stdout


def test_the_differential_audit_refuses_a_folder_that_holds_no_whole_corpus(tmp_path: Path) -> None:
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "one.gsn").write_text("", encoding="utf-8")
    result = subprocess.run(
        [*DIFFERENTIAL, "--folder", str(tmp_path / "half")], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert f"{tmp_path / 'half'} holds no whole corpus (no corpus.json)" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_whole_command_benchmark_runs_on_tiny_folders_and_gauges_the_machine() -> None:
    tiny = ["--hands", "6", "--rounds", "2", "--audit-files", "2", "--audit-hands", "4", "--cold-runs", "1"]
    tiny += ["--loop-length", "1000"]
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "commands.py"), *tiny], capture_output=True, text=True, timeout=300
    )
    assert result.returncode in (0, 1), result.stderr  # 1: a target not met, which tiny inputs may be
    out = result.stdout
    for command in (
        "Lark alone (a script)",
        "check --json",
        "audit --jobs 2",
        "two loops at once",
        "check on a sample",
    ):
        assert re.search(rf"^{re.escape(command)} +\d+\.\d\ds +median", out, re.MULTILINE), command
    for row in (
        "check --json ÷ Lark alone, in rate",
        "the text report ÷ check --json, in time",
        "audit --jobs 2 ÷ --jobs 1, in speed",
        "start-up ÷ import pydantic, rich",
    ):
        assert re.search(
            rf"^{re.escape(row)} +\d+\.\d\d×  \(target (at least|at most) \d\.\d\d×: (met|NOT met); \d+ rounds",
            out,
            re.MULTILINE,
        ), row
    # the gauge has its row, without a target; with loops this short the machine is never "quiet"
    assert re.search(
        r"^the machine: two loops at once ÷ one after the other +\d+\.\d\d×  \(2 rounds: median", out, re.MULTILINE
    )
    assert "the machine was not quiet: two jobs could gain at most" in out
