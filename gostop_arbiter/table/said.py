"""The record as sentences: each statement, and each statement the page offers, said in the page's
language with the cards' names (``민지가 8광을 냈어요 · 3피를 뒤집었어요``), never as GSN.

The English of each sentence is here; the Korean is in the message catalogue under the context
``table``, with the particle that follows a filled-in word named after its field (``{player:가}``,
``{card:을}``): :class:`Word` chooses the form that fits the word (민지**가**, 재현**이**, 8광**을**,
12띠**를**), so a template never carries an ``이(가)`` pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..card_names import card_name
from ..cards import UNSEEN
from ..messages import Lang, pgettext
from ..notation.model import (
    Bomb,
    Bonus,
    Call,
    CardRef,
    Chongtong,
    Claim,
    DealLine,
    Declare,
    Give,
    PileLine,
    Shake,
    Shodang,
    ShodangAnswer,
    SitOut,
    Statement,
    StockLine,
    TableLine,
    Turn,
)
from ..particles import attach


class Word(str):
    """A word filled into a sentence; ``{field:가}`` in a template puts the particle's form that
    follows it after it (``format(Word("민지"), "가")`` is ``민지가``)."""

    def __format__(self, particle: str) -> str:
        return attach(str(self), particle) if particle else str(self)


def tell(template: str, lang: Lang, **params: object) -> str:
    """``template`` (English, a msgid of the context ``table``) said in ``lang``, its fields filled
    with ``params`` (each a word that takes its particle)."""
    return fill(pgettext("table", template, lang), lang, **params)


def fill(said: str, lang: Lang, **params: object) -> str:
    """A sentence already in ``lang`` with its fields filled, each word taking its particle
    (``{dealer:이}``); a sentence whose fields are not these is left as it is."""
    words = {name: value if isinstance(value, int) else Word(str(value)) for name, value in params.items()}
    try:
        return said.format_map(words)
    except (KeyError, IndexError, ValueError):
        return said


SENTENCES: dict[str, str] = {
    "deal": "{player}'s hand: {cards}",
    "unseen": "{n} not seen",
    "table": "The table: {cards}",
    "dealer-bonus": "the dealer takes {cards} at once",
    "stock": "The stock: {cards}",
    "pile": "{player}'s pile: {cards}",
    "play": "{player} played {card}",
    "play-takes": "{player} played {card}, taking {target}",
    "flip": "flipped {card}",
    "flip-takes": "flipped {card}, taking {target}",
    "took": "took {cards} from the table",
    "bomb": "{player} bombed with {cards}",
    "bomb-tally": "{player} bombed",
    "pass": "{player} took the dummy turn a bomb left",
    "shake": "{player} shook {cards}",
    "shake-tally": "{player} shook",
    "bonus": "{player} laid the bonus card {card} and drew {draw}",
    "give": "{player} gave {cards}",
    "declare-pi": "{player} counts {card} as junk",
    "declare-animal": "{player} counts {card} as an animal",
    "go": "{player} called go",
    "stop": "{player} called stop",
    "sell": "{player} sold the brights and sits out",
    "fold": "{player} folded",
    "chongtong": "{player} showed four of a month: {cards}",
    "shodang": "{player} offered shodang",
    "accept": "{player} accepted the shodang",
    "refuse": "{player} refused the shodang",
    "claim": "The table said {payer} pays {payee} {points} points",
    "claim-nagari": "The table said nagari",
}
"""Every sentence of the record, by what it says."""

HINTS: dict[str, str] = {
    "go": "Play on for more points: a loss after a go costs more",
    "stop": "End the hand and collect",
    "shake": "Show three of a month from the hand: the score doubles",
    "bonus": "Lay a bonus card from the hand and draw from the stock",
    "give": "Which junk is handed over for the steal; left alone, the arbiter picks it",
    "declare": "Where the sake cup counts from now on: it may decide a score",
    "chongtong": "Four of a month in a hand at the deal: that hand wins at once",
    "sell": "More than three at the table: sell the brights and sit this hand out",
    "fold": "More than three at the table: sit this hand out without selling",
    "shodang": "Three playing: show the hand and offer the others a draw",
    "accept": "Take the draw: both accept, and the hand is void",
    "refuse": "Play on: losing, the one who refused pays for the other loser too, as the house rules say",
}
"""One line on what each statement the page offers does, by its kind (a call by go or stop)."""


def names(cards: Iterable[CardRef | str], lang: Lang) -> str:
    """Cards by their names, in order; the cards not seen counted (``8광 3피 · 못 본 패 2장``)."""
    codes = [c.code if isinstance(c, CardRef) else c for c in cards]
    # a Korean name is one word (8광 3피); an English one is two (8 bright), so its list takes
    # commas, as check's text does (T70)
    shown = (" " if lang == "ko" else ", ").join(card_name(code, lang) for code in codes if code != UNSEEN)
    unseen = codes.count(UNSEEN)
    if not unseen:
        return shown
    counted = tell(SENTENCES["unseen"], lang, n=unseen)
    return f"{shown} · {counted}" if shown else counted


def said(statement: Statement, lang: Lang, taken: Sequence[str] = ()) -> str:
    """A statement as a sentence in ``lang``; for a turn, ``taken``: the cards it took from the
    table, which the statement names only where there was a choice (the board's events know)."""
    s: Any = statement
    if isinstance(statement, Turn):
        turn = _turn(statement, lang)
        return f"{turn} · {tell(SENTENCES['took'], lang, cards=names(taken, lang))}" if taken else turn
    if isinstance(statement, DealLine | PileLine):
        return tell(SENTENCES[statement.kind], lang, player=s.player, cards=names(s.cards, lang))
    if isinstance(statement, TableLine):
        laid = tell(SENTENCES["table"], lang, cards=names(s.cards, lang))
        if not statement.dealer_bonus:
            return laid
        return f"{laid} · {tell(SENTENCES['dealer-bonus'], lang, cards=names(statement.dealer_bonus, lang))}"
    if isinstance(statement, StockLine):
        return tell(SENTENCES["stock"], lang, cards=names(s.cards, lang))
    if isinstance(statement, Shake | Bomb) and not getattr(statement, "cards", None):
        return tell(SENTENCES[f"{statement.kind}-tally"], lang, player=s.player)
    if isinstance(statement, Shake | Give | Chongtong):
        return tell(SENTENCES[statement.kind], lang, player=s.player, cards=names(s.cards, lang))
    if isinstance(statement, Bonus):
        card, draw = card_name(s.card.code, lang), card_name(s.draw.code, lang)
        return tell(SENTENCES["bonus"], lang, player=s.player, card=card, draw=draw)
    if isinstance(statement, Declare):
        return tell(SENTENCES[f"declare-{s.category}"], lang, player=s.player, card=card_name(s.card.code, lang))
    if isinstance(statement, Call):
        return tell(SENTENCES[s.call], lang, player=s.player)
    if isinstance(statement, SitOut):
        return tell(SENTENCES[s.how], lang, player=s.player)
    if isinstance(statement, Shodang):
        return tell(SENTENCES["shodang"], lang, player=s.player)
    if isinstance(statement, ShodangAnswer):
        return tell(SENTENCES[s.answer], lang, player=s.player)
    if isinstance(statement, Claim):
        if s.payer is None:
            return tell(SENTENCES["claim-nagari"], lang)
        return tell(SENTENCES["claim"], lang, payer=s.payer, payee=s.payee, points=s.points)
    return statement.kind


def _turn(turn: Turn, lang: Lang) -> str:
    if turn.play == "bomb":
        parts = [tell(SENTENCES["bomb"], lang, player=turn.player, cards=names(turn.cards, lang))]
    elif turn.play == "pass":
        parts = [tell(SENTENCES["pass"], lang, player=turn.player)]
    else:
        card = card_name(turn.cards[0].code, lang)
        if turn.target is None:
            parts = [tell(SENTENCES["play"], lang, player=turn.player, card=card)]
        else:
            target = card_name(turn.target.code, lang)
            parts = [tell(SENTENCES["play-takes"], lang, player=turn.player, card=card, target=target)]
    for flip in turn.flips:
        card = card_name(flip.card.code, lang)
        if flip.target is None:
            parts.append(tell(SENTENCES["flip"], lang, card=card))
        else:
            parts.append(tell(SENTENCES["flip-takes"], lang, card=card, target=card_name(flip.target.code, lang)))
    return " · ".join(parts)


def hint(statement: Statement, lang: Lang) -> str:
    """One line on what an offered statement does ('' for a turn, which needs none)."""
    kind: str = statement.kind
    if isinstance(statement, Call):
        kind = statement.call
    elif isinstance(statement, SitOut):
        kind = statement.how
    elif isinstance(statement, ShodangAnswer):
        kind = statement.answer
    return pgettext("table", HINTS[kind], lang) if kind in HINTS else ""
