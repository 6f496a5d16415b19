"""Deliberate faults in simulated hands, for demonstrations and for testing that they are caught.

Each kind changes one thing in a legal hand the way a careless or dishonest table would, and names
the violation code the arbiter must report for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import UNSEEN
from ..errors import ArbiterError
from ..messages import Message, sayings
from ..notation.model import Call, CardRef, DealLine, Hand, Statement, Tag, Turn
from ..records import replace

TAMPER_KINDS: dict[str, str] = {
    "duplicate": "extra-card",
    "removed": "deal-size",
    "foreign": "unknown-card",
    "wrong-player": "out-of-turn",
    "missing-call": "missing-call",
    "illegal-call": "illegal-call",
}
"""Each kind of fault, with the violation code that reveals it."""


TAMPER = sayings(
    "tamper",
    {
        "no-card": "no played card to change for {kind}",
        "no-single": "no single card to copy",
        "no-turn-to-credit": "no turn to credit to the wrong player",
        "no-go": "no go call followed by play",
        "no-turn-to-call-after": "no turn to call after",
        "no-hand": "no hand of these rules could take the fault {kind}",
    },
)
"""Why a hand offers no place for a fault (decision P74)."""


class CannotTamper(ArbiterError, ValueError):
    """This hand offers no place for that fault (e.g. no go call to leave out)."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.english())
        self.said = said


def _with(hand: Hand, statements: list[Statement], kind: str) -> Hand:
    note = Tag(name="Note", value=f"tampered: {kind}")
    return replace(hand, statements=statements, tags=[*hand.tags, note])


def _deals(hand: Hand) -> list[tuple[int, DealLine]]:
    return [(i, s) for i, s in enumerate(hand.statements) if isinstance(s, DealLine)]


def _played_cards(hand: Hand) -> set[str]:
    return {c.code for s in hand.statements if isinstance(s, Turn) for c in s.cards}


def _replace_deal_card(hand: Hand, rng: random.Random, new: Callable[[str, list[str]], str], kind: str) -> Hand:
    """Swap one known card of a deal line that is played later, so the record shows the fault."""
    played = _played_cards(hand)
    every = [c.code for _i, d in _deals(hand) for c in d.cards]
    options = [
        (i, d, j) for i, d in _deals(hand) for j, c in enumerate(d.cards) if c.code != UNSEEN and c.code in played
    ]
    if not options:
        raise CannotTamper(TAMPER("no-card", kind=kind))
    i, deal, j = rng.choice(options)
    cards = list(deal.cards)
    cards[j] = CardRef(code=new(cards[j].code, every), column=0)
    statements = list(hand.statements)
    statements[i] = replace(deal, cards=cards)
    return _with(hand, statements, kind)


def duplicate(hand: Hand, rng: random.Random) -> Hand:
    """A card of the deck dealt twice: another player's card copied into a hand (a hidden extra)."""

    def copy_of(old: str, every: list[str]) -> str:
        singles = [c for c in every if c != UNSEEN and c != old and every.count(c) == 1 and not c.endswith("p")]
        if not singles:
            raise CannotTamper(TAMPER("no-single"))
        return rng.choice(singles)

    return _replace_deal_card(hand, rng, copy_of, "duplicate")


def foreign(hand: Hand, rng: random.Random) -> Hand:
    """A card that is not in the deck (a slipped-in card): ``4g``, ``13p``."""
    return _replace_deal_card(hand, rng, lambda old, every: rng.choice(["4g", "13p", "12p", "6g"]), "foreign")


def removed(hand: Hand, rng: random.Random) -> Hand:
    """A dealt card left out of the record: the deal line is one card short."""
    deals = _deals(hand)
    i, deal = rng.choice(deals)
    cards = list(deal.cards)
    cards.pop(rng.randrange(len(cards)))
    statements = list(hand.statements)
    statements[i] = replace(deal, cards=cards)
    return _with(hand, statements, "removed")


def wrong_player(hand: Hand, rng: random.Random) -> Hand:
    """One turn line credited to the wrong player."""
    turns = [(i, s) for i, s in enumerate(hand.statements) if isinstance(s, Turn)]
    if not turns:
        raise CannotTamper(TAMPER("no-turn-to-credit"))
    i, turn = rng.choice(turns)
    others = [p for p in hand.seats if p != turn.player]
    statements = list(hand.statements)
    statements[i] = replace(turn, player=rng.choice(others))
    return _with(hand, statements, "wrong-player")


def missing_call(hand: Hand, rng: random.Random) -> Hand:
    """A go call left out, with the play going on after it."""
    statements = list(hand.statements)
    gos = [
        i
        for i, s in enumerate(statements)
        if isinstance(s, Call) and s.call == "go" and any(isinstance(t, Turn) for t in statements[i + 1 :])
    ]
    if not gos:
        raise CannotTamper(TAMPER("no-go"))
    del statements[rng.choice(gos)]
    return _with(hand, statements, "missing-call")


def illegal_call(hand: Hand, rng: random.Random) -> Hand:
    """A go called right after the first turn, with no points to call it on."""
    statements = list(hand.statements)
    first = next((i for i, s in enumerate(statements) if isinstance(s, Turn)), None)
    if first is None:
        raise CannotTamper(TAMPER("no-turn-to-call-after"))
    turn = statements[first]
    assert isinstance(turn, Turn)
    statements.insert(first + 1, Call(player=turn.player, call="go"))
    return _with(hand, statements, "illegal-call")


TAMPERS: dict[str, Callable[[Hand, random.Random], Hand]] = {
    "duplicate": duplicate,
    "removed": removed,
    "foreign": foreign,
    "wrong-player": wrong_player,
    "missing-call": missing_call,
    "illegal-call": illegal_call,
}

__all__ = ["TAMPERS", "TAMPER_KINDS", "CannotTamper"]
