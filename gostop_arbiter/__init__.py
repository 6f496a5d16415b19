"""gostop-arbiter: replays Go-Stop (고스톱), Matgo (맞고) and Minhwatu (민화투) hands written in GSN,
checks every play, and settles who pays whom.

The Python API in three lines::

    from gostop_arbiter import judge_text
    verdict = judge_text(open("game.gsn", encoding="utf-8").read())
    print(verdict.hands[0].payments, verdict.balance)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .notation.model import Transcript
    from .verdict import FileVerdict


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed metadata only when asked (it costs a cold start)."""
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
    text: str, *, path: str = "-", rules: str | None = None, sets: dict[str, str] | None = None
) -> FileVerdict:
    """The verdict (GSN §8) on every hand of a GSN text, optionally under other rules.

    Raises ``GsnSyntaxError`` for a text that does not parse and ``RulesError`` for an unknown
    profile or knob; hands that cannot be judged are listed in the verdict's ``errors``."""
    from .arbiter import RulesChoice, judge_lines
    from .notation import GsnSyntaxError, normalise_lines
    from .rules import resolve

    choice = RulesChoice(rules, dict(sets or {}))
    resolve(rules or "standard", dict(choice.sets))
    judged = judge_lines(path, normalise_lines(text), choice)
    if judged.errors:
        raise GsnSyntaxError(judged.errors)
    return judged.verdict


__all__ = ["__version__", "judge_text", "read_text"]
