"""What follows a turn (docs/rules-reference.md ST-1..ST-3, GO-1..GO-4): the steals it earned and the junk given
for them, the sake cup's declaration, and the go/stop call once the score allows one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..cards import ANIMAL, BONUS, card_info
from ..messages import Message
from ..notation.model import Call, Declare, Give, Shodang, ShodangAnswer
from ..scoring import declaration_problem, junk_value_of, redeclaration_problem, switchable_codes
from .events import NOTES, EventKind
from .state import Facts, HandState, PendingTurn, Problem, Steal, problem


def give(st: HandState, s: Give) -> None:
    """``NAME: give 3p``: the junk handed over for the turn just played (checked when the turn closes)."""
    pending = st.pending
    if pending is None or s.player == pending.player or s.player not in st.order:
        st.violate(
            "illegal-give",
            s.line,
            s.column,
            f"{s.player} owes no junk here: no steal was made from {s.player}",
            s.player,
            reason="no-steal",
        )
        return
    pending.give_lines[s.player] = s


def close_pending(st: HandState) -> None:
    """Pay the steals of the last turn, then see whether its player may call go or stop."""
    pending = st.pending
    if pending is None:
        return
    st.pending = None
    for giver in pending.give_lines:
        if not any(giver in steal.givers for steal in pending.steals):
            line = pending.give_lines[giver]
            st.violate(
                "illegal-give",
                line.line,
                line.column,
                f"{giver} owes no junk for this turn",
                giver,
                reason="owes-nothing",
            )
    if pending.steals:  # most turns steal nothing
        for giver in [p for p in st.order if p != pending.player]:
            units = [steal for steal in pending.steals if giver in steal.givers]
            if units:
                pay_steals(st, pending, giver, units)
    if st.outcome.kind == "incomplete":
        after_turn(st, pending.player, pending.line)


def owed(st: HandState) -> dict[str, int]:
    """Giver → how many cards they hand over for the pending turn's steals, as it stands now."""
    pending = st.pending
    if pending is None or not pending.steals:
        return {}
    gifts = {}
    for giver in st.order:
        units = [steal for steal in pending.steals if giver in steal.givers and giver != pending.player]
        if units:
            gifts[giver] = len(default_gift(st, giver, units))
    return {giver: n for giver, n in gifts.items() if n}


def give_problem(st: HandState, giver: str, named: list[str]) -> Problem | None:
    """Why ``giver: give`` of these cards alone would be refused when the pending turn closes (None
    when it would not): what :func:`pay_steals` checks, asked now, so that a listing need not close a
    copy of the state for each choice of junk (decision E27)."""
    pending = st.pending
    units = [steal for steal in pending.steals if giver in steal.givers] if pending is not None else []
    if pending is None or giver == pending.player or not units:
        return problem(f"{giver} owes no junk for this turn", "owes-nothing")
    return _give_problem(st, giver, named, default_gift(st, giver, units))


def _give_problem(st: HandState, giver: str, named: list[str], default: list[str]) -> Problem | None:
    pile = Counter(st.piles.of(giver))
    wanted = Counter(named)
    missing = next((c for c, n in wanted.items() if pile[c] < n), None)
    if missing is not None:
        return problem(f"{giver}'s pile holds no {missing} to give", "not-in-pile", given=missing)
    bad = next((c for c in named if junk_value_of(c, st.piles.declared(giver)) == 0), None)
    if bad is not None:
        return problem(f"{bad} is not junk", "not-junk", given=bad)
    if len(named) != len(default):
        return problem(
            f"{giver} owes {len(default)} card(s) for this turn, not {len(named)}",
            "count",
            owed=len(default),
            given_count=len(named),
        )
    return None


def pay_steals(st: HandState, pending: PendingTurn, giver: str, units: Sequence[Steal]) -> None:
    receiver = pending.player
    default = default_gift(st, giver, units)
    chosen = default
    line = pending.give_lines.get(giver)
    if line is not None:
        named = [ref.code for ref in line.cards]
        refused = _give_problem(st, giver, named, default)
        if refused is not None:
            st.violate("illegal-give", line.line, line.column, refused[0], giver, **refused[1])
        else:
            chosen = named
    piles = st.piles
    for code in chosen:
        placed = piles.declared(giver).get(code)
        piles.remove(giver, code)
        piles.add(receiver, [code])
        if placed == "pi":
            piles.declare(receiver, code, "pi")  # a cup handed over as junk stays junk (R17, R45)
        st.emit("steal", pending.line, receiver, [code], other=giver)
    if st.profile.events.steal_change and len(chosen) == 1 and len(units) == 1 and not units[0].by_value:
        value = junk_value_of(chosen[0], piles.declared(giver))
        single = next((c for c in piles.of(receiver) if c.endswith("p") and not c.endswith("pp")), None)
        if value >= 2 and single is not None and units[0].amount == 1:
            piles.remove(receiver, single)
            piles.add(giver, [single])
            st.emit("steal", pending.line, giver, [single], other=receiver, **_noted(NOTES("change")))


def giveable(st: HandState, giver: str) -> list[str]:
    """The giver's junk, lowest first: singles, then doubles, then bonus cards (ST-2); a sake cup
    counted as junk first of the doubles where the rules give it first (cs470)."""
    declared = st.piles.declared(giver)
    switchable = switchable_codes(st.profile)  # found once per profile, not a set made for every steal
    cup_first = st.profile.deck.gukjin_given_first
    options = []
    for code in st.piles.of(giver):
        info = card_info(code)
        if info is None:
            continue
        if info.kind is ANIMAL:
            if declared.get(code) != "pi" and (st.profile.deck.gukjin_protected or code not in switchable):
                continue
            value = 2
        else:  # only a switchable animal is declared: any other card is worth what the deck says
            value = info.junk_value
        if value:
            later = not (cup_first and code in switchable)
            options.append((value, later, info.kind is BONUS, code))
    return [code for *_order, code in sorted(options)]


def default_gift(st: HandState, giver: str, units: Sequence[Steal]) -> list[str]:
    """What the giver hands over when no ``give`` line says: the lowest junk first, or where the
    steals of a turn are combined, the fewest cards worth their sum."""
    available = giveable(st, giver)
    if st.profile.events.steals_combined:
        return _combined_gift(available, st.piles.declared(giver), sum(unit.amount for unit in units))
    gift: list[str] = []
    for unit in units:
        got = 0
        while available and got < unit.amount:
            code = available.pop(0)
            gift.append(code)
            got += junk_value_of(code, st.piles.declared(giver)) or 2 if unit.by_value else 1
    return gift


def _combined_gift(available: list[str], declared: Mapping[str, str], owed: int) -> list[str]:
    """The steals of a turn paid at once (cs470): while junk is owed, the first card of the highest
    value that does not exceed what is owed, or, when every card left is worth more, the lowest."""
    gift: list[str] = []
    while owed > 0 and available:
        values = [junk_value_of(code, declared) or 2 for code in available]
        fitting = [v for v in values if v <= owed]
        value = max(fitting) if fitting else min(values)
        code = available.pop(values.index(value))
        gift.append(code)
        owed -= value
    return gift


def third_ppeok(st: HandState, player: str) -> bool:
    """쓰리뻑: the player's third ppeok of the hand wins it, where the profile says so. Where a
    ttadak counts toward the three, the win still comes only on a turn that made a ppeok (cs470)."""
    events = st.profile.events
    if st.deeds.ppeoks(player) < 3 or not events.three_ppeok:
        return False
    return not events.ttadak_counts_as_ppeok or _made_a_ppeok(st, player)


def _made_a_ppeok(st: HandState, player: str) -> bool:
    """The turn just played made a ppeok of the player's."""
    for event in reversed(st.events):  # the turn's events are the last ones
        if event.turn != st.turn_number:
            return False
        if event.kind == "ppeok" and event.player == player:
            return True
    return False


def after_turn(st: HandState, player: str, line: int) -> None:
    """Three ppeoks, and the go/stop check after a resolved turn."""
    if third_ppeok(st, player):
        st.end("three-ppeok", player, line)
        st.emit("three-ppeok", line, player)
        return
    score = st.score(player)
    last = st.calls.last_go(player)
    if score >= st.seating.minimum and (last is None or score > last):
        st.calls.owe(player, score, line)


def call_problem(st: HandState, player: str, call: str) -> Problem | None:
    """Why ``player: go`` or ``player: stop`` is not allowed now (None when it is)."""
    if st.minhwatu:
        return problem("Minhwatu has no go or stop: the round is played out", "minhwatu")
    must = st.calls.due
    if must is not None and must.player != player:
        return problem(f"it is {must.player}'s call, after {must.player}'s turn", "other-call", caller=must.player)
    if must is None:
        score = st.score(player) if st.piles.holds(player) else 0
        minimum = st.profile.min_score(len(st.order))
        last = st.calls.last_go(player)
        if last is None:
            why = problem(
                f"{player} has {score} points; a call needs {minimum}", "below-minimum", score=score, minimum=minimum
            )
        else:
            why = problem(
                f"{player} has {score} points and called go at {last}: the score must rise first",
                "no-rise",
                score=score,
                last_go=last,
            )
        if st.events and st.last_turn_player() != player:
            return f"only the player whose turn just ended may call ({why[0]})", {**why[1], "reason": "not-last-turn"}
        return why
    if call == "go" and st.cards_left(player) == 0 and st.profile.go.go_when_no_cards_left == "illegal":
        return problem(f"{player} has no card left and may only stop", "no-cards-left")
    return None


def missed(st: HandState, line: int) -> None:
    """missing-call: the player whose score called for a go or stop let the next turn begin."""
    m = st.calls.due
    if m is None:
        return
    said, params = _on_counted_cards(
        st,
        f"{m.player} had {m.score} points after line {m.line} and had to call go or stop before the next turn",
        {"score": m.score, "after_line": m.line},
    )
    st.violate("missing-call", line, 1, said, m.player, **params)
    st.calls.clear()


_COUNTED = frozenset({"below-minimum", "no-rise"})
"""The reasons a call is refused that rest on the points the piles hold."""


def _on_counted_cards(st: HandState, message: str, params: Facts) -> Problem:
    """A call judged on the piles' points after the cards stopped adding up (an extra card, one
    played from a hand that cannot hold it) follows from that fault: it says so, and where
    (decision H33)."""
    broken = st.findings.cards_broken
    if broken is None:
        return message, params
    return f"{message}; the points rest on cards that stopped adding up on line {broken}", {
        **params,
        "follows_line": broken,
    }


def call(st: HandState, s: Call) -> None:
    """고 or 스톱 (GO-1)."""
    p = s.player
    refused = call_problem(st, p, s.call)
    must = st.calls.due
    if refused is not None:
        if must is not None and must.player == p:
            st.calls.clear()  # the call was due and was made, wrongly: it is not due again
        said, params = _on_counted_cards(st, *refused) if refused[1].get("reason") in _COUNTED else refused
        st.violate("illegal-call", s.line, s.column, said, p, call=s.call, **params)
        return
    assert must is not None
    st.calls.clear()
    if s.call == "go":
        st.calls.go(p, must.score)
        _emit_call(st, "go", s.line, p, must.score)
    else:
        st.calls.stop()
        st.end("stop", p, s.line)
        _emit_call(st, "stop", s.line, p, must.score)


def declare(st: HandState, s: Declare) -> None:
    """``NAME: 9a as pi``: where the sake cup counts from here on (SC-1)."""
    code = s.card.code
    problem = declaration_problem(s.player, code, st.piles.of(s.player), st.profile)
    if problem:
        st.violate("illegal-declaration", s.line, s.card.column, problem, s.player, code, category=s.category)
        return
    earlier = st.piles.declared(s.player).get(code)
    called = st.calls.gos[s.player] > 0 or st.outcome.winner == s.player
    ended = st.outcome.kind != "incomplete"
    fixed = redeclaration_problem(s.player, code, s.category, earlier, st.profile, called=called, ended=ended)
    if fixed is not None:
        st.violate("illegal-declaration", s.line, s.card.column, fixed[0], s.player, code, **fixed[1])
        return
    st.piles.declare(s.player, code, s.category)
    st.emit("declare", s.line, s.player, [code], note=s.category)
    if (
        st.pending is None
        and st.calls.due is None
        and st.outcome.kind == "incomplete"
        and st.last_turn_player() == s.player
    ):
        after_turn(st, s.player, s.line)


def shodang_problem(st: HandState, player: str) -> Problem | None:
    """Why ``player: shodang`` (쇼당) is not allowed now (None when it is): three playing, before the
    player's own turn, no call due and no other offer awaiting its answers (PA-7)."""
    if st.profile.baks.shodang == "off" or st.minhwatu:
        return problem("these rules have no shodang", "no-shodang")
    if len(st.order) != 3:
        return problem("a shodang is offered only with three playing", "three-only", players=len(st.order))
    offer = st.deeds.offer
    if offer is not None:
        return problem(f"{offer[0]}'s shodang of line {offer[1]} awaits its answers", "pending", offerer=offer[0])
    if st.calls.due is not None:
        return problem(f"{st.calls.due.player} must call go or stop first", "call-due", caller=st.calls.due.player)
    if player != st.expected() or st.hand_is_over():
        return problem(f"{player} may offer a shodang only before {player}'s own turn", "not-own-turn")
    return None


def shodang(st: HandState, s: Shodang) -> None:
    """쇼당: the player shows their hand and offers the other two a draw; both must answer before
    the next turn."""
    if _refused(st, s, "offer a shodang", shodang_problem(st, s.player)):
        return
    st.deeds.offer_shodang(s.player, s.line)
    st.emit("shodang", s.line, s.player)


def _refused(st: HandState, s: Shodang | ShodangAnswer, what: str, refused: Problem | None) -> bool:
    """Say why ``s`` may not ``what`` now (an illegal declaration), where it may not."""
    if refused is None:
        return False
    reason, facts = refused
    st.violate("illegal-declaration", s.line, s.column, f"{s.player} cannot {what}: {reason}", s.player, **facts)
    return True


def answer_problem(st: HandState, player: str) -> Problem | None:
    """Why ``player: accept`` or ``player: refuse`` is not allowed now (None when it is)."""
    offer = st.deeds.offer
    if offer is None:
        return problem("no shodang awaits an answer", "no-offer")
    if player == offer[0]:
        return problem(f"{player} offered the shodang", "offerer")
    if player not in st.order:
        return problem(f"{player} does not play this hand", "not-seated")
    if player in st.deeds.answers:
        return problem(f"{player} has answered already", "answered")
    return None


def answer(st: HandState, s: ShodangAnswer) -> None:
    """수락 or 거절: once both have answered, both accepting make the hand a nagari; a refusal lets
    play go on, and the settlement asks who refused (PA-7)."""
    if _refused(st, s, s.answer, answer_problem(st, s.player)):
        return
    st.deeds.answer_shodang(s.player, s.answer)
    st.emit("shodang-answer", s.line, s.player, note=s.answer)
    if len(st.deeds.answers) < len(st.order) - 1:
        return
    accepted = all(a == "accept" for a in st.deeds.answers.values())
    st.deeds.close_shodang(answered=True)
    if accepted:
        st.end("nagari", None, s.line)
        st.emit("nagari", s.line, None, (), **_noted(NOTES("shodang-accepted")))


def unanswered(st: HandState, line: int) -> None:
    """A turn begins while a shodang awaits an answer: said, and the offer is void."""
    offer = st.deeds.offer
    if offer is None:
        return
    missing = [p for p in st.order if p != offer[0] and p not in st.deeds.answers]
    st.violate(
        "illegal-declaration",
        line,
        1,
        f"{', '.join(missing)} did not answer {offer[0]}'s shodang of line {offer[1]} before the next turn; "
        "the offer is void",
        offer[0],
        reason="unanswered",
        offerer=offer[0],
        players=", ".join(missing),
        offer_line=offer[1],
    )
    st.deeds.close_shodang(answered=False)


def _noted(said: Message) -> dict[str, object]:
    """An event's words: the message, and its English as the note."""
    return {"note": said.english(), "said": said}


def _emit_call(st: HandState, call: EventKind, line: int, player: str, score: int) -> None:
    """A go or a stop, at its score (the score also as a fact, for a page that shows it alone)."""
    st.emit(call, line, player, extra={"score": score}, **_noted(NOTES("at-score", score=score)))
