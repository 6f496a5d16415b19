"""What the page offers beside the plays (issue 30 item 7), through the HTTP API at every step of
simulated hands: only statements the board lists as legal now, each meaning something now. A sake
cup's placement only to the player whose turn or call it is; junk to give only when what is given
may change a count (a double junk beside a plain one: decision T62), and then every such gift,
addressed to the last turn's player; 쇼당 only to the player whose turn it is. Everything else the
board lists is offered."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_table_api import Table

from gostop_arbiter import judge_text
from gostop_arbiter.cards import card_info
from gostop_arbiter.engine import HandBoard
from gostop_arbiter.notation import Statement, write_statement, write_transcript
from gostop_arbiter.notation.model import Declare, Give, Hand, Turn
from gostop_arbiter.rules import profile_named
from gostop_arbiter.tools.simulate import simulate


def worth(gift: Give) -> tuple[str, ...]:
    """What a gift counts for: 1 for a plain junk, 2 for a double or a 2-bonus, the sake cup as itself."""
    return tuple(sorted("9a" if c.code == "9a" else str(card_info(c.code).junk_value) for c in gift.cards))


def meant(board: HandBoard, listed: list[Statement]) -> list[str]:
    """The statements other than plays that mean something now, by the rules in the module's words."""
    who = board.view().who
    worths: dict[str, set[tuple[str, ...]]] = {}
    for move in listed:
        if isinstance(move, Give):
            worths.setdefault(move.player, set()).add(worth(move))
    return [
        write_statement(m)
        for m in listed
        if not isinstance(m, Turn)
        and not (isinstance(m, Declare) and m.player != who)
        and not (isinstance(m, Give) and len(worths[m.player]) < 2)
    ]


def hands(players: int, count: int, seed: int) -> list[tuple[Hand, str]]:
    """Simulated hands of a standard session, each with its dealer."""
    transcript = simulate(profile_named("standard"), players=players, hands=count, seed=seed)
    verdict = judge_text(write_transcript(transcript))
    return [(h, v.dealer or h.seats[0]) for h, v in zip(transcript.hands, verdict.hands, strict=True)]


@pytest.mark.parametrize(("players", "seed"), [(2, 30), (3, 31), (5, 32), (6, 33)])
def test_only_what_means_something_now_is_offered(players: int, seed: int, tmp_path: Path) -> None:
    kinds: Counter[str] = Counter()
    dropped: Counter[str] = Counter()
    for number, (hand, dealer) in enumerate(hands(players, 6, seed)):
        table = Table(tmp_path / f"{number}.gsn")
        table.setup(list(hand.seats), dealer=dealer)
        board = HandBoard.of_hand(hand, profile_named("standard"), dealer=dealer)
        last_turn: str | None = None
        for statement in hand.statements:
            moves: list[dict[str, Any]] = table.state["moves"]
            listed = list(board.legal_plays())
            # every move offered is the board's, at its place in the listing
            for move in moves:
                assert write_statement(listed[move["id"]]) == move["text"]
            offered = [m["text"] for m in moves if m["kind"] != "turn"]
            assert offered == meant(board, listed)
            for move in moves:
                kinds[move["kind"]] += 1
                if move["kind"] == "give":
                    assert move["to"] == last_turn  # the gift pays for the last turn
                if move["kind"] in ("shodang", "declare"):
                    assert move["player"] == board.view().who
            dropped["give"] += sum(isinstance(m, Give) for m in listed) - sum(m["kind"] == "give" for m in moves)
            table.push(write_statement(statement))
            board.push(statement)
            if isinstance(statement, Turn):
                last_turn = statement.player
    # the walk met what it checks: gifts kept and dropped, 쇼당 when three play, sitting out with
    # more than three at the table (광팔기 by several when nobody folds)
    if players <= 3:
        assert kinds["give"] and dropped["give"], (kinds, dropped)
    assert bool(kinds["shodang"]) == (players >= 3)
    assert bool(kinds["sit-out"]) == (players > 3)
