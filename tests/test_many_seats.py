"""Five and six at a Go-Stop table (issue 29; docs/rules-reference.md 4P-1, 4P-3): all but three sit
out, by folding (죽기) or selling brights (광팔기), the last in turn order selling when too few fold;
each seller is paid for their own cards. Seven are refused with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import hand, judge, owed
from replaying import codes, replay

FIVE = (Path(__file__).parent / "hands" / "five-seats.gsn").read_text(encoding="utf-8")


def test_five_seats_two_sit_out_and_three_play() -> None:
    verdict = hand(FIVE)
    assert verdict.valid and verdict.winner == "Minji"
    assert owed(verdict) == {"Jae->Minji": 6, "Soo->Minji": 6, "Jae->Hyun": 1, "Soo->Hyun": 1}


def test_when_nobody_folds_the_last_two_in_turn_order_sell() -> None:
    """Without Ara's fold and Hyun's sale, both sell, the last first: Hyun his 8g, Ara her 3g, each
    paid by the two players who are not the dealer."""
    text = FIVE.replace("Ara: fold\n", "").replace("Hyun: sell\n", "")
    verdict = hand(text)
    assert verdict.valid
    assert owed(verdict) == {
        "Jae->Minji": 6,
        "Soo->Minji": 6,
        "Jae->Hyun": 1,
        "Soo->Hyun": 1,
        "Jae->Ara": 1,
        "Soo->Ara": 1,
    }
    sold = [e for e in replay(text).events if e.kind == "sit-out"]
    assert [(e.player, e.note) for e in sold] == [("Hyun", "sell (nobody folded)"), ("Ara", "sell (nobody folded)")]


def test_only_the_last_in_turn_order_sell() -> None:
    text = FIVE.replace("Ara: fold\nHyun: sell\n", "Soo: sell\n")
    assert codes(replay(text))[0] == "illegal-declaration"
    (said,) = [v.message for v in replay(text).violations if v.code == "illegal-declaration"]
    assert said == "Soo cannot sell: only the last in turn order (Ara Hyun) sells when nobody folds"


def test_no_more_than_all_but_three_sit_out() -> None:
    text = FIVE.replace("Hyun: sell\n", "Hyun: sell\nJae: fold\n")
    (said,) = [v.message for v in replay(text).violations]
    assert said == "Jae cannot fold: Ara, Hyun already sit this hand out"


def _simulated(players: int, hands: int) -> str:
    from gostop_arbiter.notation import write_transcript
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate

    return write_transcript(simulate(profile_named("standard"), players=players, hands=hands, seed=29))


@pytest.mark.parametrize("players", [5, 6])
def test_simulated_sessions_of_five_and_six_are_judged(players: int) -> None:
    """Six at the table deal the whole deck (6 × 7 + 6); the sitters' hands go back into the stock,
    so three play an ordinary 7/6/21 hand."""
    verdict = judge(_simulated(players, 12))
    for h in verdict.hands:
        assert h.valid, h.violations
        sitting = {p.payee for p in h.payments if p.kind == "sale"}
        assert len(set(h.seats) - sitting) >= 3
        assert len(h.scores) in (0, 3)


def test_seven_are_refused_with_the_reason() -> None:
    text = '[Seats "A, B, C, D, E, F, G"]\ndeal A: 1g 1r 1p 1p 2a 2r 2p\n'
    (error,) = judge(text, expect_errors=True).errors
    assert "seven at a Go-Stop table deal 7 cards each and none to the table" in error.message


def test_a_tally_of_five_has_three_pile_lines() -> None:
    text = '[Seats "A, B, C, D, E"]\npile A: 1g 3g 8g\npile B: 1p\npile C: 2p\nA: stop\n'
    assert owed(hand(text)) == {"B->A": 6, "C->A": 6}
    (error,) = judge(text.replace("pile C: 2p\n", ""), expect_errors=True).errors
    assert error.message.startswith("5 players are seated and only 2 have a pile line")
