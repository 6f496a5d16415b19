"""Settling up an evening: the fewest transfers that clear a zero-sum balance."""

from __future__ import annotations

from collections.abc import Mapping

# ---- settling up ----------------------------------------------------------------------------


def settle_up(balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers (payer, payee, amount) that clear a zero-sum balance.

    The fewest is the number of players with a non-zero balance minus the largest number of
    disjoint groups whose balances sum to zero; each group is cleared with one transfer fewer than
    its size. Exact for the handful of players at a table (it looks at every subset).
    """
    people = [p for p, v in balance.items() if v]
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
    """Clear one zero-sum group: the largest debtor pays the largest creditor, until all are even."""
    debts = sorted(((-balance[p], p) for p in group if balance[p] < 0), reverse=True)
    credits = sorted(((balance[p], p) for p in group if balance[p] > 0), reverse=True)
    transfers: list[tuple[str, str, int]] = []
    while debts and credits:
        (owed, payer), (due, payee) = debts.pop(0), credits.pop(0)
        amount = min(owed, due)
        transfers.append((payer, payee, amount))
        if owed > amount:
            debts.insert(0, (owed - amount, payer))
        if due > amount:
            credits.insert(0, (due - amount, payee))
    return transfers
