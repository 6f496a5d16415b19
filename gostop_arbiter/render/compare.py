"""``gostop-arbiter compare``: each hand's result under several profiles, side by side."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table

from ..verdict import FileVerdict, HandVerdict


def _result(hand: HandVerdict | None) -> str:
    if hand is None:
        return "cannot be judged"
    lines = [hand.outcome + (f": {hand.winner}" if hand.winner else "") + ("" if hand.valid else " (not valid)")]
    net: dict[tuple[str, str], int] = {}
    for p in hand.payments:
        net[(p.payer, p.payee)] = net.get((p.payer, p.payee), 0) + p.points
    lines += [f"{payer} → {payee} {points}" for (payer, payee), points in net.items()]
    if hand.winner is None and hand.outcome in ("round", "tally", "void"):
        lines += [f"{player} {score.total:+d}" for player, score in hand.scores.items()]
    return "\n".join(lines)


def compare_table(path: str, verdicts: Mapping[str, FileVerdict]) -> Table:
    table = Table(
        show_header=True, header_style="bold", title=f"{path}: points under each profile", title_justify="left"
    )
    table.add_column("hand", justify="right")
    for name in verdicts:
        table.add_column(name)
    indexes = sorted({h.index for v in verdicts.values() for h in v.hands})
    for index in indexes:
        row = [str(index)]
        for verdict in verdicts.values():
            row.append(_result(next((h for h in verdict.hands if h.index == index), None)))
        table.add_row(*row)
    balance = ["balance"] + ["\n".join(f"{p} {a:+,}" for p, a in v.balance.items()) for v in verdicts.values()]
    table.add_row(*balance)
    return table
