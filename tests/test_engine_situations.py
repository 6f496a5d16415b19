"""Rules in rare situations, checked on hands found among simulated ones: the situation is
recognised from the transcript and the replay's state, and the rule's effect asserted directly."""

from __future__ import annotations

from collections.abc import Iterator

from gostop_arbiter.engine import Replay
from gostop_arbiter.notation import parse_text, write_transcript
from gostop_arbiter.notation.model import Turn
from gostop_arbiter.rules import profile_named, with_overrides
from gostop_arbiter.simulate import simulate


def hands(rules: str, players: int, seeds: range) -> Iterator[str]:
    for seed in seeds:
        yield write_transcript(simulate(profile_named(rules), players=players, hands=1, seed=seed))


def turns_with_state(text: str, **sets: object) -> Iterator[tuple[Turn, Replay, dict[int, list[str]], int]]:
    """Each turn with the replay after it, the table before it and the player's cards before it."""
    (hand,) = parse_text(text).hands
    profile = with_overrides(profile_named(hand.rules), {k: str(v) for k, v in sets.items()})
    engine = Replay(hand, profile, dealer=hand.seats[0])
    for statement in hand.statements:
        before = {m: list(c) for m, c in engine.table.items() if c}
        left = engine.cards_left(statement.player) if isinstance(statement, Turn) and engine.began else -1
        engine.statement(statement)
        if isinstance(statement, Turn):
            engine.close_pending()
            yield statement, engine, before, left


def month(code: str) -> int:
    from gostop_arbiter.engine.replay import month_of

    return month_of(code)


def test_no_ppeok_on_the_own_last_card() -> None:
    """EV-1/EV-10: a pair made with the player's last card and the flip's third card is taken."""
    for text in hands("standard", 2, range(400)):
        for turn, engine, before, left in turns_with_state(text):
            if turn.play != "card" or left != 1 or not turn.flips:
                continue
            m = month(turn.cards[0].code)
            if len(before.get(m, [])) == 1 and month(turn.flips[0].card.code) == m:
                kinds = [e.kind for e in engine.events if e.line == turn.line]
                assert "ppeok" not in kinds
                taken = next(e.cards for e in engine.events if e.line == turn.line and e.kind == "capture")
                assert sum(1 for c in taken if month(c) == m) == 3
                return
    raise AssertionError("no last-card pair with a matching flip in 400 seeds")


def test_a_sweep_needs_cards_on_the_table_at_the_start() -> None:
    """EV-7: emptying a table that was already empty when the turn began is no sweep, unless the
    profile says so. (Too rare to find in simulated hands: the turn's rule is called directly.)"""
    from gostop_arbiter.engine.turn import _sweep, _Turn

    (hand,) = parse_text('[Seats "A, B"]\ndeal A: 1g\ndeal B: 2g\n').hands
    for knob, expected in (("true", []), ("false", ["sweep"])):
        engine = Replay(
            hand, with_overrides(profile_named("standard"), {"sweep_requires_nonempty_start": knob}), dealer="A"
        )
        engine.begin()
        turn = _Turn("A", 5, last_card=False, captured=["3p", "3p"])
        _sweep(engine, turn, start_cards=0, start_months=set())
        assert [e.kind for e in engine.events if e.kind == "sweep"] == expected
        assert [s.reason for s in turn.steals] == expected


def test_a_bonus_card_flipped_in_a_ppeok_is_buried_with_it() -> None:
    """TU-4: bonus cards flipped on a ppeok turn stay in the stack and go to whoever takes it."""
    for text in hands("online-matgo", 2, range(600)):
        for turn, engine, _before, _left in turns_with_state(text):
            kinds = [e.kind for e in engine.events if e.line == turn.line]
            bonus_flips = [f.card.code for f in turn.flips if f.card.code.startswith("b")]
            if "ppeok" in kinds and bonus_flips:
                m = month(turn.cards[0].code)
                assert engine.buried[m] == bonus_flips
                assert not set(bonus_flips) & set(engine.piles[turn.player])
                return
    raise AssertionError("no ppeok with a flipped bonus card in 600 seeds")


def test_gamerules_sweep_is_two_cards_of_different_months() -> None:
    """S1: a sweep is taking both of exactly two table cards of different months."""
    found = 0
    for text in hands("gamerules", 2, range(200)):
        for turn, engine, before, _left in turns_with_state(text):
            kinds = [e.kind for e in engine.events if e.line == turn.line]
            if "sweep" in kinds:
                assert sum(map(len, before.values())) == 2 and len(before) == 2
                found += 1
    assert found
