"""The canonical writer: transcript model → GSN text that parses back to the same model.

Canonical form: keywords and card codes in lower case (``8광`` is written ``8g``), one space between
words, ``x`` touching its card (``3p x3p``), runs of unseen cards as ``?*N``, the dealer's bonus
cards first on the table line, a comment two spaces after its line, and one blank line between
hands. Every comment the user wrote is written back.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import UNSEEN
from .model import (
    Bomb,
    Bonus,
    Call,
    CardRef,
    Chongtong,
    Claim,
    DealLine,
    Declare,
    Flip,
    Give,
    Hand,
    PileLine,
    Shake,
    SitOut,
    Statement,
    StockLine,
    TableLine,
    Tag,
    Transcript,
    Turn,
)


def write_cards(cards: Iterable[CardRef]) -> str:
    """Card codes separated by spaces, with each run of two or more unseen cards as ``?*N``."""
    words: list[str] = []
    run = 0
    for card in [*cards, None]:
        if card is not None and card.code == UNSEEN:
            run += 1
            continue
        if run:
            words.append(UNSEEN if run == 1 else f"{UNSEEN}*{run}")
            run = 0
        if card is not None:
            words.append(card.code)
    return " ".join(words)


def _with_cards(head: str, cards: str) -> str:
    return f"{head} {cards}" if cards else head


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _taken(card: CardRef, target: CardRef | None) -> str:
    return f"{card.code} x{target.code}" if target is not None else card.code


def _flip(flip: Flip) -> str:
    return "/ " + _taken(flip.card, flip.target)


def write_turn(turn: Turn) -> str:
    """``12. Minji: 3p x3p / 7a !chok``."""
    if turn.play == "card":
        play = _taken(turn.cards[0], turn.target)
    elif turn.play == "bomb":
        play = _with_cards("bomb", write_cards(turn.cards))
    else:
        play = "pass"
    words = [f"{turn.player}: {play}", *(_flip(f) for f in turn.flips), *(f"!{m}" for m in turn.marks)]
    line = " ".join(words)
    return f"{turn.number}. {line}" if turn.number is not None else line


def write_statement(item: Statement | Tag) -> str:
    """The text of one line item, without its comments."""
    match item:
        case Tag():
            return f'[{item.name} "{_escape(item.value)}"]'
        case DealLine():
            return _with_cards(f"deal {item.player}:", write_cards(item.cards))
        case TableLine():
            bonus = " ".join(f"+{card.code}" for card in item.dealer_bonus)
            return _with_cards("table:", " ".join(w for w in (bonus, write_cards(item.cards)) if w))
        case StockLine():
            return _with_cards("stock:", write_cards(item.cards))
        case PileLine():
            return _with_cards(f"pile {item.player}:", write_cards(item.cards))
        case Turn():
            return write_turn(item)
        case Shake():
            return _with_cards(f"{item.player}: shake", write_cards(item.cards))
        case Bomb():
            return f"{item.player}: bomb"
        case Bonus():
            return f"{item.player}: bonus {item.card.code} draw {item.draw.code}"
        case Give():
            return f"{item.player}: give {write_cards(item.cards)}"
        case Declare():
            return f"{item.player}: {item.card.code} as {item.category}"
        case Call():
            return f"{item.player}: {item.call}"
        case SitOut():
            return f"{item.player}: {item.how}"
        case Chongtong():
            return _with_cards(f"{item.player}: chongtong", write_cards(item.cards))
        case Claim():
            if item.payer is None:
                return "claim: nagari"
            return f"claim: {item.payer} pays {item.payee} {item.points}"
    raise TypeError(f"not a GSN line item: {item!r}")


def _comment(text: str) -> str:
    return "#" + text


def write_hand(hand: Hand) -> list[str]:
    """The lines of one hand, comments included."""
    lines: list[str] = []
    for item in [*hand.tags, *hand.statements]:
        lines.extend(_comment(text) for text in item.comments)
        text = write_statement(item)
        lines.append(f"{text}  {_comment(item.comment)}" if item.comment is not None else text)
    lines.extend(_comment(text) for text in hand.trailing_comments)
    return lines


def write_transcript(transcript: Transcript) -> str:
    """The canonical GSN text of a transcript, ending with a newline.

    Raises ``ValueError`` for a model that no text can express: a hand after the first without a
    tag (nothing would start it), or comments after a hand that is not the last.
    """
    for hand in transcript.hands[1:]:
        if not hand.tags:
            raise ValueError(f"hand {hand.index} has no tag: only a tag line starts a new hand")
    for hand in transcript.hands[:-1]:
        if hand.trailing_comments:
            raise ValueError(f"hand {hand.index} is not the last, so no comment can follow its last line")
    blocks = ["\n".join(write_hand(hand)) for hand in transcript.hands]
    return "\n\n".join(blocks) + "\n" if blocks else ""
