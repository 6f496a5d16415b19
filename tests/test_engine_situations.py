"""Rules in rare situations, checked on hands found among simulated ones: the situation is
recognised from the transcript and the replay's state, and the rule's effect asserted directly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from gostop_arbiter import judge_text
from gostop_arbiter.engine import BoardView, HandBoard
from gostop_arbiter.notation import parse_text, write_transcript
from gostop_arbiter.notation.model import Turn
from gostop_arbiter.rules import profile_named, with_overrides
from gostop_arbiter.tools.simulate import simulate

HANDS = Path(__file__).parent / "hands"


def hands(rules: str, players: int, seeds: range) -> Iterator[str]:
    for seed in seeds:
        yield write_transcript(simulate(profile_named(rules), players=players, hands=1, seed=seed))


def turns_with_state(text: str, **sets: object) -> Iterator[tuple[Turn, BoardView, dict[int, list[str]], int]]:
    """Each turn with the view of the board after it (its steals paid), the table before it and
    how many cards and dummies the player had before it."""
    (hand,) = parse_text(text).hands
    profile = with_overrides(profile_named(hand.rules), {k: str(v) for k, v in sets.items()})
    board = HandBoard.of_hand(hand, profile, dealer=hand.seats[0])
    for statement in hand.statements:
        seen = board.view()
        before = {stack.month: list(stack.cards) for stack in seen.table}
        player = statement.player if isinstance(statement, Turn) else ""
        left = len(seen.hands[player]) + seen.unseen[player] + seen.dummies[player] if player in seen.hands else -1
        board.push(statement)
        if isinstance(statement, Turn):
            yield statement, board.view(), before, left


def month(code: str) -> int:
    from gostop_arbiter.engine.state import month_of

    return month_of(code)


def test_no_ppeok_on_the_own_last_card() -> None:
    """EV-1/EV-10: a pair made with the player's last card and the flip's third card is taken."""
    text = (HANDS / "last-card-pair.gsn").read_text(encoding="utf-8")
    last = [(turn, view, before, left) for turn, view, before, left in turns_with_state(text) if left == 1]
    turn, view, before, _left = last[0]
    assert (turn.player, turn.cards[0].code, turn.flips[0].card.code) == ("Minji", "8p", "8a")
    assert before[8] == ["8p"]
    kinds = [e.kind for e in view.events if e.line == turn.line]
    assert "ppeok" not in kinds
    taken = next(e.cards for e in view.events if e.line == turn.line and e.kind == "capture")
    assert sorted(taken) == ["8a", "8p", "8p"]
    assert not any(stack.month == 8 for stack in view.table)


def test_a_sweep_needs_cards_on_the_table_at_the_start() -> None:
    """EV-7: emptying a table that was already empty when the turn began is no sweep, unless the
    profile says so. (Too rare to find in simulated hands: a bare deal onto an empty table, its
    deal-size violations aside, is pushed on the board.)"""
    text = '[Seats "A, B"]\ndeal A: 3r\ndeal B: 2g\nA: 3r / 3p\n'
    for knob, expected in (("true", ["chok"]), ("false", ["chok", "sweep"])):
        (hand,) = parse_text(text).hands
        profile = with_overrides(profile_named("standard"), {"sweep_requires_nonempty_start": knob})
        board = HandBoard.of_hand(hand, profile, dealer="A")
        board.push_all(hand.statements, strict=False)
        assert [e.kind for e in board.view().events if e.kind in ("chok", "sweep")] == expected


def test_a_bonus_card_flipped_in_a_ppeok_is_buried_with_it() -> None:
    """TU-4: bonus cards flipped on a ppeok turn stay in the stack and go to whoever takes it."""
    text = (HANDS / "bonus-in-a-ppeok.gsn").read_text(encoding="utf-8")
    view = next(v for t, v, _b, _l in turns_with_state(text) if t.line == 16)
    assert [e.kind for e in view.events if e.line == 16 and e.kind in ("ppeok", "capture")] == ["ppeok"]
    (stack,) = [s for s in view.table if s.month == 4]
    assert (sorted(stack.cards), stack.owner, stack.buried) == (["4a", "4p", "4p"], "Minji", ("b2",))
    assert "b2" not in view.piles["Minji"]


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


def test_a_sold_hands_card_drawn_back_unseen_is_not_one_too_many() -> None:
    """E30: Ara sells, and her hand goes back into the stock with her 5p. Jae, whose hand is not
    seen, draws a bonus card's replacement nobody sees, then shows 5r 5p 5p: the second 5p is
    Ara's, drawn back, and the hand is valid. Had Minji, still playing, held that 5p instead, the
    third 5p is one too many, found at the shake."""
    text = (HANDS / "sold-card-drawn-back.gsn").read_text(encoding="utf-8")
    (hand,) = judge_text(text).hands
    assert hand.valid and hand.violations == [] and hand.discrepancies == []
    assert [(p.payer, p.payee, p.amount) for p in hand.payments] == [
        ("Jae", "Ara", 1), ("Soo", "Ara", 1), ("Minji", "Soo", 3), ("Jae", "Soo", 3),
    ]  # fmt: skip
    kept = text.replace("deal Minji: 1p 4a", "deal Minji: 5p 4a").replace("deal Ara: 2a 3g 3p 4p 5p", "deal Ara: 2a 3g 3p 4p 1p")
    (hand,) = judge_text(kept).hands
    shake = text.splitlines().index("Jae: shake 5r 5p 5p") + 1
    assert [(v.code, v.line, v.column) for v in hand.violations][:1] == [("extra-card", shake, 18)]


def test_a_card_drawn_back_that_comes_out_of_the_stock_after_all_is_the_hands_fault() -> None:
    """E30: when Ara's 5p, which Jae's shake was read as having drawn back, is flipped later from
    the stock, the 5p Jae showed was one too many: the fault is Jae's, at the shake, not the
    flipping player's, whose flip the whole table saw."""
    text = (HANDS / "sold-card-drawn-back.gsn").read_text(encoding="utf-8").replace("Minji: 6p / 5a", "Minji: 6p / 5p")
    (hand,) = judge_text(text).hands
    shake = text.splitlines().index("Jae: shake 5r 5p 5p") + 1
    assert [(v.code, v.line, v.column, v.player, v.card) for v in hand.violations] == [
        ("extra-card", shake, 18, "Jae", "5p")
    ]
