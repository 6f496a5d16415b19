"""What happened in a hand, one event at a time: the engine's output and every renderer's input.

Events carry stable codes (``capture``, ``ppeok``, ``chok`` …), the source line and the cards. The
verdict, the report and the step-by-step replay are all derived from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from ..messages import Message, sayings
from ..records import frozen

EventKind = Literal[
    "deal",
    "dealer-bonus",
    "play",
    "lay",
    "flip",
    "capture",
    "ppeok",
    "ja-ppeok",
    "stack",
    "chok",
    "ttadak",
    "sweep",
    "steal",
    "bomb",
    "pass",
    "shake",
    "bonus",
    "draw",
    "declare",
    "go",
    "stop",
    "nagari",
    "chongtong",
    "three-ppeok",
    "redeal",
    "sit-out",
    "immediate",
    "shodang",
    "shodang-answer",
]


NO_EXTRA: Mapping[str, int] = MappingProxyType({})

NOTES = sayings(
    "event",
    {
        "at-score": "at {score}",
        "at-score-last-turn": "at {score}, with the last turn of the hand",
        "for-the-joker": "for the joker",
        "natural": "natural",
        "sell-nobody-folded": "sell (nobody folded)",
        "change": "change",
        "shodang-accepted": "shodang accepted",
    },
)
"""What an event adds in words (a call's score, why a stack or a steal): :attr:`Event.said`."""


@frozen
class Event:
    """One thing that happened: its kind, its line, who did it, and the cards it moved.

    ``other`` names the second player of a steal (the giver) or of an immediate payment (the payer).
    """

    kind: EventKind
    line: int
    player: str | None = None
    cards: tuple[str, ...] = ()
    other: str | None = None
    note: str = ""
    turn: int = 0
    """The turn number (1-based) the event belongs to; 0 before the first turn."""
    extra: Mapping[str, int] = NO_EXTRA  # the one empty mapping, shared: no factory called per event (B18)
    """Facts that belong to one kind of event (the points of an immediate payment, a call's score)."""
    said: Message | None = None
    """What the event adds in words, where it says something (a call's score, an immediate
    payment's reason), as a message (decision P70); ``note`` holds it in English, or a code."""
