"""gostop-arbiter: replays Go-Stop (고스톱), Matgo (맞고) and Minhwatu (민화투) hands written in GSN,
checks every play, and settles who pays whom.

The Python API in three lines::

    from gostop_arbiter import judge_text
    verdict = judge_text(open("game.gsn", encoding="utf-8").read())
    print(verdict.hands[0].payments, verdict.balance)

A hand as a board (push, pop, legal moves) is :func:`board_for` and :class:`HandBoard`; a visitor
(:class:`HandVisitor`) sees each statement as a hand is judged. docs/api.md has the whole API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .engine import HandBoard, HandVisitor
    from .notation.model import Hand, Transcript
    from .notation.reader import Reader
    from .verdict import FileVerdict

R = TypeVar("R")

_ENGINE = frozenset({"HandBoard", "HandVisitor", "IllegalStatement", "BoardView", "LegalMoves", "SKIP"})
"""Names of the engine's, imported when first asked for (a ``check`` of tally hands never needs them)."""

_ERRORS = frozenset({"ArbiterError", "OutputError", "RulesError", "UsageError"})
"""The errors a caller catches (:mod:`.errors`), beside ``GsnSyntaxError`` and ``IllegalStatement``."""


def __getattr__(name: str) -> Any:
    """``__version__`` (read from the installed metadata only when asked: it costs a cold start) and
    the engine's names."""
    if name in _ENGINE:
        from . import engine

        return getattr(engine, name)
    if name in _ERRORS:
        from . import errors

        return getattr(errors, name)
    if name == "GsnSyntaxError":
        from .notation import GsnSyntaxError

        return GsnSyntaxError
    if name != "__version__":
        raise AttributeError(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gostop-arbiter")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0.0.0+source"


def read_text(text: str) -> Transcript:
    """The transcript model of a GSN text; raises ``GsnSyntaxError`` (with every located error)."""
    from .notation import parse_text

    return parse_text(text)


def judge_text(
    text: str,
    *,
    path: str = "-",
    rules: str | None = None,
    sets: dict[str, str] | None = None,
    visitor: HandVisitor[Any] | None = None,
    reader: Reader | None = None,
) -> FileVerdict:
    """The verdict (GSN §8) on every hand of a GSN text, optionally under other rules; a visitor
    sees each played hand's statements as they are pushed (:class:`HandVisitor`).

    Raises ``GsnSyntaxError`` for a text that does not parse and ``RulesError`` for an unknown
    profile or knob; hands that cannot be judged are listed in the verdict's ``errors``. ``reader``
    reads the text (a :class:`~.notation.reader.Reader`: keep one to read many texts; by default
    a reader of its own)."""
    from .judging.file import RulesChoice, judge_lines
    from .notation import GsnSyntaxError, normalise_lines

    choice = RulesChoice(rules, dict(sets or {})).checked()
    judged = judge_lines(path, normalise_lines(text), choice, visitor=visitor, reader=reader)
    if judged.errors:
        raise GsnSyntaxError(judged.errors)
    return judged.verdict


def visit_text(
    text: str,
    visitor: HandVisitor[R],
    *,
    path: str = "-",
    rules: str | None = None,
    sets: dict[str, str] | None = None,
) -> R:
    """Every hand of a GSN text judged as :func:`judge_text` judges it, each played hand shown to
    the visitor, and what the visitor gathered (its ``result()``: python-chess's ``read_game``
    with a visitor)."""
    judge_text(text, path=path, rules=rules, sets=sets, visitor=visitor)
    return visitor.result()


def board_for(
    hand: Hand, *, rules: str | None = None, sets: dict[str, str] | None = None, dealer: str | None = None
) -> HandBoard:
    """An empty board for a hand of a transcript: its seats and stake, its rules (or ``rules`` and
    ``sets`` instead), its ``Dealer`` tag or else the first seat. Push the hand's statements onto it."""
    from .engine import HandBoard
    from .judging.file import RulesChoice, dealer_of

    profile = RulesChoice(rules, dict(sets or {})).profile_for(hand)
    return HandBoard.of_hand(hand, profile, dealer=dealer or dealer_of(hand))


__all__ = [
    "SKIP",
    "ArbiterError",
    "BoardView",
    "GsnSyntaxError",
    "HandBoard",
    "HandVisitor",
    "IllegalStatement",
    "LegalMoves",
    "OutputError",
    "RulesError",
    "UsageError",
    "__version__",
    "board_for",
    "judge_text",
    "read_text",
    "visit_text",
]
