"""What follows a turn (docs/rules-reference.md ST-1..ST-3, GO-1..GO-4): the steals it earned and the junk given
for them, the sake cup's declaration, and the go/stop call once the score allows one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import ANIMAL, BONUS, card_info
from ..messages import Message
from ..notation.model import Call, Declare, Give
from ..scoring import declaration_problem, junk_value_of, redeclaration_problem
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
        piles.remove(giver, code)
        piles.add(receiver, [code])
        st.emit("steal", pending.line, receiver, [code], other=giver)
    if st.profile.events.steal_change and len(chosen) == 1 and len(units) == 1 and not units[0].by_value:
        value = junk_value_of(chosen[0], piles.declared(giver))
        single = next((c for c in piles.of(receiver) if c.endswith("p") and not c.endswith("pp")), None)
        if value >= 2 and single is not None and units[0].amount == 1:
            piles.remove(receiver, single)
            piles.add(giver, [single])
            st.emit("steal", pending.line, giver, [single], other=receiver, **_noted(NOTES("change")))


def giveable(st: HandState, giver: str) -> list[str]:
    """The giver's junk, lowest first: singles, then doubles, then bonus cards (ST-2)."""
    declared = st.piles.declared(giver)
    switchable = {f"{m}a" for m in st.profile.deck.switchable_animals}
    options = []
    for code in st.piles.of(giver):
        info = card_info(code)
        if info is None:
            continue
        if info.kind is ANIMAL:
            if declared.get(code) != "pi" and (st.profile.deck.gukjin_protected or code not in switchable):
                continue
            value = 2
        else:
            value = junk_value_of(code, declared)
        if value:
            options.append((value, info.kind is BONUS, code))
    return [code for _v, _b, code in sorted(options)]


def default_gift(st: HandState, giver: str, units: Sequence[Steal]) -> list[str]:
    """What the giver hands over when no ``give`` line says: the lowest junk first."""
    available = giveable(st, giver)
    gift: list[str] = []
    for unit in units:
        got = 0
        while available and got < unit.amount:
            code = available.pop(0)
            gift.append(code)
            got += junk_value_of(code, st.piles.declared(giver)) or 2 if unit.by_value else 1
    return gift


def third_ppeok(st: HandState, player: str) -> bool:
    """쓰리뻑: the player's third ppeok of the hand wins it, where the profile says so."""
    return st.deeds.ppeoks(player) >= 3 and st.profile.events.three_ppeok


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


def _noted(said: Message) -> dict[str, object]:
    """An event's words: the message, and its English as the note."""
    return {"note": said.english(), "said": said}


def _emit_call(st: HandState, call: EventKind, line: int, player: str, score: int) -> None:
    """A go or a stop, at its score (the score also as a fact, for a page that shows it alone)."""
    st.emit(call, line, player, extra={"score": score}, **_noted(NOTES("at-score", score=score)))
