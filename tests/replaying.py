"""Helpers for engine tests: replay a GSN text or file and look at its events."""

from __future__ import annotations

from pathlib import Path

from gostop_arbiter.engine import Replay
from gostop_arbiter.notation import parse_text
from gostop_arbiter.rules import resolve


def replay(text: str, index: int = 1, rules: str | None = None, **sets: object) -> Replay:
    """The replay of one played hand of a text (the dealer from its tag, or the first seat)."""
    hand = parse_text(text).hands[index - 1]
    profile = resolve(rules or hand.rules, {**({} if rules else hand.sets), **{k: str(v) for k, v in sets.items()}})
    tag = hand.tag("Dealer")
    return Replay(hand, profile, dealer=tag.value if tag else hand.seats[0]).run()


def replay_file(path: Path, index: int = 1, rules: str | None = None, **sets: object) -> Replay:
    return replay(path.read_text(encoding="utf-8"), index, rules, **sets)


def kinds_on(r: Replay, line: int) -> list[str]:
    return [e.kind for e in r.events if e.line == line]


def codes(r: Replay) -> list[str]:
    return [v.code for v in r.violations]
