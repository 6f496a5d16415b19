"""Whole numbers as a transcript writes them: a stake, a carry, a claim's points, a turn number."""

from __future__ import annotations

import re

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


_GROUPED = re.compile(r"[1-9][0-9]{0,2}(?:,[0-9]{3})+")
"""Digits grouped in threes by commas, as money is written (``1,000``)."""

WON_SUFFIXES = ("원", "won", "₩")
"""What may follow a stake's amount: its unit, as a Korean table writes it (``100원``)."""


def money_amount(text: str) -> int | None:
    """An amount of money as a table writes it (decision P77): a whole number, its digits perhaps
    grouped in threes by commas (``1,000``) and perhaps followed by its unit (``100원``); else None."""
    amount = text.strip()
    for suffix in WON_SUFFIXES:
        if amount.lower().endswith(suffix):
            amount = amount[: -len(suffix)].rstrip()
            break
    if _GROUPED.fullmatch(amount):
        amount = amount.replace(",", "")
    return whole_number(amount) if amount else None


def shown(text: str, width: int = 24) -> str:
    """A value as a message quotes it: cut short with an ellipsis when it is long."""
    return text if len(text) <= width else text[: width - 1] + "…"
