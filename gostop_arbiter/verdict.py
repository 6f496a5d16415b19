"""What the arbiter answers (GSN §8), as pydantic models; ``gostop-arbiter schema`` exports them.

Everything here is data with stable codes: violation codes, score-line rules, factor rules,
payment kinds. People's words are in ``message``/``reason`` fields, rendered from those codes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

Outcome = Literal["stop", "chongtong", "three-ppeok", "nagari", "redeal", "void", "tally", "round", "incomplete"]

ViolationCode = Literal[
    "unknown-card",
    "extra-card",
    "missing-card",
    "deal-size",
    "not-in-hand",
    "out-of-turn",
    "illegal-capture",
    "ambiguous-capture",
    "illegal-bomb",
    "illegal-shake",
    "illegal-pass",
    "illegal-bonus",
    "illegal-declaration",
    "illegal-call",
    "missing-call",
    "after-end",
    "redeal-required",
    "stock-mismatch",
    "illegal-give",
    "bad-turn-number",
]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True, defer_build=True)


class Violation(_Model):
    """A rule the transcript breaks, where, by whom and with which card."""

    code: ViolationCode
    line: int
    column: int
    player: str | None = None
    card: str | None = None
    message: str


def violation(
    code: str, line: int, column: int, message: str, player: str | None = None, card: str | None = None
) -> Violation:
    """A violation from its parts; the code is checked against the stable codes of GSN §8."""
    return Violation.model_validate(
        {"code": code, "line": line, "column": column, "player": player, "card": card, "message": message}
    )


class Discrepancy(_Model):
    """A mark, claim or tag of the table that the rules contradict."""

    kind: Literal["claim", "mark", "carry"]
    line: int
    message: str


class ScoreItem(_Model):
    """One score item: a stable rule code (``pi``, ``hongdan``, ``go`` …), its points and cards."""

    rule: str
    points: int
    cards: list[str] = []


class PlayerScore(_Model):
    total: int
    items: list[ScoreItem] = []


class Factor(_Model):
    """A multiplier of a payment: its rule code, the factor, and why it applies, in words.

    ``params`` holds the facts of the reason (names, counts), so that it can be said in other
    languages (``--lang ko``); ``reason`` is the English sentence."""

    rule: str
    factor: int
    reason: str
    params: dict[str, str | int] = {}


class Payment(_Model):
    """Money one player owes another for the hand (``kind``: hand, immediate or sale)."""

    payer: str = Field(alias="from")
    payee: str = Field(alias="to")
    kind: Literal["hand", "immediate", "sale"] = "hand"
    points: int
    amount: int
    factors: list[Factor] = []
    reason: str | None = None


class HandVerdict(_Model):
    """The verdict on one hand."""

    index: int
    rules: str
    seats: list[str]
    dealer: str | None = None
    valid: bool
    outcome: Outcome
    winner: str | None = None
    violations: list[Violation] = []
    discrepancies: list[Discrepancy] = []
    scores: dict[str, PlayerScore] = {}
    payments: list[Payment] = []
    carry_in: int = 1
    carry_out: int = 1
    stake: int = 1
    tags: dict[str, str] = {}
    """Free-text tags of the hand (Event, Site, Date, Hand, Note), as written."""


class FileError(_Model):
    """A file that cannot be read or parsed, or a hand that cannot be judged: nothing to replay."""

    code: Literal["syntax", "unreadable", "usage"]
    line: int | None = None
    column: int | None = None
    message: str


class FileVerdict(_Model):
    path: str
    hands: list[HandVerdict] = []
    balance: dict[str, int] = {}
    """Money won (+) or lost (−) per player over the file's valid hands; zero-sum."""
    errors: list[FileError] = []


class Verdict(_Model):
    schema_version: int = SCHEMA_VERSION
    files: list[FileVerdict] = []

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2, exclude_none=False)
