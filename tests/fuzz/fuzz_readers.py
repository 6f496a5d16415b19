"""A long fuzz run of the command's readers, for outside CI (the test suite runs a short one).

    python tests/fuzz/fuzz_readers.py --inputs 100000 --workers 2 [--seed 0]

Each input is a sample or spec example with 1-4 random edits (tests/test_fuzz.py's ``mutate``:
lines deleted, doubled, swapped, flipped bits, truncations, huge numbers, very long lines, binary
junk) and goes to one of the readers in turn: ``check -`` (text, and JSON with --settle), ``parse -``
(text and JSON) and ``fmt --check -``. Each must end in exit 0-3 with no exception; an input that
raises, or takes over ten seconds of processor time (processor time, so that other work on the
machine does not count), is written to ``--out`` with what went wrong. Each worker writes how far
it has got to ``--out`` every 500 inputs; the count, the slowest input and every failure are
printed at the end.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

COMMANDS = (
    ["check", "-"],
    ["check", "-", "--json", "--settle"],
    ["parse", "-"],
    ["parse", "-", "--json"],
    ["fmt", "--check", "-"],
)
SLOW = 10.0


def _seeds() -> list[bytes]:
    from conftest import sample_files, spec_examples

    return [p.read_bytes() for p in [*spec_examples(), *sample_files()]]


def _one(data: bytes, args: list[str], output: io.TextIOWrapper) -> str | None:
    from gostop_arbiter.cli import cli

    output.seek(0)
    output.truncate()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = sys.stderr = output
    try:
        cli.main(args, prog_name="gostop-arbiter")
    except SystemExit as end:
        return None if end.code in (0, 1, 2, 3) else f"exit status {end.code}"
    except BaseException as error:  # any exception at all is what the run looks for
        return f"{type(error).__name__}: {error}"
    return "ended without an exit status"


def run_share(share: tuple[int, int, int, str]) -> tuple[int, float, list[str]]:
    worker, count, seed, out = share
    from test_fuzz import mutate

    seeds = _seeds()
    rng = random.Random(seed * 1_000_003 + worker)
    output = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    real = sys.stdout, sys.stderr, sys.stdin
    slowest = 0.0
    failures: list[str] = []
    for i in range(count):
        data = rng.choice(seeds)
        for _ in range(rng.randint(1, 4)):
            data = mutate(data, rng)
        args = COMMANDS[i % len(COMMANDS)]
        start = time.process_time()
        problem = _one(data, list(args), output)
        took = time.process_time() - start
        slowest = max(slowest, took)
        if problem is None and took > SLOW:
            problem = f"took {took:.1f} s"
        if problem is not None:
            name = Path(out) / f"w{worker}-{i}.gsn"
            name.write_bytes(data)
            failures.append(f"{' '.join(args)} on {name}: {problem}")
            name.with_suffix(".txt").write_text(failures[-1] + "\n", encoding="utf-8")
        if (i + 1) % 500 == 0:
            progress = f"{i + 1} inputs, slowest {slowest:.2f} s, {len(failures)} failures\n"
            (Path(out) / f"progress-w{worker}.txt").write_text(progress, encoding="utf-8")
    sys.stdout, sys.stderr, sys.stdin = real
    return count, slowest, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="fuzz-failures")
    options = parser.parse_args()
    Path(options.out).mkdir(exist_ok=True)
    shares = [
        (w, options.inputs // options.workers + (w < options.inputs % options.workers), options.seed, options.out)
        for w in range(options.workers)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(options.workers) as pool:
        results = list(pool.map(run_share, shares))
    total = sum(r[0] for r in results)
    failures = [f for r in results for f in r[2]]
    print(f"{total:,} mutated inputs in {time.perf_counter() - start:,.0f} s on {options.workers} processes")
    print(f"slowest input: {max(r[1] for r in results):.2f} s")
    print(f"failures (an exception, an exit status outside 0-3, or over {SLOW:.0f} s): {len(failures)}")
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
