"""Whole numbers as a transcript writes them: a stake, a carry, a claim's points, a turn number."""

from __future__ import annotations

MAX_DIGITS = 18
"""The most digits a number in a transcript may have (leading zeros aside): far beyond any game,
and well short of the length at which Python refuses to convert digits to a number (4,300)."""


def whole_number(text: str) -> int | None:
    """The value of ``text`` if it is a whole number of at most :data:`MAX_DIGITS` digits (decimal
    digits of any script, spaces around them allowed), else None."""
    digits = text.strip()
    significant = digits.lstrip("0") or "0"
    if not digits.isdecimal() or len(significant) > MAX_DIGITS:
        return None
    return int(significant)


def shown(text: str, width: int = 24) -> str:
    """A value as a message quotes it: cut short with an ellipsis when it is long."""
    return text if len(text) <= width else text[: width - 1] + "…"
