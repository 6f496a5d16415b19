"""One Go-Stop turn (docs/rules-reference.md TU-1..TU-7, EV-1..EV-10): the hand play, each flip, the captures,
the special events and the steals they earn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from itertools import pairwise

from ..cards import UNSEEN
from ..messages import Message, sayings
from ..notation.model import Bonus, CardRef, Flip, Shake, Turn
from ..records import mutable
from ..verdict import discrepancy
from .calls import pay_steals
from .events import NOTES, EventKind
from .state import MARK_EVENTS, HandState, PendingTurn, Problem, Steal, is_bonus, month_of, problem
from .table import NATURAL

AT_ONCE = sayings(
    "payment",
    {
        "first-bomb": "첫폭탄: a bomb on the first own turn",
        "first-ppeok": "첫뻑: a ppeok on the first own turn",
        "two-ppeoks": "연뻑: ppeoks on the first two own turns",
        "three-ppeoks": "삼연뻑: ppeoks on the first three own turns",
        "ppeoks": "ppeoks on the first {count} own turns",
        "first-of-hand": "the first {what} of the hand",
        "first-own-turn": "a {what} on the first own turn",
    },
)
"""Why a player is paid at once, during play (decision P70)."""

MARKS = sayings(
    "discrepancy",
    {
        "mark-not-found": "marked !{mark}, but the replay finds no {mark}",
        "mark-found-other": "marked !{mark}, but the replay finds no {mark}; it finds {found}",
    },
)
"""A mark the replay does not confirm (GSN §5)."""


@mutable
class _Turn:
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


def _opponents(st: HandState, player: str) -> tuple[str, ...]:
    return tuple(q for q in st.order if q != player)


def _steal(
    st: HandState, t: _Turn, reason: EventKind, amount: int, *, by_value: bool = False, givers: tuple[str, ...] = ()
) -> None:
    if amount > 0:
        t.steals.append(Steal(reason, amount, by_value, givers or _opponents(st, t.player)))


def _is_last_card(st: HandState, player: str) -> bool:
    """The own-last-card exceptions (EV-10): this turn plays the player's last card or dummy."""
    own_last = st.cards_left(player) == 1
    if st.profile.events.last_turn_scope == "own-last-card":
        return own_last
    return own_last and all(st.cards_left(q) == 0 for q in st.order if q != player)


def play_turn(st: HandState, s: Turn) -> None:
    p = s.player
    t = _Turn(p, s.line, _is_last_card(st, p))
    start_cards = st.table.size()
    start_months = st.table.months_held() if start_cards == 2 else 0
    if st.shake_due is not None:
        _check_shake_due(st, s)
    flips = s.flips  # only read, as every record's list: no copy
    if s.play == "pass":
        _pass(st, s)
    elif s.play == "bomb":
        _bomb(st, s, t)
    else:
        ref = s.cards[0]
        if is_bonus(ref.code):
            flips = _joker(st, s, t, ref, flips)
        else:
            st.take(p, ref, s.line)
            st.emit("play", s.line, p, (ref.code,))
            _hand_card(st, t, ref.code, s.target)
    if not flips and st.stock.remaining > 0:
        st.violate(
            "missing-card",
            s.line,
            s.column,
            f"{p}'s turn records no flip, but the stock still holds {st.stock.remaining} card(s)",
            p,
            stock=st.stock.remaining,
        )
    month_flips = st.profile.events.bomb_flips if s.play == "bomb" else 1
    if len(flips) > 1:
        _check_flips_stop_at_a_month_card(st, s, flips, month_flips)
    if month_flips > 1 and flips:
        _check_bomb_flips(st, s, flips, month_flips)
    for flip in flips:
        _flip(st, t, flip)
    _finish_hand_card(st, t)
    if t.flipped_bonus:
        t.captured += t.flipped_bonus
    if t.captured:
        st.piles.add(p, t.captured)
        st.emit("capture", s.line, p, t.captured)
        _sweep(st, t, start_cards, start_months)
    if s.marks:
        compare_marks(st, s)
    st.pending = PendingTurn(p, s.line, t.steals)


def _check_flips_stop_at_a_month_card(st: HandState, s: Turn, flips: list[Flip], month_flips: int = 1) -> None:
    """extra-card: a turn flips again only after a bonus card, so a flip after a month card is one
    too many (it is still replayed, so that the cards stay accounted for); a bomb's turn may flip
    ``month_flips`` month cards where the rules say (EV-8)."""
    months = 0
    for before, after in pairwise(flips):
        months += not is_bonus(before.card.code)
        if months >= month_flips and not is_bonus(before.card.code):
            st.violate(
                "extra-card",
                s.line,
                after.card.column,
                f"{after.card.code} flipped after {before.card.code}: a turn flips again only after a bonus card",
                s.player,
                after.card.code,
                after=before.card.code,
            )
            return


def _check_bomb_flips(st: HandState, s: Turn, flips: list[Flip], month_flips: int) -> None:
    """missing-card: a bomb's turn that flips fewer month cards than the rules ask while the stock
    still holds cards (EV-8, FW's draw of three)."""
    flipped = sum(1 for f in flips if not is_bonus(f.card.code))
    if flipped < month_flips and st.stock.remaining > len(flips):
        st.violate(
            "missing-card",
            s.line,
            s.column,
            f"{s.player}'s bomb flips {month_flips} cards under these rules, and this turn records {flipped}",
            s.player,
            flipped=flipped,
            flips=month_flips,
        )


def _check_shake_due(st: HandState, s: Turn) -> None:
    due = st.shake_due
    st.shake_due = None
    if due is None or due[0] != s.player:
        return
    _player, month, line = due
    if s.play != "card" or month_of(s.cards[0].code) != month:
        st.violate(
            "illegal-shake",
            s.line,
            s.column,
            f"{s.player} shook month {month} on line {line} and must play one of those three cards now",
            s.player,
            month=month,
            shake_line=line,
            reason="shaken-card-due",
        )


def _pass(st: HandState, s: Turn) -> None:
    p = s.player
    if not st.deeds.pass_turn(p):
        st.violate(
            "illegal-pass", s.line, s.column, f"{p} has no dummy turn left: only a bomb gives them", p, dummies=0
        )
    st.emit("pass", s.line, p)


def _bomb(st: HandState, s: Turn, t: _Turn) -> None:
    """폭탄: three of a month onto the fourth (or two onto two, where allowed) (EV-8)."""
    p = s.player
    cards = [ref.code for ref in s.cards]
    months = {month_of(c) for c in cards}
    month = next(iter(months)) if len(months) == 1 else 0
    on_table = st.table.cards(month) if month else []
    refused = _bomb_problem(st, p, cards, month, on_table)
    for ref in s.cards:
        st.take(p, ref, s.line, "bombed with")
    if refused is not None:
        st.violate("illegal-bomb", s.line, s.column, f"{p}: {refused[0]}", p, **refused[1])
        if not month:
            for c in cards:
                st.table.lay(month_of(c), c)
            return
    taken = st.table.clear(month).cards
    t.captured += cards + taken
    st.emit("bomb", s.line, p, cards + taken)
    if refused is None:
        _bombed(st, t, len(cards))


def _bomb_problem(st: HandState, player: str, cards: list[str], month: int, on_table: list[str]) -> Problem | None:
    """Why these cards cannot bomb (None when they may): one month, three onto one (or two onto
    two where the rules have it), and not a month shown by a shake where the rules forbid it."""
    events = st.profile.events
    three = len(cards) == 3 and len(on_table) == 1
    two = len(cards) == 2 and len(on_table) == 2 and events.two_card_bomb != "off"
    four = len(cards) == 4 and not on_table and events.four_card_bomb
    if not month:
        return problem("a bomb is cards of one month", "months")
    if not (three or two or four):
        return problem(
            f"a bomb plays three cards of a month onto the one card of it on the table ({len(on_table)} there)",
            "table",
            month=month,
            on_table=len(on_table),
        )
    if not events.bomb_after_shake and month in st.deeds.shaken(player):
        return problem(
            f"month {month} was shown by a shake and cannot be bombed under these rules", "shaken", month=month
        )
    return None


def _bombed(st: HandState, t: _Turn, size: int) -> None:
    """What a bomb of ``size`` cards earns: its dummy turns (one fewer than its cards, for a bomb of
    two or four), its multiplier (a bomb of two only where the rules say), its steal, and on the
    player's own first turn the payment of 첫폭탄 (EV-8)."""
    events = st.profile.events
    dummies = events.bomb_dummies if size == 3 else size - 1
    st.deeds.bomb(t.player, dummies, counts=size != 2 or events.two_card_bomb == "double")
    _steal(st, t, "bomb", events.bomb_steal)
    if events.first_bomb_pay and st.deeds.own_turns(t.player) == 1:
        _immediate(st, t, events.first_bomb_pay, AT_ONCE("first-bomb"))


def _joker(st: HandState, s: Turn, t: _Turn, ref: CardRef, flips: list[Flip]) -> list[Flip]:
    """A bonus card as the turn's hand card (gamerules): to the pile, and the first flip is played
    as the hand card (TU-1, S1). Under the other profiles it is laid with a ``bonus`` line."""
    p, events = s.player, st.profile.events
    st.take(p, ref, s.line, "played")
    st.piles.add(p, [ref.code])
    st.emit("bonus", s.line, p, (ref.code,))
    _steal(st, t, "bonus", events.bonus_steal)
    if events.bonus_from_hand != "flip-as-substitute":
        st.violate(
            "illegal-bonus",
            s.line,
            ref.column,
            f"a bonus card from the hand is laid with '{p}: bonus {ref.code} draw …' before the turn's play",
            p,
            ref.code,
            reason="lay-with-bonus",
        )
        return flips
    for at, substitute in enumerate(flips):
        st.draw(substitute.card, s.line, p, "flipped to play for the joker")
        if is_bonus(substitute.card.code):
            # A joker flipped for the joker is laid too, and the next card is played for it (S1:
            # "si juegas un comodín, ya sea de tu mano o de la pila").
            t.flipped_bonus.append(substitute.card.code)
            continue
        st.emit("play", s.line, p, [substitute.card.code], note="for the joker", said=NOTES("for-the-joker"))
        _hand_card(st, t, substitute.card.code, substitute.target)
        return flips[at + 1 :]
    return []


def _wrong_target(st: HandState, t: _Turn, target: CardRef | None, options: list[str], what: str) -> bool:
    if target is None or target.code in options:
        return False
    held = ", ".join(options) if options else "nothing of that month"
    st.violate(
        "illegal-capture",
        t.line,
        target.column,
        f"x{target.code}: {what} cannot take {target.code}; the table holds {held}",
        t.player,
        target.code,
        played=what,
        table=" ".join(options),
    )
    return True


def _hand_card(st: HandState, t: _Turn, card: str, target: CardRef | None) -> None:
    """The hand card against the table: laid, paired, a choice of two, or a stack (TU-3)."""
    month = month_of(card)
    on_table = st.table.cards(month)
    t.hand_card, t.hand_month, t.k = card, month, len(on_table)
    if target is not None:
        _wrong_target(st, t, target, on_table, card)
    if t.k == 0:
        st.table.lay(month, card)
        st.emit("lay", t.line, t.player, (card,))
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
        t.captured += [card, *_take_stack(st, t, month)]
        t.resolved = True


def _unsteal_bonus(t: _Turn, flipped: int) -> None:
    """The bonus cards flipped into a ppeok steal nothing now: they steal when the stack is taken."""
    for _ in range(flipped):
        at = next(i for i in range(len(t.steals) - 1, -1, -1) if t.steals[i].reason == "bonus")
        del t.steals[at]


def _take_stack(st: HandState, t: _Turn, month: int) -> list[str]:
    """The fourth card takes a stack of three: its owner decides the steal (EV-2, PC-2); the
    bonus cards buried in it steal now where the rules wait for that."""
    cleared = st.table.clear(month)
    cards, made = cleared.cards, cleared.made
    owner = NATURAL if cleared.owner is None else cleared.owner
    events = st.profile.events
    no_steal = t.last_card and not events.last_turn_stack_steal
    buried = sum(1 for c in cards if is_bonus(c))
    if buried and not no_steal and events.bonus_steal_in_stack == "when-taken":
        _steal(st, t, "bonus", events.bonus_steal * buried)
    if owner == NATURAL:
        st.emit("stack", t.line, t.player, cards, note="natural", said=NOTES("natural"))
        if not no_steal:
            _steal(st, t, "stack", st.profile.deal.natural_stack_steal)
    elif owner == t.player and (events.ja_ppeok_window == "any-later-turn" or made == st.deeds.own_turns(t.player) - 1):
        st.emit("ja-ppeok", t.line, t.player, cards)
        if not no_steal:
            _steal(st, t, "ja-ppeok", events.ja_ppeok_steal, by_value=events.multi_steal_unit == "value")
    else:
        st.emit("stack", t.line, t.player, cards, other=owner)
        if not no_steal:
            givers = (owner,) if events.stack_steal_from == "owner-only" and owner != t.player else ()
            _steal(st, t, "stack", events.stack_steal, givers=givers)
    return cards


def _flip(st: HandState, t: _Turn, flip: Flip) -> None:
    """A card flipped from the stock: a bonus is captured; otherwise chok, ppeok, ttadak or a plain
    capture (TU-4, TU-5)."""
    card = flip.card.code
    st.draw(flip.card, t.line, t.player, "flipped")
    st.emit("flip", t.line, t.player, (card,))
    if is_bonus(card):
        t.flipped_bonus.append(card)
        _steal(st, t, "bonus", st.profile.events.bonus_steal)
        return
    month = month_of(card)
    if t.hand_card is not None and not t.resolved and month == t.hand_month:
        _same_month(st, t, card, flip.target)
        return
    on_table = st.table.cards(month)
    if flip.target is not None:
        _wrong_target(st, t, flip.target, on_table, card)
    if not on_table:
        st.table.lay(month, card)
        st.emit("lay", t.line, t.player, (card,))
    elif len(on_table) == 1:
        st.table.take(month, on_table[0])
        t.captured += (card, on_table[0])
    elif len(on_table) == 2:
        chosen = flip.target.code if flip.target is not None and flip.target.code in on_table else on_table[0]
        if flip.target is None and on_table[0] != on_table[1]:
            st.violate(
                "ambiguous-capture",
                t.line,
                flip.card.column,
                f"the flip {card} can take {on_table[0]} or {on_table[1]}: write x and the card taken",
                t.player,
                card,
                first=on_table[0],
                second=on_table[1],
            )
        st.table.take(month, chosen)
        t.captured += (card, chosen)
    else:
        t.captured += [card, *_take_stack(st, t, month)]


def _same_month(st: HandState, t: _Turn, card: str, target: CardRef | None) -> None:
    """The flip is of the hand card's month: chok, ppeok or ttadak (EV-1, EV-5, EV-6)."""
    events = st.profile.events
    month, hand_card = t.hand_month, t.hand_card
    assert hand_card is not None
    t.resolved = True
    on_table = st.table.cards(month)
    _wrong_target(st, t, target, on_table, card)
    if t.k == 0:
        st.table.take(month, hand_card)
        t.captured += (hand_card, card)
        st.emit("chok", t.line, t.player, [hand_card, card])
        _first_pay(st, t, "chok", events.first_chok_pay)
        if not t.last_card or events.last_turn_chok:
            _steal(st, t, "chok", events.chok_steal)
    elif t.k == 1:
        assert t.pair is not None
        if t.last_card and not events.last_card_ppeok:
            _last_card_pair(st, t, card)
            return
        st.table.stack(month, [t.pair, hand_card, card], t.player, st.deeds.own_turns(t.player), t.flipped_bonus)
        if events.bonus_steal_in_stack == "when-taken" and events.bonus_steal:
            _unsteal_bonus(t, len(t.flipped_bonus))
        t.flipped_bonus = []
        streak = st.deeds.ppeok(t.player)
        st.emit("ppeok", t.line, t.player, [t.pair, hand_card, card])
        if streak is not None:
            _ppeok_streak(st, t, streak)
    else:
        taken = st.table.clear(month).cards
        t.captured += [hand_card, card, *taken]
        t.ambiguous = None
        st.emit("ttadak", t.line, t.player, [hand_card, card, *taken])
        _first_pay(st, t, "ttadak", events.first_ttadak_pay)
        if events.ttadak_counts_as_ppeok:
            st.deeds.ppeok(t.player, streak=False)
        if not t.last_card or events.last_turn_ttadak:
            _steal(st, t, "ttadak", events.ttadak_steal)


def _last_card_pair(st: HandState, t: _Turn, card: str) -> None:
    """The own last card pairs one on the table and the flip is of its month, which is no ppeok
    there (EV-10): the three are taken, or, where the rules leave it (cs470), the flip stays."""
    assert t.pair is not None and t.hand_card is not None
    month = t.hand_month
    st.table.clear(month)
    t.captured += (t.hand_card, t.pair)
    if st.profile.events.last_card_flip_left:
        st.table.lay(month, card)
        st.emit("lay", t.line, t.player, (card,))
    else:
        t.captured.append(card)


def _finish_hand_card(st: HandState, t: _Turn) -> None:
    """The hand card's pending capture happens when no flip changed it (TU-5)."""
    if t.hand_card is None or t.resolved or t.k not in (1, 2):
        return
    assert t.pair is not None
    st.table.take(t.hand_month, t.pair)
    t.captured += (t.hand_card, t.pair)
    if t.ambiguous is not None:
        others = st.table.cards(t.hand_month)
        st.violate(
            "ambiguous-capture",
            t.line,
            1,
            f"{t.hand_card} can take {t.pair} or {others[0] if others else 'another card'}: write x and the card taken",
            t.player,
            t.hand_card,
            first=t.pair,
            second=others[0] if others else "",
        )


def _sweep(st: HandState, t: _Turn, start_cards: int, start_months: int) -> None:
    """싹쓸이: the turn leaves the table empty (or takes its last two cards, gamerules) (EV-7); asked
    only after a turn that captured something."""
    events = st.profile.events
    if not st.table.is_empty():
        return
    if events.sweep_rule == "two-different-months":
        swept = start_cards == 2 and start_months == 2
    else:
        swept = start_cards > 0 or not events.sweep_requires_nonempty_start
    if not swept:
        return
    st.emit("sweep", t.line, t.player)
    if not t.last_card:
        _steal(st, t, "sweep", events.sweep_steal)


def _ppeok_streak(st: HandState, t: _Turn, turn: int) -> None:
    """첫뻑, 연뻑, 삼연뻑: ppeoks on a player's first ``turn`` own turns pay at once where the
    profile says (EV-3). The first three streaks have names of their own, which players say as
    words (삼연뻑, not 3연뻑), so each is a sentence of its own; a longer streak, which only a
    profile set by hand pays, is counted (decision P93)."""
    pays = st.profile.events.first_ppeok_pay
    if turn <= len(pays):
        said = _PPEOK_STREAKS.get(turn)
        _immediate(st, t, pays[turn - 1], AT_ONCE(said) if said else AT_ONCE("ppeoks", count=turn))


_PPEOK_STREAKS: dict[int, str] = {1: "first-ppeok", 2: "two-ppeoks", 3: "three-ppeoks"}
"""The length of a streak of ppeoks from the first own turn → its named payment reason."""


_FIRST: dict[str, Callable[[HandState, str, str], bool]] = {
    "first-of-hand": lambda st, _player, what: st.deeds.first(what),
    "first-own-turn": lambda st, player, _what: st.deeds.own_turns(player) == 1,
}
"""``first_pay_scope`` (also the reason's sentence) → whether this chok or ttadak is the one paid."""


def _first_pay(st: HandState, t: _Turn, what: str, points: int) -> None:
    """The first chok or ttadak pays at once where the profile says: the first of the hand, or one
    on the player's own first turn (EV-5, EV-6)."""
    if not points:
        return
    scope = st.profile.events.first_pay_scope
    if _FIRST[scope](st, t.player, what):
        _immediate(st, t, points, AT_ONCE(scope, what=what))


def _immediate(st: HandState, t: _Turn, points: int, said: Message) -> None:
    """Each opponent pays at once (the judge makes the payments from these events)."""
    for payer in _opponents(st, t.player):
        st.emit("immediate", t.line, t.player, other=payer, note=said.english(), extra={"points": points}, said=said)


def compare_marks(st: HandState, s: Turn) -> None:
    """A mark the replay does not confirm is a discrepancy (GSN §5); a mark written twice on a
    line says the same once (decision H11)."""
    happened: set[str] = set()
    for event in reversed(st.events):  # the turn's events are the last ones: not the whole hand's again
        if event.turn != st.turn_number:
            break
        happened.add(event.kind)
    for mark in dict.fromkeys(s.marks):
        if MARK_EVENTS[mark] not in happened:
            found = sorted(happened & set(MARK_EVENTS.values()))
            said = (
                MARKS("mark-found-other", mark=mark, found=", ".join(found))
                if found
                else MARKS("mark-not-found", mark=mark)
            )
            st.findings.discrepancy(discrepancy("mark", s.line, said))


def shake_problem(st: HandState, player: str, cards: list[str]) -> Problem | None:
    """Why ``player: shake cards`` is not allowed now (None when it may be, the cards being held)."""
    if st.minhwatu:
        return problem("Minhwatu has no shakes", "minhwatu")
    timing = st.profile.events.shake_timing
    if timing == "at-deal" and st.began:
        return problem("under these rules triples are shown before the first turn", "at-deal")
    if timing != "at-deal" and st.expected() != player:
        return problem(f"{player} may shake only at the start of {player}'s own turn", "not-own-turn")
    months = {month_of(c) for c in cards}
    if len(cards) != 3 or len(months) != 1 or 0 in months:
        return problem(f"{player}: a shake shows three cards of one month", "not-three")
    month = months.pop()
    if month in st.deeds.shaken(player):
        return problem(f"{player} has already shown month {month}", "already-shown", month=month)
    if st.table.count(month) and timing != "at-deal":
        return problem(
            f"{player} cannot shake month {month}: the table holds a card of it (that is a bomb)",
            "on-table",
            month=month,
        )
    return None


def shake(st: HandState, s: Shake) -> None:
    """흔들기: three cards of a month shown (EV-9)."""
    p = s.player
    if p not in st.order and st.began and not st.minhwatu:
        st.violate("out-of-turn", s.line, s.column, f"{p} does not play this hand", p, reason="not-seated")
        return
    refused = shake_problem(st, p, [c.code for c in s.cards])
    if refused is not None:
        st.violate("illegal-shake", s.line, s.column, refused[0], p, **refused[1])
        return
    if not st.show(p, s.cards, s.line):
        return
    month = month_of(s.cards[0].code)
    st.deeds.shake(p, month)
    st.emit("shake", s.line, p, [c.code for c in s.cards])
    if st.profile.events.shake_timing == "on-play":
        st.shake_due = (p, month, s.line)


def bonus(st: HandState, s: Bonus) -> None:
    """A bonus card laid from the hand, and its replacement drawn from the stock (TU-1)."""
    p = s.player
    if st.expected() != p:
        st.violate(
            "illegal-bonus",
            s.line,
            s.column,
            f"{p} may lay a bonus card only at the start of {p}'s own turn",
            p,
            reason="not-own-turn",
        )
        return
    if not is_bonus(s.card.code):
        st.violate(
            "illegal-bonus",
            s.line,
            s.card.column,
            f"{s.card.code} is not a bonus card",
            p,
            s.card.code,
            reason="not-bonus",
        )
        return
    if st.profile.events.bonus_from_hand == "flip-as-substitute":
        st.violate(
            "illegal-bonus",
            s.line,
            s.column,
            "under these rules a bonus card is played as the turn's hand card, not laid with 'bonus'",
            p,
            s.card.code,
            reason="play-as-hand-card",
        )
        return
    if not st.take(p, s.card, s.line, "laid"):
        return
    st.piles.add(p, [s.card.code])
    st.emit("bonus", s.line, p, (s.card.code,))
    if s.draw.code == UNSEEN:
        listed = st.stock.listed_next()
        if st.stock.remaining <= 0:
            st.violate("extra-card", s.line, s.draw.column, "a replacement drawn from an empty stock", p, stock=0)
        else:
            st.stock.take()
            st.hands.add(p, listed)
    else:
        st.draw(s.draw, s.line, p, f"drawn by {p}")
        st.hands.add(p, s.draw.code)
    st.emit("draw", s.line, p, (s.draw.code,))
    steal = st.profile.events.bonus_steal
    if steal:
        opponents = _opponents(st, p)
        pending = PendingTurn(p, s.line, [Steal("bonus", steal, givers=opponents)])
        for giver in opponents:
            pay_steals(st, pending, giver, pending.steals)
