"""``gostop-arbiter parse`` for people: each hand's settings and lines, cards coloured by kind."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from rich.console import Console
from rich.table import Table
from rich.text import Span, Text

from ..card_names import card_name, every_card
from ..cards import UNSEEN, Kind, card_info
from ..messages import Lang, say, term
from ..notation import Hand
from .styled import Piece
from .words import card_word, profile_word, statement_words

CARD_STYLES: dict[Kind, str] = {
    Kind.BRIGHT: "bold yellow",
    Kind.ANIMAL: "bold green",
    Kind.RIBBON: "bold red",
    Kind.JUNK: "white",
    Kind.DOUBLE: "bold white",
    Kind.BONUS: "bold magenta",
}
"""The colour of each kind of card: brights gold, animals green, ribbons red, junk plain."""


@lru_cache(maxsize=512)  # a report shows the same fifty cards again and again
def _shown(code: str, lang: Lang) -> tuple[str, str]:
    """A card's word as the reader writes it and its style: coloured by its kind, unknown codes
    and ``?`` dimmed."""
    info = card_info(code)
    if code == UNSEEN or info is None:
        return code, "dim"
    return card_word(code, lang), CARD_STYLES[info.kind]


def card_text(code: str, lang: Lang = "en") -> Text:
    """A card as the reader writes it (``8g``; ``8광``), coloured by its kind; unknown codes and
    ``?`` are dimmed."""
    return Text(*_shown(code, lang))


def cards_text(cards: Sequence[str], lang: Lang = "en") -> Text:
    """Cards separated by spaces, each as the reader writes it and coloured by its kind: one text
    and its spans made at once (appending a text per card was a third of the report's own cost)."""
    words: list[str] = []
    spans: list[Span] = []
    start = 0
    for code in cards:
        word, style = _shown(code, lang)
        words.append(word)
        spans.append(Span(start, start + len(word), style))
        start += len(word) + 1
    return Text(" ".join(words), spans=spans)


def cards_tokens(cards: Sequence[str], lang: Lang = "en") -> Iterator[Piece]:
    """Cards separated by spaces, as the pieces of a text with their styles (:func:`.styled.styled_text`):
    what :func:`cards_text` shows, for a text made of more than the cards."""
    for i, code in enumerate(cards):
        if i:
            yield " ", ""
        yield _shown(code, lang)


_KOREAN_NAMES = {card_name(code, "ko"): code for code in every_card()}
"""Each card's Korean short name, back to its code (to colour a line written in Korean)."""


def _card_of(word: str) -> str | None:
    """The card a written word names (``8g``, ``8광``), or None."""
    if card_info(word) is not None:
        return word
    return _KOREAN_NAMES.get(word)


def line_text(line: str, lang: Lang = "en") -> Text:
    """A GSN line (as :func:`.words.statement_words` writes it) with every card in it coloured."""
    text = Text()
    for i, word in enumerate(line.split(" ")):
        if i:
            text.append(" ")
        bare = word[1:] if word[:1] in ("x", "+") else word
        info = card_info(_card_of(bare) or "")
        if info is not None:
            text.append(word[: len(word) - len(bare)])
            text.append(bare, style=CARD_STYLES[info.kind])
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
            rules=profile_word(hand.rules, lang),
            sets=f" ({sets})" if sets else "",
            stake=hand.stake,
        )
        console.print(Text(heading, style="bold"))
        table = Table(show_header=True, header_style="bold")
        table.add_column(term("line", lang), justify="right", style="dim", overflow="fold")
        table.add_column(term("statement", lang), overflow="fold")
        for item in [*hand.tags, *hand.statements]:
            table.add_row(str(item.line), line_text(statement_words(item, lang), lang))
        console.print(table)
