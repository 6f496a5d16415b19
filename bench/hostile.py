"""Benchmark: peak memory and time of ``check --json``, the text report, ``audit``, ``replay`` and
``render`` on big and hostile inputs, each row with the bound it must keep.

    python bench/hostile.py [--hands 10000 100000] [--runs 1] [--code DIR] [--work DIR]

Method: the corpora are made with ``gostop-arbiter simulate`` (two players, ``standard``, seed 2026:
``--hands`` hands, the largest made once and the smaller ones cut from its start; 100,000 hands are
about 40 MB), plus the hostile files: a played sample under an 8 MiB ``[Event]`` value, the same
under an 8 MiB unknown tag (both now past a line's limit, 1 MiB), a deal line of 349,000 cards and
a turn line of 174,000 marks (each just under 1 MiB), an endless line (``/dev/zero`` on standard
input), and the sample followed by 2,000 turns written after its stop. Each command runs as
its own process (``python -m gostop_arbiter``), its output to /dev/null; the time is the wall time
and the memory the process's peak resident set (``wait4``; the corpora are made in a process of
their own, since a child's peak starts from its parent's size at the fork), the median of ``--runs``
runs. ``audit`` runs with ``--jobs 1`` so that its peak is the one process that judges (with more
jobs each worker peaks at about that). ``--code DIR`` runs another checkout's code (put first on
PYTHONPATH), to compare before and after a change on the same corpora.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "matgo-hidden-hand.gsn"
EXTRA_CARD = ROOT / "tests" / "hands" / "duplicated-deal-card.gsn"


def measure(args: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB and exit status of one run of the command (``stdin``: a file
    for its standard input)."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null, open(stdin or os.devnull, "rb") as source:
        command = [sys.executable, "-m", "gostop_arbiter", *args]
        process = subprocess.Popen(command, stdin=source, stdout=null, stderr=null, env=env)
        _pid, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return took, usage.ru_maxrss / 1024, process.returncode


def corpora(work: Path, sizes: list[int], env: dict[str, str]) -> dict[str, Path]:
    work.mkdir(parents=True, exist_ok=True)
    largest = max(sizes)
    whole = work / f"sim-{largest}.gsn"
    if not whole.exists():
        simulate = ["simulate", "--hands", str(largest), "--seed", "2026", "--quiet", "-o", str(whole)]
        subprocess.run([sys.executable, "-m", "gostop_arbiter", *simulate], check=True, env=env)
    made: dict[str, Path] = {}
    hands = whole.read_text(encoding="utf-8").split("\n\n")
    for size in sorted(sizes):
        path = work / f"sim-{size}.gsn"
        if not path.exists():
            path.write_text("\n\n".join(hands[:size]).rstrip("\n") + "\n", encoding="utf-8")
        made[f"{size:,} hands ({path.stat().st_size / 1e6:.1f} MB)"] = path
    played = SAMPLE.read_text(encoding="utf-8")
    hostile = {
        "8 MiB [Event] value": f'[Event "{"x" * (8 << 20)}"]\n' + played,
        "8 MiB unknown tag value": f'[Foo "{"x" * (8 << 20)}"]\n' + played,
        "1 MB deal line (~349,000 cards)": played.replace("deal Bo: ?*10", "deal Bo: " + "3p " * 349_000),
        "1 MB turn line (~174,000 marks)": played.replace("Ara: 8p / 9p", "Ara: 8p / 9p" + " !chok" * 174_000),
        "2,000 turns after the end": played + "Bo: 3p / 9p\n" * 2_000,
        "100 KB of hands with an extra card": _repeated(EXTRA_CARD.read_text(encoding="utf-8"), 100_000),
    }
    for name, text in hostile.items():
        path = work / (name.split(" (")[0].replace(" ", "-").replace("[", "").replace("]", "") + ".gsn")
        if not path.exists():
            path.write_text(text, encoding="utf-8")
        made[name] = path
    return made


def _repeated(hand: str, size: int) -> str:
    """The hand written again and again, a blank line between, until the file holds ``size`` bytes."""
    hand = hand.strip("\n") + "\n"
    return "\n".join([hand] * (size // (len(hand.encode("utf-8")) + 1) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--code", type=Path, help="run this checkout's code instead of the installed one")
    parser.add_argument("--work", type=Path, default=Path("bench-hostile"), help="where the corpora are kept")
    parser.add_argument("--no-text", action="store_true", help="skip the text report (the slowest)")
    parser.add_argument("--no-audit", action="store_true", help="skip audit")
    parser.add_argument("--only-make-corpora", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.only_make_corpora:
        for name, path in corpora(options.work, options.hands, dict(os.environ)).items():
            print(f"{name}\t{path}")
        return
    env = dict(os.environ)
    if options.code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(options.code.resolve()), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    made = subprocess.run(
        [
            sys.executable,
            __file__,
            "--only-make-corpora",
            "--work",
            str(options.work),
            "--hands",
            *map(str, options.hands),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    inputs = [line.split("\t") for line in made.stdout.splitlines()]
    commands: list[tuple[str, list[str]]] = [("check --json", ["check", "--json"])]
    if not options.no_text:
        commands.append(("check (text)", ["check", "--no-color"]))
    if not options.no_audit:
        commands.append(
            ("audit --jsonl", ["audit", "--jobs", "1", "--quiet", "--jsonl", str(options.work / "out.jsonl")])
        )
    page = str(options.work / "page.html")
    shown = [("replay", ["replay", "--no-color"]), ("render", ["render", "-o", page])]
    print(f"code: {options.code or ROOT}; median of {options.runs} run(s); time is wall time, memory the peak RSS")
    print(f"{'input':<36} {'command':<14} {'time':>9} {'peak memory':>12} {'exit':>5}  bound")
    json_time: dict[str, float] = {}

    def row(name: str, label: str, args: list[str], stdin: str | None = None) -> None:
        runs = [measure(args, env, stdin) for _ in range(options.runs)]
        took = statistics.median(r[0] for r in runs)
        peak = statistics.median(r[1] for r in runs)
        if label == "check --json":
            json_time[name] = took
        bound = _bound(label, took, peak, json_time.get(name))
        print(f"{name:<36} {label:<14} {took:>8.2f}s {peak:>9.0f} MB {runs[-1][2]:>5}  {bound}", flush=True)

    for name, file in inputs:
        for label, args in commands:
            row(name, label, [*args, file])
        # the corpora, the turns after the end, the false cards
        if name.endswith("MB)") or name.startswith(("2,000 turns", "100 KB")):
            for label, args in shown:
                row(name, label, [*args, file])
    row("endless line (/dev/zero on stdin)", "check", ["check", "-"], stdin="/dev/zero")
    row("endless line (/dev/zero on stdin)", "render", ["render", "-", "-o", page], stdin="/dev/zero")


MEMORY_BOUND = 250
"""Peak MB every command keeps, whatever the input (decisions H5, H16, H19): a file of any length
is read a run of hands at a time, and the most one line can cost is the parser's for a line at the
limit, 1 MiB (a deal line of 349,000 cards: about 190 MB)."""


def _bound(label: str, took: float, peak: float, json_took: float | None) -> str:
    """The bound the row must keep, and whether it kept it: memory within :data:`MEMORY_BOUND`, and
    the text report within twice ``--json``'s time (issue 32)."""
    kept = [f"memory <= {MEMORY_BOUND} MB: {'ok' if peak <= MEMORY_BOUND else 'OVER'}"]
    if label == "check (text)" and json_took:
        kept.append(f"time <= 2x --json's: {'ok' if took <= 2 * json_took else 'OVER'} ({took / json_took:.2f}x)")
    return "; ".join(kept)


if __name__ == "__main__":
    main()
