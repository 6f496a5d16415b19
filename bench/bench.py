"""Benchmark: parse, replay and settle separately and end to end, against Lark alone and python-chess.

    pip install '.[bench]'
    python bench/bench.py [--hands 20000] [--distinct N] [--runs 3] [--players 2]
                          [--rounds 15] [--round-hands 2000] [--cold-python PATH]
                          [--audit-hands 20000] [--audit-rounds 3]
                          [--process-hands 2000] [--process-rounds 5]

Method: a corpus of simulated hands (``--distinct`` different hands, repeated up to ``--hands``; by
default every hand is different, since the reader remembers lines it has read: decision B14),
each stage timed over the whole corpus, the median of ``--runs`` runs reported (the stages taken in
turn, round robin), on one core (one process, no threads). Turns are turn lines. python-chess
reads and validates a corpus of random legal games with about as many moves as the corpus has
turns. Cold start: the median wall time of ``gostop-arbiter check`` on a played sample against
``python -c "import pydantic, rich"``, and of the imports any check needs (click, Lark, rich), with
``--cold-python`` (best a fresh virtual environment holding only the package). Whole processes:
``check FILE --json`` against a script that parses the same file with Lark alone, in rounds.

End to end is what ``check`` does: each hand is judged as soon as it is read (``judge_lines``); the
parse stage reads the same way, each hand's models let go once built.
The target compares it with the parse stage alone (replay, scoring and the verdict must cost less
than the parsing, docs/decisions.md B1); the rate of Lark parsing alone, the ceiling of the parser,
is printed beside it. The target's ratio is taken in ``--rounds`` short rounds, each timing Lark,
parse and end to end back to back (decision B2), and in instructions (callgrind), which do not
drift with the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.util
import io
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gostop_arbiter.notation.grammar import ParserChoice

ROOT = Path(__file__).resolve().parents[1]


CLOCK = time.process_time
"""The stages are timed in processor time, as bench/board.py is: this machine is shared, and wall time
counts the other programs' turns (decision B8). ``--wall`` times them by the clock on the wall."""


def median_time(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    """Each run with the collector as the command tunes it; each reads its lines afresh with a
    reader of its own, as a new process does (decision B14)."""
    from gostop_arbiter import collector

    times, result = [], None
    for _ in range(runs):
        gc.collect()
        with collector.tuned():
            start = CLOCK()
            result = fn()
            times.append(CLOCK() - start)
    return statistics.median(times), result


def build_corpus(hands: int, distinct: int, players: int) -> tuple[str, int]:
    """``hands`` two-player hands (a multiple of ``distinct``), every one valid, as one session."""
    one, again = corpus_pieces(distinct, players)
    copies = max(1, hands // distinct)
    return "\n\n".join([one] + [again] * (copies - 1)) + "\n", distinct * copies


def corpus_pieces(distinct: int, players: int) -> tuple[str, str]:
    """``distinct`` simulated hands as a session's start, and the same hands as they go on after
    it: each copy deals again from the first dealer, whoever won the hand before it."""
    from gostop_arbiter.notation import write_hand
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate_session

    blocks: list[str] = []
    first_dealer = ""
    session = simulate_session(profile_named("standard"), players=players, hands=distinct, seed=2026)
    for i, hand in enumerate(session):
        lines = write_hand(hand)
        if i == 0:
            tag = hand.tag("Dealer")
            first_dealer = tag.value if tag else hand.seats[0]
            lines = [line for line in lines if not line.startswith("[Hand")]
        else:
            lines = [f'[Hand "{i + 1}"]', *[line for line in lines if not line.startswith("[")]]
        blocks.append("\n".join(lines))
    one = "\n\n".join(blocks)
    # Each copy deals again from the first dealer, whoever won the hand before it: every hand valid.
    again = one.replace('[Rules "standard"]', "").replace("[Seats", f'[Hand "c"]\n[Dealer "{first_dealer}"]\n[Seats', 1)
    return one, again


def lark_only(text: str, fast: bool = False) -> int:
    """Lark's LALR parser alone on every hand (trees built, positions in the tokens): Lark's own in
    Python, or with ``fast`` lark-cython's on the same tables."""
    from gostop_arbiter.notation.grammar import build_parser
    from gostop_arbiter.notation.reader import _chunks, normalise_lines

    parser = build_parser(fast=fast)
    count = 0
    for chunk in _chunks(normalise_lines(text)):
        parser.parse("\n".join(chunk.lines) + "\n", start="hand")
        count += 1
    return count


def parse_streamed(text: str, parser: ParserChoice = "auto") -> int:
    """The parse stage as end to end runs it: each hand read into models and then let go."""
    from gostop_arbiter.notation import normalise_lines
    from gostop_arbiter.notation.reader import Reader

    hands = Reader(parser=parser).hands(normalise_lines(text))
    return sum(1 for result in hands if result.hand is not None)


def with_parser(parser: ParserChoice, fn: Callable[[str, ParserChoice], Any], text: str) -> Any:
    """``fn(text)`` with whole hands read by Lark's own parser only (``pure``), or as the commands
    read them (``auto``: lark-cython's where it is installed)."""
    return fn(text, parser)


def end_to_end(text: str, parser: ParserChoice = "auto") -> Any:
    """``check``'s own path: each run of hands judged as soon as it is read."""
    from gostop_arbiter.judging.file import judge_lines
    from gostop_arbiter.notation import normalise_lines
    from gostop_arbiter.notation.reader import Reader

    return judge_lines("bench", normalise_lines(text), reader=Reader(parser=parser)).verdict


def fast_parser_installed() -> bool:
    from gostop_arbiter.notation.grammar import cython_plugins

    return bool(cython_plugins())


def chess_corpus(moves: int, seed: int = 1) -> str:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    made = 0
    while made < moves:
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(rng.randint(40, 120)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
            made += 1
        print(game, file=out, end="\n\n")
    return out.getvalue()


def chess_read(pgn: str) -> int:
    import chess.pgn

    handle = io.StringIO(pgn)
    moves = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return moves


COLD_SAMPLE = ROOT / "samples" / "gostop-3p-bomb-shake.gsn"
"""A played hand: the cold start includes the replay engine, not only the scorer."""


def cold_commands(python: str) -> dict[str, list[str]]:
    """The cold start's three commands: ``check`` on a played sample, the baseline, the floor."""
    return {
        "check": [python, "-m", "gostop_arbiter", "check", str(COLD_SAMPLE)],
        "baseline": [python, "-c", "import pydantic, rich"],
        "floor": [python, "-c", FLOOR],
    }


# Bytecode is cached, as it is for an installed package (pip compiles it), whatever this shell says.
COLD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cold_start(runs: int, python: str) -> dict[str, float]:
    """Median wall times of a cold ``check`` and of the baseline imports, taken round robin, with
    ``python`` (ideally one whose environment holds only the package and its dependencies)."""
    commands = cold_commands(python)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(runs + 1):
        for name, command in commands.items():
            taken = process_time(command, COLD_ENV, check=False)
            if run:  # the first run writes the bytecode
                times[name].append(taken)
    return {name: statistics.median(values) for name, values in times.items()}


def process_time(command: list[str], env: dict[str, str], *, check: bool = True) -> float:
    """How long a command takes as a whole process, by the bench's clock: the processor time of the
    process (user and system), or with ``--wall`` the wall time. Its output is dropped."""
    clock = time.perf_counter if CLOCK is time.perf_counter else _children_time
    start = clock()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=check, env=env)
    return clock() - start


def _children_time() -> float:
    """Processor time (user and system) of the child processes that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cold_instructions(python: str) -> dict[str, int] | None:
    """The instructions (callgrind) of the cold start's commands, which do not drift as time does."""
    if shutil.which("valgrind") is None:
        return None
    counts = {}
    for name, command in cold_commands(python).items():
        subprocess.run(command, capture_output=True, check=False, env=COLD_ENV)  # bytecode written
        counts[name] = callgrind(command, env=COLD_ENV)
    return counts


def callgrind(command: list[str], env: dict[str, str] | None = None, cwd: str | Path | None = None) -> int:
    """The instructions a command executes, counted by valgrind's callgrind (which fails as the
    command does)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=cwd,
    )
    return int(run.stderr.rsplit("Collected : ", 1)[1].split()[0])


FLOOR = "import click, rich.console, rich.table"
"""What any ``check`` must import whatever the arbiter's own code does: its CLI and terminal
libraries. (Lark, which the parser is, is counted as the arbiter's: decision C10.)"""


def rounds_of(stages: dict[str, Callable[[], Any]], rounds: int) -> dict[str, list[float]]:
    """Each stage's time ÷ the last stage's, round by round: every round times all stages back to back,
    starting with a different one each round, so that the machine's drift falls on all of them alike."""
    names = list(stages)
    ratios: dict[str, list[float]] = {name: [] for name in names[:-1]}
    for k in range(rounds):
        taken: dict[str, float] = {}
        for name in names[k % len(names) :] + names[: k % len(names)]:
            taken[name] = median_time(stages[name], 1)[0]
        for name in ratios:
            ratios[name].append(taken[name] / taken[names[-1]])
    return ratios


def instructions(stage: str, hands: int, players: int) -> int | None:
    """Instructions (valgrind's callgrind) of one stage over a small corpus, less those of building
    the corpus and importing: unlike wall time, the count does not drift with the machine."""
    if shutil.which("valgrind") is None:
        return None

    def count(what: str) -> int:
        command = [sys.executable, __file__, "--stage", what, "--hands", str(hands), "--distinct", str(hands)]
        return callgrind([*command, "--players", str(players)])

    return count(stage) - count("none")


def run_stage(stage: str, hands: int, distinct: int, players: int) -> None:
    """One stage, once, for :func:`instructions` (``--stage``)."""
    from gostop_arbiter.judging.file import judge_lines
    from gostop_arbiter.notation import normalise_lines

    text, _count = build_corpus(hands, distinct, players)
    if stage == "parse":
        parse_streamed(text)
    elif stage == "end-to-end":
        judge_lines("bench", normalise_lines(text))
    elif stage == "lark":
        lark_only(text)


LARK_ALONE = """
import sys
sys.modules["interegular"] = None  # as Lark is installed by itself: without its optional collision check
from lark import Lark

grammar, path = sys.argv[1:]
with open(grammar, encoding="utf-8") as handle:
    parser = Lark(handle.read(), parser="lalr", lexer="contextual", start="hand")
with open(path, encoding="utf-8") as handle:
    for hand in handle.read().split("\\n\\n"):
        parser.parse(hand + "\\n", start="hand")
"""
"""Issue 33's yardstick: a script that parses a file with Lark alone, as its user would write it (the
grammar analysed at its start, each hand parsed into a tree and let go), and as ``pip install lark``
installs it: without interegular, which the test extras bring and with which Lark checks the
terminals for collisions as it builds the lexer: half as many instructions again (decision B17)."""


def whole_processes(hands: int, rounds: int) -> None:
    """``check FILE --json`` as a user runs it, whole processes, on one file of simulated two-player
    hands (issue 33's: ``simulate --players 2 --rules standard --seed 5``), against the script that
    parses the file with Lark alone (:data:`LARK_ALONE`) and against ``check`` with Lark's own parser
    only. In rounds: each round runs every command back to back, starting with a different one each
    round, and the target is read as the ratio of two commands within a round (decision B2)."""
    import tempfile

    simulate = [sys.executable, "-m", "gostop_arbiter", "simulate", "--players", "2", "--rules", "standard"]
    with tempfile.TemporaryDirectory(prefix="bench-processes-") as work:
        path = Path(work) / "corpus.gsn"
        with open(path, "w", encoding="utf-8") as out:
            subprocess.run([*simulate, "--seed", "5", "--hands", str(hands)], stdout=out, check=True)
        check = [sys.executable, "-m", "gostop_arbiter", "check", str(path), "--json"]
        lark = [sys.executable, "-c", LARK_ALONE, str(ROOT / "grammar" / "gsn.lark"), str(path)]
        commands = {
            "Lark alone (a script)": (lark, {}),
            "check --json": (check, {}),
            "check --json, Lark's own parser": (check, {"GOSTOP_ARBITER_PARSER": "pure"}),
        }
        names = list(commands)
        taken: dict[str, list[float]] = {name: [] for name in names}
        for command, env in commands.values():  # the bytecode written, Lark's tables cached
            process_time(command, {**COLD_ENV, **env})
        for k in range(rounds):
            for name in names[k % len(names) :] + names[: k % len(names)]:
                command, env = commands[name]
                taken[name].append(process_time(command, {**COLD_ENV, **env}))
    print(f"whole processes on one file of {hands:,} simulated two-player hands, {rounds} rounds:")
    for name in names:
        print(f"{name:36} {statistics.median(taken[name]):8.2f} s")
    for name in names[1:]:
        ratios = [a / b for a, b in zip(taken[names[0]], taken[name], strict=True)]
        print(f"{name} ÷ Lark alone, in rate, round by round: {spread(ratios, times)} (issue 33: at least 0.80×)")


AUDIT_FILES = 40
"""The audit's folder holds this many files (sessions) of equal length."""


def audit_folder(session: str, root: Path, files: int = AUDIT_FILES) -> None:
    """``files`` copies of one session (a text that starts with its tags) in the folder ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        (root / f"{i:03}.gsn").write_text(session, encoding="utf-8")


LAUNCHER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_pid, status, usage = os.wait4(process.pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""
"""Starts a command from a small process: a child's peak memory counts the pages of the process it
was forked from until it runs the command, and the bench's own process holds the corpus."""


def run_command(command: list[str]) -> tuple[float, int, int]:
    """Wall time, peak resident memory (KiB) and exit status of a command."""
    start = time.perf_counter()
    launched = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True, check=True, env=COLD_ENV
    )
    memory, status = (int(n) for n in launched.stdout.split())
    return time.perf_counter() - start, memory, status


def spread(values: list[float], show: Callable[[float], str]) -> str:
    """The median of a figure taken round by round and how far it moved: with fewer than five rounds
    every round's figure (the quartiles of three figures are two of them, or lie beyond them), else the
    middle half (the quartiles taken within the figures)."""
    median = show(statistics.median(values))
    if len(values) < 5:
        return f"median {median}, each round {', '.join(show(v) for v in values)}"
    low, _middle, high = statistics.quantiles(values, n=4, method="inclusive")
    return f"median {median}, middle half {show(low)}–{show(high)}"


def times(value: float) -> str:
    """A ratio of two times as the bench prints it."""
    return f"{value:.2f}×"


def local_cluster(workers: int) -> Any:
    """A dask cluster of ``workers`` processes on this machine, its web port (health, and the dashboard
    where bokeh is installed) on a free port of the loopback only: never 8787, which another run may
    hold, and never open to the network."""
    from dask.distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0")


def on_dask(workers: int, new: bool = False) -> str:
    """The name of an audit on a local dask cluster in the scaling table."""
    return f"audit --scheduler (dask, {workers} worker{'s' if workers > 1 else ''}{', new cluster' if new else ''})"


def audit_scaling(hands: int, players: int, rounds: int) -> list[tuple[str, float]]:
    """``audit`` of a folder of the corpus with one and two processes, and on a local dask cluster of one
    and two workers (wall time: the point is the second core).

    A cluster is started once and audits many times, so its own start (each worker imports the
    arbiter on its first task) is timed once, as "new cluster", and the cluster's figure is the
    median of ``rounds`` audits on it after that. The ways the targets compare (one job, two jobs,
    two workers) run in rounds: each round runs them back to back, starting with a different one
    each round, so that the machine's drift falls on all of them alike, and the targets are read as
    ratios within a round. The cluster of one worker, which no target reads, is timed before the
    rounds and shut down, so that it idles beside none of them (decision B16)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-audit-") as work, contextlib.ExitStack() as up:
        root = Path(work) / "logs"
        session, per_file = build_corpus(hands // AUDIT_FILES, hands // AUDIT_FILES, players)
        audit_folder(session, root)
        hands = per_file * AUDIT_FILES
        print(
            f"audit of a folder of {AUDIT_FILES} files of {per_file:,} hands (wall time): each way the median of "
            f"{rounds} audits, a new cluster's first audit once"
        )
        command = [sys.executable, "-m", "gostop_arbiter", "audit", str(root), "--quiet"]

        def audit(*options: str) -> float:
            seconds, _memory, status = run_command([*command, *options])
            assert status in (0, 1, 3), f"audit {' '.join(options)} exited {status}"
            return seconds

        ways: dict[str, tuple[str, ...]] = {f"audit --jobs {n}": ("--jobs", str(n)) for n in (1, 2)}
        rows: list[tuple[str, float]] = []
        if importlib.util.find_spec("distributed") is not None:
            with local_cluster(1) as alone:
                options = ("--scheduler", alone.scheduler_address)
                rows.append((on_dask(1, new=True), audit(*options)))
                rows.append((on_dask(1), statistics.median(audit(*options) for _ in range(rounds))))
            cluster = up.enter_context(local_cluster(2))
            ways[on_dask(2)] = ("--scheduler", cluster.scheduler_address)
            rows.append((on_dask(2, new=True), audit(*ways[on_dask(2)])))
        names = list(ways)
        taken: dict[str, list[float]] = {name: [] for name in names}
        for k in range(rounds):
            for name in names[k % len(names) :] + names[: k % len(names)]:
                taken[name].append(audit(*ways[name]))
    running = {name: statistics.median(taken[name]) for name in names}
    rows = [(name, running[name]) for name in names[:2]] + rows
    if len(names) > 2:
        rows.append((names[2], running[names[2]]))
    for name, seconds in rows:
        print(
            f"{name:48} {seconds:8.1f} s {hands / seconds:9,.0f} hands/s  {rows[0][1] / seconds:5.2f}× one job"
            f"  {rows[1][1] / seconds:5.2f}× two jobs"
        )
    compared = [(names[1], names[0], "issue 16: at least 1.80×")]
    compared += [(name, names[1], "issue 16: at least 0.90×") for name in names[2:]]
    for name, against, target in compared:
        ratios = [b / a for a, b in zip(taken[name], taken[against], strict=True)]
        print(f"{name} ÷ {against}, round by round: {spread(ratios, times)} ({target})")
    return rows


def audit_memory(distinct: int, players: int, counts: list[int]) -> None:
    """Peak resident memory of ``audit FILE --jobs 1 --jsonl OUT`` on one file of each size (the corpus
    repeated as one valid session, written piece by piece): a file is read and judged as a stream,
    so the peak should not grow with it."""
    import tempfile

    one, again = corpus_pieces(distinct, players)
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as work:
        for wanted in counts:
            path = Path(work) / "session.gsn"
            copies = max(1, wanted // distinct)
            count = copies * distinct
            with open(path, "w", encoding="utf-8") as out:
                out.write(one)
                for _ in range(copies - 1):
                    out.write("\n\n" + again)
                out.write("\n")
            jsonl = Path(work) / "verdicts.jsonl"
            command = [sys.executable, "-m", "gostop_arbiter", "audit", str(path), "--jobs", "1", "--quiet"]
            seconds, memory, status = run_command([*command, "--jsonl", str(jsonl)])
            size = path.stat().st_size
            print(
                f"audit --jobs 1 --jsonl of one file of {count:,} hands ({size / 1e6:,.0f} MB): peak memory "
                f"{memory / 1024:.1f} MB, {seconds:.0f} s (exit {status})"
            )
            path.unlink()
            jsonl.unlink(missing_ok=True)


def validate(hands: int) -> None:
    """Simulate ``hands`` hands for each player count and check that every one replays valid."""
    from gostop_arbiter.judging.file import judge_file
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate_session

    for players in (2, 3, 4):
        start = time.perf_counter()
        session = simulate_session(profile_named("standard"), players=players, hands=hands, seed=players)
        verdict = judge_file("simulated", session)
        valid = sum(1 for h in verdict.hands if h.valid)
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(_count(h.outcome for h in verdict.hands).items()))
        print(
            f"{players} players: {valid:,} of {len(verdict.hands):,} simulated hands valid ({outcomes}); "
            f"balance sums to {sum(verdict.balance.values())}; {time.perf_counter() - start:.0f} s"
        )


def _count(items: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def at_least_one(text: str) -> int:
    """A count the bench takes a median of."""
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {number}")
    return number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument(
        "--distinct", type=int, default=None, help="different hands in the corpus (default: every one of --hands)"
    )
    parser.add_argument("--runs", type=at_least_one, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-chess", action="store_true")
    parser.add_argument("--validate", type=int, default=10000, help="simulated hands per player count to check")
    parser.add_argument(
        "--cold-python",
        default=sys.executable,
        help="the Python for the cold start: best one whose environment holds only the package and its dependencies",
    )
    parser.add_argument("--cold-runs", type=int, default=21, help="runs of each cold-start command (0: none)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the paired measurement of the target")
    parser.add_argument("--round-hands", type=int, default=2000)
    parser.add_argument(
        "--instruction-hands",
        type=int,
        default=300,
        help="hands for the instruction counts (0: none, of the cold start neither; needs valgrind)",
    )
    parser.add_argument("--audit-hands", type=int, default=20000, help="hands in the audit's folder (0: none)")
    parser.add_argument(
        "--audit-rounds", type=at_least_one, default=3, help="rounds of the audit's scaling (at least 1)"
    )
    parser.add_argument(
        "--memory-hands",
        default="10000,100000",
        help="sizes of the files whose audit's peak memory is taken, comma-separated ('' or 0: none)",
    )
    parser.add_argument(
        "--process-hands", type=int, default=2000, help="hands in the file of the whole processes' rounds (0: none)"
    )
    parser.add_argument(
        "--process-rounds", type=at_least_one, default=5, help="rounds of the whole processes (at least 1)"
    )
    parser.add_argument("--wall", action="store_true", help="time by the clock on the wall, not processor time")
    parser.add_argument("--stage", choices=["none", "lark", "parse", "end-to-end"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.distinct = args.distinct or args.hands
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    if args.stage:
        run_stage(args.stage, args.hands, args.distinct, args.players)
        return

    from gostop_arbiter.engine import replay
    from gostop_arbiter.judging.file import judge_file
    from gostop_arbiter.notation import parse_text
    from gostop_arbiter.notation.model import Turn
    from gostop_arbiter.rules import resolve

    start = time.perf_counter()
    text, hands = build_corpus(args.hands, args.distinct, args.players)
    built = time.perf_counter() - start
    print(f"clock: {'wall time' if CLOCK is time.perf_counter else 'processor time'}")
    print(f"corpus: {hands:,} hands of {args.players} players, {len(text) / 1e6:.1f} MB, built in {built:.0f} s")
    transcript = parse_text(text)
    turns = sum(1 for h in transcript.hands for s in h.statements if isinstance(s, Turn))
    print(f"        {turns:,} turn lines ({turns / hands:.1f} a hand); median of {args.runs} runs each, one core")

    def replay_all() -> int:
        for hand in transcript.hands:
            tag = hand.tag("Dealer")
            replay(hand, resolve(hand.rules, hand.sets), dealer=tag.value if tag else hand.seats[0])
        return len(transcript.hands)

    fast = fast_parser_installed()
    stages: list[tuple[str, Callable[[], Any]]] = [
        ("lark parse only", lambda: lark_only(text)),
        *([("lark-cython parse only", lambda: lark_only(text, fast=True))] if fast else []),
        ("parse, Lark's own parser", lambda: with_parser("pure", parse_streamed, text)),
        *([("parse, lark-cython", lambda: with_parser("auto", parse_streamed, text))] if fast else []),
        ("replay (engine, events)", replay_all),
        ("replay + settle + verdict", lambda: judge_file("bench", transcript.hands)),
        ("parse whole, then judge", lambda: judge_file("bench", parse_text(text).hands)),
        ("end to end, Lark's own parser", lambda: with_parser("pure", end_to_end, text)),
        ("end to end (text -> verdicts)", lambda: end_to_end(text)),
    ]
    # Round robin: run k of every stage before run k + 1 of any, so that a machine whose speed
    # drifts during the run (a shared virtual machine does) slows every stage alike.
    times: dict[str, list[float]] = {name: [] for name, _fn in stages}
    for _run in range(args.runs):
        for name, fn in stages:
            times[name].append(median_time(fn, 1)[0])
    rows = [(name, statistics.median(times[name])) for name, _fn in stages]
    lark_time = rows[0][1]
    print(f"{'stage':36} {'time':>10} {'hands/s':>9} {'turns/s':>10}  rate ÷ pure-Python Lark's")
    for name, seconds in rows:
        print(
            f"{name:36} {seconds:8.2f} s {hands / seconds:9,.0f} {turns / seconds:10,.0f}  {lark_time / seconds:6.0%}"
        )
    timing = dict(rows)
    settle = timing["replay + settle + verdict"] - timing["replay (engine, events)"]
    print(f"{'settle + verdict (difference)':36} {settle:8.2f} s {hands / settle:9,.0f}")
    whole = timing["end to end (text -> verdicts)"]
    reading = "read by lark-cython" if fast else "read by Lark's own parser (lark-cython is not installed)"
    print(
        f"end to end: {hands / whole:,.0f} hands/s (target: at least 1,000 a second per core), "
        f"{lark_time / whole:.0%} of pure-Python Lark's parse rate (target: at least 80%), "
        f"{reading}"
    )
    parse = timing["parse, lark-cython" if fast else "parse, Lark's own parser"]
    judged = timing["replay + settle + verdict"]
    print(
        f"from the table: end to end is {parse / whole:.0%} of the parse-only rate; "
        f"replay, scoring and the verdict cost {judged / parse:.2f}× the parsing"
    )
    if args.rounds:
        piece, _count = build_corpus(args.round_hands, min(args.distinct, args.round_hands), args.players)
        ratios = rounds_of(
            {
                "lark": lambda: lark_only(piece),
                "parse": lambda: parse_streamed(piece),
                "end to end": lambda: end_to_end(piece),
            },
            args.rounds,
        )
        targets = (
            ("parse-only rate", ratios["parse"], "issue 5: at least 60%"),
            ("rate of Lark parsing alone", ratios["lark"], "issue 16: at least 80%"),
        )
        for name, values, target in targets:
            print(
                f"end to end is {statistics.median(values):.0%} of the {name} ({target}), in {args.rounds} "
                f"rounds of {args.round_hands:,} hands: {spread(values, '{:.0%}'.format)}"
            )
    if args.instruction_hands:
        counted = {
            stage: instructions(stage, args.instruction_hands, args.players)
            for stage in ("lark", "parse", "end-to-end")
        }
        if None not in counted.values():
            lark, parsed, whole = (counted[s] or 1 for s in ("lark", "parse", "end-to-end"))
            print(
                f"instructions for {args.instruction_hands} hands (callgrind): Lark alone {lark / 1e6:,.0f} M, "
                f"parse {parsed / 1e6:,.0f} M, end to end {whole / 1e6:,.0f} M: end to end is "
                f"{parsed / whole:.0%} of the parse-only rate, {lark / whole:.0%} of Lark's"
            )

    if not args.no_chess:
        pgn = chess_corpus(turns)
        seconds, moves = median_time(lambda: chess_read(pgn), args.runs)
        ours = turns / timing["end to end (text -> verdicts)"]
        print(
            f"{'python-chess read + validate':36} {seconds:8.2f} s {moves / seconds:10,.0f} moves/s ({moves:,} moves)"
        )
        print(f"our turns/s end to end ÷ python-chess moves/s: {ours / (moves / seconds):.2f}")

    if args.process_hands:
        whole_processes(args.process_hands, args.process_rounds)
    if args.audit_hands:
        audit_scaling(args.audit_hands, args.players, args.audit_rounds)
    sizes = [int(n) for n in args.memory_hands.split(",") if n.strip() and int(n) > 0]
    if sizes:
        audit_memory(min(args.distinct, *sizes), args.players, sizes)

    if args.validate:
        validate(args.validate)

    if args.cold_runs:  # 0: no cold start timed
        cold = cold_start(args.cold_runs, args.cold_python)
        base = cold["baseline"]
        print(
            f"cold start ({args.cold_python}): gostop-arbiter check {COLD_SAMPLE.name} {cold['check'] * 1000:.0f} ms, "
            f"python -c 'import pydantic, rich' {base * 1000:.0f} ms: {cold['check'] / base:.2f}× "
            f"(target: within 2.5×); the imports of click and rich alone {cold['floor'] * 1000:.0f} ms "
            f"({cold['floor'] / base:.2f}×)"
        )
    counted = cold_instructions(args.cold_python) if args.instruction_hands else None
    if counted:
        check, base_count, floor = (counted[k] for k in ("check", "baseline", "floor"))
        print(
            f"cold start in instructions (callgrind): check {check / 1e6:,.0f} M, baseline {base_count / 1e6:,.0f} M: "
            f"{check / base_count:.2f}×; the floor {floor / 1e6:,.0f} M ({floor / base_count:.2f}×)"
        )


if __name__ == "__main__":
    main()
