"""Hypothesis strategies that build transcript models directly (not text), for round-trip tests."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from hypothesis import strategies as st

from gostop_arbiter.cards import BONUS_CARDS, MONTH_CARDS
from gostop_arbiter.notation.model import (
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
    StockLine,
    TableLine,
    Tag,
    Transcript,
    Turn,
)
from gostop_arbiter.notation.transformer import RESERVED_NAMES
from gostop_arbiter.records import replace

CODES = sorted(MONTH_CARDS) + sorted(BONUS_CARDS) + ["4g", "13p", "12p", "0a"]

names = st.from_regex(r"[A-Za-z가-힣][A-Za-z0-9가-힣_-]{0,5}", fullmatch=True).filter(
    lambda n: n.lower() not in RESERVED_NAMES and not re.fullmatch(r"[bB]\d+", n)
)


def _stable(text: str) -> bool:
    return unicodedata.normalize("NFKC", text) == text


free_text = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\ufeff\x85"),
    max_size=20,
).filter(_stable)
comment_text = free_text.map(str.rstrip).filter(lambda t: _stable(t) and t == t.rstrip())
comments = st.lists(comment_text, max_size=2)
trailing = st.one_of(st.none(), comment_text)

card = st.sampled_from(CODES).map(lambda c: CardRef(code=c))
unseen = st.just(CardRef(code="?"))
hand_card = st.one_of(card, unseen)


def _item(cls: type, **parts: Any) -> st.SearchStrategy[Any]:
    return st.builds(cls, comments=comments, comment=trailing, **{k: v if isinstance(v, st.SearchStrategy) else st.just(v) for k, v in parts.items()})


def played_statements(seats: list[str]) -> st.SearchStrategy[list[Any]]:
    player = st.sampled_from(seats)
    target = st.one_of(st.none(), card)
    flip = st.builds(Flip, card=card, target=target)
    card_turn = _item(
        Turn, number=st.one_of(st.none(), st.integers(0, 60)), player=player, play="card",
        cards=st.lists(card, min_size=1, max_size=1), target=target, flips=st.lists(flip, max_size=3),
        marks=st.lists(st.sampled_from(["ppeok", "jappeok", "chok", "ttadak", "sweep"]), max_size=2),
    )
    other_turn = _item(
        Turn, number=st.one_of(st.none(), st.integers(0, 60)), player=player,
        play=st.sampled_from(["bomb", "pass"]), cards=st.just([]), flips=st.lists(flip, min_size=1, max_size=2),
    ).map(lambda t: t if t.play == "pass" else replace(t, cards=[CardRef(code="4a"), CardRef(code="4p")]))
    body = st.one_of(
        card_turn, other_turn,
        _item(Shake, player=player, cards=st.lists(card, min_size=1, max_size=3)),
        _item(Bonus, player=player, card=card, draw=hand_card),
        _item(Give, player=player, cards=st.lists(card, min_size=1, max_size=2)),
        _item(Declare, player=player, card=card, category=st.sampled_from(["pi", "animal"])),
        _item(Call, player=player, call=st.sampled_from(["go", "stop"])),
        _item(SitOut, player=player, how=st.sampled_from(["sell", "fold"])),
        _item(Chongtong, player=player, cards=st.lists(card, max_size=4)),
        _item(Claim, payer=player, payee=player, points=st.integers(0, 10**6)),
        _item(Claim),
    )
    deals = st.tuples(*[_item(DealLine, player=name, cards=st.lists(hand_card, max_size=12)) for name in seats])
    table = _item(TableLine, cards=st.lists(card, max_size=8), dealer_bonus=st.lists(card, max_size=1))
    stock = st.lists(_item(StockLine, cards=st.lists(hand_card, max_size=5)), max_size=1)
    return st.builds(
        lambda d, t, s, b: [*d, t, *s, *b], deals, table, stock, st.lists(body, min_size=0, max_size=12)
    )


def tally_statements(seats: list[str]) -> st.SearchStrategy[list[Any]]:
    player = st.sampled_from(seats)
    piles = st.tuples(*[_item(PileLine, player=name, cards=st.lists(card, max_size=15)) for name in seats])
    body = st.one_of(
        _item(Call, player=player, call=st.sampled_from(["go", "stop"])),
        _item(Shake, player=player, cards=st.just([])),
        _item(Bomb, player=player),
        _item(Declare, player=player, card=card, category=st.sampled_from(["pi", "animal"])),
        _item(Claim, payer=player, payee=player, points=st.integers(0, 500)),
    )
    return st.builds(lambda p, b: [*p, *b], piles, st.lists(body, max_size=6))


def _tags(seats: list[str], first: bool) -> st.SearchStrategy[list[Tag]]:
    seat_tag = _item(Tag, name="Seats", value=", ".join(seats))
    optional = st.lists(
        st.one_of(
            _item(Tag, name="Rules", value=st.sampled_from(["standard", "wikipedia", "minhwatu"])),
            _item(Tag, name="Set", value=st.sampled_from(["min_score=5", "bonus=b2 b3"])),
            _item(Tag, name="Stake", value=st.integers(0, 10**6).map(str)),
            _item(Tag, name="Dealer", value=st.sampled_from(seats)),
            _item(Tag, name="Carry", value=st.integers(1, 64).map(str)),
            _item(Tag, name=st.sampled_from(["Note", "Event", "Site", "Date", "Hand", "Weather"]), value=free_text),
        ),
        max_size=4,
    )
    return st.builds(lambda s, o: [s, *o], seat_tag, optional)


@st.composite
def transcripts(draw: st.DrawFn) -> Transcript:
    seats = draw(st.lists(names, min_size=2, max_size=4, unique=True))
    count = draw(st.integers(1, 3))
    hands = []
    for index in range(1, count + 1):
        tally = draw(st.booleans())
        statements = draw(tally_statements(seats) if tally else played_statements(seats))
        hands.append(
            Hand(
                index=index, kind="tally" if tally else "played", tags=draw(_tags(seats, index == 1)),
                statements=statements, trailing_comments=draw(comments) if index == count else [],
                seats=seats,
            )
        )
    return Transcript(hands=hands)
