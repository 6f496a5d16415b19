"""One Minhwatu turn (RULES.md MH-4): matching as in Go-Stop, without ppeok, chok, ttadak, sweep,
steals, shakes, bombs or calls. A flip that matches the pair the hand card just made leaves the
pair taken and the flip on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation.model import Turn
from .replay import is_bonus, month_of

if TYPE_CHECKING:
    from .replay import Replay


def _take(r: Replay, month: int, cards: list[str]) -> None:
    for card in cards:
        r.table[month].remove(card)
    if not r.table[month]:
        r.table.pop(month)


def _choose(r: Replay, s: Turn, card: str, on_table: list[str], target: str | None, column: int) -> str:
    if target is not None and target in on_table:
        return target
    if target is not None:
        r.violate(
            "illegal-capture", s.line, column, f"x{target}: the table holds {', '.join(on_table)}", s.player, target
        )
    elif on_table[0] != on_table[1]:
        r.violate(
            "ambiguous-capture",
            s.line,
            column,
            f"{card} can take {on_table[0]} or {on_table[1]}: write x and the card taken",
            s.player,
            card,
        )
    return on_table[0]


def minhwatu_turn(r: Replay, s: Turn) -> None:
    p = s.player
    if s.play != "card" or is_bonus(s.cards[0].code):
        r.violate(
            "illegal-bomb" if s.play == "bomb" else "illegal-pass",
            s.line,
            s.column,
            "Minhwatu plays one hand card a turn",
            p,
        )
        return
    ref = s.cards[0]
    r.take(p, ref, s.line)
    card, month = ref.code, month_of(ref.code)
    r.emit("play", s.line, p, [card])
    on_table = list(r.table.get(month, []))
    captured: list[str] = []
    pair: str | None = None
    if not on_table:
        r.table.setdefault(month, []).append(card)
    elif len(on_table) >= 3:
        captured += [card, *r.table.pop(month)]
    elif len(on_table) == 1:
        pair = on_table[0]
    else:
        two = s.flips and month_of(s.flips[0].card.code) == month
        pair = on_table[0] if two else _choose(r, s, card, on_table, s.target.code if s.target else None, ref.column)
    for flip in s.flips:
        flipped = flip.card.code
        r.draw(flip.card, s.line, p, "flipped")
        r.emit("flip", s.line, p, [flipped])
        fmonth = month_of(flipped)
        if fmonth == month and not captured:
            if not on_table:
                _take(r, month, [card])
                captured += [card, flipped]
            elif len(on_table) == 1:
                _take(r, month, [on_table[0]])
                captured += [card, on_table[0]]
                r.table.setdefault(month, []).append(flipped)
            else:
                captured += [card, flipped, *r.table.pop(month)]
            pair = None
            continue
        there = list(r.table.get(fmonth, []))
        if not there:
            r.table.setdefault(fmonth, []).append(flipped)
        elif len(there) == 1:
            _take(r, fmonth, there)
            captured += [flipped, there[0]]
        elif len(there) == 2:
            chosen = _choose(r, s, flipped, there, flip.target.code if flip.target else None, flip.card.column)
            _take(r, fmonth, [chosen])
            captured += [flipped, chosen]
        else:
            captured += [flipped, *r.table.pop(fmonth)]
    if pair is not None:
        _take(r, month, [pair])
        captured += [card, pair]
    if not s.flips and r.stock.remaining > 0:
        r.violate("missing-card", s.line, s.column, f"{p}'s turn records no flip, but the stock still holds cards", p)
    if captured:
        r.to_pile(p, captured)
        r.emit("capture", s.line, p, captured)
