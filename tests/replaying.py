"""Helpers for engine tests: replay a GSN text or file on the board and read what it found through
the board's public doors (its events, violations, outcome and view)."""

from __future__ import annotations

from pathlib import Path

from gostop_arbiter.engine import HandBoard
from gostop_arbiter.engine import replay as replay_hand
from gostop_arbiter.engine.view import BoardView
from gostop_arbiter.notation import parse_text
from gostop_arbiter.rules import resolve


def replay(text: str, index: int = 1, rules: str | None = None, **sets: object) -> HandBoard:
    """The board of one played hand of a text, every statement pushed and the record closed (the
    dealer from its tag, or the first seat)."""
    hand = parse_text(text).hands[index - 1]
    profile = resolve(rules or hand.rules, {**({} if rules else hand.sets), **{k: str(v) for k, v in sets.items()}})
    tag = hand.tag("Dealer")
    return replay_hand(hand, profile, dealer=tag.value if tag else hand.seats[0])


def replay_file(path: Path, index: int = 1, rules: str | None = None, **sets: object) -> HandBoard:
    return replay(path.read_text(encoding="utf-8"), index, rules, **sets)


def kinds_on(board: HandBoard, line: int) -> list[str]:
    return [e.kind for e in board.events if e.line == line]


def codes(board: HandBoard) -> list[str]:
    return [v.code for v in board.violations]


def cards_in_play(view: BoardView) -> int:
    """Every card the view shows a place for: hands (unseen cards too), the table with what is
    buried in its stacks, the piles and the stock. Once play has begun it is the deck's size."""
    hands = sum(map(len, view.hands.values())) + sum(view.unseen.values())
    table = sum(len(stack.cards) + len(stack.buried) for stack in view.table)
    return hands + table + sum(map(len, view.piles.values())) + view.stock


def stack(view: BoardView, month: int) -> tuple[str, ...]:
    """The cards of one month on the table (none when it holds no card of it)."""
    return next((s.cards for s in view.table if s.month == month), ())
