"""One Minhwatu turn (docs/rules-reference.md MH-4): matching as in Go-Stop, without ppeok, chok, ttadak, sweep,
steals, shakes, bombs or calls. A flip that matches the pair the hand card just made leaves the
pair taken and the flip on the table."""

from __future__ import annotations

from ..notation.model import Turn
from .state import HandState, is_bonus, month_of


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
    card, month = ref.code, month_of(ref.code)
    st.emit("play", s.line, p, [card])
    on_table = st.table.cards(month)
    captured: list[str] = []
    pair: str | None = None
    if not on_table:
        st.table.lay(month, card)
    elif len(on_table) >= 3:
        captured += [card, *st.table.clear(month).cards]
    elif len(on_table) == 1:
        pair = on_table[0]
    else:
        two = s.flips and month_of(s.flips[0].card.code) == month
        pair = on_table[0] if two else _choose(st, s, card, on_table, s.target.code if s.target else None, ref.column)
    for flip in s.flips:
        flipped = flip.card.code
        st.draw(flip.card, s.line, p, "flipped")
        st.emit("flip", s.line, p, [flipped])
        fmonth = month_of(flipped)
        if fmonth == month and not captured:
            if not on_table:
                st.table.take(month, card)
                captured += [card, flipped]
            elif len(on_table) == 1:
                st.table.take(month, on_table[0])
                captured += [card, on_table[0]]
                st.table.lay(month, flipped)
            else:
                captured += [card, flipped, *st.table.clear(month).cards]
            pair = None
            continue
        there = st.table.cards(fmonth)
        if not there:
            st.table.lay(fmonth, flipped)
        elif len(there) == 1:
            st.table.take(fmonth, there[0])
            captured += [flipped, there[0]]
        elif len(there) == 2:
            chosen = _choose(st, s, flipped, there, flip.target.code if flip.target else None, flip.card.column)
            st.table.take(fmonth, chosen)
            captured += [flipped, chosen]
        else:
            captured += [flipped, *st.table.clear(fmonth).cards]
    if pair is not None:
        st.table.take(month, pair)
        captured += [card, pair]
    if not s.flips and st.stock.remaining > 0:
        st.violate(
            "missing-card",
            s.line,
            s.column,
            f"{p}'s turn records no flip, but the stock still holds cards",
            p,
            stock=st.stock.remaining,
        )
    if captured:
        st.piles.add(p, captured)
        st.emit("capture", s.line, p, captured)
