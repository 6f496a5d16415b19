"""The board's benchmark runs from a clean checkout and prints every figure it promises (numbers
are not checked: tests never judge speed), and the lazy listings it measures are the whole listing:
``legal_plays()`` with each play completed by ``legal_flips`` is ``legal_moves()``, move for move,
and ``legal_moves()``, whose turns are built as they are read, answers ``len``, indexing and ``in``
as the list of its moves does, even when read after the board moved on."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from test_board import HANDS

from gostop_arbiter.engine import HandBoard, LegalMoves
from gostop_arbiter.notation import Hand
from gostop_arbiter.notation.model import Statement, Turn
from gostop_arbiter.rules import profile_named, resolve
from gostop_arbiter.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]


def test_the_board_benchmark_runs_on_a_tiny_input_and_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "board.py"), "--hands", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for said in ("machine: ", "cores", "Python 3.", "commit ", "method: 1 simulated hands", "median and p99"):
        assert said in out, said
    for players in (2, 3, 4):
        for seen in ("all seen", "Jae not seen"):
            for when in ("pending (right after a turn)", "clean (turn start)"):
                heading = f"{players} players, {seen}, {when}:"
                assert heading in out, heading
                figures = [f.split("median")[0].strip() for f in out.split(heading, 1)[1].splitlines()[1:6]]
                assert figures == [
                    "legal_moves()", "legal_moves() + push", "list(legal_moves())", "legal_plays()",
                    "legal_plays() + legal_flips + push",
                ], heading  # fmt: skip
    for seen in ("all seen", "Jae not seen"):
        heading = f"every table size, {seen}, pending right after a turn:"
        assert heading in out, heading
        figures = [f.split("median")[0].strip() for f in out.split(heading, 1)[1].splitlines()[1:7]]
        assert figures == [
            "push (one legal move)", "pop (after that push)", "copy()", "view()",
            "is_legal(one legal move)", "is_legal(one illegal move)",
        ]  # fmt: skip
    for line in out.splitlines():
        if "median" in line and "µs" in line:
            assert "p99" in line and "(N=" in line, line
    for players in (2, 3, 4):
        assert f"simulate (board knows the stock), {players} players: " in out


def completed(board: HandBoard) -> list[object]:
    return [m for play in board.legal_plays() for m in (board.legal_flips(play) if isinstance(play, Turn) else [play])]


def assert_reads_as_its_list(moves: LegalMoves, whole: list[Statement], statement: Statement) -> None:
    """The listing, its turns built as they are read, answers as the list of every move does."""
    assert len(moves) == len(whole) and bool(moves) == bool(whole), statement
    assert [moves[i] for i in range(len(whole))] == whole, statement
    assert [moves[i] for i in range(-1, -len(whole) - 1, -1)] == whole[::-1], statement
    assert moves[1:4] == whole[1:4]
    with pytest.raises(IndexError):
        moves[len(whole)]
    with pytest.raises(TypeError):
        moves[0.5]  # type: ignore[call-overload]
    assert pickle.loads(pickle.dumps(moves)) == whole, statement
    assert (statement in moves) == (statement in whole), statement
    assert all(m in moves for m in whole[::5]), statement


def assert_lazy_is_whole(hand: Hand, board: HandBoard) -> None:
    for statement in hand.statements:
        unread, whole = board.legal_moves(), list(board.legal_moves())
        assert completed(board) == whole == board.legal_moves(), statement
        assert_reads_as_its_list(board.legal_moves(), whole, statement)
        board.push(statement, strict=False)
        assert list(unread) == whole, f"a listing read after {statement} was pushed"
    assert completed(board) == board.legal_moves()


@pytest.mark.parametrize(("name", "hand", "dealer"), HANDS[::2], ids=[name for name, _h, _d in HANDS[::2]])
def test_legal_plays_completed_by_their_flips_are_the_legal_moves(name: str, hand: Hand, dealer: str) -> None:
    assert_lazy_is_whole(hand, HandBoard.of_hand(hand, resolve(hand.rules, hand.sets), dealer=dealer))


@pytest.mark.parametrize(
    ("rules", "players", "hide"),
    [("standard", 2, "Jae"), ("standard", 3, None), ("standard", 4, "Jae"), ("gamerules", 2, "Jae"),
     ("minhwatu", 2, None), ("wikipedia-it", 3, "Jae"), ("online-matgo", 2, None)],
)  # fmt: skip
def test_legal_plays_are_whole_on_simulated_hands(rules: str, players: int, hide: str | None) -> None:
    profile = profile_named(rules)
    for hand in simulate(profile, players=players, hands=2, seed=13, hide=hide).hands:
        tag = hand.tag("Dealer")
        assert_lazy_is_whole(hand, HandBoard.of_hand(hand, profile, dealer=tag.value if tag else hand.seats[0]))
