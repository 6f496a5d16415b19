"""The verdict for people: per hand the outcome, scores, payments with their factors, problems
with the line they are on, and the file's balance."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from rich.console import Console, ConsoleOptions
from rich.table import Table
from rich.text import Text

from ..judging.files import Counted, FileCheck, SettleUp
from ..messages import Message, money, say_message, sayings
from ..notation.errors import caret_under, excerpt
from ..verdict import HandVerdict, Payment, PlayerScore, Violation
from .grid import Cell, Drawn, Justify, grid, renderable
from .styled import Piece, Pieces, Styled
from .transcript import cards_tokens
from .words import Lang, discrepancy_text, factor_reason, payment_reason, profile_word, say, term, violation_text

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


def rules_label(name: str, sets: Mapping[str, str], lang: Lang = "en") -> str:
    """A profile as the report names it, with the knobs set on it (``standard (go_bak_2p=false)``;
    in Korean by its Korean name, ``표준 (go_bak_2p=false)``), as ``parse`` names a hand's rules."""
    knobs = ", ".join(f"{knob}={value}" for knob, value in sets.items())
    shown = profile_word(name, lang)
    return f"{shown} ({knobs})" if knobs else shown


def _heading(path: str, hand: HandVerdict, lang: Lang, rules: str | None) -> Pieces:
    rules = rules or profile_word(hand.rules, lang)
    said = [
        (say("{path} · hand {index} · {rules} · ", lang, path=path, index=hand.index, rules=rules), "bold"),
        (outcome_text(hand, lang), "bold green" if hand.valid else "bold red"),
    ]
    if not hand.valid:
        said.append((say(" · not valid: the payments below are not binding", lang), "red"))
    return tuple(said)


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


def _made_of(hand: HandVerdict, score: PlayerScore, lang: Lang) -> Iterator[Piece]:
    """A player's score, a rule a line with its points and the cards that made them, as the pieces
    of a text with their styles (the cards coloured by kind)."""
    signed = _balances(hand)
    for i, item in enumerate(score.items):
        rule = term(item.rule, lang)
        yield ("\n" if i else "") + (f"{rule} {item.points:+d}" if signed else f"{rule} {item.points}"), ""
        if item.cards:
            yield ": ", ""
            yield from cards_tokens(item.cards, lang)


def _scores(console: Console, options: ConsoleOptions, hand: HandVerdict, lang: Lang) -> Drawn:
    rows: list[list[Cell]] = [
        [
            Text(player, style="bold") if player == hand.winner else player,
            str(score.total),
            tuple(_made_of(hand, score, lang)),
        ]
        for player, score in hand.scores.items()
    ]
    headers: list[tuple[str, Justify]] = [
        (term("player", lang), "left"),
        (term("points", lang), "right"),
        (term("made of", lang), "left"),
    ]
    return grid(console, term("scores", lang), headers, rows, options=options)


def _why(payment: Payment, lang: Lang) -> Iterator[Piece]:
    """Why a payment is what it is, a factor a line, as the pieces of a text with their styles."""
    for i, factor in enumerate(payment.factors):
        if i:
            yield "\n", ""
        yield f"{term(factor.rule, lang)} ×{factor.factor}", "bold"
        yield f": {factor_reason(factor, lang)}", ""
    if payment.reason:
        if payment.factors:
            yield "\n", ""
        yield payment_reason(payment, lang), "italic"


_PAYMENT_COLUMNS: tuple[tuple[str, Justify], ...] = (
    ("from", "left"),
    ("to", "left"),
    ("points", "right"),
    ("money", "right"),
    ("why", "left"),
)


def _payments(console: Console, options: ConsoleOptions, hand: HandVerdict, lang: Lang) -> Drawn:
    currency = hand.tags.get("Currency")
    rows: list[list[Cell]] = [
        [p.payer, p.payee, str(p.points), money(p.amount, lang, currency), tuple(_why(p, lang))] for p in hand.payments
    ]
    headers = [(term(column, lang), justify) for column, justify in _PAYMENT_COLUMNS]
    return grid(console, term("payments", lang), headers, rows, options=options)


def hand_report(
    console: Console,
    path: str,
    hand: HandVerdict,
    lines: Mapping[int, str],
    lang: Lang = "en",
    *,
    rules: str | None = None,
    options: ConsoleOptions | None = None,
) -> Iterator[Drawn]:
    """One hand's report, a piece at a time, the last a blank line; ``lines`` holds the text of the
    file's lines by number (at least the hand's own), for showing each violation's line with a
    caret; ``rules`` names the rules it was judged under (:func:`rules_label`; by default the
    verdict's profile); ``options`` the console's, where they were read once for all the hands
    (:func:`.grid.fixed_options`), else they are read once a hand."""
    said: list[Styled] = [_heading(path, hand, lang, rules)]
    said += [_caret(violation, lines, lang) for violation in hand.violations]
    for note in hand.discrepancies:
        message = discrepancy_text(note, lang)
        line = say("  line {line}: the table got it wrong: {message}", lang, line=note.line, message=message)
        said.append(Text(line, style="yellow"))
    yield said
    if hand.scores or hand.payments:
        options = options or console.options  # the console's size: rich asks the terminal each time
        if hand.scores:
            yield _scores(console, options, hand, lang)
        if hand.payments:
            yield _payments(console, options, hand, lang)
    yield [""]


def rendered_hand(console: Console, path: str, hand: HandVerdict, lines: Mapping[int, str], lang: Lang = "en") -> str:
    """One hand's report as ``console`` would print it (styles and width), as text."""
    with console.capture() as captured:
        for drawn in hand_report(console, path, hand, lines, lang):
            console.print(renderable(drawn))
    return captured.get()


def balance_table(balance: Mapping[str, int], lang: Lang = "en", currency: str | None = None) -> Table:
    table = Table(show_header=True, header_style="bold")
    table.add_column(term("player", lang), overflow="fold")
    table.add_column(term("money", lang), justify="right", overflow="fold")
    for player, amount in balance.items():
        style = "green" if amount > 0 else "red" if amount < 0 else ""
        table.add_row(player, Text(money(amount, lang, currency, sign=True), style=style))
    return table


def print_file_end(console: Console, check: FileCheck, lang: Lang = "en") -> None:
    """What follows a file's hands: its balance, in the money its hands name when they agree; or,
    when a syntax error left it without a verdict after some of its hands were shown, that those
    hands do not count (GSN §8: a file with a syntax error has no verdict)."""
    if check.syntax and check.valid + check.invalid + check.unjudged:
        said = say(
            "{path} · no verdict: line {line} has a syntax error, so none of the hands above counts",
            lang,
            path=check.path,
            line=check.syntax[0].line,
        )
        console.print(Text(said, style="bold red"))
        console.print()
    elif check.judged and check.valid + check.invalid:
        console.print(Text(say("{path} · balance", lang, path=check.path), style="bold"))
        console.print(balance_table(check.balance, lang, check.currency))


SETTLE = sayings(
    "settle-up",
    {
        "hand": "hand {number}",
        "hands": "hands {numbers}",
        "of-file": "{path} {hands}",
        "nothing": "settle up: no hand could be counted, so there is nothing to settle",
        "over": "settle up over {count} hands ({counted}):",
        "over-one": "settle up over {count} hand ({counted}):",
        "even": "settle up over {count} hands ({counted}): everyone is even",
        "even-one": "settle up over {count} hand ({counted}): everyone is even",
        "transfer": "  {payer} hands {money} to {payee}",
        "not-counted": "not counted: {left}",
        "not valid": "{hands} (not valid)",
        "not judged": "{hands} (not judged under its rules)",
        "unreadable": "{path} (it could not be read)",
        "syntax": "{path} (a syntax error: none of its hands is judged)",
        "and": "{head}; {next}",
    },
)
"""The settle-up that ends ``check --settle``'s report (decision P76)."""


def hand_numbers(indices: Sequence[int]) -> Message:
    """``hand 3`` or ``hands 1–3, 5``: hand numbers in order, runs joined by a dash."""
    runs: list[list[int]] = []
    for index in indices:
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    shown = ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)
    return SETTLE("hands", numbers=shown) if len(indices) > 1 else SETTLE("hand", number=shown)


def _hands_of(counted: Counted) -> Message:
    return SETTLE("of-file", path=counted.path, hands=hand_numbers(counted.hands or []))


def _joined(items: Sequence[Message]) -> Message:
    """Items joined by semicolons."""
    head = items[0]
    for item in items[1:]:
        head = SETTLE("and", head=head, next=item)
    return head


def settle_up_lines(settle: SettleUp) -> list[Message]:
    """The settle-up that ends ``check --settle``'s report: its lines, the first its heading."""
    said: list[Message]
    if not settle.hands:
        said = [SETTLE("nothing")]
    else:
        counted = _joined([_hands_of(c) for c in settle.counted])
        one = "-one" if settle.hands == 1 else ""
        count = f"{settle.hands:,}"
        transfers = settle.transfers()
        said = [SETTLE(f"over{one}", count=count, counted=counted)]
        said += [SETTLE("transfer", payer=a, money=f"{n:,}", payee=b) for a, b, n in transfers]
        if not transfers:
            said = [SETTLE(f"even{one}", count=count, counted=counted)]
    if settle.left_out:
        left = [SETTLE(c.why, hands=_hands_of(c), path=c.path) for c in settle.left_out]
        said.append(SETTLE("not-counted", left=_joined(left)))
    return said


def print_settle_up(console: Console, settle: SettleUp, lang: Lang = "en") -> None:
    head, *rest = settle_up_lines(settle)
    console.print(Text(say_message(head, lang), style="bold"))
    for line in rest:
        console.print(Text(say_message(line, lang)))
