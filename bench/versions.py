"""The same stages, in processor time, of the code of other commits on one corpus: before and after.

    python bench/versions.py --code /path/to/a/worktree [--code ...] [--hands 20000] [--runs 3]

Method: bench/bench.py's corpus (simulated two-player hands under ``standard``) is written once by this
checkout's simulator; each code (this checkout, and every ``--code`` folder: a worktree of another
commit, e.g. ``git worktree add --detach /tmp/before 6e4b859``) then reads and judges it in its own
process, the runs round robin (run k of every code before run k + 1 of any), and the median of the
runs is printed. Stages: **parse** (text → transcript records, each hand let go), **replay + settle +
verdict** (the parsed hands judged, ``judge_file``) and **end to end** (``check``'s own path,
``judge_lines``). This checkout is run twice: with Lark's own parser only
(``GOSTOP_ARBITER_PARSER=pure``) and as a user has it (lark-cython's parser where it is installed,
decision C11; before it, the fast parser from the 200th hand). Processor time, since the machine is
shared (decision B8).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import callgrind  # this folder's: bench.py counts instructions the same way

ROOT = Path(__file__).resolve().parents[1]


def reading() -> dict[str, Any]:
    """How the code under test reads with the parser ``GOSTOP_ARBITER_PARSER`` names: a reader made
    from it (issue 27), or nothing, for code that read the variable itself."""
    try:
        from gostop_arbiter.notation.reader import reader_from_env
    except ImportError:
        return {}
    return {"reader": reader_from_env()}


def stage_times(path: str) -> dict[str, float]:
    """Run in the code under test (``--stages``): the time of each stage on the corpus at ``path``."""
    try:  # the package laid out as its pipeline (issue 13)
        from gostop_arbiter.judging.file import judge_file, judge_lines
    except ImportError:  # before it
        from gostop_arbiter.arbiter import judge_file, judge_lines  # type: ignore[no-redef]
    from gostop_arbiter.notation import normalise_lines, parse_text, read_hands

    try:  # the collector tuned by the command (issue 27)
        from gostop_arbiter.collector import tuned
    except ImportError:  # paused by the library's calls, before it
        from gostop_arbiter.notation.reader import paused_gc as tuned  # type: ignore[attr-defined,no-redef]

    text = Path(path).read_text(encoding="utf-8")
    hands = parse_text(text).hands

    def parse() -> Any:
        with tuned():
            return sum(1 for result in read_hands(normalise_lines(text), **reading()) if result.hand is not None)

    stages = {
        "parse": parse,
        "replay + settle + verdict": lambda: judge_file("bench", hands),
        "end to end": lambda: judge_lines("bench", normalise_lines(text), **reading()),
    }
    taken = {}
    for name, fn in stages.items():
        with tuned():
            start = time.process_time()
            fn()
            taken[name] = time.process_time() - start
    return taken


def run_one(stage: str, path: str) -> None:
    """Run in the code under test (``--count``): one stage once, for callgrind to count."""
    try:
        from gostop_arbiter.judging.file import judge_file, judge_lines
    except ImportError:
        from gostop_arbiter.arbiter import judge_file, judge_lines  # type: ignore[no-redef]
    from gostop_arbiter.notation import normalise_lines, parse_text

    text = Path(path).read_text(encoding="utf-8")
    if stage in ("parse", "parse and judge"):
        hands = parse_text(text).hands
        if stage == "parse and judge":
            judge_file("bench", hands)
    elif stage == "end to end":
        judge_lines("bench", normalise_lines(text), **reading())


COUNTED = ("none", "parse", "parse and judge", "end to end")


def instructions(folder: str, which: str, corpus: str) -> dict[str, int]:
    """Instructions (callgrind) of each stage in the code at ``folder``, less those of importing and
    reading the corpus: they do not drift with the machine's load, as processor time does."""
    env = code_env(folder, which)
    counts = {}
    for stage in COUNTED:
        command = [sys.executable, str(Path(__file__).resolve()), "--count", stage, corpus]
        subprocess.run(command, cwd=folder, env=env, capture_output=True, check=True)  # bytecode written
        counts[stage] = callgrind(command, env=env, cwd=folder)
    return {
        "parse": counts["parse"] - counts["none"],
        "replay + settle + verdict": counts["parse and judge"] - counts["parse"],
        "end to end": counts["end to end"] - counts["none"],
    }


def code_env(folder: str, parser: str) -> dict[str, str]:
    """The environment of a run of the code at ``folder``: its package first on the path, and its
    bytecode cached as an installed package has it, whatever this shell says (the engine is imported
    while the first hand is judged: compiling it there would count against the stage)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": folder, "GOSTOP_ARBITER_PARSER": parser}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", action="append", default=[], help="a folder holding other code (a worktree)")
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--distinct", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3, help="0: instructions only")
    parser.add_argument("--instructions", type=int, default=0, help="hands to count instructions on (valgrind)")
    parser.add_argument("--stages", help=argparse.SUPPRESS)
    parser.add_argument("--count", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stage_times(args.stages)))
        return
    if args.count:
        run_one(*args.count)
        return

    sys.path.insert(0, str(ROOT / "bench"))
    from bench import build_corpus

    text, hands = build_corpus(args.hands, args.distinct, 2)
    codes = [("this checkout, Lark's own parser", str(ROOT), "pure"), ("this checkout", str(ROOT), "auto")]
    codes += [(folder, folder, "auto") for folder in args.code]
    times: dict[str, dict[str, list[float]]] = {name: {} for name, _folder, _parser in codes}
    with tempfile.TemporaryDirectory(prefix="bench-versions-") as work:
        corpus = os.path.join(work, "corpus.gsn")
        Path(corpus).write_text(text, encoding="utf-8")
        for _run in range(args.runs):
            for name, folder, which in codes:
                env = code_env(folder, which)
                command = [sys.executable, str(Path(__file__).resolve()), "--stages", corpus]
                run = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, check=True)
                for stage, seconds in json.loads(run.stdout).items():
                    times[name].setdefault(stage, []).append(seconds)
    print(f"{hands:,} hands of 2 players; processor time, the median of {args.runs} runs taken round robin")
    _print(times, hands)
    if args.instructions:
        small, counted = build_corpus(args.instructions, args.instructions, 2)
        with tempfile.TemporaryDirectory(prefix="bench-versions-") as work:
            corpus = os.path.join(work, "corpus.gsn")
            Path(corpus).write_text(small, encoding="utf-8")
            print(f"instructions (callgrind) for {counted:,} hands, less importing and reading the corpus:")
            for name, folder, which in codes:
                figures = "; ".join(
                    f"{stage} {count / 1e6:,.0f} M" for stage, count in instructions(folder, which, corpus).items()
                )
                print(f"{name}: {figures}")


def _print(times: dict[str, dict[str, list[float]]], hands: int) -> None:
    for name, stages in times.items():
        figures = "; ".join(
            f"{stage} {statistics.median(v):.2f} s ({hands / statistics.median(v):,.0f} hands/s)"
            for stage, v in stages.items()
        )
        print(f"{name}: {figures}")


if __name__ == "__main__":
    main()
