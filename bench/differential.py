"""The differential audit: the verdicts of other commits' code, byte for byte, on one large corpus.

    python bench/differential.py --code /path/to/a/worktree [--code ...] [--hands-per-file 440]
                                 [--folder DIR] [--jobs 2] [--profiles A,B] [--players 2,3,4]
                                 [--tampers none,duplicate,...]

Corpus: simulated sessions (this checkout's simulator, each file seeded by its name) of every named
rules profile at each number of players it seats, every card seen and Jae's hand hidden (``--hide
Jae``), untampered and with each ``--tamper`` kind, with the samples, the worked examples and the
hand fixtures beside them. 232 files of 440 hands hold about 100,000 hands (the differential of
issue 16). A combination the simulator refuses (a profile that does not seat four, a call tampered
in a game without calls) is left out and listed. ``--folder`` keeps the corpus, with a manifest
(``corpus.json``, written last) of how it was built; a folder that holds a whole corpus is audited
as it is, one that holds anything else is refused.

Each code (this checkout, and every ``--code`` folder: a worktree of another commit, e.g. ``git
worktree add --detach /tmp/before e86c656``) audits the whole folder in its own process,
``python -m gostop_arbiter audit FOLDER --jobs N --jsonl OUT``, with its package first on the path.
Every other code's JSONL is compared with this checkout's, record by record (each record by its
file and its place among that file's records: the hands, a file's errors, its balance); the records
that differ are counted by the kind of file they come from. Exit status 0 when every code gave the
same bytes, 1 when one did not, 2 when a code's audit wrote no verdicts or the folder is no corpus.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from versions import code_env  # this folder's: the environment of a run of another code

ROOT = Path(__file__).resolve().parents[1]
TAMPERS = ("none", "duplicate", "foreign", "illegal-call", "missing-call", "removed", "wrong-player")
MANIFEST = "corpus.json"
"""Written last in a corpus's folder: how it was built, and that it is whole (the audit reads only
``.gsn`` files)."""
FIXTURES = {"samples": ROOT / "samples", "examples": ROOT / "tests" / "examples", "hands": ROOT / "tests" / "hands"}
"""The hand-written transcripts audited beside the simulated ones, each in a folder of its name."""


def profiles() -> list[str]:
    from gostop_arbiter.rules.named import PROFILES

    return list(PROFILES)


def combinations(names: list[str], players: list[int], tampers: list[str]) -> Iterator[tuple[str, int, bool, str]]:
    """Every simulated file of the corpus: (profile, players, Jae's hand hidden, tamper kind)."""
    yield from itertools.product(names, players, (False, True), tampers)


def file_name(profile: str, players: int, hidden: bool, tamper: str) -> str:
    return f"{profile}-{players}p-{'hidden' if hidden else 'seen'}-{tamper}.gsn"


def simulate(folder: Path, hands: int, profile: str, players: int, hidden: bool, tamper: str) -> bool:
    """One simulated session written to ``folder``; False when the simulator refuses the combination.
    Its seed comes from its name, so that a file is the same whatever else the corpus holds."""
    path = folder / "simulated" / file_name(profile, players, hidden, tamper)
    seed = zlib.crc32(path.name.encode("utf-8"))
    command = [sys.executable, "-m", "gostop_arbiter", "simulate", "--rules", profile, "--players", str(players)]
    command += ["--hands", str(hands), "--seed", str(seed), "--quiet"]
    command += ["--hide", "Jae"] if hidden else []
    command += ["--tamper", tamper] if tamper != "none" else []
    done = subprocess.run([*command, "-o", str(path)], capture_output=True, text=True, cwd=ROOT)
    return done.returncode == 0


def build(folder: Path, hands: int, names: list[str], players: list[int], tampers: list[str], jobs: int) -> None:
    """The corpus in ``folder``: the simulated sessions (``jobs`` simulators at once) and the fixtures,
    and last :data:`MANIFEST`, which says how it was built and that it is whole."""
    (folder / "simulated").mkdir(parents=True)
    wanted = list(combinations(names, players, tampers))
    with ThreadPoolExecutor(jobs) as pool:  # each simulator is a process: threads only wait for them
        made = list(pool.map(lambda combination: simulate(folder, hands, *combination), wanted))
    for name, source in FIXTURES.items():
        shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("*.json", "*.md"))
    refused = [file_name(*combination) for combination, ok in zip(wanted, made, strict=True) if not ok]
    built = {"hands_per_file": hands, "profiles": names, "players": players, "tampers": tampers}
    (folder / MANIFEST).write_text(json.dumps({**built, "simulated": sum(made), "refused": refused}), encoding="utf-8")


def described(folder: Path) -> str:
    """What the manifest of a whole corpus says of it; exit status 2 for a folder that holds none."""
    try:
        built = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        print(f"{folder} holds no whole corpus (no {MANIFEST}): remove it, or name another folder", file=sys.stderr)
        sys.exit(2)
    lines = [
        f"simulated {built['simulated']} files of {built['hands_per_file']:,} hands ({', '.join(built['profiles'])}; "
        f"{', '.join(map(str, built['players']))} players; {', '.join(built['tampers'])}); "
        f"refused by the simulator: {len(built['refused'])}"
    ]
    return "\n".join(lines + [f"  not simulated: {name}" for name in built["refused"]])


def audit(code: Path, folder: Path, out: Path, jobs: int) -> tuple[float, int]:
    """Wall time and exit status of ``code``'s audit of the folder into ``out``."""
    command = [sys.executable, "-m", "gostop_arbiter", "audit", str(folder), "--jobs", str(jobs), "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(
        [*command, "--jsonl", str(out)], capture_output=True, text=True, cwd=code, env=code_env(str(code), "auto")
    )
    if done.returncode not in (0, 1, 2, 3) or not out.exists():  # a JSONL is written whole or not at all
        print(f"the audit of {code} wrote no verdicts (exit {done.returncode}):\n{done.stderr}", file=sys.stderr)
        sys.exit(2)
    return time.perf_counter() - start, done.returncode


Records = dict[tuple[str, int], str]
"""The lines of a JSONL of verdicts, each by its file and its place among that file's records (a
hand, a file's error, its balance)."""


def records(path: Path) -> Records:
    keyed: Records = {}
    places: collections.Counter[str] = collections.Counter()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            file = json.loads(line)["path"]
            keyed[(file, places[file])] = line
            places[file] += 1
    return keyed


def what(record: dict[str, Any]) -> str:
    """What a record is: a hand, a file's error or its balance."""
    return "hand" if "index" in record else "error" if "error" in record else "balance"


def kind_of(path: str, folder: Path) -> str:
    """What a file of the corpus is: its tamper kind (or "untampered") for a simulated one, else its
    fixture folder."""
    relative = Path(path).relative_to(folder)
    if relative.parts[0] == "simulated":
        tamper = next(tamper for tamper in TAMPERS if relative.stem.endswith(f"-{tamper}"))
        return "untampered" if tamper == "none" else tamper
    return relative.parts[0]


def compare(ours: Records, theirs: Records, folder: Path) -> collections.Counter[str]:
    """The records that differ, counted by the kind of file they come from and, but for a hand, by
    what they are (a record only one side has counts as differing)."""
    differ: collections.Counter[str] = collections.Counter()
    for key in ours.keys() | theirs.keys():
        if ours.get(key) != theirs.get(key):
            record = what(json.loads(ours.get(key) or theirs[key]))
            differ[kind_of(key[0], folder) + ("" if record == "hand" else f", {record}")] += 1
    return differ


def summary(keyed: Records) -> str:
    """How many records of each sort a JSONL holds, and how many of its hands are valid."""
    parsed = [json.loads(line) for line in keyed.values()]
    sorts = collections.Counter(what(record) for record in parsed)
    valid = sum(1 for record in parsed if record.get("valid") is True)
    return (
        f"{len(keyed):,} records: {sorts['hand']:,} hands ({valid:,} valid, {sorts['hand'] - valid:,} not), "
        f"{sorts['balance']:,} balances, {sorts['error']:,} errors"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", action="append", default=[], type=Path, help="a folder holding other code")
    parser.add_argument("--hands-per-file", type=int, default=440)
    parser.add_argument("--folder", type=Path, help="where the corpus is kept (default: a temporary folder)")
    parser.add_argument("--jobs", type=int, default=2, help="simulators at once, and the audit's --jobs")
    parser.add_argument("--profiles", help="comma-separated (default: every named profile)")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--tampers", default=",".join(TAMPERS), help="'none' for an untampered file")
    args = parser.parse_args()
    names = args.profiles.split(",") if args.profiles else profiles()
    tampers = args.tampers.split(",")
    for tamper in tampers:
        if tamper not in TAMPERS:
            parser.error(f"--tampers: {tamper!r} is none of {', '.join(TAMPERS)}")

    with tempfile.TemporaryDirectory(prefix="bench-differential-") as work:
        folder = (args.folder or Path(work) / "corpus").resolve()
        if folder.exists() and any(folder.iterdir()):
            print(f"the corpus in {folder}, as it was built: {described(folder)}")
        else:
            start = time.perf_counter()
            build(folder, args.hands_per_file, names, [int(n) for n in args.players.split(",")], tampers, args.jobs)
            print(f"{described(folder)}\nbuilt in {time.perf_counter() - start:.0f} s")
        codes = [ROOT, *(code.resolve() for code in args.code)]
        taken: list[Records] = []
        for i, code in enumerate(codes):
            out = Path(work) / f"verdicts-{i}.jsonl"
            seconds, status = audit(code, folder, out, args.jobs)
            taken.append(records(out))
            print(f"{code}: audit --jobs {args.jobs} {seconds:.1f} s (exit {status}); {summary(taken[-1])}")
    same = True
    for code, theirs in zip(codes[1:], taken[1:], strict=True):
        differ = compare(taken[0], theirs, folder)
        if not differ:
            print(f"{code}: every record the same, byte for byte")
            continue
        same = False
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in differ.most_common())
        print(f"{code}: {sum(differ.values()):,} records differ ({kinds})")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
