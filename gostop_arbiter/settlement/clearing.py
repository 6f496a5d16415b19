"""Settling up an evening: the fewest transfers that clear a zero-sum balance."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

# ---- settling up ----------------------------------------------------------------------------

EXACT_UP_TO = 12
"""The most players with a non-zero balance whose fewest transfers are found exactly, by looking at
every subset of them (4,096 for twelve). A file naming more (a log of many tables) is cleared
greedily: exact time and memory would double with each player (decision R85)."""


def settle_up(balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers (payer, payee, amount) that clear a zero-sum balance.

    The fewest is the number of players with a non-zero balance minus the largest number of
    disjoint groups whose balances sum to zero; each group is cleared with one transfer fewer than
    its size. Exact for up to :data:`EXACT_UP_TO` players with a non-zero balance (it looks at
    every subset); beyond, each pair of players owed and owing the same amount is cleared with one
    transfer, then the rest greedily: never more than one transfer fewer than their number.
    """
    people = [p for p, v in balance.items() if v]
    if len(people) > EXACT_UP_TO:
        return _settle_greedily(people, balance)
    values = [balance[p] for p in people]
    n = len(people)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + values[low]
    groups = [0] * (1 << n)
    for mask in range(1, 1 << n):
        best = 0
        for i in range(n):
            if mask >> i & 1:
                best = max(best, groups[mask ^ (1 << i)])
        groups[mask] = best + (1 if total[mask] == 0 else 0)
    transfers: list[tuple[str, str, int]] = []
    mask = full
    while mask:
        group = _zero_group(mask, total, groups)
        transfers.extend(_clear([people[i] for i in range(n) if group >> i & 1], balance))
        mask ^= group
    return transfers


def _settle_greedily(people: list[str], balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Clear many players' balances in time that grows with their number, not its power: first
    one transfer between each debtor and a creditor of exactly the same amount, then the rest as
    one group."""
    transfers: list[tuple[str, str, int]] = []
    creditors: dict[int, deque[str]] = {}  # a queue an amount: many owed the same are taken in order, each at once
    for p in people:
        if balance[p] > 0:
            creditors.setdefault(balance[p], deque()).append(p)
    rest: list[str] = []
    for p in people:
        if balance[p] < 0 and creditors.get(-balance[p]):
            transfers.append((p, creditors[-balance[p]].popleft(), -balance[p]))
        elif balance[p] < 0:
            rest.append(p)
    rest.extend(p for owed in creditors.values() for p in owed)
    return transfers + _clear(rest, balance)


def _zero_group(mask: int, total: list[int], groups: list[int]) -> int:
    """The smallest zero-sum subgroup of ``mask`` that keeps the optimum for the rest."""
    sub = mask
    best = mask
    while sub:
        keeps_optimum = mask ^ sub == 0 or groups[mask ^ sub] == groups[mask] - 1
        if total[sub] == 0 and keeps_optimum and bin(sub).count("1") < bin(best).count("1"):
            best = sub
        sub = (sub - 1) & mask
    return best


def _clear(group: list[str], balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Clear one zero-sum group: the largest debtor pays the largest creditor, until all are even
    (what is left of either goes on with the next of the other)."""
    debts = sorted(((-balance[p], p) for p in group if balance[p] < 0), reverse=True)
    credits = sorted(((balance[p], p) for p in group if balance[p] > 0), reverse=True)
    transfers: list[tuple[str, str, int]] = []
    d = c = 0
    owed, due = (debts[0][0] if debts else 0), (credits[0][0] if credits else 0)
    while d < len(debts) and c < len(credits):
        amount = min(owed, due)
        transfers.append((debts[d][1], credits[c][1], amount))
        owed, due = owed - amount, due - amount
        if not owed:
            d += 1
            owed = debts[d][0] if d < len(debts) else 0
        if not due:
            c += 1
            due = credits[c][0] if c < len(credits) else 0
    return transfers
