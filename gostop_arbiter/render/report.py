"""The verdict for people: per hand the outcome, scores, payments with their factors, problems
with the line they are on, and the file's balance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..messages import money
from ..notation.errors import caret_under, excerpt
from ..verdict import FileVerdict, HandVerdict, Payment, Violation
from .transcript import cards_text
from .words import Lang, discrepancy_text, factor_reason, payment_reason, say, term, violation_text

OUTCOMES: dict[str, str] = {
    "stop": "{winner} wins",
    "chongtong": "{winner} wins by chongtong",
    "three-ppeok": "{winner} wins by three ppeoks",
    "nagari": "nagari: nobody pays, the next hand ×{carry}",
    "void": "void: the round is a tie",
    "round": "round played out",
    "redeal": "redeal",
    "incomplete": "the transcript ends before the hand does",
}
"""How a hand ended, as the report's heading says it."""


def outcome_text(hand: HandVerdict, lang: Lang = "en") -> str:
    """How the hand ended, in words: 'Yuna wins', 'nagari: nobody pays, the next hand ×2'."""
    if hand.outcome == "tally":
        msgid = "{winner} wins" if hand.winner else "balances against the target"
    else:
        msgid = OUTCOMES[hand.outcome]
    return say(msgid, lang, winner=hand.winner, carry=hand.carry_out)


def _heading(path: str, hand: HandVerdict, lang: Lang) -> Text:
    text = Text(say("{path} · hand {index} · {rules} · ", lang, path=path, index=hand.index, rules=hand.rules))
    text.stylize("bold")
    text.append(outcome_text(hand, lang), style="bold green" if hand.valid else "bold red")
    if not hand.valid:
        text.append(say(" · not valid: the payments below are not binding", lang), style="red")
    return text


def _caret(violation: Violation, lines: Mapping[int, str], lang: Lang) -> Text:
    said = say(
        "  line {line}: {code}: {message}",
        lang,
        line=violation.line,
        code=term(violation.code, lang),
        message=violation_text(violation, lang),
    )
    text = Text(said, style="red")
    line = lines.get(violation.line)
    if line is not None:
        source, column = excerpt(line.replace("\t", " "), violation.column)
        gutter = f"{violation.line:>7} | "
        text.append(f"\n{gutter}{source}\n" + " " * (len(gutter) - 2) + "| " + caret_under(source, column))
    return text


def _balances(hand: HandVerdict) -> bool:
    """Minhwatu: scores are balances (signed), and nobody wins."""
    return hand.winner is None and hand.outcome in ("round", "tally", "void")


def _scores(hand: HandVerdict, lang: Lang) -> Table:
    table = Table(show_header=True, header_style="bold", title=term("scores", lang), title_justify="left")
    table.add_column(term("player", lang))
    table.add_column(term("points", lang), justify="right")
    table.add_column(term("made of", lang))
    for player, score in hand.scores.items():
        parts = Text()
        for i, item in enumerate(score.items):
            if i:
                parts.append("\n")
            rule = term(item.rule, lang)
            parts.append(f"{rule} {item.points:+d}" if _balances(hand) else f"{rule} {item.points}")
            if item.cards:
                parts.append(": ")
                parts.append_text(cards_text(item.cards))
        name = Text(player, style="bold") if player == hand.winner else Text(player)
        table.add_row(name, str(score.total), parts)
    return table


def _factor_text(payment: Payment, lang: Lang) -> Text:
    text = Text()
    for i, factor in enumerate(payment.factors):
        if i:
            text.append("\n")
        text.append(f"{term(factor.rule, lang)} ×{factor.factor}", style="bold")
        text.append(f": {factor_reason(factor, lang)}")
    if payment.reason:
        if payment.factors:
            text.append("\n")
        text.append(payment_reason(payment, lang), style="italic")
    return text


def _payments(hand: HandVerdict, lang: Lang) -> Table:
    table = Table(show_header=True, header_style="bold", title=term("payments", lang), title_justify="left")
    for column, justify in (("from", "left"), ("to", "left"), ("points", "right"), ("money", "right"), ("why", "left")):
        table.add_column(term(column, lang), justify=justify)  # type: ignore[arg-type]
    currency = hand.tags.get("Currency")
    for p in hand.payments:
        table.add_row(p.payer, p.payee, str(p.points), money(p.amount, lang, currency), _factor_text(p, lang))
    return table


def hand_report(path: str, hand: HandVerdict, lines: Mapping[int, str], lang: Lang = "en") -> Group:
    """One hand's report; ``lines`` holds the text of the file's lines by number (at least the
    hand's own), for showing each violation's line with a caret."""
    parts: list[Table | Text] = [_heading(path, hand, lang)]
    for violation in hand.violations:
        parts.append(_caret(violation, lines, lang))
    for note in hand.discrepancies:
        message = discrepancy_text(note, lang)
        parts.append(
            Text(
                say("  line {line}: the table got it wrong: {message}", lang, line=note.line, message=message),
                style="yellow",
            )
        )
    if hand.scores:
        parts.append(_scores(hand, lang))
    if hand.payments:
        parts.append(_payments(hand, lang))
    return Group(*parts)


def balance_table(balance: Mapping[str, int], lang: Lang = "en", currency: str | None = None) -> Table:
    table = Table(show_header=True, header_style="bold")
    table.add_column(term("player", lang))
    table.add_column(term("money", lang), justify="right")
    for player, amount in balance.items():
        style = "green" if amount > 0 else "red" if amount < 0 else ""
        table.add_row(player, Text(money(amount, lang, currency, sign=True), style=style))
    return table


def rendered_hand(console: Console, path: str, hand: HandVerdict, lines: Mapping[int, str], lang: Lang = "en") -> str:
    """One hand's report as ``console`` would print it (styles and width), to be printed later:
    a file's hands are printed only once the whole file has been read (a syntax error anywhere
    means no verdict at all), and meanwhile they wait on disk, not in memory."""
    console.begin_capture()
    console.print(hand_report(path, hand, lines, lang))
    console.print()
    return console.end_capture()


def print_file_end(
    verdict: FileVerdict,
    console: Console,
    transfers: Sequence[tuple[str, str, int]] | None,
    lang: Lang = "en",
    *,
    had_hands: bool,
    currency: str | None = None,
) -> None:
    """What follows a file's hands: its balance, and with ``--settle`` the transfers (``currency``:
    the hands' ``[Currency]``, when they agree)."""
    if had_hands:
        console.print(Text(say("{path} · balance", lang, path=verdict.path), style="bold"))
        console.print(balance_table(verdict.balance, lang, currency))
    if transfers is not None:
        if transfers:
            console.print(Text(say("settle up:", lang), style="bold"))
            for payer, payee, amount in transfers:
                said = say(
                    "  {payer} hands {amount} to {payee}",
                    lang,
                    payer=payer,
                    payee=payee,
                    amount=money(amount, lang, currency),
                )
                console.print(Text(said))
        else:
            console.print(Text(say("settle up: everyone is even", lang), style="bold"))
