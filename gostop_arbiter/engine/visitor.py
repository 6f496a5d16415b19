"""Receive a played hand as the judge pushes it, statement by statement (python-chess's
``pgn.BaseVisitor`` is the model): subclass :class:`HandVisitor`, override what you need, and pass
it to :func:`gostop_arbiter.judge_text` or :func:`gostop_arbiter.engine.replay`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..notation.model import Hand, Statement
    from ..verdict import HandVerdict, Violation
    from .board import HandBoard
    from .events import Event


class HandVisitor:
    """Does nothing: each method is a hook, called in this order for every played hand."""

    def begin_hand(self, hand: Hand, board: HandBoard) -> None:
        """Before the first statement: the hand as written, and the empty board it is pushed onto."""

    def visit_statement(self, statement: Statement, events: list[Event], violations: list[Violation]) -> None:
        """After each statement: what it made happen and what rules it broke (both often empty)."""

    def end_hand(self, board: HandBoard, verdict: HandVerdict | None) -> None:
        """The record has ended: the closed board (every event in ``board.events``) and, when the
        judge ran the hand, its verdict."""
