"""Receive a played hand as the judge pushes it, statement by statement (python-chess's
``pgn.BaseVisitor`` is the model): subclass :class:`HandVisitor`, override what you need, and pass
it to :func:`gostop_arbiter.visit_text` (which returns its :meth:`~HandVisitor.result`),
:func:`gostop_arbiter.judge_text` or :func:`gostop_arbiter.engine.replay`."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from ..notation.model import Hand, Statement
    from ..verdict import HandVerdict, Violation
    from .board import HandBoard
    from .events import Event

R = TypeVar("R")


class Skip(Enum):
    """What :meth:`HandVisitor.begin_hand` returns to be told nothing more of a hand."""

    SKIP = "skip"


SKIP = Skip.SKIP
"""Returned by :meth:`HandVisitor.begin_hand`: the hand is judged as always, but the visitor sees
none of its statements and no ``end_hand`` (python-chess's ``SKIP``)."""


class HandVisitor(Generic[R]):
    """Does nothing: each method is a hook, called in this order for every played hand, and
    :meth:`result` is what the visitor has gathered (``R``)."""

    def begin_hand(self, hand: Hand, board: HandBoard) -> Skip | None:
        """Before the first statement: the hand as written, and the empty board it is pushed onto.
        Return :data:`SKIP` to hear nothing more of this hand."""
        return None

    def visit_statement(self, statement: Statement, events: list[Event], violations: list[Violation]) -> None:
        """After each statement: what it made happen and what rules it broke (both often empty)."""

    def end_hand(self, board: HandBoard, verdict: HandVerdict | None) -> None:
        """The record has ended: the closed board (every event in ``board.events``) and, when the
        judge ran the hand, its verdict."""

    def result(self) -> R:
        """What the visitor gathered, once every hand has been visited (:func:`gostop_arbiter.visit_text`
        returns it). The base visitor gathers nothing."""
        raise NotImplementedError(f"{type(self).__name__} gathers no result: override result()")
