"""What the table said against what the rules say: ``claim:`` lines become discrepancies."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from math import prod

from ..notation.model import Claim
from ..verdict import Discrepancy, Factor, Payment


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


def _explain(claimed: int, actual: int, factors: Sequence[Factor]) -> str:
    """Which factors account for the difference: 'pi-bak ×2 was missed' or 'go ×2 does not apply'."""
    if claimed <= 0 or actual <= 0 or claimed == actual:
        return ""
    big, small = max(actual, claimed), min(actual, claimed)
    if big % small:
        return ""
    ratio, missed = big // small, actual > claimed
    for size in range(1, len(factors) + 1):
        for subset in itertools.combinations(factors, size):
            if prod(f.factor for f in subset) == ratio:
                names = " and ".join(f"{f.rule} ×{f.factor}" for f in subset)
                if missed:
                    return f": {names} {'was' if size == 1 else 'were'} missed"
                return f": counted ×{ratio} too much"
    return ""


def compare_claims(
    claims: Iterable[Claim], payments: Sequence[Payment], outcome: str, winner: str | None
) -> list[Discrepancy]:
    """A discrepancy for every claim the replay contradicts (claims are compared, never trusted)."""
    found: list[Discrepancy] = []
    void = outcome in ("nagari", "redeal", "void")
    for claim in claims:
        if claim.payer is None:
            if not void:
                result = f"{winner} won" if winner else f"the hand ended as {outcome}"
                found.append(Discrepancy(kind="claim", line=claim.line, message=f"the table called a nagari; {result}"))
            continue
        assert claim.payee is not None and claim.points is not None
        if void:
            found.append(
                Discrepancy(
                    kind="claim",
                    line=claim.line,
                    message=f"the table had {claim.payer} pay {claim.payee} {claim.points}; the hand is a {outcome} "
                    "and nobody pays",
                )
            )
            continue
        actual, factors = _owed(payments, claim.payer, claim.payee)
        if actual != claim.points:
            why = _explain(claim.points, actual, factors)
            found.append(
                Discrepancy(
                    kind="claim",
                    line=claim.line,
                    message=f"the table had {claim.payer} pay {claim.payee} {claim.points}; "
                    f"the rules say {max(actual, 0)}{why}",
                )
            )
    return found
