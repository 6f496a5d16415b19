"""A verdict's sentences in the reader's language, from its facts (the catalogue is
:mod:`gostop_arbiter.messages`; these are the verdict's records said with it). English is the
verdict's own sentence; another language says the record's code and facts (decision P70)."""

from __future__ import annotations

from collections.abc import Iterable

from ..card_names import card_name, cards_named
from ..judging import file as _file  # noqa: F401  (declares the messages a verdict's codes name)
from ..judging import played as _played  # noqa: F401
from ..messages import Lang, fact, message_of, say, say_message, term
from ..notation.model import Statement, Tag
from ..notation.writer import ASCII, KoreanSpelling, write_statement
from ..rules.display import display_name
from ..verdict import Discrepancy, Factor, Payment, Violation

__all__ = [
    "Lang",
    "card_word",
    "cards_words",
    "discrepancy_text",
    "factor_reason",
    "payment_reason",
    "profile_word",
    "say",
    "statement_words",
    "term",
    "violation_text",
]


def card_word(code: str, lang: Lang = "en") -> str:
    """A card as the reader writes it (decision P85): its GSN code in English (``12g``), its name
    as Korean players write it in Korean (``비광``, ``9열``, ``11쌍피``)."""
    return card_name(code, "ko") if lang == "ko" else code


def cards_words(codes: Iterable[str], lang: Lang = "en") -> str:
    """Cards as the reader writes them, separated by spaces (``1광 3광 비광``)."""
    return " ".join(card_word(code, lang) for code in codes)


class _ReadersKorean(KoreanSpelling):
    """GSN in Korean as a Korean player writes a line down: the keywords, tags and marks in Korean
    (``흔들기``, ``!뻑``), and each card by its short name (``9열``, not ``국화열끗``): every name is a
    GSN spelling of its card, so a line shown this way still reads back as the same line."""

    def card(self, code: str) -> str:
        return card_name(code, "ko")


READERS_KOREAN = _ReadersKorean()
"""The spelling of GSN lines shown to a Korean reader (``parse`` and ``replay`` in Korean)."""


def statement_words(item: Statement | Tag, lang: Lang = "en") -> str:
    """A GSN line as the reader writes it: canonical GSN in English, the Korean spelling with the
    cards' short names in Korean (``Dad: 흔들기 국진 9피 9띠``)."""
    return write_statement(item, READERS_KOREAN if lang == "ko" else ASCII)


def profile_word(name: str, lang: Lang = "en") -> str:
    """A rules profile as the reader calls it (``standard``; ``표준``: :mod:`..rules.display`)."""
    return display_name(name, lang)


def violation_text(violation: Violation, lang: Lang = "en") -> str:
    """What a violation says: by its code, its reason and its facts (decision E17)."""
    facts: dict[str, object] = {**violation.params, "player": violation.player, "card": violation.card}
    facts.setdefault("line", violation.line)
    if lang == "ko":  # a fact that lists cards names them as the reader writes them (decision P85)
        facts = {key: cards_named(v, lang) if isinstance(v, str) and key != "player" else v for key, v in facts.items()}
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
