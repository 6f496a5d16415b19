"""docs/rules-reference.md §18 examples that need turns (WE-7, WE-8, WE-11), and hands whose result depends on
the profile."""

from __future__ import annotations

import pytest
from conftest import SPEC_EXAMPLES
from judging import hand, judge, owed
from replaying import codes, replay

WE_7 = """
[Rules "online-matgo"]
[Seats "A, B"]
deal A: 1r 2r 3r 9a 9r 9p 10a 10r 10p 11g
deal B: 12g 12a 12r 12pp 11p 11p 11pp 4a 4r 5a
table: 1p 2p 3p 4p 5p 6p 7p 8p
A: 1r / 1g !ppeok
B: 12g / 6a
A: 2r / 2a !ppeok
B: 12a / 7a
A: 3r / 3g !ppeok
"""

WE_7_SPREAD = """
[Rules "online-matgo"]
[Seats "A, B"]
deal A: 1r 2r 3r 9a 9r 9p 10a 10r 10p 11g
deal B: 12g 12a 12r 12pp 11p 11p 11pp 4a 4r 5a
table: 1p 2p 3p 4p 5p 6p 7p 8p
A: 1r / 1g
B: 12g / 6a
A: 9a / 8a
B: 12a / 7a
A: 2r / 2a
B: 12r / 5r
A: 10a / 6r
B: 11p / 8g
A: 3r / 3g
"""


def test_we7_ppeok_streak_and_three_ppeoks() -> None:
    verdict = hand(WE_7)
    assert (verdict.valid, verdict.outcome, verdict.winner) == (True, "three-ppeok", "A")
    assert [(p.kind, p.points) for p in verdict.payments] == [("immediate", 7), ("immediate", 14), ("immediate", 21), ("hand", 7)]
    assert owed(verdict) == {"B->A": 49}
    assert verdict.discrepancies == []


def test_we7_ppeoks_on_turns_one_three_and_five() -> None:
    verdict = hand(WE_7_SPREAD)
    assert verdict.valid and verdict.outcome == "three-ppeok"
    assert owed(verdict) == {"B->A": 14}


def test_we7_standard_has_no_first_ppeok_payments() -> None:
    verdict = hand(WE_7, "standard")
    assert owed(verdict) == {"B->A": 7}
    assert verdict.payments[0].reason == "three-ppeok: A made three ppeoks (쓰리뻑)"


def test_we7_gamerules_has_no_three_ppeok_win() -> None:
    # gamerules (R9): the third ppeok is a ppeok like the others, nothing is paid at once, and the
    # hand goes on (this record stops there, so it is incomplete).
    verdict = hand(WE_7, "gamerules")
    assert (verdict.valid, verdict.outcome, verdict.winner, verdict.payments) == (True, "incomplete", None, [])
    r = replay(WE_7, rules="gamerules")
    assert [(e.kind, e.line) for e in r.events if e.kind in ("ppeok", "three-ppeok", "immediate")] == [
        ("ppeok", 7), ("ppeok", 9), ("ppeok", 11),
    ]


def test_immediate_payments_stand_in_a_nagari() -> None:
    # The first ppeok is paid at once, and the hand never ends: the payment stays.
    verdict = hand(WE_7.split("A: 2r")[0])
    assert verdict.outcome == "incomplete" and owed(verdict) == {"B->A": 7}


CHONGTONG_2P = """
[Seats "A, B"]
deal A: 6a 6r 6p 6p 1g 2p 3p 4p 5p 7p
deal B: 1r 2r 3r 4r 5r 7r 8g 9r 10r 12r
table: 1p 2a 3g 4a 5a 7a 8a 9a
A: chongtong 6a 6r 6p 6p
"""

CHONGTONG_3P = """
[Seats "A, B, C"]
deal A: 6a 6r 6p 6p 1g 2p 3p
deal B: 7a 7r 7p 7p 8g 2r 3r
deal C: 10a 10r 10p 10p 4a 4r 5r
table: 5a 8a 9a 11g 12g 1r
A: chongtong 6a 6r 6p 6p
"""


def test_we8_chongtong_two_players() -> None:
    verdict = hand(CHONGTONG_2P)
    assert (verdict.outcome, verdict.winner) == ("chongtong", "A")
    assert owed(verdict) == {"B->A": 10}


def test_we8_chongtong_with_a_nagari_carry() -> None:
    assert owed(hand('[Carry "2"]\n' + CHONGTONG_2P)) == {"B->A": 20}
    assert owed(hand('[Carry "2"]\n' + CHONGTONG_2P, chongtong_carry="false")) == {"B->A": 10}


@pytest.mark.parametrize(("rules", "each"), [("standard", 3), ("gamerules", 5)])
def test_we8_chongtong_three_players(rules: str, each: int) -> None:
    assert owed(hand(CHONGTONG_3P, rules)) == {"B->A": each, "C->A": each}


def test_several_chongtongs_the_first_in_turn_order_wins() -> None:
    text = CHONGTONG_3P + "B: chongtong 7a 7r 7p 7p\nC: chongtong 10a 10r 10p 10p\n"
    assert hand(text).winner == "A"
    assert hand('[Dealer "B"]\n' + text).winner == "B"
    assert hand(text, "gamerules").outcome == "void", "all three hold one: nobody is paid"


def test_a_false_chongtong_is_an_illegal_declaration() -> None:
    verdict = hand(CHONGTONG_2P.replace("A: chongtong 6a 6r 6p 6p", "A: chongtong 6a 6r 6p 7p"))
    assert [v.code for v in verdict.violations] == ["illegal-declaration"]
    assert verdict.outcome == "incomplete"


WE_11 = """
[Seats "D, P2, P3, P4"]
deal D: 3r 8p 11p 7a 7r 9r 9p
deal P2: 2a 4a 5a 10a 10r 12a 12r
deal P3: 1r 1p 2r 4r 5r 7p 9a
deal P4: 1g 12g 11pp 6a 6r 6p 10p
table: 3g 8g 11g 2p 4p 5p
P4: sell
D: 3r x3g / 12pp
P2: 10a / 1p
P3: 7p / 6p
D: 8p x8g / 10p
P2: 12a x12pp / 3p
P3: 9a / 2p
D: 11p x11g / 8p
D: stop
"""


def test_we11_selling_brights_then_a_three_player_hand() -> None:
    verdict = judge(WE_11)
    (played,) = verdict.hands
    assert played.valid and played.winner == "D"
    sales = [(p.payer, p.payee, p.points) for p in played.payments if p.kind == "sale"]
    assert sales == [("P2", "P4", 2), ("P3", "P4", 2)], "1 point per bright (the rain bright counts), by the non-dealers"
    assert verdict.balance == {"D": 12, "P2": -8, "P3": -8, "P4": 4}
    assert sum(verdict.balance.values()) == 0


def test_we11_nobody_folds_so_the_last_sells() -> None:
    verdict = judge(WE_11.replace("P4: sell\n", ""))
    assert verdict.hands[0].valid
    assert verdict.balance["P4"] == 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("P4: sell", "P2: sell"),
        ("P4: sell", "D: fold"),
    ],
)
def test_who_may_sit_out(change: str, words: str) -> None:
    verdict = hand(WE_11.replace(change, words))
    assert "illegal-declaration" in [v.code for v in verdict.violations]


def test_a_fold_is_paid_nothing() -> None:
    text = WE_11.replace("P4: sell", "P3: fold")
    verdict = judge(text)
    assert "illegal-declaration" not in [v.code for v in verdict.hands[0].violations]
    assert not [p for p in verdict.hands[0].payments if p.kind == "sale"]


def test_four_players_under_wikipedia_it_cannot_be_judged() -> None:
    from gostop_arbiter.judging.file import RulesChoice, judge_file
    from gostop_arbiter.notation import parse_text

    verdict = judge_file("t.gsn", parse_text(WE_11).hands, RulesChoice("wikipedia-it"))
    assert verdict.errors[0].code == "usage" and "no four-player hand" in verdict.errors[0].message


# ---- the same hand under different profiles ------------------------------------------------------


def test_a_bomb_under_gamerules_steals_nothing_and_does_not_double() -> None:
    text = (SPEC_EXAMPLES / "08-3p-bomb-pass.gsn").read_text(encoding="utf-8")
    standard, gamerules = hand(text), hand(text, "gamerules")
    assert "bomb" in [f.rule for p in standard.payments for f in p.factors]
    assert "bomb" not in [f.rule for p in gamerules.payments for f in p.factors]
    r = replay(text, rules="gamerules")
    assert not [e for e in r.events if e.kind == "steal" and e.line == 12]


def test_the_wikipedia_go_bak_has_no_transfer() -> None:
    # 민지 stops at 8; 재현 went and lost. Standard: 독박, 재현 pays 재현's 8 and 수아's 16 (gwang-bak).
    # wikipedia: no transfer, every loser who called go pays double: 수아 16 (gwang-bak), 재현 16 (go-bak).
    text = (SPEC_EXAMPLES / "07-3p-dokbak.gsn").read_text(encoding="utf-8")
    payments = lambda v: [(p.payer, p.payee, p.points, [(f.rule, f.factor) for f in p.factors]) for p in v.payments]  # noqa: E731
    standard = hand(text)
    assert owed(standard) == {"재현->민지": 24}
    assert payments(standard) == [("재현", "민지", 8, []), ("재현", "민지", 16, [("gwang-bak", 2)])]
    wikipedia = hand(text, "wikipedia")
    assert owed(wikipedia) == {"수아->민지": 16, "재현->민지": 16}
    assert payments(wikipedia) == [("수아", "민지", 16, [("gwang-bak", 2)]), ("재현", "민지", 16, [("go-bak", 2)])]


def test_the_own_last_card_scope() -> None:
    # 05: B's chok with B's last card (line 30) steals nothing under standard; under the
    # final-turn-of-hand scope only the very last turn of the hand is exempt.
    text = (SPEC_EXAMPLES / "05-sweep.gsn").read_text(encoding="utf-8")
    standard = replay(text)
    final_turn = replay(text, last_turn_scope="final-turn-of-hand")
    steals = lambda r: [e for e in r.events if e.kind == "steal" and e.line == 30]  # noqa: E731
    assert steals(standard) == [] and len(steals(final_turn)) == 1
    # The junk A gives up leaves A at the score of A's go: A may no longer stop.
    assert codes(standard) == [] and codes(final_turn) == ["illegal-call"]
