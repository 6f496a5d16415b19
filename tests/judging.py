"""Helpers for tests that judge GSN text: verdicts and the net points between players."""

from __future__ import annotations

from gostop_arbiter.judging.file import RulesChoice, judge_file
from gostop_arbiter.notation import parse_text
from gostop_arbiter.verdict import FileVerdict, HandVerdict


def judge(text: str, rules: str | None = None, *, expect_errors: bool = False, **sets: object) -> FileVerdict:
    """The verdict on a GSN text, optionally under another profile and knob overrides; without
    ``expect_errors`` it must have judged every hand."""
    choice = RulesChoice(rules, {k: str(v) for k, v in sets.items()})
    verdict = judge_file("test.gsn", parse_text(text).hands, choice)
    assert expect_errors or not verdict.errors, verdict.errors
    return verdict


def hand(text: str, rules: str | None = None, **sets: object) -> HandVerdict:
    """The verdict on the last hand of a text."""
    return judge(text, rules, **sets).hands[-1]


def owed(verdict: HandVerdict) -> dict[str, int]:
    """Net points between each pair, as 'payer->payee' (zeros dropped), like compare_verdicts.py."""
    net: dict[tuple[str, str], int] = {}
    for p in verdict.payments:
        a, b, points = p.payer, p.payee, p.points
        if a > b:
            a, b, points = b, a, -points
        net[(a, b)] = net.get((a, b), 0) + points
    return {(f"{a}->{b}" if v > 0 else f"{b}->{a}"): abs(v) for (a, b), v in net.items() if v}


def factors(verdict: HandVerdict, payer: str) -> list[str]:
    """The factor rules of a payer's payments, in order."""
    return [f.rule for p in verdict.payments if p.payer == payer for f in p.factors]
