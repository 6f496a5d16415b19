"""Helpers for engine tests: replay a GSN text or file on the board and look at what it found."""

from __future__ import annotations

from pathlib import Path

from gostop_arbiter.engine import replay as replay_hand
from gostop_arbiter.engine.state import HandState
from gostop_arbiter.notation import parse_text
from gostop_arbiter.rules import resolve


def replay(text: str, index: int = 1, rules: str | None = None, **sets: object) -> HandState:
    """The state of one played hand of a text after every statement is pushed and the record closed
    (the dealer from its tag, or the first seat)."""
    hand = parse_text(text).hands[index - 1]
    profile = resolve(rules or hand.rules, {**({} if rules else hand.sets), **{k: str(v) for k, v in sets.items()}})
    tag = hand.tag("Dealer")
    return replay_hand(hand, profile, dealer=tag.value if tag else hand.seats[0]).state()


def replay_file(path: Path, index: int = 1, rules: str | None = None, **sets: object) -> HandState:
    return replay(path.read_text(encoding="utf-8"), index, rules, **sets)


def kinds_on(r: HandState, line: int) -> list[str]:
    return [e.kind for e in r.events if e.line == line]


def codes(r: HandState) -> list[str]:
    return [v.code for v in r.violations]
