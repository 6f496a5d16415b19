"""What the table said against what the rules say: ``claim:`` lines become discrepancies."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from math import prod

from ..messages import Message, sayings
from ..notation.model import Claim
from ..verdict import Discrepancy, Factor, Payment, discrepancy

_PAID = "the table had {payer} pay {payee} {points}; "

SAID = sayings(
    "discrepancy",
    {
        "claim-nagari-won": "the table called a nagari; {winner} won",
        "claim-nagari-ended": "the table called a nagari; the hand ended as {outcome}",
        "claim-void": _PAID + "the hand is a {outcome} and nobody pays",
        "claim-payment": _PAID + "the rules say {actual}",
        "claim-payment-missed": _PAID + "the rules say {actual}: {missed} was missed",
        "claim-payment-missed-several": _PAID + "the rules say {actual}: {missed} were missed",
        "claim-payment-too-much": _PAID + "the rules say {actual}: counted ×{ratio} too much",
    },
)
"""What the table said that the rules contradict (decision P70)."""


def _owed(payments: Iterable[Payment], payer: str, payee: str) -> tuple[int, list[Factor]]:
    """Net points ``payer`` owes ``payee`` for the hand (every payment: the hand's, those made at once
    during play and a gwang sale), and the factors of those payments."""
    points = 0
    factors: list[Factor] = []
    for p in payments:
        if (p.payer, p.payee) == (payer, payee):
            points += p.points
            factors.extend(p.factors)
        elif (p.payer, p.payee) == (payee, payer):
            points -= p.points
    return points, factors


def _explain(claim: Claim, actual: int, factors: Sequence[Factor]) -> Message:
    """The claim against the rules, with the factors that account for the difference where some do
    ('pi-bak ×2 was missed', 'counted ×2 too much')."""
    assert claim.points is not None
    facts: dict[str, str | int] = {
        "payer": claim.payer or "",
        "payee": claim.payee or "",
        "points": claim.points,
        "actual": max(actual, 0),
    }
    claimed = claim.points
    if claimed <= 0 or actual <= 0 or claimed == actual:
        return SAID("claim-payment", **facts)
    big, small = max(actual, claimed), min(actual, claimed)
    if big % small:
        return SAID("claim-payment", **facts)
    ratio, missed = big // small, actual > claimed
    for size in range(1, len(factors) + 1):
        for subset in itertools.combinations(factors, size):
            if prod(f.factor for f in subset) == ratio:
                if not missed:
                    return SAID("claim-payment-too-much", **facts, ratio=ratio)
                names = " and ".join(f"{f.rule} ×{f.factor}" for f in subset)
                return SAID(
                    "claim-payment-missed" if size == 1 else "claim-payment-missed-several", **facts, missed=names
                )
    return SAID("claim-payment", **facts)


def compare_claims(
    claims: Iterable[Claim], payments: Sequence[Payment], outcome: str, winner: str | None
) -> list[Discrepancy]:
    """A discrepancy for every claim the replay contradicts (claims are compared, never trusted)."""
    found: list[Discrepancy] = []
    void = outcome in ("nagari", "redeal", "void")
    for claim in claims:
        if claim.payer is None:
            if not void:
                said = (
                    SAID("claim-nagari-won", winner=winner) if winner else SAID("claim-nagari-ended", outcome=outcome)
                )
                found.append(discrepancy("claim", claim.line, said))
            continue
        assert claim.payee is not None and claim.points is not None
        if void:
            said = SAID("claim-void", payer=claim.payer, payee=claim.payee, points=claim.points, outcome=outcome)
            found.append(discrepancy("claim", claim.line, said))
            continue
        actual, factors = _owed(payments, claim.payer, claim.payee)
        if actual != claim.points:
            found.append(discrepancy("claim", claim.line, _explain(claim, actual, factors)))
    return found
