"""One Minhwatu turn (docs/rules-reference.md MH-4): matching as in Go-Stop, without ppeok, chok, ttadak, sweep,
steals, shakes, bombs or calls. A flip that matches the pair the hand card just made leaves the
pair taken and the flip on the table."""

from __future__ import annotations

from dataclasses import field

from ..notation.model import Flip, Turn
from ..records import mutable
from .state import HandState, is_bonus, month_of


@mutable
class _Round:
    """What one Minhwatu turn has done so far: the hand card, the table cards of its month when it
    was played, the cards captured, and the table card it will take once the flips are known."""

    card: str
    month: int
    on_table: list[str]
    captured: list[str] = field(default_factory=list)
    pair: str | None = None


def _choose(st: HandState, s: Turn, card: str, on_table: list[str], target: str | None, column: int) -> str:
    if target is not None and target in on_table:
        return target
    if target is not None:
        st.violate(
            "illegal-capture",
            s.line,
            column,
            f"x{target}: the table holds {', '.join(on_table)}",
            s.player,
            target,
            played=card,
            table=" ".join(on_table),
        )
    elif on_table[0] != on_table[1]:
        st.violate(
            "ambiguous-capture",
            s.line,
            column,
            f"{card} can take {on_table[0]} or {on_table[1]}: write x and the card taken",
            s.player,
            card,
            first=on_table[0],
            second=on_table[1],
        )
    return on_table[0]


def minhwatu_turn(st: HandState, s: Turn) -> None:
    p = s.player
    if s.play != "card" or is_bonus(s.cards[0].code):
        st.violate(
            "illegal-bomb" if s.play == "bomb" else "illegal-pass",
            s.line,
            s.column,
            "Minhwatu plays one hand card a turn",
            p,
            reason="minhwatu",
        )
        return
    ref = s.cards[0]
    st.take(p, ref, s.line)
    st.emit("play", s.line, p, [ref.code])
    t = _hand_card(st, s)
    for flip in s.flips:
        _flip(st, s, t, flip)
    if t.pair is not None:
        st.table.take(t.month, t.pair)
        t.captured += [t.card, t.pair]
    if not s.flips and st.stock.remaining > 0:
        st.violate(
            "missing-card",
            s.line,
            s.column,
            f"{p}'s turn records no flip, but the stock still holds cards",
            p,
            stock=st.stock.remaining,
        )
    if t.captured:
        st.piles.add(p, t.captured)
        st.emit("capture", s.line, p, t.captured)


def _hand_card(st: HandState, s: Turn) -> _Round:
    """The hand card against the table: laid, a stack taken, or the card it will pair with."""
    ref = s.cards[0]
    card, month = ref.code, month_of(ref.code)
    t = _Round(card, month, st.table.cards(month))
    on_table = t.on_table
    if not on_table:
        st.table.lay(month, card)
    elif len(on_table) >= 3:
        t.captured += [card, *st.table.clear(month).cards]
    elif len(on_table) == 1:
        t.pair = on_table[0]
    else:
        two = s.flips and month_of(s.flips[0].card.code) == month
        target = s.target.code if s.target else None
        t.pair = on_table[0] if two else _choose(st, s, card, on_table, target, ref.column)
    return t


def _flip(st: HandState, s: Turn, t: _Round, flip: Flip) -> None:
    flipped = flip.card.code
    st.draw(flip.card, s.line, s.player, "flipped")
    st.emit("flip", s.line, s.player, [flipped])
    fmonth = month_of(flipped)
    if fmonth == t.month and not t.captured:
        _flip_of_the_hand_month(st, t, flipped)
        return
    there = st.table.cards(fmonth)
    if not there:
        st.table.lay(fmonth, flipped)
    elif len(there) == 1:
        st.table.take(fmonth, there[0])
        t.captured += [flipped, there[0]]
    elif len(there) == 2:
        chosen = _choose(st, s, flipped, there, flip.target.code if flip.target else None, flip.card.column)
        st.table.take(fmonth, chosen)
        t.captured += [flipped, chosen]
    else:
        t.captured += [flipped, *st.table.clear(fmonth).cards]


def _flip_of_the_hand_month(st: HandState, t: _Round, flipped: str) -> None:
    """The flip is of the hand card's month: it takes the hand card laid alone; after a pair the
    pair is taken and the flip stays (MH-4); onto two, the whole month is taken."""
    month, on_table = t.month, t.on_table
    if not on_table:
        st.table.take(month, t.card)
        t.captured += [t.card, flipped]
    elif len(on_table) == 1:
        st.table.take(month, on_table[0])
        t.captured += [t.card, on_table[0]]
        st.table.lay(month, flipped)
    else:
        t.captured += [t.card, flipped, *st.table.clear(month).cards]
    t.pair = None
