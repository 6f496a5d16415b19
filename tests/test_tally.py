"""Tally hands (GSN §6): what the arbiter checks without the turns, and the claims it compares."""

from __future__ import annotations

import pytest
from judging import hand, judge, owed

TWO = '[Seats "Yuna, Taeho"]\n'
YUNA_WINS = TWO + (
    "pile Yuna: 1r 1p 2r 2p 3r 3p 4r 4p 5r 5p 6p 6p 7p 7p 9p 9p 10p 10p\n"
    "pile Taeho: 2a 2p 3g 3p 4a 4p 8g 8a 11g 11p\n"
)


def codes(verdict: object) -> list[str]:
    return [v.code for v in verdict.violations]  # type: ignore[attr-defined]


def test_a_card_in_two_piles_is_an_extra_card() -> None:
    verdict = hand(YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 1r 2a") + "Yuna: stop\n")
    assert codes(verdict) == ["extra-card"]
    (v,) = verdict.violations
    assert (v.line, v.column, v.player, v.card) == (3, 13, "Taeho", "1r")
    assert v.message == "1r appears 2 times in the piles, but the deck holds it once"
    assert not verdict.valid


def test_a_third_copy_of_a_junk_card_is_an_extra_card() -> None:
    verdict = hand(YUNA_WINS.replace("pile Taeho: 2a 2p", "pile Taeho: 2a 2p 2p") + "Yuna: stop\n")
    assert codes(verdict) == ["extra-card"]
    assert "the deck holds it 2 times" in verdict.violations[0].message


def test_a_foreign_card_is_an_unknown_card() -> None:
    verdict = hand(YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 4g b2 2a") + "Yuna: stop\n")
    assert codes(verdict) == ["unknown-card", "unknown-card"]
    assert [v.card for v in verdict.violations] == ["4g", "b2"]


def test_bonus_cards_count_where_the_profile_has_them() -> None:
    verdict = hand(YUNA_WINS.replace("pile Yuna: 1r", "pile Yuna: b3 1r") + "Yuna: stop\n", "online-matgo")
    assert verdict.valid
    assert next(i for i in verdict.scores["Yuna"].items if i.rule == "pi").points == 7  # junk 13 + 3


def test_a_stop_below_the_minimum_after_gos_is_an_illegal_call() -> None:
    verdict = hand(YUNA_WINS + "Yuna: go\nYuna: go\nYuna: stop\n")
    assert codes(verdict) == ["illegal-call"]
    assert verdict.violations[0].message == "Yuna stopped with 8 points, but a stop after 2 gos needs 9"
    assert owed(verdict) == {"Taeho->Yuna": 20}, "payments are still worked out, as if the violation were ignored"


def test_a_stop_without_the_minimum_is_an_illegal_call() -> None:
    verdict = hand(YUNA_WINS + "Yuna: stop\n", min_score_2p=9)
    assert codes(verdict) == ["illegal-call"]
    assert verdict.violations[0].message == "Yuna stopped with 8 points, but a stop needs 9"


def test_calls_after_the_stop_are_after_end() -> None:
    verdict = hand(YUNA_WINS + "Yuna: stop\nTaeho: go\nYuna: stop\nTaeho: shake\n")
    assert codes(verdict) == ["after-end", "after-end", "after-end"]
    assert verdict.winner == "Yuna"


def test_a_declaration_and_a_claim_may_follow_the_stop() -> None:
    verdict = hand(YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 9a 2a") + "Yuna: stop\nTaeho: 9a as pi\nclaim: Taeho pays Yuna 16\n")
    assert verdict.valid and not verdict.discrepancies


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Yuna: 4g as pi", "4g cannot change category under these rules"),
        ("Yuna: 9a as pi", "Yuna's pile holds no 9a"),
        ("Taeho: 5a as pi", "5a cannot change category"),
    ],
)
def test_illegal_declarations(line: str, words: str) -> None:
    verdict = hand(YUNA_WINS + line + "\nYuna: stop\n")
    assert codes(verdict) == ["illegal-declaration"]
    assert verdict.violations[0].message.startswith(words)


# ---- the sake cup's place, once fixed (DK-3, gukjin_fixed) -------------------------------------

SAKE_CUP = TWO.replace("Yuna, Taeho", "A, B") + (
    "pile A: 2a 4a 8a 5a 6a 7a 9a 1p 1p 2p 2p 3p 3p 4p 4p\n"  # godori 5; 9a as junk: six animals 2, junk 10 1
    "pile B: 12g 10a 7p 7p 8p 8p 9p 9p 10p 10p\n"
)


def test_a_sake_cup_declared_as_double_junk_never_goes_back_to_an_animal() -> None:
    """The survey's reproduction: A stops at 8 through the junk; the cup turned back into A's
    seventh animal after the stop would add meong-tta (16). The reversal is refused; B pays 8."""
    verdict = hand(SAKE_CUP + "A: 9a as pi\nA: stop\nA: 9a as animal\n")
    assert codes(verdict) == ["illegal-declaration"]
    (v,) = verdict.violations
    assert (v.line, v.params["reason"]) == (6, "junk-for-good")
    assert v.message == "A declared 9a as double junk, and it cannot go back to an animal"
    assert owed(verdict) == {"B->A": 8}


@pytest.mark.parametrize(
    ("calls", "fixed_at", "refused"),
    [
        pytest.param("A: 9a as animal\nA: 9a as pi\nA: stop\n", "at-stop", None, id="changed-before-the-stop"),
        pytest.param("A: 9a as animal\nA: 9a as pi\nA: stop\n", "at-first-call", None, id="changed-before-a-call"),
        pytest.param("A: 9a as animal\nA: 9a as pi\nA: stop\n", "at-capture", "fixed-at-capture", id="changed-at-all"),
        pytest.param("A: 9a as animal\nA: go\nA: 9a as pi\nA: stop\n", "at-stop", None, id="changed-after-a-go"),
        pytest.param(
            "A: 9a as animal\nA: go\nA: 9a as pi\nA: stop\n", "at-first-call", "fixed-at-first-call", id="after-the-go"
        ),
        pytest.param("A: 9a as animal\nA: stop\nA: 9a as pi\n", "at-stop", "fixed-at-stop", id="after-the-stop"),
        pytest.param("A: stop\nA: 9a as pi\n", "at-capture", None, id="declared-first-after-the-stop"),
        pytest.param("A: 9a as pi\nA: 9a as pi\nA: stop\n", "at-capture", None, id="said-again"),
    ],
)
def test_when_the_sake_cups_place_is_fixed(calls: str, fixed_at: str, refused: str | None) -> None:
    verdict = hand(SAKE_CUP + calls, gukjin_fixed=fixed_at)
    assert [v.params.get("reason") for v in verdict.violations] == ([refused] if refused else [])


def test_the_bridge_may_be_declared_under_wikipedia() -> None:
    verdict = hand(YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 5a 2a") + "Taeho: 5a as pi\nYuna: stop\n", "wikipedia")
    assert verdict.valid


def test_no_stop_is_a_nagari_that_carries() -> None:
    verdict = judge(YUNA_WINS + "Taeho: go\n" + '[Hand "2"]\n' + YUNA_WINS.split("\n", 1)[1] + "Yuna: stop\n")
    first, second = verdict.hands
    assert (first.outcome, first.winner, first.payments, first.carry_out) == ("nagari", None, [], 2)
    assert second.carry_in == 2
    assert owed(second) == {"Taeho->Yuna": 32}
    assert [f.rule for f in second.payments[0].factors] == ["nagari-carry", "pi-bak"]


def test_nagaris_compound_up_to_the_cap() -> None:
    nagari = YUNA_WINS.split("\n", 1)[1]
    text = YUNA_WINS + "".join(f'[Hand "{i}"]\n' + nagari for i in (2, 3, 4)) + '[Hand "5"]\n' + nagari + "Yuna: stop\n"
    assert [h.carry_out for h in judge(text).hands] == [2, 4, 8, 16, 1]
    assert [h.carry_out for h in judge(text, nagari_cap=8).hands] == [2, 4, 8, 8, 1]
    assert owed(judge(text, nagari_cap=8).hands[-1]) == {"Taeho->Yuna": 8 * 2 * 8}


def test_the_winner_deals_the_next_hand_and_a_nagari_keeps_the_dealer() -> None:
    nagari = YUNA_WINS.split("\n", 1)[1]
    text = YUNA_WINS + "Yuna: stop\n" + '[Hand "2"]\n' + nagari + '[Hand "3"]\n' + nagari + "Yuna: stop\n"
    assert [h.dealer for h in judge(text).hands] == ["Yuna", "Yuna", "Yuna"]
    taeho_first = '[Dealer "Taeho"]\n' + YUNA_WINS + "Yuna: stop\n" + '[Hand "2"]\n' + nagari + "Yuna: stop\n"
    assert [h.dealer for h in judge(taeho_first).hands] == ["Taeho", "Yuna"]


def test_a_carry_tag_that_disagrees_is_reported_and_used() -> None:
    verdict = judge(YUNA_WINS + "Yuna: stop\n" + '[Carry "2"]\n' + YUNA_WINS.split("\n", 1)[1] + "Yuna: stop\n")
    second = verdict.hands[1]
    assert second.carry_in == 2
    assert [d.kind for d in second.discrepancies] == ["carry"]
    assert owed(second) == {"Taeho->Yuna": 32}


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ("claim: Taeho pays Yuna 16", None),
        ("claim: Taeho pays Yuna 8", "the table had Taeho pay Yuna 8; the rules say 16: pi-bak ×2 was missed"),
        ("claim: Taeho pays Yuna 32", "the table had Taeho pay Yuna 32; the rules say 16: counted ×2 too much"),
        ("claim: Yuna pays Taeho 5", "the table had Yuna pay Taeho 5; the rules say 0"),
        ("claim: nagari", "the table called a nagari; Yuna won"),
    ],
)
def test_claims_are_compared_never_trusted(claim: str, message: str | None) -> None:
    verdict = hand(YUNA_WINS + "Yuna: stop\n" + claim + "\n")
    assert verdict.valid
    assert [d.message for d in verdict.discrepancies] == ([message] if message else [])


def test_a_claim_in_a_nagari() -> None:
    verdict = hand(YUNA_WINS + "claim: Taeho pays Yuna 3\nclaim: nagari\n")
    assert [d.message for d in verdict.discrepancies] == [
        "the table had Taeho pay Yuna 3; the hand is a nagari and nobody pays"
    ]


def test_four_playing_go_stop_cannot_be_judged() -> None:
    from gostop_arbiter.judging.file import judge_file
    from gostop_arbiter.notation import parse_text

    text = "pile A: 1g\npile B: 2g\npile C: 3g\npile D: 8g\nA: stop\n"
    verdict = judge_file("t.gsn", parse_text(text).hands)
    assert verdict.hands == []
    assert verdict.errors[0].code == "usage"
    assert "Go-Stop is played by two or three" in verdict.errors[0].message


def test_four_at_the_table_one_without_a_pile_sat_out() -> None:
    verdict = hand('[Seats "Yuna, Taeho, Mo, Dae"]\n' + YUNA_WINS.split("\n", 1)[1] + "pile Mo: 12pp\nYuna: stop\n")
    assert set(verdict.scores) == {"Yuna", "Taeho", "Mo"}
    assert owed(verdict) == {"Taeho->Yuna": 16, "Mo->Yuna": 16}  # three players: minimum 3, pi-bak at 5


THREE_SEATED = (
    '[Seats "W, X, Y"]\n'
    "pile W: 1g 3g 8g 2a\n"  # three brights: 3 points, enough to stop with three players, not with two
    "pile X: 1p 2p 3p 4p 11pp\n"
)


def test_a_seat_without_a_pile_line_played_and_captured_nothing() -> None:
    """Y captured nothing and the table wrote no pile line for Y. The hand is still one of three
    (minimum 3, pi-bak at 5 or less), not Matgo, and the verdict says that Y's pile was taken as
    empty (decision R18)."""
    unsaid = hand(THREE_SEATED + "W: stop\n")
    said = hand(THREE_SEATED + "pile Y:\nW: stop\n")
    assert unsaid.valid and said.valid
    assert set(unsaid.scores) == {"W", "X", "Y"}
    assert unsaid.payments == said.payments
    assert owed(unsaid) == {"X->W": 6, "Y->W": 6}  # gwang-bak on both
    ((kind, line, message),) = [(d.kind, d.line, d.message) for d in unsaid.discrepancies]
    assert (kind, line) == ("tag", 1)
    assert message.startswith("Y is seated but has no pile line")
    assert not said.discrepancies


def test_four_seated_with_two_pile_lines_cannot_be_judged() -> None:
    verdict = judge('[Seats "W, X, Y, Z"]\n' + THREE_SEATED.split("\n", 1)[1] + "W: stop\n", expect_errors=True)
    assert verdict.hands == []
    assert "only 2 have a pile line, so who sat out cannot be told" in verdict.errors[0].message


def test_a_minhwatu_seat_without_a_pile_line_counts_toward_the_target() -> None:
    from test_worked_examples import WE_10

    without = hand(WE_10.replace('[Seats "P1, P2, P3"]', '[Seats "P1, P2, P3, P4"]'))
    with_line = hand(WE_10.replace('[Seats "P1, P2, P3"]', '[Seats "P1, P2, P3, P4"]') + "pile P4:\n")
    assert without.scores == with_line.scores and set(without.scores) == {"P1", "P2", "P3", "P4"}
    assert [d.message.split(":")[0] for d in without.discrepancies] == ["P4 is seated but has no pile line"]


def test_minhwatu_has_no_calls() -> None:
    from test_worked_examples import WE_10

    verdict = hand(WE_10 + "P1: stop\nP1: shake\nP1: bomb\n")
    assert codes(verdict) == ["illegal-call", "illegal-shake", "illegal-bomb"]


def test_an_invalid_hand_adds_nothing_to_the_balance() -> None:
    text = YUNA_WINS + "Yuna: stop\n" + '[Hand "2"]\n' + YUNA_WINS.split("\n", 1)[1].replace("2a", "2a 1r") + "Yuna: stop\n"
    verdict = judge(text)
    assert [h.valid for h in verdict.hands] == [True, False]
    assert verdict.balance == {"Yuna": 16, "Taeho": -16}
