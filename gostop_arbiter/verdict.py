"""What the arbiter answers (GSN §8), as records; pydantic serialises them and ``gostop-arbiter schema``
exports their JSON Schema (``gostop_arbiter.records``).

Everything here is data with stable codes: violation codes, score-line rules, factor rules,
payment kinds. People's words are in ``message``/``reason`` fields, rendered from those codes.
"""

from __future__ import annotations

import dataclasses
from typing import Literal, get_args

from .messages import Message
from .records import adapter, listed, mapped, record

SCHEMA_VERSION = 1

OutcomeKind = Literal["stop", "chongtong", "three-ppeok", "nagari", "redeal", "void", "tally", "round", "incomplete"]

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
VIOLATION_CODES: frozenset[str] = frozenset(get_args(ViolationCode))


@record
class Violation:
    """A rule the transcript breaks, where, by whom and with which card.

    ``params`` holds the facts of the message (counts, the other player, the line it refers to),
    as a factor's do, so that it can be said in other languages; ``message`` is the English sentence."""

    code: ViolationCode
    line: int
    column: int
    player: str | None = None
    card: str | None = None
    message: str
    params: dict[str, str | int] = mapped()


def violation(
    code: str,
    line: int,
    column: int,
    message: str,
    player: str | None = None,
    card: str | None = None,
    /,
    **params: str | int,
) -> Violation:
    """A violation from its parts; the code is checked against the stable codes of GSN §8."""
    if code not in VIOLATION_CODES:
        raise ValueError(f"{code!r} is not a violation code of GSN §8")
    return Violation(code=code, line=line, column=column, player=player, card=card, message=message, params=params)  # type: ignore[arg-type]


@record
class Discrepancy:
    """A mark, claim or tag of the table that the rules contradict; ``tag``: a tag that looks like a
    misspelt tag that changes the judging (``[RuleJ "…"]``), so the hand's rules may be wrong."""

    kind: Literal["claim", "mark", "carry", "tag"]
    line: int
    message: str
    code: str = ""
    """Which sentence ``message`` is (``claim-payment``, ``mark-not-found`` …: GSN §8), a stable code."""
    params: dict[str, str | int] = mapped()
    """The facts of the sentence (names, points, codes), so that it can be said in other languages."""


def discrepancy(kind: str, line: int, said: Message) -> Discrepancy:
    """A discrepancy whose sentence is ``said``: its English, its code and its facts."""
    return Discrepancy(kind=kind, line=line, message=said.english(), code=said.id, params=said.facts())  # type: ignore[arg-type]


@record
class ScoreItem:
    """One score item: a stable rule code (``pi``, ``hongdan``, ``go`` …), its points and cards."""

    rule: str
    points: int
    cards: list[str] = listed()


@record
class PlayerScore:
    """A player's score at the end of the hand: the total and the items it is made of."""

    total: int
    items: list[ScoreItem] = listed()


@record
class Factor:
    """A multiplier of a payment: its rule code, the factor, and why it applies, in words.

    ``params`` holds the facts of the reason (names, counts), so that it can be said in other
    languages (``--lang ko``); ``reason`` is the English sentence."""

    rule: str
    factor: int
    reason: str
    params: dict[str, str | int] = mapped()
    reason_code: str = ""
    """Which sentence ``reason`` is (``pi-bak``, ``gwang-bak-none`` …), a stable code."""


def factor(rule: str, times: int, said: Message) -> Factor:
    """A factor whose reason is ``said``: its English, its facts and its code."""
    return Factor(rule=rule, factor=times, reason=said.english(), params=said.facts(), reason_code=said.id)


@record
class Payment:
    """Money one player owes another for the hand (``kind``: hand, immediate or sale)."""

    payer: str = dataclasses.field(metadata={"alias": "from"})
    payee: str = dataclasses.field(metadata={"alias": "to"})
    kind: Literal["hand", "immediate", "sale"] = "hand"
    points: int
    amount: int
    factors: list[Factor] = listed()
    reason: str | None = None
    reason_code: str | None = None
    """Which sentence ``reason`` is (``sale``, ``first-ppeok`` …), a stable code."""
    reason_params: dict[str, str | int] = mapped()
    """The facts of ``reason`` (names, counts, cards), so that it can be said in other languages."""


def payment(
    payer: str,
    payee: str,
    kind: str,
    points: int,
    stake: int,
    said: Message | None,
    factors: list[Factor] | None = None,
) -> Payment:
    """A payment of ``points`` at ``stake`` a point, with its reason ``said`` (None: its factors say why)."""
    return Payment(
        payer=payer,
        payee=payee,
        kind=kind,  # type: ignore[arg-type]
        points=points,
        amount=points * stake,
        factors=factors or [],
        reason=said.english() if said else None,
        reason_code=said.id if said else None,
        reason_params=said.facts() if said else {},
    )


@record
class HandVerdict:
    """The verdict on one hand."""

    index: int
    rules: str
    seats: list[str]
    dealer: str | None = None
    valid: bool
    outcome: OutcomeKind
    winner: str | None = None
    violations: list[Violation] = listed()
    discrepancies: list[Discrepancy] = listed()
    scores: dict[str, PlayerScore] = mapped()
    payments: list[Payment] = listed()
    carry_in: int = 1
    carry_out: int = 1
    stake: int = 1
    tags: dict[str, str] = mapped()
    """Free-text tags of the hand (Event, Site, Date, Hand, Note), as written."""


@record
class FileError:
    """A file that cannot be read or parsed, or a hand that cannot be judged: nothing to replay."""

    code: Literal["syntax", "unreadable", "usage"]
    line: int | None = None
    column: int | None = None
    message: str

    def to_json(self) -> dict[str, object]:
        """The error as the verdict's JSON holds it (GSN §8)."""
        return {"code": self.code, "line": self.line, "column": self.column, "message": self.message}


class SaidFileError(FileError, frozen=True, kw_only=True):  # type: ignore[call-arg]
    """A file error as its message too, to be said in the reader's language (the message is not
    part of the JSON: a verdict holds its English)."""

    said: Message | None = None


def said_file_error(code: Literal["syntax", "unreadable", "usage"], line: int, column: int, said: Message) -> FileError:
    """A file error that keeps its message, to be said in the reader's language."""
    return SaidFileError(code=code, line=line, column=column, message=said.english(), said=said)  # type: ignore[call-arg]


@record
class FileVerdict:
    """One file's verdict: each hand's, the money balance over its valid hands, and what could not be read."""

    path: str
    hands: list[HandVerdict] = listed()
    balance: dict[str, int] = mapped()
    """Money won (+) or lost (−) per player over the file's valid hands; zero-sum."""
    errors: list[FileError] = listed()


@record
class Verdict:
    """The arbiter's whole answer (GSN §8): the schema's version and a verdict for each file."""

    schema_version: int = SCHEMA_VERSION
    files: list[FileVerdict] = listed()

    def to_json(self) -> str:
        return adapter(Verdict).dump_json(self, by_alias=True, indent=2).decode()
