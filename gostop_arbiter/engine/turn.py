"""One Go-Stop turn (RULES.md TU-1..TU-7, EV-1..EV-10): the hand play, each flip, the captures,
the special events and the steals they earn."""

from __future__ import annotations

from dataclasses import field
from itertools import pairwise
from typing import TYPE_CHECKING

from ..notation.model import CardRef, Flip, Turn
from ..records import Mutable, mutable
from .events import EventKind
from .replay import NATURAL, PendingTurn, Steal, is_bonus, month_of

if TYPE_CHECKING:
    from .replay import Replay


@mutable
class _Turn(Mutable):
    """What one turn has done so far."""

    player: str
    line: int
    last_card: bool
    captured: list[str] = field(default_factory=list)
    flipped_bonus: list[str] = field(default_factory=list)
    steals: list[Steal] = field(default_factory=list)
    hand_card: str | None = None
    hand_month: int = 0
    k: int = -1
    """How many table cards of the hand card's month there were (-1: no hand card this turn)."""
    pair: str | None = None
    """The table card the hand card will take, once the flip is known."""
    ambiguous: CardRef | None = None
    resolved: bool = False


def _opponents(r: Replay, player: str) -> tuple[str, ...]:
    return tuple(q for q in r.order if q != player)


def _steal(
    r: Replay, t: _Turn, reason: EventKind, amount: int, *, by_value: bool = False, givers: tuple[str, ...] = ()
) -> None:
    if amount > 0:
        t.steals.append(Steal(reason, amount, by_value, givers or _opponents(r, t.player)))


def _is_last_card(r: Replay, player: str) -> bool:
    """The own-last-card exceptions (EV-10): this turn plays the player's last card or dummy."""
    own_last = r.cards_left(player) == 1
    if r.profile.events.last_turn_scope == "own-last-card":
        return own_last
    return own_last and all(r.cards_left(q) == 0 for q in r.order if q != player)


def play_turn(r: Replay, s: Turn) -> None:
    p = s.player
    t = _Turn(p, s.line, _is_last_card(r, p))
    start_cards = sum(map(len, r.table.values()))
    start_months = sum(1 for cards in r.table.values() if cards) if start_cards == 2 else 0
    if r.shake_due is not None:
        _check_shake_due(r, s)
    flips = list(s.flips)
    if s.play == "pass":
        _pass(r, s)
    elif s.play == "bomb":
        _bomb(r, s, t)
    else:
        ref = s.cards[0]
        if is_bonus(ref.code):
            flips = _joker(r, s, t, ref, flips)
        else:
            r.take(p, ref, s.line)
            r.emit("play", s.line, p, [ref.code])
            _hand_card(r, t, ref.code, s.target)
    if not flips and r.stock.remaining > 0:
        r.violate(
            "missing-card",
            s.line,
            s.column,
            f"{p}'s turn records no flip, but the stock still holds {r.stock.remaining} card(s)",
            p,
        )
    if len(flips) > 1:
        _check_flips_stop_at_a_month_card(r, s, flips)
    for flip in flips:
        _flip(r, t, flip)
    _finish_hand_card(r, t)
    if t.flipped_bonus:
        t.captured += t.flipped_bonus
    if t.captured:
        r.to_pile(p, t.captured)
        r.emit("capture", s.line, p, t.captured)
        _sweep(r, t, start_cards, start_months)
    if s.marks:
        r.compare_marks(s)
    r.pending = PendingTurn(p, s.line, t.steals)


def _check_flips_stop_at_a_month_card(r: Replay, s: Turn, flips: list[Flip]) -> None:
    """extra-card: a turn flips again only after a bonus card, so a flip after a month card is one
    too many (it is still replayed, so that the cards stay accounted for)."""
    for before, after in pairwise(flips):
        if not is_bonus(before.card.code):
            r.violate(
                "extra-card",
                s.line,
                after.card.column,
                f"{after.card.code} flipped after {before.card.code}: a turn flips again only after a bonus card",
                s.player,
                after.card.code,
            )
            return


def _check_shake_due(r: Replay, s: Turn) -> None:
    due = r.shake_due
    r.shake_due = None
    if due is None or due[0] != s.player:
        return
    _player, month, line = due
    if s.play != "card" or month_of(s.cards[0].code) != month:
        r.violate(
            "illegal-shake",
            s.line,
            s.column,
            f"{s.player} shook month {month} on line {line} and must play one of those three cards now",
            s.player,
        )


def _pass(r: Replay, s: Turn) -> None:
    p = s.player
    if r.dummies[p] <= 0:
        r.violate("illegal-pass", s.line, s.column, f"{p} has no dummy turn left: only a bomb gives them", p)
    else:
        r.dummies[p] -= 1
    r.emit("pass", s.line, p)


def _bomb(r: Replay, s: Turn, t: _Turn) -> None:
    """폭탄: three of a month onto the fourth (or two onto two, where allowed) (EV-8)."""
    p, events = s.player, r.profile.events
    cards = [ref.code for ref in s.cards]
    months = {month_of(c) for c in cards}
    month = next(iter(months)) if len(months) == 1 else 0
    on_table = r.table.get(month, []) if month else []
    three = len(cards) == 3 and len(on_table) == 1
    two = len(cards) == 2 and len(on_table) == 2 and events.two_card_bomb != "off"
    problem = ""
    if not month:
        problem = "a bomb is cards of one month"
    elif not (three or two):
        problem = f"a bomb plays three cards of a month onto the one card of it on the table ({len(on_table)} there)"
    elif not events.bomb_after_shake and month in r.shaken.get(p, set()):
        problem = f"month {month} was shown by a shake and cannot be bombed under these rules"
    for ref in s.cards:
        r.take(p, ref, s.line, "bombed with")
    if problem:
        r.violate("illegal-bomb", s.line, s.column, f"{p}: {problem}", p)
        if not month:
            for c in cards:
                r.table.setdefault(month_of(c), []).append(c)
            return
    taken = r.table.pop(month, []) + r.buried.pop(month, [])
    r.stack_owner.pop(month, None)
    t.captured += cards + taken
    r.emit("bomb", s.line, p, cards + taken)
    if problem:
        return
    if three or events.two_card_bomb == "double":
        r.bombs[p] += 1
    r.dummies[p] += events.bomb_dummies if three else 1
    _steal(r, t, "bomb", events.bomb_steal)


def _joker(r: Replay, s: Turn, t: _Turn, ref: CardRef, flips: list[Flip]) -> list[Flip]:
    """A bonus card as the turn's hand card (gamerules): to the pile, and the first flip is played
    as the hand card (TU-1, S1). Under the other profiles it is laid with a ``bonus`` line."""
    p, events = s.player, r.profile.events
    r.take(p, ref, s.line, "played")
    r.to_pile(p, [ref.code])
    r.emit("bonus", s.line, p, [ref.code])
    _steal(r, t, "bonus", events.bonus_steal)
    if events.bonus_from_hand != "flip-as-substitute":
        r.violate(
            "illegal-bonus",
            s.line,
            ref.column,
            f"a bonus card from the hand is laid with '{p}: bonus {ref.code} draw …' before the turn's play",
            p,
            ref.code,
        )
        return flips
    for at, substitute in enumerate(flips):
        r.draw(substitute.card, s.line, p, "flipped to play for the joker")
        if is_bonus(substitute.card.code):
            # A joker flipped for the joker is laid too, and the next card is played for it (S1:
            # "si juegas un comodín, ya sea de tu mano o de la pila").
            t.flipped_bonus.append(substitute.card.code)
            continue
        r.emit("play", s.line, p, [substitute.card.code], note="for the joker")
        _hand_card(r, t, substitute.card.code, substitute.target)
        return flips[at + 1 :]
    return []


def _wrong_target(r: Replay, t: _Turn, target: CardRef | None, options: list[str], what: str) -> bool:
    if target is None or target.code in options:
        return False
    held = ", ".join(options) if options else "nothing of that month"
    r.violate(
        "illegal-capture",
        t.line,
        target.column,
        f"x{target.code}: {what} cannot take {target.code}; the table holds {held}",
        t.player,
        target.code,
    )
    return True


def _hand_card(r: Replay, t: _Turn, card: str, target: CardRef | None) -> None:
    """The hand card against the table: laid, paired, a choice of two, or a stack (TU-3)."""
    month = month_of(card)
    on_table = list(r.table.get(month, []))
    t.hand_card, t.hand_month, t.k = card, month, len(on_table)
    if target is not None:
        _wrong_target(r, t, target, on_table, card)
    if t.k == 0:
        r.table.setdefault(month, []).append(card)
        r.emit("lay", t.line, t.player, [card])
    elif t.k == 1:
        t.pair = on_table[0]
    elif t.k == 2:
        if target is not None and target.code in on_table:
            t.pair = target.code
        else:
            t.pair = on_table[0]
            if on_table[0] != on_table[1]:
                t.ambiguous = CardRef(code=card, column=0)
    else:
        t.captured += [card, *_take_stack(r, t, month)]
        t.resolved = True


def _take_stack(r: Replay, t: _Turn, month: int) -> list[str]:
    """The fourth card takes a stack of three: its owner decides the steal (EV-2, PC-2)."""
    cards = r.table.pop(month, []) + r.buried.pop(month, [])
    owner = r.stack_owner.pop(month, NATURAL)
    made = r.stack_made.pop(month, 0)
    events = r.profile.events
    no_steal = t.last_card and not events.last_turn_stack_steal
    if owner == NATURAL:
        r.emit("stack", t.line, t.player, cards, note="natural")
        if not no_steal:
            _steal(r, t, "stack", r.profile.deal.natural_stack_steal)
    elif owner == t.player and (events.ja_ppeok_window == "any-later-turn" or made == r.own_turns[t.player] - 1):
        r.emit("ja-ppeok", t.line, t.player, cards)
        if not t.last_card:
            _steal(r, t, "ja-ppeok", events.ja_ppeok_steal, by_value=events.multi_steal_unit == "value")
    else:
        r.emit("stack", t.line, t.player, cards, other=owner)
        if not no_steal:
            givers = (owner,) if events.stack_steal_from == "owner-only" and owner != t.player else ()
            _steal(r, t, "stack", events.stack_steal, givers=givers)
    return cards


def _flip(r: Replay, t: _Turn, flip: Flip) -> None:
    """A card flipped from the stock: a bonus is captured; otherwise chok, ppeok, ttadak or a plain
    capture (TU-4, TU-5)."""
    card = flip.card.code
    r.draw(flip.card, t.line, t.player, "flipped")
    r.emit("flip", t.line, t.player, [card])
    if is_bonus(card):
        t.flipped_bonus.append(card)
        _steal(r, t, "bonus", r.profile.events.bonus_steal)
        return
    month = month_of(card)
    if t.hand_card is not None and not t.resolved and month == t.hand_month:
        _same_month(r, t, card, flip.target)
        return
    on_table = list(r.table.get(month, []))
    if flip.target is not None:
        _wrong_target(r, t, flip.target, on_table, card)
    if not on_table:
        r.table.setdefault(month, []).append(card)
        r.emit("lay", t.line, t.player, [card])
    elif len(on_table) == 1:
        r.table.pop(month)
        t.captured += [card, on_table[0]]
    elif len(on_table) == 2:
        chosen = flip.target.code if flip.target is not None and flip.target.code in on_table else on_table[0]
        if flip.target is None and on_table[0] != on_table[1]:
            r.violate(
                "ambiguous-capture",
                t.line,
                flip.card.column,
                f"the flip {card} can take {on_table[0]} or {on_table[1]}: write x and the card taken",
                t.player,
                card,
            )
        r.table[month].remove(chosen)
        t.captured += [card, chosen]
    else:
        t.captured += [card, *_take_stack(r, t, month)]


def _same_month(r: Replay, t: _Turn, card: str, target: CardRef | None) -> None:
    """The flip is of the hand card's month: chok, ppeok or ttadak (EV-1, EV-5, EV-6)."""
    events = r.profile.events
    month, hand_card = t.hand_month, t.hand_card
    assert hand_card is not None
    t.resolved = True
    on_table = list(r.table.get(month, []))
    _wrong_target(r, t, target, on_table, card)
    if t.k == 0:
        r.table[month].remove(hand_card)
        if not r.table[month]:
            r.table.pop(month)
        t.captured += [hand_card, card]
        r.emit("chok", t.line, t.player, [hand_card, card])
        _first_pay(r, t, "chok", events.first_chok_pay)
        if not t.last_card or events.last_turn_chok:
            _steal(r, t, "chok", events.chok_steal)
    elif t.k == 1:
        assert t.pair is not None
        if t.last_card:
            r.table.pop(month)
            t.captured += [hand_card, t.pair, card]
            return
        r.table[month] = [t.pair, hand_card, card]
        r.stack_owner[month] = t.player
        r.stack_made[month] = r.own_turns[t.player]
        r.buried[month] = t.flipped_bonus
        t.flipped_bonus = []
        r.ppeoks[t.player] += 1
        r.emit("ppeok", t.line, t.player, [t.pair, hand_card, card])
        _ppeok_streak(r, t)
    else:
        taken = r.table.pop(month)
        t.captured += [hand_card, card, *taken]
        t.ambiguous = None
        r.emit("ttadak", t.line, t.player, [hand_card, card, *taken])
        _first_pay(r, t, "ttadak", events.first_ttadak_pay)
        if not t.last_card:
            _steal(r, t, "ttadak", events.ttadak_steal)


def _finish_hand_card(r: Replay, t: _Turn) -> None:
    """The hand card's pending capture happens when no flip changed it (TU-5)."""
    if t.hand_card is None or t.resolved or t.k not in (1, 2):
        return
    assert t.pair is not None
    r.table[t.hand_month].remove(t.pair)
    if not r.table[t.hand_month]:
        r.table.pop(t.hand_month)
    t.captured += [t.hand_card, t.pair]
    if t.ambiguous is not None:
        others = [c for c in r.table.get(t.hand_month, [])]
        r.violate(
            "ambiguous-capture",
            t.line,
            1,
            f"{t.hand_card} can take {t.pair} or {others[0] if others else 'another card'}: write x and the card taken",
            t.player,
            t.hand_card,
        )


def _sweep(r: Replay, t: _Turn, start_cards: int, start_months: int) -> None:
    """싹쓸이: the turn leaves the table empty (or takes its last two cards, gamerules) (EV-7); asked
    only after a turn that captured something."""
    events = r.profile.events
    if any(r.table.values()):
        return
    if events.sweep_rule == "two-different-months":
        swept = start_cards == 2 and start_months == 2
    else:
        swept = start_cards > 0 or not events.sweep_requires_nonempty_start
    if not swept:
        return
    r.emit("sweep", t.line, t.player)
    if not t.last_card:
        _steal(r, t, "sweep", events.sweep_steal)


def _ppeok_streak(r: Replay, t: _Turn) -> None:
    """첫뻑, 연뻑: ppeoks on a player's first own turns pay at once where the profile says (EV-3)."""
    turn = r.own_turns[t.player]
    if r.ppeok_streak[t.player] != turn - 1:
        return
    r.ppeok_streak[t.player] = turn
    pays = r.profile.events.first_ppeok_pay
    if turn <= len(pays):
        names = {1: "첫뻑: a ppeok on the first own turn", 2: "연뻑: ppeoks on the first two own turns"}
        reason = names.get(turn, f"ppeoks on the first {turn} own turns")
        _immediate(r, t, pays[turn - 1], reason)


def _first_pay(r: Replay, t: _Turn, what: str, points: int) -> None:
    """The first chok or ttadak of the hand pays at once where the profile says (EV-5, EV-6)."""
    if not points or what in r.first_paid:
        return
    r.first_paid.add(what)
    _immediate(r, t, points, f"the first {what} of the hand")


def _immediate(r: Replay, t: _Turn, points: int, reason: str) -> None:
    from ..settle import immediate

    for payer in _opponents(r, t.player):
        r.immediate.append(immediate(payer, t.player, points, reason, r.hand.stake))
        r.emit("immediate", t.line, t.player, other=payer, note=reason, extra={"points": points})
