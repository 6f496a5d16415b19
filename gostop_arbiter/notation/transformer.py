"""From Lark's tokens to transcript models, as the LALR parser reduces each rule.

The transformer runs inline (no parse tree is built) and takes every position from the tokens
themselves. It knows the notation only: a card code is canonicalised, never looked up in a deck.
Problems that the grammar cannot express (an unknown mark, a reserved word used as a name) are
collected in ``problems`` and reported by the reader as syntax errors.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, cast

from lark import Token, Transformer, Tree

from ..cards import UNSEEN, canonical_code
from ..messages import Message
from ..numbers import MAX_DIGITS, shown, whole_number
from . import korean
from .errors import did_you_mean
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
    PileLine,
    Shake,
    Shodang,
    ShodangAnswer,
    SitOut,
    StockLine,
    TableLine,
    Tag,
    Turn,
)
from .said import SYNTAX

MARKS: dict[str, str] = {
    "ppeok": "ppeok",
    "뻑": "ppeok",
    "jappeok": "jappeok",
    "자뻑": "jappeok",
    "chok": "chok",
    "쪽": "chok",
    "ttadak": "ttadak",
    "따닥": "ttadak",
    "sweep": "sweep",
    "싹쓸이": "sweep",
    "쓸": "sweep",
}
"""The marks a transcriber may write (``!chok``), with their Korean forms, by canonical name."""

RESERVED_NAMES = frozenset({"deal", "table", "stock", "pile", "claim", "nagari"}) | korean.RESERVED
"""Words that begin lines or stand alone, and so cannot be player names (GSN §1), with their
Korean spellings."""

KNOWN_TAGS: dict[str, str] = {
    name.lower(): name
    for name in (
        *("Seats", "Dealer", "Rules", "Set", "Stake", "Carry", "Event", "Site", "Date", "Hand", "Note"),
        "Currency",  # what the stake is counted in (decision P22)
    )
}
"""The tags of GSN §3, by lower-case name, with their canonical spelling."""

MAX_UNSEEN_RUN = 99
"""The largest N of ``?*N``; no deck comes near it, and it bounds what one word can cost."""

_TAG = re.compile(r'\[[ \t]*([\w.]+)[ \t]*"((?:\\.|[^"\\])*)"[ \t]*\]')
_ESCAPE = re.compile(r'\\(["\\])')


@lru_cache(maxsize=512)
def _code(token: str) -> tuple[str, Message | None]:
    """The code of a card token, and why it names no single card (a Korean name such as 쌍피)."""
    try:
        return canonical_code(token), None  # a code, or GSN §2's digits and Korean category (8광)
    except ValueError:
        return korean.resolve_card(token)


@lru_cache(maxsize=8192)
def _card_at(code: str, column: int) -> CardRef:
    """One shared (frozen) reference per code and column: most cards of a file repeat both."""
    return CardRef(code=code, column=column)


_CARDS: dict[tuple[str, int | None], CardRef] = {}
"""Card tokens as written (``3p``, ``3피``) and their column → the shared reference: one lookup a card."""
_MAX_CARDS = 1 << 16


def _unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value)


def normalise_seats(value: str) -> str:
    """``A,B ,  C`` → ``A, B, C``: the canonical spelling of a ``Seats`` value."""
    return ", ".join(part.strip() for part in value.split(","))


class _Inlined:
    """What a rule that its parent takes in (its name starts with ``_``: Lark's ``__x_star_N`` for a
    ``*``) hands on: its children."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


class GsnTransformer(Transformer[Token, Any]):
    """Builds the models of grammar/gsn.lark's rules; one instance serves every parse."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.line_offset = 0
        self.comments: list[Token] = []
        self.problems: list[tuple[int, int, Message]] = []

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        """A rule with no method of its own. One that its parent takes in hands on its children
        alone: Lark's default would build a whole parse-tree node for it through three calls (a
        fifth of the transformer's calls, decision B9)."""
        if data.startswith("_"):
            return _Inlined(children)
        return Tree(data, children, meta)

    def reset(self, line_offset: int) -> None:
        """Start a parse of text whose first line is line ``line_offset + 1`` of the file."""
        self.line_offset = line_offset
        self.comments.clear()
        self.problems.clear()

    def on_comment(self, token: Token) -> Token:
        """Lexer callback: comments are ignored by the parser but kept for the writer."""
        self.comments.append(token)
        return token

    # ---- helpers ---------------------------------------------------------------------------

    def _line(self, token: Token) -> int:
        return int(token.line or 0) + self.line_offset

    def _problem(self, token: Token, message: Message) -> None:
        self.problems.append((self._line(token), int(token.column or 0), message))

    def _number(self, token: Token, written: str | None = None) -> int:
        """The whole number a token writes (``written``, when only part of it is the number)."""
        text = str(token) if written is None else written
        number = whole_number(text)
        if number is None:
            self._problem(token, SYNTAX("too-many-digits", digits=MAX_DIGITS, number=shown(text)))
            return 0
        return number

    def _position(self, first: Token) -> dict[str, Any]:
        """Line, column and comments of the line item that starts with ``first``."""
        line = int(first.line or 0)
        above: list[str] = []
        same: str | None = None
        while self.comments and int(self.comments[0].line or 0) <= line:
            comment = self.comments.pop(0)
            text = str(comment)[1:].rstrip()
            if comment.line == line:
                same = text
            else:
                above.append(text)
        return {
            "line": line + self.line_offset,
            "column": int(first.column or 0),
            "comments": above,
            "comment": same,
        }

    def _name(self, token: Token) -> str:
        name = str(token)
        if name.lower() in RESERVED_NAMES:
            self._problem(token, SYNTAX("reserved-name", name=name))
        return name

    def _card(self, token: Token, written: str | None = None) -> CardRef:
        """The card a token names (``written``: the part of it that is the card, after ``+``)."""
        key = (str(token) if written is None else written, token.column)
        card = _CARDS.get(key)
        if card is None:
            code, problem = _code(key[0])
            if problem is not None:  # never kept: every such word is reported
                self._problem(token, problem)
                return _card_at(UNSEEN, int(key[1] or 0))
            if len(_CARDS) >= _MAX_CARDS:
                _CARDS.clear()
            card = _CARDS[key] = _card_at(code, int(key[1] or 0))
        return card

    def _cards(self, tokens: list[Token]) -> list[CardRef]:
        """Card tokens, with ``?`` kept and ``?*N`` written out as N unseen cards."""
        cards: list[CardRef] = []
        for token in tokens:
            if token.type == "CARD":
                cards.append(self._card(token))
            elif token.type == "UNSEEN":
                cards.append(_card_at(UNSEEN, int(token.column or 0)))
            else:  # UNSEEN_MANY: ?*N
                written = str(token)[2:]
                count = whole_number(written)
                if count is None or not 1 <= count <= MAX_UNSEEN_RUN:
                    self._problem(token, SYNTAX("unseen-count", most=MAX_UNSEEN_RUN, count=shown(written)))
                    count = MAX_UNSEEN_RUN if count is None else min(max(count, 0), MAX_UNSEEN_RUN)
                unseen = _card_at(UNSEEN, int(token.column or 0))
                cards.extend([unseen] * count)
        return cards

    # ---- lines -----------------------------------------------------------------------------

    def hand(self, items: list[Any]) -> list[Any]:
        return items

    def tag_line(self, children: list[Token]) -> Tag:
        (token,) = children
        match = _TAG.fullmatch(str(token))
        assert match is not None, "the TAG terminal and _TAG agree"
        name, value = match.group(1), _unescape(match.group(2))
        name = KNOWN_TAGS.get(name.lower()) or korean.TAGS.get(name, name)
        if name == "Seats":
            value = normalise_seats(value)
        return Tag(name=name, value=value, **self._position(token))

    def deal_line(self, children: list[Token]) -> DealLine:
        keyword, name, *cards = children
        return DealLine(player=self._name(name), cards=self._cards(cards), **self._position(keyword))

    def table_line(self, children: list[Token]) -> TableLine:
        keyword, *tokens = children
        cards = [self._card(t) for t in tokens if t.type == "CARD"]
        bonus = [self._card(t, str(t)[1:]) for t in tokens if t.type == "DEALER_BONUS"]
        return TableLine(cards=cards, dealer_bonus=bonus, **self._position(keyword))

    def stock_line(self, children: list[Token]) -> StockLine:
        keyword, *cards = children
        return StockLine(cards=self._cards(cards), **self._position(keyword))

    def pile_line(self, children: list[Token]) -> PileLine:
        keyword, name, *cards = children
        return PileLine(player=self._name(name), cards=[self._card(t) for t in cards], **self._position(keyword))

    def claim_pays(self, children: list[Token]) -> Claim:
        keyword, payer, _pays, payee, points = children
        return Claim(
            payer=self._name(payer),
            payee=self._name(payee),
            points=self._number(points, str(points).removesuffix(korean.POINTS_SUFFIX)),
            **self._position(keyword),
        )

    def claim_nagari(self, children: list[Token]) -> Claim:
        keyword, _nagari = children
        return Claim(**self._position(keyword))

    # ---- player lines ----------------------------------------------------------------------

    def _turn(self, first: Token, name: Token, rest: list[Any], number: int | None) -> Turn:
        play, *tail = rest
        flips = [item for item in tail if isinstance(item, Flip)]
        marks: list[str] = []
        for token in tail:
            if not isinstance(token, Flip):  # a mark's token (the fast parser's tokens are not str)
                mark = MARKS.get(str(token)[1:].lower())
                if mark is None:
                    known = ", ".join(f"!{m}" for m in dict.fromkeys(MARKS.values()))
                    close = did_you_mean(str(token)[1:], MARKS, prefix="!")
                    said = SYNTAX("unknown-mark-meant", mark=str(token), close=close, marks=known) if close else None
                    self._problem(token, said or SYNTAX("unknown-mark", mark=str(token), marks=known))
                else:
                    marks.append(mark)
        kind, cards, target = play
        return Turn(
            number=number,
            player=self._name(name),
            play=kind,
            cards=cards,
            target=target,
            flips=flips,
            marks=marks,
            **self._position(first),
        )

    def turn(self, children: list[Any]) -> Turn | Bomb:
        name, *rest = children
        kind, cards, _target = rest[0]
        if kind == "bomb" and not cards and len(rest) == 1:
            return Bomb(player=self._name(name), **self._position(name))
        return self._turn(name, name, rest, None)

    def numbered_turn(self, children: list[Any]) -> Turn:
        number, name, *rest = children
        return self._turn(number, name, rest, self._number(number, str(number)[:-1]))

    def play_card(self, children: list[Any]) -> tuple[str, list[CardRef], CardRef | None]:
        card, *capture = children
        return "card", [self._card(card)], capture[0] if capture else None

    def play_bomb(self, children: list[Token]) -> tuple[str, list[CardRef], None]:
        _bomb, *cards = children
        return "bomb", [self._card(t) for t in cards], None

    def play_pass(self, children: list[Token]) -> tuple[str, list[CardRef], None]:
        return "pass", [], None

    def capture(self, children: list[Token]) -> CardRef:
        _x, card = children
        return self._card(card)

    def flip(self, children: list[Any]) -> Flip:
        card, *capture = children
        return Flip(card=self._card(card), target=capture[0] if capture else None)

    def shake(self, children: list[Token]) -> Shake:
        name, _shake, *cards = children
        return Shake(player=self._name(name), cards=[self._card(t) for t in cards], **self._position(name))

    def bonus(self, children: list[Token]) -> Bonus:
        name, _bonus, card, _draw, draw = children
        drawn = self._card(draw) if draw.type == "CARD" else _card_at(UNSEEN, int(draw.column or 0))
        return Bonus(player=self._name(name), card=self._card(card), draw=drawn, **self._position(name))

    def give(self, children: list[Token]) -> Give:
        name, _give, *cards = children
        return Give(player=self._name(name), cards=[self._card(t) for t in cards], **self._position(name))

    # A keyword's meaning is its terminal's name (GO: go), whichever of its spellings was written.

    def declare(self, children: list[Token]) -> Declare:
        name, card, *_as, category = children
        return Declare(
            player=self._name(name),
            card=self._card(card),
            category=cast(Any, category.type.lower()),
            **self._position(name),
        )

    def call(self, children: list[Token]) -> Call:
        name, call = children
        return Call(player=self._name(name), call=cast(Any, call.type.lower()), **self._position(name))

    def sit_out(self, children: list[Token]) -> SitOut:
        name, how = children
        return SitOut(player=self._name(name), how=cast(Any, how.type.lower()), **self._position(name))

    def shodang(self, children: list[Token]) -> Shodang:
        name, _shodang = children
        return Shodang(player=self._name(name), **self._position(name))

    def shodang_answer(self, children: list[Token]) -> ShodangAnswer:
        name, answer = children
        return ShodangAnswer(player=self._name(name), answer=cast(Any, answer.type.lower()), **self._position(name))

    def chongtong(self, children: list[Token]) -> Chongtong:
        name, _chongtong, *cards = children
        return Chongtong(player=self._name(name), cards=[self._card(t) for t in cards], **self._position(name))
