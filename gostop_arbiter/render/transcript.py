"""``gostop-arbiter parse`` for people: each hand's settings and lines, cards coloured by kind."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..cards import UNSEEN, Kind, card_info
from ..messages import Lang, say, term
from ..notation import Hand, write_statement

CARD_STYLES: dict[Kind, str] = {
    Kind.BRIGHT: "bold yellow",
    Kind.ANIMAL: "bold green",
    Kind.RIBBON: "bold red",
    Kind.JUNK: "white",
    Kind.DOUBLE: "bold white",
    Kind.BONUS: "bold magenta",
}
"""The colour of each kind of card: brights gold, animals green, ribbons red, junk plain."""


def card_text(code: str) -> Text:
    """A card code coloured by its kind; unknown codes and ``?`` are dimmed."""
    info = card_info(code)
    if code == UNSEEN or info is None:
        return Text(code, style="dim")
    return Text(code, style=CARD_STYLES[info.kind])


def cards_text(cards: Sequence[str]) -> Text:
    """Card codes separated by spaces, each coloured by its kind."""
    text = Text()
    for i, code in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(code))
    return text


def line_text(line: str) -> Text:
    """A GSN line with every word that is a card code coloured."""
    text = Text()
    for i, word in enumerate(line.split(" ")):
        if i:
            text.append(" ")
        bare = word[1:] if word[:1] in ("x", "+") else word
        if card_info(bare) is not None:
            text.append(word[: len(word) - len(bare)])
            text.append_text(card_text(bare))
        else:
            text.append(word)
    return text


def print_transcript(path: str, hands: list[Hand], console: Console | None = None, *, lang: Lang = "en") -> None:
    """Each hand of a file: a heading with its settings, then its lines as the arbiter read them."""
    console = console or Console()
    for hand in hands:
        sets = ", ".join(f"{k}={v}" for k, v in hand.sets.items())
        heading = say(
            "{path} · hand {index} · {kind} · seats {seats} · rules {rules}{sets} · stake {stake}",
            lang,
            path=path,
            index=hand.index,
            kind=term(hand.kind, lang),
            seats=", ".join(hand.seats),
            rules=hand.rules,
            sets=f" ({sets})" if sets else "",
            stake=hand.stake,
        )
        console.print(Text(heading, style="bold"))
        table = Table(show_header=True, header_style="bold")
        table.add_column(term("line", lang), justify="right", style="dim")
        table.add_column(term("statement", lang))
        for item in [*hand.tags, *hand.statements]:
            table.add_row(str(item.line), line_text(write_statement(item)))
        console.print(table)
