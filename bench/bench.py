"""Benchmark: parse, replay and settle separately and end to end, against Lark alone and python-chess.

    pip install '.[bench]'
    python bench/bench.py [--hands 20000] [--distinct 2000] [--runs 3] [--players 2]

Method: a corpus of simulated hands (``--distinct`` different hands, repeated up to ``--hands``),
each stage timed over the whole corpus, the median of ``--runs`` runs reported (the stages taken in
turn, round robin), on one core (one process, no threads). Turns are turn lines. python-chess
reads and validates a corpus of random legal games with about as many moves as the corpus has
turns. Cold start: the median wall time of ``gostop-arbiter check`` on one sample against
``python -c "import pydantic, rich"``.

End to end is what ``check`` does: each hand is judged as soon as it is read (``judge_lines``); the
parse stage reads the same way, each hand's models let go once built.
The target compares it with the parse stage alone (replay, scoring and the verdict must cost less
than the parsing, docs/decisions.md B1); the rate of Lark parsing alone, the ceiling of the parser,
is printed beside it.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def median_time(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def build_corpus(hands: int, distinct: int, players: int) -> tuple[str, int]:
    from gostop_arbiter.notation import write_hand
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.simulate import simulate_session

    blocks: list[str] = []
    session = simulate_session(profile_named("standard"), players=players, hands=distinct, seed=2026)
    for i, hand in enumerate(session):
        lines = write_hand(hand)
        if i == 0:
            lines = [line for line in lines if not line.startswith("[Hand")]
        else:
            lines = [f'[Hand "{i + 1}"]', *[line for line in lines if not line.startswith("[")]]
        blocks.append("\n".join(lines))
    copies = max(1, hands // distinct)
    one = "\n\n".join(blocks)
    again = one.replace('[Rules "standard"]', "").replace("[Seats", '[Hand "c"]\n[Seats', 1)
    text = "\n\n".join([one] + [again] * (copies - 1))
    return text + "\n", distinct * copies


def lark_only(text: str) -> int:
    """Lark's LALR parser alone on every hand (trees built, positions in the tokens)."""
    from gostop_arbiter.notation.grammar import build_parser
    from gostop_arbiter.notation.reader import _chunks, normalise_lines

    parser = build_parser()
    count = 0
    for chunk in _chunks(normalise_lines(text)):
        parser.parse("\n".join(chunk.lines) + "\n", start="hand")
        count += 1
    return count


def parse_streamed(text: str) -> int:
    """The parse stage as end to end runs it: each hand read into models and then let go."""
    from gostop_arbiter.notation import normalise_lines, read_hands
    from gostop_arbiter.notation.reader import paused_gc

    with paused_gc():
        return sum(1 for result in read_hands(normalise_lines(text)) if result.hand is not None)


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


def cold_start(runs: int) -> tuple[float, float]:
    sample = str(ROOT / "samples" / "gostop-3p-tally.gsn")
    exe = [sys.executable, "-m", "gostop_arbiter"]
    # Bytecode is cached, as it is for an installed package (pip compiles it), whatever this shell says.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def ours() -> None:
        subprocess.run([*exe, "check", sample], capture_output=True, check=False, env=env)

    def baseline() -> None:
        subprocess.run([sys.executable, "-c", "import pydantic, rich"], capture_output=True, check=True, env=env)

    ours()  # the first run writes Lark's grammar cache and the bytecode
    baseline()
    return median_time(ours, runs)[0], median_time(baseline, runs)[0]


def validate(hands: int) -> None:
    """Simulate ``hands`` hands for each player count and check that every one replays valid."""
    from gostop_arbiter.arbiter import judge_file
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.simulate import simulate_session

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--distinct", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-chess", action="store_true")
    parser.add_argument("--validate", type=int, default=10000, help="simulated hands per player count to check")
    args = parser.parse_args()

    from gostop_arbiter.arbiter import judge_file, judge_lines
    from gostop_arbiter.engine import Replay
    from gostop_arbiter.notation import normalise_lines, parse_text
    from gostop_arbiter.notation.model import Turn
    from gostop_arbiter.rules import resolve

    start = time.perf_counter()
    text, hands = build_corpus(args.hands, args.distinct, args.players)
    built = time.perf_counter() - start
    print(f"corpus: {hands:,} hands of {args.players} players, {len(text) / 1e6:.1f} MB, built in {built:.0f} s")
    transcript = parse_text(text)
    turns = sum(1 for h in transcript.hands for s in h.statements if isinstance(s, Turn))
    print(f"        {turns:,} turn lines ({turns / hands:.1f} a hand); median of {args.runs} runs each, one core")

    def replay_all() -> int:
        for hand in transcript.hands:
            tag = hand.tag("Dealer")
            Replay(hand, resolve(hand.rules, hand.sets), dealer=tag.value if tag else hand.seats[0]).run()
        return len(transcript.hands)

    stages: list[tuple[str, Callable[[], Any]]] = [
        ("lark parse only", lambda: lark_only(text)),
        ("parse (text -> transcript models)", lambda: parse_streamed(text)),
        ("replay (engine, events)", replay_all),
        ("replay + settle + verdict", lambda: judge_file("bench", transcript.hands)),
        ("parse whole, then judge", lambda: judge_file("bench", parse_text(text).hands)),
        ("end to end (text -> verdicts)", lambda: judge_lines("bench", normalise_lines(text)).verdict),
    ]
    # Round robin: run k of every stage before run k + 1 of any, so that a machine whose speed
    # drifts during the run (a shared virtual machine does) slows every stage alike.
    times: dict[str, list[float]] = {name: [] for name, _fn in stages}
    for _run in range(args.runs):
        for name, fn in stages:
            times[name].append(median_time(fn, 1)[0])
    rows = [(name, statistics.median(times[name])) for name, _fn in stages]
    for name, seconds in rows:
        print(f"{name:36} {seconds:8.2f} s {hands / seconds:9,.0f} hands/s {turns / seconds:10,.0f} turns/s")
    timing = dict(rows)
    settle = timing["replay + settle + verdict"] - timing["replay (engine, events)"]
    print(f"{'settle + verdict (difference)':36} {settle:8.2f} s {hands / settle:9,.0f} hands/s")
    end_to_end = timing["end to end (text -> verdicts)"]
    parse = timing["parse (text -> transcript models)"]
    judged = timing["replay + settle + verdict"]
    print(
        f"end to end is {parse / end_to_end:.0%} of the parse-only rate (target: at least 60%); "
        f"replay, scoring and the verdict cost {judged / parse:.2f}× the parsing"
    )
    print(f"end to end is {timing['lark parse only'] / end_to_end:.0%} of the rate of Lark parsing alone")

    if not args.no_chess:
        pgn = chess_corpus(turns)
        seconds, moves = median_time(lambda: chess_read(pgn), args.runs)
        ours = turns / timing["end to end (text -> verdicts)"]
        print(
            f"{'python-chess read + validate':36} {seconds:8.2f} s {moves / seconds:10,.0f} moves/s ({moves:,} moves)"
        )
        print(f"our turns/s end to end ÷ python-chess moves/s: {ours / (moves / seconds):.2f}")

    if args.validate:
        validate(args.validate)

    ours_cold, baseline = cold_start(max(5, args.runs))
    print(
        f"cold start: gostop-arbiter check {ours_cold * 1000:.0f} ms, python -c 'import pydantic, rich' "
        f"{baseline * 1000:.0f} ms: {ours_cold / baseline:.2f}× (target: within 2×)"
    )


if __name__ == "__main__":
    main()
