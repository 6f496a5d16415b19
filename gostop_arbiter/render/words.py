"""A verdict's sentences in the reader's language, from its facts (the catalogue is
:mod:`gostop_arbiter.messages`; these are the verdict's records said with it). English is the
verdict's own sentence; another language says the record's code and facts (decision P70)."""

from __future__ import annotations

from ..judging import file as _file  # noqa: F401  (declares the messages a verdict's codes name)
from ..judging import played as _played  # noqa: F401
from ..messages import Lang, fact, message_of, say, say_message, term
from ..verdict import Discrepancy, Factor, Payment, Violation

__all__ = ["Lang", "discrepancy_text", "factor_reason", "payment_reason", "say", "term", "violation_text"]


def violation_text(violation: Violation, lang: Lang = "en") -> str:
    """What a violation says: by its code, its reason and its facts (decision E17)."""
    facts: dict[str, object] = {**violation.params, "player": violation.player, "card": violation.card}
    facts.setdefault("line", violation.line)
    return fact("violation", violation.code, violation.message, facts, lang)


def _said(key: str, english: str, params: dict[str, str | int], lang: Lang) -> str:
    """The sentence ``key`` (``discrepancy:carry``) with its facts in ``lang``; a record made
    without a code (by an older arbiter) keeps its English."""
    if lang == "en" or key.endswith(":"):
        return english
    return say_message(message_of(key, params), lang) or english


def factor_reason(factor: Factor, lang: Lang = "en") -> str:
    """Why a factor applies, from its facts."""
    return _said(f"factor:{factor.reason_code}", factor.reason, factor.params, lang)


def payment_reason(payment: Payment, lang: Lang = "en") -> str:
    """Why a payment is made that no factor explains (a sale, 독박, a first ppeok)."""
    return _said(f"payment:{payment.reason_code or ''}", payment.reason or "", payment.reason_params, lang)


def discrepancy_text(discrepancy: Discrepancy, lang: Lang = "en") -> str:
    """What the table said that the rules contradict."""
    return _said(f"discrepancy:{discrepancy.code}", discrepancy.message, discrepancy.params, lang)
