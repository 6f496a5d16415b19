"""The engine: a played hand as a board, statement by statement, into events, violations and a verdict."""

from __future__ import annotations

from .board import HandBoard, IllegalStatement, iter_replay, replay
from .events import Event
from .judge import judge_played
from .view import BoardView, Stack
from .visitor import HandVisitor

__all__ = [
    "BoardView",
    "Event",
    "HandBoard",
    "HandVisitor",
    "IllegalStatement",
    "Stack",
    "iter_replay",
    "judge_played",
    "replay",
]
