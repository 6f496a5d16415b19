"""Play the cs470 engine (go-stop-python, github.com/cs470-2020f-team36/go-stop-python) at random
and write each game as a GSN hand under ``[Rules "cs470"]``, with the engine's own result as the
hand's ``claim:`` line, so that the arbiter can judge the game and say whether it agrees.

The engine is not part of this project: point ``CS470_ENGINE`` (or ``--engine``) at a checkout of
it (the folder that holds ``go_stop/``). Run::

    python tests/cs470_games.py --engine ../go-stop-python --games 40 --seed 1 -o tests/hands/cs470

A game becomes one file, ``game-SEED.gsn``. Player 0 is ``A``, the dealer; player 1 is ``B``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NAMES = ("A", "B")


def load_engine(engine: str | os.PathLike[str]) -> Any:
    """The engine's ``Game`` class, from a checkout of go-stop-python."""
    sys.path.insert(0, str(Path(engine).resolve()))
    from go_stop.models.game import Game  # type: ignore[import-not-found]

    return Game


def code(card: Any) -> str:
    """The GSN code of one of the engine's cards (its kind, month and junk multiple)."""
    if card.kind == "bonus":
        return f"b{card.multiple}"
    suffix = {"bright": "g", "animal": "a", "ribbon": "r"}.get(card.kind)
    if suffix is None:
        suffix = "pp" if card.multiple == 2 else "p"
    return f"{card.month}{suffix}"


def codes(cards: Any) -> str:
    return " ".join(code(c) for c in cards)


class _Turn:
    """The turn being written: its hand play, and the table card each capture chose."""

    def __init__(self, name: str, play: str, hand_card: Any | None) -> None:
        self.name = name
        self.play = play
        self.hand_card = hand_card
        self.hand_target: Any | None = None
        self.flip_target: Any | None = None


def play_game(game_class: Any, seed: int) -> str:
    """One random game of the engine, as GSN."""
    random.seed(seed)  # the engine shuffles with the module's generator
    game = game_class(0)
    choose = random.Random(seed * 7919 + 1)
    board, state, flags = game.board, game.state, game.flags
    lines = [
        f'[Event "cs470 seed {seed}"]',
        '[Rules "cs470"]',
        '[Seats "A, B"]',
        '[Dealer "A"]',
        f"deal A: {codes(board.hands[0])}",
        f"deal B: {codes(board.hands[1])}",
        "table: "
        + " ".join(
            [f"+{code(c)}" for c in board.capture_fields[0]]
            + [code(c) for month in range(1, 13) for c in board.center_field[month]]
        ),
        f"stock: {codes(board.drawing_pile)}",
    ]
    turn: _Turn | None = None
    auto_stop = False
    flipped_from = len(board.drawing_pile)
    while not state.ended:
        actions = game.actions()
        if not actions:
            break
        action = choose.choice(actions)
        player = state.player
        name = NAMES[player]
        kind = action.kind
        if kind == "four of a month":
            if action.option:
                month = sorted(board.four_of_a_month()[player])[0]
                lines.append(f"{name}: chongtong {codes(board.hands[player].of_month(month))}")
        elif kind == "shakable":
            pass
        elif kind == "shaking":
            if action.option:
                card, cards = state.shaking
                lines.append(f"{name}: shake {codes(list(cards)[:3])}")
        elif kind == "throw" and action.card.kind == "bonus":
            drawn = board.drawing_pile[0]
            lines.append(f"{name}: bonus {code(action.card)} draw {code(drawn)}")
            flipped_from -= 1
        elif kind == "throw":
            turn = _Turn(name, code(action.card), action.card)
        elif kind == "throw bomb":
            turn = _Turn(name, "pass", None)
        elif kind == "bomb":
            turn = _Turn(name, "bomb " + codes(board.hands[player].of_month(action.month)), None)
        elif kind == "select match":
            assert turn is not None
            if state.select_match[2] is None:
                turn.hand_target = action.match
            else:
                turn.flip_target = action.match
        elif kind == "move animal 9":
            lines.append(f"{name}: 9a as {'pi' if action.option else 'animal'}")
            auto_stop = True
        elif kind == "go":
            lines.append(f"{name}: {'go' if action.option else 'stop'}")
        before_winner = state.winner
        auto_stop = auto_stop if kind == "move animal 9" else False
        if kind == "shaking":
            # the engine plays the shaken card within the same action
            card, _cards = state.shaking
            turn = _Turn(name, code(card), card)
        assert game.play(action), action
        if auto_stop and state.ended and state.winner == player:
            lines.append(f"{name}: stop")  # the engine stops for a player with no card left
        if (
            turn is not None
            and not flags.select_match
            and kind in ("throw", "throw bomb", "bomb", "shaking", "select match")
        ):
            flips = board.drawing_pile  # what is left; the flips are the cards gone since the last turn
            lines.append(_turn_line(turn, _gone(lines, flipped_from, len(flips))))
            flipped_from = len(flips)
            turn = None
            if state.ended and state.winner == player and before_winner is None and not _fixed_win(state, player):
                lines.append(f"{name}: stop")  # the engine stops for a player with no card left
    if state.winner is not None and _fixed_win(state, state.winner):
        # a fixed win leaves the scores uncounted; the engine's scorer reads its one factor
        from go_stop.models.scorer import calculate_score  # type: ignore[import-not-found]

        state.scores[state.winner] = calculate_score(state, state.winner)
    lines.append(_claim(state))
    return "\n".join(lines) + "\n"


def _gone(lines: list[str], before: int, after: int) -> list[str]:
    """The stock cards flipped since ``before`` cards were left, read from the stock line."""
    stock = next(line for line in lines if line.startswith("stock: ")).split()[1:]
    start = len(stock) - before
    return stock[start : start + (before - after)]


def _turn_line(turn: _Turn, flips: list[str]) -> str:
    play = turn.play + (f" x{code(turn.hand_target)}" if turn.hand_target is not None else "")
    written = list(flips)
    if turn.flip_target is not None and written:
        written[-1] += f" x{code(turn.flip_target)}"
    return f"{turn.name}: {play}" + "".join(f" / {f}" for f in written)


def _fixed_win(state: Any, player: int) -> bool:
    kinds = {f.kind for f in state.score_factors[player]}
    return bool(kinds & {"four of a month", "three stackings"})


def _claim(state: Any) -> str:
    """The engine's result: the loser pays the winner the winner's score, or nobody pays."""
    if state.winner is None:
        return "claim: nagari"
    winner = state.winner
    return f"claim: {NAMES[1 - winner]} pays {NAMES[winner]} {state.scores[winner]}"


def games(engine: str | os.PathLike[str], seeds: range) -> Iterator[tuple[int, str]]:
    game_class = load_engine(engine)
    for seed in seeds:
        yield seed, play_game(game_class, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("CS470_ENGINE"), help="a go-stop-python checkout")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", type=Path, required=True, help="a folder for the game-SEED.gsn files")
    args = parser.parse_args()
    if not args.engine:
        parser.error("--engine or CS470_ENGINE must point at a go-stop-python checkout")
    args.output.mkdir(parents=True, exist_ok=True)
    for seed, text in games(args.engine, range(args.seed, args.seed + args.games)):
        (args.output / f"game-{seed}.gsn").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
