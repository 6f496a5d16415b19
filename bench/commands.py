"""Benchmark: whole commands as a user runs them (issue 33), by the clock on the wall.

    python bench/commands.py [--python PATH] [--hands 2000] [--rounds 3]
                             [--audit-files 4] [--audit-hands 1000] [--cold-runs 11]
                             [--loop-length 8000000]

Method: one file of simulated two-player hands (``simulate --players 2 --rules standard --seed 5``)
and a folder of ``--audit-files`` files of ``--audit-hands`` hands each (seeds 1, 2, …). Each
command runs as a whole process of ``--python`` (best a fresh virtual environment made with
``pip install .``: the default install, as a user has it), its output sent to /dev/null, timed by
the wall clock. Every command is run once first (bytecode written, Lark's tables cached), then in
``--rounds`` rounds, each round running every command back to back, starting one further along
each round, so that a machine's drift falls on all alike; each target is read as the ratio of two
commands within a round, and the median of those ratios decides it (decision B2). Start-up is the
median of ``--cold-runs`` runs of ``check`` on a played sample against ``python -c "import
pydantic, rich"``, taken the same way. Run it on a quiet machine: every other program's turn on
the processor is counted too, the audit's two jobs most of all. So the rounds also time the machine
itself (decision B33): a loop of Python run twice one after the other and twice at once, in two
processes, whose ratio is what two jobs can gain on it at that time (about 2.00× on two cores
that are the bench's alone); the report says when the machine was not quiet enough to judge the
audit's target by.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import COLD_ENV, COLD_SAMPLE, LARK_ALONE, ROOT, spread, times

Commands = dict[str, list[str]]

QUIET = 1.95
"""The machine's own two-core ratio (two loops at once against one after the other) at and above
which a run's rounds had both cores to themselves, near enough to judge the audit's scaling by."""

LOOPS = """
import os, sys
def loop():
    total = 0
    for i in range(int(sys.argv[2])):
        total += i & 7
if sys.argv[1] == "at once":
    child = os.fork()
    loop()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)
else:
    loop()
    loop()
"""
"""The machine's gauge: a loop of Python run twice, in one process one run after the other, or at
once in two (the second forked, as the audit forks its workers). Nothing else is done, so their
ratio is what two jobs gain on the machine as it is during the rounds. On the virtual machine of
docs/performance.md it reads 1.2–1.6× while its neighbours are busy, and 1.95–2.2× at rest (above
2.00×: a loop alone there takes a little more processor time than each of two at once)."""

LOOP_LENGTH = 8_000_000
"""Iterations of the gauge's loop: about a third of a second on the 2-core machine of
docs/performance.md, half the time a file of the audit's folder takes to judge."""


VERSIONS = """
import importlib.metadata as m, os, platform, sys
names = ["gostop-arbiter", "lark", "lark-cython", "pydantic", "rich", "click", "msgspec"]
found = []
for name in names:
    try:
        found.append(f"{name} {m.version(name)}")
    except m.PackageNotFoundError:
        found.append(f"{name} (not installed)")
print(f"{platform.platform()}, {os.cpu_count()} cores; Python {platform.python_version()}; " + ", ".join(found))
"""


def wall(command: list[str]) -> float:
    """Seconds a whole process takes, start to exit; a failure (exit 2 or more) stops the bench."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=COLD_ENV, check=False)
    taken = time.perf_counter() - start
    if done.returncode > 1:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return taken


def in_rounds(commands: Commands, rounds: int) -> dict[str, list[float]]:
    """Each command's time in each round: once to warm, then ``rounds`` rounds, each starting one
    command further along."""
    names = list(commands)
    for command in commands.values():
        wall(command)
    taken: dict[str, list[float]] = {name: [] for name in names}
    for k in range(rounds):
        for name in names[k % len(names) :] + names[: k % len(names)]:
            taken[name].append(wall(commands[name]))
    return taken


def simulate(python: str, path: Path, hands: int, seed: int) -> None:
    command = [python, "-m", "gostop_arbiter", "simulate", "--players", "2", "--rules", "standard"]
    with open(path, "w", encoding="utf-8") as out:
        subprocess.run([*command, "--seed", str(seed), "--hands", str(hands)], stdout=out, check=True)


Target = tuple[str, str, str, str, float]
"""(the row, the numerator command, the denominator command, ``at least`` or ``at most``, the bound
the median ratio must keep)."""

TARGETS: list[Target] = [
    ("check --json ÷ Lark alone, in rate", "Lark alone (a script)", "check --json", "at least", 0.8),
    ("the text report ÷ check --json, in time", "check (the text report)", "check --json", "at most", 1.3),
    ("audit --jobs 2 ÷ --jobs 1, in speed", "audit --jobs 1", "audit --jobs 2", "at least", 1.8),
    ("start-up ÷ import pydantic, rich", "check on a sample", "import pydantic, rich", "at most", 2.5),
]

GAUGE = ("the machine: two loops at once ÷ one after the other", "two loops, one after the other", "two loops at once")
"""The gauge's row and its two commands (no target: what the machine allowed during the rounds)."""


def report(taken: dict[str, list[float]], rounds: dict[str, int]) -> bool:
    """Print each command's times and each target's ratios; True when every target is met."""
    print(f"{'command':40} {'median':>9}  spread over its runs")
    for name, values in taken.items():
        print(f"{name:40} {statistics.median(values):8.2f}s  {spread(values, lambda v: f'{v:.2f}s')}")
    print()
    met_all = True
    for row, top, bottom, way, bound in TARGETS:
        ratios = [a / b for a, b in zip(taken[top], taken[bottom], strict=True)]
        median = statistics.median(ratios)
        met = median >= bound if way == "at least" else median <= bound
        target = f"{way} {bound:.2f}×"
        met_all &= met
        print(
            f"{row:42} {median:5.2f}×  (target {target}: {'met' if met else 'NOT met'}; "
            f"{rounds[top]} rounds: {spread(ratios, times)})"
        )
    row, top, bottom = GAUGE
    if top in taken:
        ratios = [a / b for a, b in zip(taken[top], taken[bottom], strict=True)]
        machine = statistics.median(ratios)
        print(f"{row:42} {machine:5.2f}×  ({rounds[top]} rounds: {spread(ratios, times)})")
        if machine < QUIET:
            print(
                f"the machine was not quiet: two jobs could gain at most {machine:.2f}× on it during these rounds "
                f"(on a quiet one {QUIET:.2f}× or more), so the audit's figure is the machine's as much as the "
                "arbiter's: run again when it is quiet"
            )
    return met_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the Python of the install to time")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--audit-files", type=int, default=4)
    parser.add_argument("--audit-hands", type=int, default=1000)
    parser.add_argument("--cold-runs", type=int, default=11)
    parser.add_argument("--loop-length", type=int, default=LOOP_LENGTH, help="iterations of the gauge's loop")
    args = parser.parse_args()
    py = args.python
    arbiter = [py, "-m", "gostop_arbiter"]
    print(subprocess.run([py, "-c", VERSIONS], capture_output=True, text=True, check=True).stdout.strip())
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as work:
        corpus, folder = Path(work) / "corpus.gsn", Path(work) / "audit"
        folder.mkdir()
        simulate(py, corpus, args.hands, seed=5)
        for seed in range(1, args.audit_files + 1):
            simulate(py, folder / f"session-{seed}.gsn", args.audit_hands, seed)
        grammar = str(ROOT / "grammar" / "gsn.lark")
        taken = in_rounds(
            {
                "Lark alone (a script)": [py, "-c", LARK_ALONE, grammar, str(corpus)],
                "check --json": [*arbiter, "check", str(corpus), "--json"],
                "check (the text report)": [*arbiter, "check", str(corpus)],
                "audit --jobs 1": [*arbiter, "audit", str(folder), "--jobs", "1"],
                "audit --jobs 2": [*arbiter, "audit", str(folder), "--jobs", "2"],
                GAUGE[1]: [py, "-c", LOOPS, "one after the other", str(args.loop_length)],
                GAUGE[2]: [py, "-c", LOOPS, "at once", str(args.loop_length)],
            },
            args.rounds,
        )
        cold = in_rounds(
            {
                "check on a sample": [*arbiter, "check", str(COLD_SAMPLE)],
                "import pydantic, rich": [py, "-c", "import pydantic, rich"],
            },
            args.cold_runs,
        )
    print(
        f"\nwhole processes, wall time: {args.hands:,} two-player hands in one file; the audit's folder "
        f"{args.audit_files} files of {args.audit_hands:,}\n"
    )
    rounds = {name: args.rounds for name in taken} | {name: args.cold_runs for name in cold}
    if not report(taken | cold, rounds):
        sys.exit(1)


if __name__ == "__main__":
    main()
