"""A verdict's sentences in the reader's language, from its facts (the catalogue is
:mod:`gostop_arbiter.messages`; these are the verdict's records said with it)."""

from __future__ import annotations

from ..messages import Lang, fact, say, sentence, term
from ..verdict import Discrepancy, Factor, Payment, Violation

__all__ = ["Lang", "discrepancy_text", "factor_reason", "payment_reason", "say", "term", "violation_text"]


def violation_text(violation: Violation, lang: Lang = "en") -> str:
    """What a violation says: by its code, its reason and its facts (decision E17)."""
    facts: dict[str, object] = {**violation.params, "player": violation.player, "card": violation.card}
    facts.setdefault("line", violation.line)
    return fact("violation", violation.code, violation.message, facts, lang)


def factor_reason(factor: Factor, lang: Lang = "en") -> str:
    """Why a factor applies, from its facts."""
    return fact("factor", factor.rule, factor.reason, factor.params, lang)


def payment_reason(payment: Payment, lang: Lang = "en") -> str:
    """Why a payment is made that no factor explains (a sale, 독박, a first ppeok)."""
    return sentence(payment.reason or "", lang)


def discrepancy_text(discrepancy: Discrepancy, lang: Lang = "en") -> str:
    """What the table said that the rules contradict."""
    return sentence(discrepancy.message, lang)
