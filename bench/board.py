"""Benchmark: the board's operations on mid-hand states, in microseconds (median and p99).

    pip install '.[bench]'
    python bench/board.py [--hands 30] [--seed 2026] [--rules standard]

Method: for each of 2, 3 and 4 at the table, and for every hand seen and for one hand not seen
(``hide="Jae"``), ``--hands`` hands are simulated (``gostop_arbiter.tools.simulate.simulate``, the seed
given) and their written statements pushed onto a board, as a recorder would: the board knows the
hands the table saw, never the order of the stock, so a flip may be any card not yet seen. A state
is sampled after every turn line from the third on while the hand is not over: the pending state
right after a turn (its steals and go/stop check wait for the next line), and the same position
with that turn closed, a clean turn start as a board has it after a go, a shake or a bonus card.
Each figure is timed three times per sampled state, each on a copy of it made outside the timer,
with the garbage collector running as it does for a user; the state's figure is the median of its
three; median and 99th percentile over the states. The clock is the process's processor time
(``time.process_time``), not wall time: the workplace machine is shared, and wall time counted
the other programs' turns on it (in one run ``legal_moves()`` alone came out 4× dearer than
``legal_moves() + push`` on the same states).
``legal_moves() + push`` lists every legal move, then pushes one chosen at random (seeded) among
them: the listing counts each play's turns and makes only those of the play whose turn is chosen
(decision E28); ``list(legal_moves())`` makes every turn, as a caller that reads them all does.
``legal_plays()`` lists each turn once as its play alone (the hand card, bomb or pass), and
``legal_plays() + legal_flips + push`` is a recorder's path: the plays, the flips of one play
chosen at random, one of them pushed (or another move when no turn may be played). The
simulator's own rate (its board knows the stock), processor time per hand over ``--hands`` hands,
is printed first, before the sampled boards fill the heap (they make the collector's work dearer).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gostop_arbiter.engine import HandBoard  # noqa: E402
from gostop_arbiter.engine.calls import close_pending  # noqa: E402
from gostop_arbiter.notation.model import Statement, Turn  # noqa: E402
from gostop_arbiter.rules import Profile, profile_named  # noqa: E402
from gostop_arbiter.tools.simulate import simulate  # noqa: E402

SEEN = {"all seen": None, "Jae not seen": "Jae"}


def sampled(profile: Profile, players: int, hide: str | None, hands: int, seed: int) -> dict[str, list[HandBoard]]:
    """Mid-hand boards of simulated hands: pending right after a turn, and the same turn closed."""
    pending: list[HandBoard] = []
    clean: list[HandBoard] = []
    for hand in simulate(profile, players=players, hands=hands, seed=seed, hide=hide).hands:
        tag = hand.tag("Dealer")
        board = HandBoard.of_hand(hand, profile, dealer=tag.value if tag else hand.seats[0])
        turns = 0
        for statement in hand.statements:
            board.push(statement, strict=False)
            turns += statement.kind == "turn"
            if statement.kind == "turn" and turns >= 3 and not board.is_over():
                pending.append(board.copy())
                closed = board.copy()
                # The bench's one step inside the board: the same position with the turn closed.
                close_pending(closed._state)
                if not closed.is_over():
                    clean.append(closed)
    return {"pending": pending, "clean": clean}


REPEATS = 3


def timed(boards: list[HandBoard], fn: Callable[[HandBoard, int], Any]) -> list[float]:
    """Microseconds of processor time of ``fn(board, i)`` on each ``i``-th board: the median of
    ``REPEATS`` runs, each on a fresh copy made outside the timer."""
    gc.collect()
    times = []
    for i, board in enumerate(boards):
        runs = []
        for _run in range(REPEATS):
            trial = board.copy()
            start = time.process_time()
            fn(trial, i)
            runs.append(time.process_time() - start)
        times.append(statistics.median(runs) * 1e6)
    return times


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 else values[0]


def show(name: str, values: list[float]) -> None:
    print(f"  {name:34} median {statistics.median(values):9,.0f} µs   p99 {p99(values):9,.0f} µs   (N={len(values)})")


def commit() -> str:
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "gostop_arbiter", "bench"],
                               capture_output=True, text=True)  # fmt: skip
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (with changes not committed)" if dirty.stdout.strip() else "") or "unknown"


def method(args: argparse.Namespace) -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}; "
        f"Python {platform.python_version()}; commit {commit()}"
    )
    print(
        f"method: {args.hands} simulated hands ({args.rules}, seed {args.seed}) for each table size and visibility, "
        "replayed as a recorder sees them (stock order not known); a state after every turn from the third "
        f"while the hand is not over; each figure the median of {REPEATS} runs on a state, each on a fresh copy, "
        "one core, processor time, garbage collector on; median and p99 over the states (N)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30, help="simulated hands per table size and visibility")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    profile = profile_named(args.rules)
    method(args)
    for players in args.players:
        start = time.process_time()
        simulate(profile, players=players, hands=args.hands, seed=args.seed)
        seconds = time.process_time() - start
        print(f"simulate (board knows the stock), {players} players: {seconds / args.hands * 1000:,.1f} ms a hand")
    chosen = random.Random(args.seed)
    every: dict[str, list[HandBoard]] = {seen: [] for seen in SEEN}

    def listed(board: HandBoard, _i: int) -> None:
        board.legal_moves()

    def listed_and_pushed(board: HandBoard, _i: int) -> None:
        board.push(chosen.choice(board.legal_moves()))

    def every_turn_made(board: HandBoard, _i: int) -> None:
        list(board.legal_moves())

    def plays(board: HandBoard, _i: int) -> None:
        board.legal_plays()

    def recorded(board: HandBoard, _i: int) -> None:
        """A recorder's path: the plays, then the flips of one played, then one of them pushed."""
        moves = board.legal_plays()
        turns = [m for m in moves if isinstance(m, Turn)]
        board.push(chosen.choice(board.legal_flips(chosen.choice(turns))) if turns else chosen.choice(moves))

    for players in args.players:
        for seen, hide in SEEN.items():
            boards = sampled(profile, players, hide, args.hands, args.seed + players)
            every[seen] += boards["pending"]
            for when, said in (("pending", "right after a turn"), ("clean", "turn start")):
                print(f"{players} players, {seen}, {when} ({said}):")
                show("legal_moves()", timed(boards[when], listed))
                show("legal_moves() + push", timed(boards[when], listed_and_pushed))
                show("list(legal_moves())", timed(boards[when], every_turn_made))
                show("legal_plays()", timed(boards[when], plays))
                show("legal_plays() + legal_flips + push", timed(boards[when], recorded))

    for seen, boards in every.items():
        print(f"every table size, {seen}, pending right after a turn:")
        operations(boards, chosen)


def operations(boards: list[HandBoard], chosen: random.Random) -> None:
    """push, pop, copy, view and is_legal on the boards, each with one legal move chosen at random."""
    moves: list[Statement] = [chosen.choice(b.legal_moves()) for b in boards]
    again = [b.statements[-1] for b in boards]  # the last turn again: its player is not next
    pushed = [b.copy() for b in boards]
    for board, move in zip(pushed, moves, strict=True):
        board.push(move)
    show("push (one legal move)", timed(boards, lambda b, i: b.push(moves[i])))
    show("pop (after that push)", timed(pushed, lambda b, _i: b.pop()))
    show("copy()", timed(boards, lambda b, _i: b.copy()))
    show("view()", timed(boards, lambda b, _i: b.view()))
    show("is_legal(one legal move)", timed(boards, lambda b, i: b.is_legal(moves[i])))
    show("is_legal(one illegal move)", timed(boards, lambda b, i: b.is_legal(again[i])))


if __name__ == "__main__":
    main()
