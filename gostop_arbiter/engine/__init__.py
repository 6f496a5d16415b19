"""The engine: a played hand as a board, statement by statement, into events and violations (the
judging of the hand that comes of it is :mod:`..judging`)."""

from __future__ import annotations

from .board import HandBoard, IllegalStatement, replay
from .events import Event
from .moves import LegalMoves
from .view import BoardView, Stack
from .visitor import SKIP, HandVisitor

__all__ = [
    "SKIP",
    "BoardView",
    "Event",
    "HandBoard",
    "HandVisitor",
    "IllegalStatement",
    "LegalMoves",
    "Stack",
    "replay",
]
