"""docs/rules-reference.md §18: every worked example a tally hand can express, under each profile it names.

WE-7, WE-8 and WE-11 need turns and belong to the replay engine's tests.
"""

from __future__ import annotations

import pytest
from judging import factors, hand, judge, owed

# WE-1: godori, five ribbons, junk 12, two gos; the loser has 4 junk and no bright.
WE_1 = """
[Seats "A, B"]
pile A: 2a 4a 8a 1r 2r 6r 9r 12r 1p 1p 3p 3p 4p 5p 6p 7p 10p 10p 11pp
pile B: 2p 2p 8p 8p 5a 6a
A: go
A: go
A: stop
"""


@pytest.mark.parametrize("rules", ["standard", "online-matgo", "gamerules"])
def test_we1_two_gos_and_pi_bak(rules: str) -> None:
    verdict = hand(WE_1, rules)
    assert verdict.valid
    assert verdict.scores["A"].total == 11  # 9 and 2 for the gos
    assert owed(verdict) == {"B->A": 22}
    assert factors(verdict, "B") == ["pi-bak"]  # no gwang-bak: A scored no brights


def test_we1_is_impossible_under_wikipedia() -> None:
    # S0 does not count 12r: the base is 8, and a stop after two gos needs 9.
    verdict = hand(WE_1, "wikipedia")
    assert not verdict.valid
    assert [v.code for v in verdict.violations] == ["illegal-call"]
    assert "needs 9" in verdict.violations[0].message


# WE-2: three brights, six animals, four ribbons, junk 14; three gos and a shake.
WE_2 = """
[Seats "A, B"]
pile A: 1g 3g 8g 2a 5a 6a 7a 10a 12a 1r 4r 6r 12r 1p 1p 2p 2p 3p 3p 4p 4p 6p 6p 7p 7p 11pp
pile B: 8p 8p 9p 9p 10p
A: go
A: go
A: go
A: shake
A: stop
"""


@pytest.mark.parametrize(
    ("rules", "sets", "points"),
    [
        pytest.param("standard", {}, 208, id="kr-standard"),
        pytest.param("standard", {"go_schedule": "kr-double-only"}, 160, id="kr-double-only"),
        pytest.param("wikipedia", {}, 208, id="wikipedia-5a-as-junk"),
        pytest.param("standard", {"go_schedule": "fw-times-n"}, 240, id="fw-times-n"),
        pytest.param("gamerules", {}, 104, id="gamerules"),
    ],
)
def test_we2_go_schedules(rules: str, sets: dict[str, str], points: int) -> None:
    verdict = hand(WE_2, rules, **sets)
    assert verdict.valid, verdict.violations
    assert owed(verdict) == {"B->A": points}


def test_we2_factors_say_why() -> None:
    (payment,) = hand(WE_2).payments
    assert [(f.rule, f.factor) for f in payment.factors] == [("go", 2), ("shake", 2), ("pi-bak", 2), ("gwang-bak", 2)]
    assert payment.factors[0].reason == "A called go 3 times"
    assert payment.factors[2].reason == "B's junk is worth 5 (7 or less) and A scored 5 from junk"


def test_we2_wikipedia_counts_the_bridge_as_double_junk() -> None:
    verdict = hand(WE_2, "wikipedia")
    assert verdict.scores["A"].total == 13  # base 11 (5a as double junk) and 2 for the gos
    pi = next(i for i in verdict.scores["A"].items if i.rule == "pi")
    assert "5a" in pi.cards and pi.points == 7


# WE-3: A called go and lost; B stops at 8.
WE_3 = """
[Seats "A, B"]
pile B: 1g 8g 12g 1r 2r 3r 6r 9r 1p 1p 2p 2p 3p 3p 5p 6p 6p 11pp
pile A: 3g 2a 4a 5a 6a 4p 4p 5p 7p 7p 10p 10p 11p 11p
A: go
B: stop
"""


@pytest.mark.parametrize(("rules", "points"), [("standard", 16), ("wikipedia", 16), ("gamerules", 8)])
def test_we3_go_bak(rules: str, points: int) -> None:
    verdict = hand(WE_3, rules)
    assert verdict.scores["B"].total == 8
    assert owed(verdict) == {"A->B": points}


def test_we3_go_bak_and_pi_bak() -> None:
    poorer = WE_3.replace("pile A: 3g 2a 4a 5a 6a 4p 4p 5p 7p 7p 10p 10p 11p 11p", "pile A: 3g 2a 4a 5a 6a 4p 4p 5p 7p 7p 10p")
    verdict = hand(poorer)
    assert owed(verdict) == {"A->B": 32}
    assert factors(verdict, "A") == ["pi-bak", "go-bak"]


# WE-4: three players, each loser with own baks.
WE_4 = """
[Seats "W, L1, L2"]
pile W: 1g 8g 12g 4r 5r 6r 9r 12r 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p
pile L1: 6p 7p 7p 8p 8p 9p 9p
pile L2: 3g 10p 10p 11p
W: stop
"""


def test_we4_each_loser_pays_with_own_baks() -> None:
    verdict = hand(WE_4)
    assert verdict.scores["W"].total == 5
    assert owed(verdict) == {"L1->W": 10, "L2->W": 10}
    assert factors(verdict, "L1") == ["gwang-bak"]
    assert factors(verdict, "L2") == ["pi-bak"]
    assert judge(WE_4).balance == {"W": 20, "L1": -10, "L2": -10}


def test_we4_the_threshold_follows_the_number_of_players() -> None:
    assert owed(hand(WE_4, pi_bak_max_3p=7)) == {"L1->W": 20, "L2->W": 10}


# WE-5: three players, the go-caller G pays for both (독박).
WE_5 = """
[Seats "W, G, X"]
pile W: 1r 2r 3r 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p
pile G: 6p 6p 7p 7p
pile X: 8p 8p 9p 9p 10p 10p 11p 11p
G: go
W: stop
"""


@pytest.mark.parametrize(
    ("rules", "sets", "expected"),
    [
        pytest.param("standard", {}, {"G->W": 12}, id="standard-transfer"),
        pytest.param("standard", {"dokbak_extra_double": "true"}, {"G->W": 24}, id="liable-pays-double"),
        pytest.param("wikipedia", {}, {"G->W": 16, "X->W": 4}, id="wikipedia-no-transfer"),
        pytest.param("gamerules", {}, {"G->W": 8, "X->W": 4}, id="gamerules-no-go-bak"),
    ],
)
def test_we5_go_bak_liability(rules: str, sets: dict[str, str], expected: dict[str, int]) -> None:
    verdict = hand(WE_5, rules, **sets)
    assert verdict.scores["W"].total == 4
    assert owed(verdict) == expected


def test_we5_the_transfer_is_shown_as_the_other_losers_share() -> None:
    own, share = hand(WE_5).payments
    assert (own.payer, own.points, [f.rule for f in own.factors]) == ("G", 8, ["pi-bak"])
    assert (share.payer, share.points) == ("G", 4)
    assert share.reason == "독박: G had called go, so G also pays X's share"


# WE-6: the hand before was a nagari; bomb and meong-tta.
WE_6 = """
[Seats "A, B"]
pile A: 1g
pile B: 2p
A: go
[Hand "2"]
pile A: 2a 4a 8a 5a 6a 7a 10a 7r 7p 7p 1p 1p 2p 2p 3p 3p 4p 4p
pile B: 1g 3g 12a 5p 5p 6p 6p 8p 8p 9p 9p
A: bomb
A: stop
"""


def test_we6_carry_bomb_and_meong_tta() -> None:
    verdict = judge(WE_6)
    first, second = verdict.hands
    assert (first.outcome, first.carry_out) == ("nagari", 2)
    assert second.carry_in == 2 and second.carry_out == 1
    assert second.scores["A"].total == 9
    assert owed(second) == {"B->A": 72}
    assert factors(second, "B") == ["bomb", "nagari-carry", "meong-tta"]


def test_we6_pi_bak_on_top() -> None:
    assert owed(judge(WE_6.replace("8p 8p 9p 9p", "8p 9p 9p")).hands[1]) == {"B->A": 144}


def test_we6_meong_only_against_a_loser_without_animals() -> None:
    assert owed(judge(WE_6, meong="winner-seven-loser-zero").hands[1]) == {"B->A": 36}


# WE-9: after the steals, B's junk is 7: pi-bak; the sake cup lets B escape.
WE_9 = """
[Seats "A, B"]
pile A: 1r 2r 3r 4r 6r 2a 4a 7a 10a 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p 6p
pile B: 7p 7p 8p 8p 9p 10p 10p
A: stop
"""


def test_we9_pi_bak_at_seven() -> None:
    verdict = hand(WE_9)
    assert verdict.scores["A"].total == 7
    assert owed(verdict) == {"B->A": 14}


def test_we9_the_loser_moves_the_sake_cup_to_junk() -> None:
    verdict = hand(WE_9.replace("pile B: 7p", "pile B: 9a 7p"))
    assert owed(verdict) == {"B->A": 7}
    assert factors(verdict, "B") == []  # 9a as double junk: B's junk is worth 9


def test_we9_a_declared_sake_cup_stays_an_animal() -> None:
    verdict = hand(WE_9.replace("pile B: 7p", "pile B: 9a 7p") + "B: 9a as animal\n")
    assert owed(verdict) == {"B->A": 14}


@pytest.mark.parametrize(("rules", "points"), [("standard", 7), ("online-matgo", 7), ("wikipedia", 14), ("gamerules", 14)])
def test_we9_a_loser_without_junk(rules: str, points: int) -> None:
    verdict = hand(WE_9.replace("pile B: 7p 7p 8p 8p 9p 10p 10p", "pile B: 8g 12a"), rules)
    assert owed(verdict) == {"B->A": points}


# WE-10: Minhwatu, three players.
WE_10 = """
[Rules "minhwatu"]
[Seats "P1, P2, P3"]
pile P1: 1g 1r 2a 2r 3g 3r 5a 5p 6p 6p
pile P2: 1p 1p 2p 2p 3p 3p 8g 8a 8p 8p 4a 4r 7a 7r 6a 6r 9a 9r 11g 11pp
pile P3: 12g 12a 12r 12pp 10a 10r 10p 10p 4p 4p 5r 5p 7p 7p 9p 9p 11p 11p
"""


def test_we10_minhwatu_balances() -> None:
    verdict = judge(WE_10)
    (round_,) = verdict.hands
    assert round_.outcome == "tally" and round_.valid and round_.payments == []
    assert verdict.balance == {"P1": 15, "P2": -40, "P3": 25}
    card_points = {p: s.items[0].points for p, s in round_.scores.items()}
    assert card_points == {"P1": 75, "P2": 110, "P3": 55}


def test_we10_dan_yaks_only() -> None:
    verdict = judge(WE_10, yak_chodan=30, yak_may=0, yak_october=0, yak_november=0, yak_december=0)
    assert verdict.balance == {"P1": 55, "P2": 0, "P3": -55}


def test_we10_a_missing_card_voids_the_round() -> None:
    verdict = judge(WE_10.replace("11p 11p\n", "11p\n"))
    (round_,) = verdict.hands
    assert (round_.outcome, round_.valid) == ("void", False)
    assert [v.code for v in round_.violations] == ["missing-card"]
    assert verdict.balance == {"P1": 0, "P2": 0, "P3": 0}


# WE-12: both losers had called go.
WE_12 = """
[Seats "W, G1, G2"]
pile W: 1g 3g 8g 2a 5a 6a 7a 10a 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p
pile G1: 11g 6p 7p 7p 8p
pile G2: 8p 9p 9p 10p 10p
G1: go
G2: go
W: stop
"""


@pytest.mark.parametrize(("who", "liable"), [("last-caller", "G2"), ("first-caller", "G1")])
def test_we12_who_is_liable_when_both_went(who: str, liable: str) -> None:
    verdict = hand(WE_12, dokbak_when_both_went=who)
    assert verdict.scores["W"].total == 6
    assert owed(verdict) == {f"{liable}->W": 36}


# WE-13: the English Wikipedia ×8 example.
WE_13 = """
[Seats "A, B"]
pile B: 1g 3g 12g 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p 6p 11pp
pile A: 2a 4a 5a 6a 1r 2r 6p
A: go
B: stop
"""


@pytest.mark.parametrize(("rules", "points"), [("standard", 56), ("online-matgo", 56), ("wikipedia", 56), ("gamerules", 28)])
def test_we13_go_bak_gwang_bak_pi_bak(rules: str, points: int) -> None:
    assert owed(hand(WE_13, rules)) == {"A->B": points}
