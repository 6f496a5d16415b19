"""More house rules of issue 29, each a knob off by default: 들고치기 (a chongtong played on, PC-4) and
a deck whose December swallow is a second double junk (DK-1)."""

from __future__ import annotations

from pathlib import Path

from judging import factors, hand, judge, owed
from replaying import codes, replay

from gostop_arbiter.engine import HandBoard
from gostop_arbiter.notation import parse_text
from gostop_arbiter.notation.model import Turn
from gostop_arbiter.notation.writer import write_statement
from gostop_arbiter.rules import resolve

KEPT = (Path(__file__).parent / "hands" / "kept-chongtong.gsn").read_text(encoding="utf-8")


def test_a_chongtong_played_on_multiplies_the_winners_payment_where_the_rules_say() -> None:
    """Minji held all four of March, declared nothing and won: Netmarble pays ×2 (a table may set 4)."""
    assert owed(hand(KEPT)) == {"Jae->Minji": 16}
    assert owed(hand(KEPT, chongtong_kept_multiplier=4)) == {"Jae->Minji": 64}
    verdict = hand(KEPT, chongtong_kept_multiplier=2)
    assert owed(verdict) == {"Jae->Minji": 32} and "kept-chongtong" in factors(verdict, "Jae")


def test_a_winner_dealt_no_four_of_a_month_is_paid_as_before() -> None:
    """Minji's winning hand of tests/hands/last-card-pair.gsn held no four of a month."""
    text = (Path(__file__).parent / "hands" / "last-card-pair.gsn").read_text(encoding="utf-8")
    assert owed(hand(text, chongtong_kept_multiplier=4)) == owed(hand(text))
    assert "kept-chongtong" not in factors(hand(text, chongtong_kept_multiplier=4), "Jae")


TWO_DECEMBER_DOUBLES = '[Seats "A, B"]\npile A: 1g 3g 8g 12pp 12pp 1p 2p 3p 4p 5p 6p\npile B: 7p\nA: stop\n'


def test_a_deck_with_a_second_december_double() -> None:
    """AL: the swallow printed as a second 12월 쌍피. Two 12pp are one too many in the usual deck;
    with the knob they count 4 junk and 12a is no card of the deck."""
    usual = hand(TWO_DECEMBER_DOUBLES, min_score_2p=3)
    assert "extra-card" in [v.code for v in usual.violations]
    verdict = hand(TWO_DECEMBER_DOUBLES, min_score_2p=3, december_second_double="true")
    assert verdict.valid and verdict.scores["A"].total == 4
    (pi,) = [item for item in verdict.scores["A"].items if item.rule == "pi"]
    assert pi.cards.count("12pp") == 2 and pi.points == 1
    swallow = hand(TWO_DECEMBER_DOUBLES.replace("12pp 12pp", "12pp 12a"), min_score_2p=3, december_second_double="true")
    assert "unknown-card" in [v.code for v in swallow.violations]


# A holds all four of June and shows them in B's deal; then a tally hand with no Dealer tag.
CHONGTONG_THEN_NEXT = """[Seats "A, B"]
[Dealer "B"]
deal A: 6a 6r 6p 6p 1g 2p 3p 4p 5p 7p
deal B: 1r 2r 3r 4r 5r 7r 8g 9r 10r 12r
table: 1p 2a 3g 4a 5a 7a 8a 9a
A: chongtong 6a 6r 6p 6p

[Seats "A, B"]
pile A: 1g 3g 8g 11g
pile B: 1p
"""


def test_a_chongtong_may_be_an_agreed_sum_and_a_redeal_by_the_same_dealer() -> None:
    """KB: "정해진 돈을 받고 판을 다시 한다": A is paid, and B deals again instead of A dealing next."""
    first, second = judge(CHONGTONG_THEN_NEXT).hands
    assert (first.outcome, owed(first), second.dealer) == ("chongtong", {"B->A": 10}, "A")
    first, second = judge(CHONGTONG_THEN_NEXT, chongtong_redeal="true").hands
    assert (first.outcome, owed(first), second.dealer) == ("chongtong", {"B->A": 10}, "B")


SIX_BRIGHTS = '[Seats "A, B"]\n[Set "bonus_cards=b2 b3"]\npile A: 1g 3g 8g 11g 12g b2\npile B: 1p\nA: stop\n'


def test_a_joker_beside_the_five_brights_makes_six_where_the_rules_say() -> None:
    """FW: a joker counted as a bright, six brights, 30 (or 50); five brights alone stay 15."""
    assert hand(SIX_BRIGHTS).scores["A"].total == 15
    verdict = hand(SIX_BRIGHTS, six_brights_points=30)
    assert verdict.scores["A"].total == 30 and owed(verdict) == {"B->A": 60}  # gwang-bak ×2
    without = SIX_BRIGHTS.replace(" b2", "")
    assert hand(without, six_brights_points=30).scores["A"].total == 15


# A bombs January on the first turn and, as FW's variant has it, flips three cards instead of
# taking two dummy turns: 9p, 10p and 11p, each taking its month off the table.
BOMB_FLIPS_THREE = """[Seats "A, B"]
deal A: 1g 1r 1p 2p 3p 4p 5p 6p 7p 8p
deal B: 2a 2r 3g 3r 4a 4r 5a 5r 6a 6r
table: 1p 7a 8a 9a 10a 11g 12g 12r
A: bomb 1g 1r 1p / 9p / 10p / 11p
"""
FLIP_THREE = {"bomb_flips": 3, "bomb_dummies": 0}


def test_a_bomb_may_flip_three_instead_of_two_dummy_turns() -> None:
    assert codes(replay(BOMB_FLIPS_THREE)).count("extra-card") == 1
    r = replay(BOMB_FLIPS_THREE, **FLIP_THREE)
    assert codes(r) == []
    assert {"1p", "9a", "9p", "10a", "10p", "11g", "11p"} <= set(r.view().piles["A"])
    assert r.view().dummies["A"] == 0
    one_flip = BOMB_FLIPS_THREE.replace(" / 10p / 11p", "")
    assert codes(replay(one_flip, **FLIP_THREE)) == ["missing-card"]


def test_the_board_lists_the_three_flips_of_a_bomb() -> None:
    text = BOMB_FLIPS_THREE.split("A: bomb")[0]
    hand_ = parse_text(text).hands[0]
    board = HandBoard.of_hand(hand_, resolve("standard", {k: str(v) for k, v in FLIP_THREE.items()}), dealer="A")
    for statement in hand_.statements:
        board.push(statement)
    (bomb,) = [m for m in board.legal_plays() if isinstance(m, Turn) and m.play == "bomb"]
    turns = board.legal_flips(bomb)
    assert "A: bomb 1g 1r 1p / 9p / 10p / 11p" in {write_statement(t) for t in turns}
    assert all(len([f for f in t.flips if not f.card.code.startswith("b")]) == 3 for t in turns)


KEPT_TRIPLE = (Path(__file__).parent / "hands" / "kept-triple.gsn").read_text(encoding="utf-8")


def test_a_november_triple_played_on_is_paid_as_a_chongtong_played_on_where_the_rules_say() -> None:
    """Jae was dealt 11g 11p 11pp, bombed them and won: ×4 at a table that counts the triple as a
    chongtong played on (decision R54), nothing more by default."""
    usual = owed(hand(KEPT_TRIPLE))
    ((pair, points),) = usual.items()
    assert pair == "Minji->Jae"
    verdict = hand(KEPT_TRIPLE, kept_triple_multiplier=4)
    assert owed(verdict) == {"Minji->Jae": points * 4} and "kept-triple" in factors(verdict, "Minji")
    assert "kept-triple" not in factors(hand(KEPT_TRIPLE), "Minji")


def test_a_winner_dealt_two_of_november_and_two_of_december_is_paid_as_before() -> None:
    """Minji's winning hand of tests/hands/last-card-pair.gsn held 11g 11p 12a 12r: no triple."""
    text = (Path(__file__).parent / "hands" / "last-card-pair.gsn").read_text(encoding="utf-8")
    assert owed(hand(text, kept_triple_multiplier=4)) == owed(hand(text))


FIRST_FOUR = (Path(__file__).parent / "hands" / "first-turn-four.gsn").read_text(encoding="utf-8")


def test_all_four_of_a_month_on_the_first_turn_multiplies_where_the_rules_say() -> None:
    """FW: "Capturing all four cards of a given month on their first turn will quadruple the
    player's score if they win." Jae's first turn bombs the four of September; he wins 44, or 176."""
    assert owed(hand(FIRST_FOUR)) == {"Minji->Jae": 44}
    verdict = hand(FIRST_FOUR, first_turn_four_multiplier=4)
    assert owed(verdict) == {"Minji->Jae": 176} and "first-four" in factors(verdict, "Minji")


def test_a_first_turn_that_takes_fewer_than_four_of_a_month_multiplies_nothing() -> None:
    """Jae's first turn in tests/hands/kept-triple.gsn takes a pair of August; he wins as before."""
    assert owed(hand(KEPT_TRIPLE, first_turn_four_multiplier=4)) == owed(hand(KEPT_TRIPLE))
