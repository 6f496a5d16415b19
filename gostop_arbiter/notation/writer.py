"""The canonical writer: transcript model → GSN text that parses back to the same model.

Canonical form: one spelling for every word of a script (decision N1), one space between words,
``x`` touching its card (``3p x3p``), runs of unseen cards as ``?*N``, the dealer's bonus cards
first on the table line, a comment two spaces after its line, and one blank line between hands.
Every comment the user wrote is written back. In ASCII (``ASCII``) keywords and card codes are in
lower case (``8광`` is written ``8g``); in Korean (``KOREAN``) every keyword, card, mark, known tag
and claim is written with the first of its Korean spellings (``송학광``, ``고``, ``[자리 "…"]``).

The models do not say which script a file was written in: that is a fact of the text, which only
``fmt`` needs, so ``script_of`` reads it from the text again (decision N1).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from ..cards import UNSEEN
from . import korean
from .model import (
    Bomb,
    Bonus,
    Call,
    CardRef,
    Chongtong,
    Claim,
    DealLine,
    Declare,
    Give,
    Hand,
    PileLine,
    Shake,
    Shodang,
    ShodangAnswer,
    SitOut,
    Statement,
    StockLine,
    TableLine,
    Tag,
    Transcript,
    Turn,
)

if TYPE_CHECKING:
    from lark import Token


Script = Literal["ascii", "korean"]


class Spelling:
    """How each word is written: the ASCII spelling (GSN's codes and keywords, in lower case)."""

    def keyword(self, terminal: str) -> str:
        """A keyword, by the name of its terminal in grammar/gsn.lark (``GO``)."""
        return "pays" if terminal == "PAYS" else terminal.lower()

    def card(self, code: str) -> str:
        return code

    def tag(self, name: str) -> str:
        return name

    def mark(self, mark: str) -> str:
        return mark

    def points(self, points: int) -> str:
        return str(points)


class KoreanSpelling(Spelling):
    """Every word in Korean where it has a Korean spelling (the first of notation/korean.py's)."""

    def keyword(self, terminal: str) -> str:
        return korean.KEYWORDS[terminal][0] if terminal in korean.KEYWORDS else super().keyword(terminal)

    def card(self, code: str) -> str:
        return code if code == UNSEEN else korean.card_word(code)

    def tag(self, name: str) -> str:
        return _KOREAN_TAGS.get(name, name)

    def mark(self, mark: str) -> str:
        return korean.MARKS.get(mark, mark)

    def points(self, points: int) -> str:
        return f"{points}{korean.POINTS_SUFFIX}"


_KOREAN_TAGS = {tag: word for word, tag in korean.TAGS.items()}
ASCII = Spelling()
KOREAN = KoreanSpelling()
SPELLINGS: dict[Script, Spelling] = {"ascii": ASCII, "korean": KOREAN}


def write_cards(cards: Iterable[CardRef], spelling: Spelling = ASCII) -> str:
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
            words.append(spelling.card(card.code))
    return " ".join(words)


def _with_cards(head: str, cards: str) -> str:
    return f"{head} {cards}" if cards else head


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _taken(card: CardRef, target: CardRef | None, spelling: Spelling) -> str:
    played = spelling.card(card.code)
    return f"{played} x{spelling.card(target.code)}" if target is not None else played


def write_turn(turn: Turn, spelling: Spelling = ASCII) -> str:
    """``12. Minji: 3p x3p / 7a !chok``."""
    if turn.play == "card":
        play = _taken(turn.cards[0], turn.target, spelling)
    elif turn.play == "bomb":
        play = _with_cards(spelling.keyword("BOMB"), write_cards(turn.cards, spelling))
    else:
        play = spelling.keyword("PASS")
    flips = ("/ " + _taken(flip.card, flip.target, spelling) for flip in turn.flips)
    words = [f"{turn.player}: {play}", *flips, *(f"!{spelling.mark(m)}" for m in turn.marks)]
    line = " ".join(words)
    return f"{turn.number}. {line}" if turn.number is not None else line


def _tag(item: Tag, spelling: Spelling) -> str:
    return f'[{spelling.tag(item.name)} "{_escape(item.value)}"]'


def _deal(item: DealLine, spelling: Spelling) -> str:
    return _with_cards(f"{spelling.keyword('DEAL')} {item.player}:", write_cards(item.cards, spelling))


def _table(item: TableLine, spelling: Spelling) -> str:
    bonus = " ".join(f"+{spelling.card(ref.code)}" for ref in item.dealer_bonus)
    laid = " ".join(w for w in (bonus, write_cards(item.cards, spelling)) if w)
    return _with_cards(f"{spelling.keyword('TABLE')}:", laid)


def _stock(item: StockLine, spelling: Spelling) -> str:
    return _with_cards(f"{spelling.keyword('STOCK')}:", write_cards(item.cards, spelling))


def _pile(item: PileLine, spelling: Spelling) -> str:
    return _with_cards(f"{spelling.keyword('PILE')} {item.player}:", write_cards(item.cards, spelling))


def _shake(item: Shake, spelling: Spelling) -> str:
    return _with_cards(f"{item.player}: {spelling.keyword('SHAKE')}", write_cards(item.cards, spelling))


def _bomb(item: Bomb, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword('BOMB')}"


def _bonus(item: Bonus, spelling: Spelling) -> str:
    word, card = spelling.keyword, spelling.card
    return f"{item.player}: {word('BONUS')} {card(item.card.code)} {word('DRAW')} {card(item.draw.code)}"


def _give(item: Give, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword('GIVE')} {write_cards(item.cards, spelling)}"


def _declare(item: Declare, spelling: Spelling) -> str:
    category = spelling.keyword(item.category.upper())
    card = spelling.card(item.card.code)
    if spelling is ASCII or not korean.is_korean(category):
        return f"{item.player}: {card} {spelling.keyword('AS')} {category}"
    return f"{item.player}: {card} {category}"


def _call(item: Call, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword(item.call.upper())}"


def _sit_out(item: SitOut, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword(item.how.upper())}"


def _shodang(item: Shodang, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword('SHODANG')}"


def _shodang_answer(item: ShodangAnswer, spelling: Spelling) -> str:
    return f"{item.player}: {spelling.keyword(item.answer.upper())}"


def _chongtong(item: Chongtong, spelling: Spelling) -> str:
    return _with_cards(f"{item.player}: {spelling.keyword('CHONGTONG')}", write_cards(item.cards, spelling))


def _claim(item: Claim, spelling: Spelling) -> str:
    word = spelling.keyword
    if item.payer is None:
        return f"{word('CLAIM')}: {word('NAGARI')}"
    return f"{word('CLAIM')}: {item.payer} {word('PAYS')} {item.payee} {spelling.points(item.points or 0)}"


_WRITERS: dict[type[Statement | Tag], Callable[[Any, Spelling], str]] = {
    Tag: _tag,
    DealLine: _deal,
    TableLine: _table,
    StockLine: _stock,
    PileLine: _pile,
    Turn: write_turn,
    Shake: _shake,
    Bomb: _bomb,
    Bonus: _bonus,
    Give: _give,
    Declare: _declare,
    Call: _call,
    SitOut: _sit_out,
    Chongtong: _chongtong,
    Shodang: _shodang,
    ShodangAnswer: _shodang_answer,
    Claim: _claim,
}
"""Each line item's model → the function that writes it."""


def write_statement(item: Statement | Tag, spelling: Spelling = ASCII) -> str:
    """The text of one line item, without its comments."""
    writer = _WRITERS.get(type(item))
    if writer is None:
        raise TypeError(f"not a GSN line item: {item!r}")
    return writer(item, spelling)


def _comment(text: str) -> str:
    return "#" + text


def write_hand(hand: Hand, spelling: Spelling = ASCII) -> list[str]:
    """The lines of one hand, comments included."""
    lines: list[str] = []
    for item in [*hand.tags, *hand.statements]:
        lines.extend(_comment(text) for text in item.comments)
        text = write_statement(item, spelling)
        lines.append(f"{text}  {_comment(item.comment)}" if item.comment is not None else text)
    lines.extend(_comment(text) for text in hand.trailing_comments)
    return lines


def write_transcript(transcript: Transcript, spelling: Spelling = ASCII) -> str:
    """The canonical GSN text of a transcript in the script of ``spelling``, ending with a newline.

    Raises ``ValueError`` for a model that no text can express: a hand after the first without a
    tag (nothing would start it), or comments after a hand that is not the last.
    """
    for hand in transcript.hands[1:]:
        if not hand.tags:
            raise ValueError(f"hand {hand.index} has no tag: only a tag line starts a new hand")
    for hand in transcript.hands[:-1]:
        if hand.trailing_comments:
            raise ValueError(f"hand {hand.index} is not the last, so no comment can follow its last line")
    blocks = ["\n".join(write_hand(hand, spelling)) for hand in transcript.hands]
    return "\n\n".join(blocks) + "\n" if blocks else ""


_COUNTED = frozenset(["CARD", "DEALER_BONUS", "MARK", "TAG", "POINTS", *korean.KEYWORDS, "AS"])


def script_of(text: str) -> Script:
    """The script a GSN text is written in: Korean when more of its keywords, cards, marks, tag
    names and points are spelt in Korean than in ASCII (names, comments and tag values do not
    count), else ASCII. A line that does not parse is not counted."""
    from lark import UnexpectedInput

    from .grammar import build_parser
    from .reader import normalise_lines

    votes: list[bool] = []  # for each word counted: is it Korean
    line_votes: list[bool] = []

    def count(token: Token) -> Token:
        word = str(token)
        if token.type == "TAG":
            match = re.match(r"\[\s*([^\s\"]+)", word)
            word = match.group(1) if match else word
        line_votes.append(korean.is_korean(word))
        return token

    parser = build_parser(lexer_callbacks=dict.fromkeys(_COUNTED, count))
    for line in normalise_lines(text):
        if line.strip() and not line.lstrip().startswith("#"):
            line_votes.clear()
            with contextlib.suppress(UnexpectedInput):
                parser.parse(line, start="line")
                votes.extend(line_votes)
    korean_words = sum(votes)
    return "korean" if korean_words > len(votes) - korean_words else "ascii"
