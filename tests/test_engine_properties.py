"""Properties over random legal hands from the simulator: valid, every card accounted for after
every statement, zero-sum, and the same verdict after ``fmt``."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES, spec_examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replaying import cards_in_play

from gostop_arbiter.engine import HandBoard
from gostop_arbiter.engine.view import BoardView
from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.notation import parse_text, write_transcript
from gostop_arbiter.notation.model import Statement
from gostop_arbiter.rules import profile_named, resolve
from gostop_arbiter.scoring import best_score
from gostop_arbiter.tools.simulate import simulate


def declared(board: HandBoard) -> dict[str, dict[str, str]]:
    """Where each player's sake cup counts, as the declarations the board accepted say."""
    said: dict[str, dict[str, str]] = {}
    for event in board.events:
        if event.kind == "declare" and event.player is not None:
            said.setdefault(event.player, {})[event.cards[0]] = event.note
    return said


def assert_running_scores(board: HandBoard, view: BoardView, statement: Statement) -> None:
    """Each player's running score (the go/stop check's) is the best total of the pile the view shows."""
    said = declared(board)
    for player, pile in view.piles.items():
        best = best_score(pile, board.profile, said.get(player, {})).total
        assert view.scores[player] == best, (statement, player)


TABLES = [
    ("standard", 2), ("standard", 3), ("standard", 4), ("online-matgo", 2), ("online-matgo", 4), ("wikipedia", 2), ("wikipedia", 3),
    ("gamerules", 2), ("gamerules", 3), ("gamerules", 4), ("wikipedia-it", 2), ("wikipedia-it", 3),
    ("minhwatu", 2), ("minhwatu", 3), ("minhwatu", 4),
]  # fmt: skip


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.booleans())
def test_simulated_hands_replay_valid_and_account_for_every_card(table: tuple[str, int], seed: int, hide: bool) -> None:
    name, players = table
    profile = profile_named(name)
    transcript = simulate(profile, players=players, hands=1, seed=seed, hide="Jae" if hide else None)
    text = write_transcript(transcript)
    (hand,) = parse_text(text).hands
    board = HandBoard.of_hand(hand, profile, dealer=hand.seats[0])
    deck = profile.the_deck().size
    for statement in hand.statements:
        board.push(statement)
        view = board.view()
        if view.due != "deal":
            assert cards_in_play(view) == deck, (statement, cards_in_play(view))
        assert_running_scores(board, view, statement)
    board.close()
    assert board.violations == []
    assert board.is_over()
    assert board.outcome().kind in ("stop", "nagari", "chongtong", "three-ppeok", "round")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_a_simulated_session_is_zero_sum_and_fmt_changes_nothing(table: tuple[str, int], seed: int, hands: int) -> None:
    name, players = table
    transcript = simulate(profile_named(name), players=players, hands=hands, seed=seed, stake=100)
    text = write_transcript(transcript)
    verdict = judge_file("session.gsn", parse_text(text).hands)
    assert not verdict.errors
    assert all(h.valid for h in verdict.hands)
    assert sum(verdict.balance.values()) == 0
    again = judge_file("session.gsn", parse_text(write_transcript(parse_text(text))).hands)
    assert again == verdict


def test_the_simulator_is_deterministic_for_a_seed() -> None:
    first = write_transcript(simulate(profile_named("standard"), players=3, hands=3, seed=7))
    second = write_transcript(simulate(profile_named("standard"), players=3, hands=3, seed=7))
    assert first == second
    assert first != write_transcript(simulate(profile_named("standard"), players=3, hands=3, seed=8))


@pytest.mark.parametrize("path", [*sorted(SAMPLES.glob("*.gsn")), *spec_examples()], ids=lambda p: p.name)
def test_the_running_score_follows_every_capture_steal_and_declaration(path: Path) -> None:
    """The go/stop check's score (kept from a running tally, worked out again only when the pile or
    a declaration changes) is the pile's best total after every statement of every played example."""
    for hand in parse_text(path.read_text(encoding="utf-8")).hands:
        if hand.kind != "played":
            continue
        profile = resolve(hand.rules, hand.sets)
        board = HandBoard.of_hand(hand, profile, dealer=hand.seats[0])
        for statement in hand.statements:
            board.push(statement, strict=False)
            assert_running_scores(board, board.view(), statement)
