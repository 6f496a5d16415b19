"""Comparing a verdict with the expected verdict written beside a transcript (NAME.expected.json).

An expected file holds only the fields that matter for its hand (docs/gsn.md §8, tests/examples/README.md):
``valid``, ``outcome``, ``winner``, ``payments`` and the violation ``codes`` a hand must report, and a file's
``balance_points``. The comparison is deliberately loose where the verdict contract leaves a choice:

- payments are compared as the net points between each pair of players, so how they are split into entries
  does not matter (독박: the liable loser's payment as one entry or two; a sale listed apart);
- the expected violation codes must be among those reported (a hand may report more);
- an invalid hand's payments are not compared: they are not binding.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_STAKE = re.compile(r'^\[Stake\s+"(\d+)"\]', re.M | re.I)


def stake_of(text: str) -> int:
    """The money per point a transcript's first ``[Stake]`` tag sets (1 without one)."""
    found = _STAKE.search(text)
    return int(found.group(1)) if found else 1


def net_points(payments: list[Json]) -> dict[str, int]:
    """Net points between each pair of players, as ``"payer->payee"``; pairs that come out even are dropped."""
    net: dict[tuple[str, str], int] = {}
    for payment in payments:
        a, b, points = str(payment.get("from")), str(payment.get("to")), int(payment.get("points") or 0)
        if a > b:
            a, b, points = b, a, -points
        net[(a, b)] = net.get((a, b), 0) + points
    return {(f"{a}->{b}" if v > 0 else f"{b}->{a}"): abs(v) for (a, b), v in net.items() if v}


def _hand_problems(want: Json, got: Json) -> list[str]:
    index = want.get("index", 1)
    problems: list[str] = []
    if "valid" in want and got.get("valid") != want["valid"]:
        problems.append(f"hand {index}: valid {got.get('valid')} != {want['valid']}")
    for key in ("outcome", "winner"):
        if key in want and got.get(key) != want[key]:
            problems.append(f"hand {index}: {key} {got.get(key)!r} != {want[key]!r}")
    codes = {str(v.get("code")) for v in got.get("violations") or []}
    problems += [
        f"hand {index}: violation {code} not reported (got {sorted(codes)})"
        for code in want.get("violations", [])
        if code not in codes
    ]
    if "payments" in want and want.get("valid", True):
        wanted, paid = net_points(want["payments"]), net_points(got.get("payments") or [])
        if wanted != paid:
            problems.append(f"hand {index}: payments {paid} != {wanted}")
    return problems


def disagreements(expected: Json, document: Json, stake: int = 1) -> list[str]:
    """What a ``check --json`` document (one file) gets wrong against an expected verdict; empty when it agrees."""
    files: list[Json] = document.get("files") or []
    if not files:
        return ["the document holds no file"]
    verdict = files[0]
    hands = {hand.get("index"): hand for hand in verdict.get("hands") or []}
    problems: list[str] = []
    for want in expected.get("hands", []):
        got = hands.get(want.get("index", 1))
        if got is None:
            problems.append(f"hand {want.get('index', 1)}: missing from the verdict")
        else:
            problems += _hand_problems(want, got)
    if "balance_points" in expected:
        balance = {k: v for k, v in (verdict.get("balance") or {}).items() if v}
        wanted = {k: v * stake for k, v in expected["balance_points"].items() if v}
        if balance != wanted:
            problems.append(f"balance {balance} != {wanted}")
    return problems
