"""The replay engine: a played hand, statement by statement, into events, violations and a verdict."""

from __future__ import annotations

from .events import Event
from .judge import judge_played
from .replay import Replay

__all__ = ["Event", "Replay", "judge_played"]
