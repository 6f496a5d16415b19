"""House rules that are knobs off by default (issue 29; docs/rules-reference.md SC-7, PA-3, PA-11,
EV-8, GS-8, GS-9, DK-6, PC-4): each changes the verdict of a hand in its own way, and only where a
profile or a Set turns it on."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from judging import factors, hand, judge, owed
from replaying import codes, replay
from test_engine_rules import TWO_CARD_BOMB
from test_engine_worked_examples import CHONGTONG_3P

from gostop_arbiter.cli import cli
from gostop_arbiter.rules import resolve
from gostop_arbiter.scoring import PileCounts, best_total, score_pile
from gostop_arbiter.settlement import Standing, in_hand_factors, settle_fixed
from gostop_arbiter.settlement.fixed import FIXED_WINS

TWO = '[Seats "A, B"]\n'

MEANT_KO = {
    "bidori_points": "비도리(2열·4열·8열과 12월 열끗 제비)의 점수, 고도리와 따로 (0: 없음)",
    "bonus_exempts_dokbak": "고를 하고 진 사람이 보너스피를 가졌으면 자기 몫만 냄: 독박도 고박도 없음 (조커의 힘)",
}
"""What `rules --lang ko` and the set-up page say of each new knob, in Korean."""


def lines(pile: str, **sets: object) -> dict[str, int]:
    """The score lines of a pile under standard with these knobs: rule → points."""
    profile = resolve("standard", {k: str(v) for k, v in sets.items()})
    return {line.rule: line.points for line in score_pile(pile.split(), profile, {"9a": "pi"}).lines}


# ---- scoring: the regional sets (SC-7) and the rain bright in a four (SC-1) ---------------------


def test_four_brights_with_the_rain_bright_valued_apart() -> None:
    """FW: a four with the rain man is worth 3."""
    assert lines("1g 3g 8g 12g") == {"brights": 4}
    assert lines("1g 3g 8g 12g", four_brights_with_rain=3) == {"brights": 3}
    assert lines("1g 3g 8g 11g", four_brights_with_rain=3) == {"brights": 4}


@pytest.mark.parametrize(
    ("pile", "knob", "expected"),
    [
        pytest.param("2a 4a 8a 11g", "six_birds_points", {"godori": 5, "six-birds": 6}, id="six-birds"),
        pytest.param("2a 4a 11g", "three_birds_points", {"three-birds": 4}, id="three-birds"),
        pytest.param("2a 4a 8a 12a", "bidori_points", {"godori": 5, "bidori": 2}, id="bidori"),
        pytest.param("4a 4r 4p 4p 7a 7r 7p 7p", "palssari_points", {"palssari": 8}, id="palssari"),
        pytest.param("9a 11pp 12pp", "teukpi_points", {"teukpi": 3}, id="teukpi"),
    ],
)
def test_a_regional_set_scores_only_where_the_rules_play_it(pile: str, knob: str, expected: dict[str, int]) -> None:
    points = {
        "six_birds_points": 6,
        "three_birds_points": 4,
        "bidori_points": 2,
        "palssari_points": 8,
        "teukpi_points": 3,
    }[knob]
    played = lines(pile, **{knob: points})
    assert {rule: played[rule] for rule in expected} == expected
    assert not set(expected) - {"godori"} & set(lines(pile))


def test_a_set_lacking_a_card_scores_nothing() -> None:
    assert "palssari" not in lines("4a 4r 4p 7a 7r 7p 7p", palssari_points=8)  # one 4p of the two
    profile = resolve("standard", {"teukpi_points": "3"})
    as_animal = score_pile(["9a", "11pp", "12pp"], profile, {"9a": "animal"})
    assert "teukpi" not in {line.rule for line in as_animal.lines}, "the cup counts as an animal there"


def test_the_birds_count_toward_the_minimum_and_palssari_and_teukpi_do_not() -> None:
    """FW: the three double junk and April with July 'do not count towards the stop minimum'."""
    profile = resolve(
        "standard",
        {"three_birds_points": "4", "palssari_points": "8", "teukpi_points": "3"},
    )
    birds = ["2a", "4a", "11g"]
    assert PileCounts(birds).best(profile, {}) == 4 == best_total(birds, profile, {})
    eight = ["4a", "4r", "4p", "4p", "7a", "7r", "7p", "7p"]
    assert score_pile(eight, profile).total == 8 and score_pile(eight, profile).callable_total == 0
    assert PileCounts(eight).best(profile, {}) == 0


BIDORI = '[Set "bidori_points=2"]\n' + TWO + "pile A: 2a 4a 8a 12a 1p\npile B: 3p\nA: stop\n"
"""A holds godori and the swallow: 5 without 비도리, 5 + 2 with it (Namu via RC: 2 points)."""


def test_bidori_lets_the_four_birds_stop_at_seven() -> None:
    """비도리 counts toward the minimum (R83): godori 5 and 비도리 2 make the 7 a stop needs."""
    verdict = hand(BIDORI)
    assert verdict.valid and verdict.scores["A"].total == 7
    assert [(i.rule, i.points) for i in verdict.scores["A"].items] == [("godori", 5), ("bidori", 2)]
    assert owed(verdict) == {"B->A": 7}
    (refused,) = hand(BIDORI, bidori_points=0).violations
    assert refused.message == "A stopped with 5 points, but a stop needs 7"


def test_bidori_needs_all_four_birds() -> None:
    """The swallow with two of godori's birds is no 비도리 (R83); nor are godori's three alone."""
    assert "bidori" not in lines("2a 4a 12a", bidori_points=2)
    assert "bidori" not in lines("2a 8a 12a 11g", bidori_points=2)
    assert lines("2a 4a 8a", bidori_points=2) == {"godori": 5}
    profile = resolve("standard", {"bidori_points": "2"})
    assert (
        PileCounts(["2a", "4a", "8a", "12a"]).best(profile, {})
        == 7
        == best_total(["2a", "4a", "8a", "12a"], profile, {})
    )


def test_bidori_and_six_birds_score_beside_each_other() -> None:
    """Each set scores on its own (FW: 'all other yaku may be combined freely'), godori under both."""
    both = lines("2a 4a 8a 11g 12a", bidori_points=2, six_birds_points=6)
    assert both == {"godori": 5, "six-birds": 6, "bidori": 2}


def test_palssari_pays_but_does_not_let_a_player_stop() -> None:
    """A holds April and July (8) and four brights (4): 4 toward the minimum of 7, 12 when paid."""
    text = TWO + "pile A: 4a 4r 4p 4p 7a 7r 7p 7p 1g 3g 8g 11g\npile B: 1p\nA: stop\n"
    sets = {"palssari_points": 8, "gwang_bak": "false"}
    (refused,) = hand(text, **sets).violations
    assert refused.message == "A stopped with 4 points, but a stop needs 7"
    verdict = hand(text, min_score_2p=4, **sets)
    assert verdict.valid and verdict.scores["A"].total == 12
    assert owed(verdict) == {"B->A": 12}


def test_teukpi_does_not_make_pi_bak() -> None:
    """The three double junk score 3, but the winner's junk yields no junk points: no pi-bak."""
    text = TWO + "pile A: 1g 3g 8g 11g 9a 11pp 12pp\npile B: 1p 2p\nA: 9a as pi\nA: stop\n"
    verdict = hand(text, teukpi_points=3)
    assert verdict.scores["A"].total == 4 + 3
    assert factors(verdict, "B") == ["gwang-bak"]


# ---- baks: tti-bak (PA-11) and gwang-bak as points on top (PA-3) --------------------------------

RIBBONS = TWO + "pile A: 1r 2r 3r 4r 5r 6r 7r\npile B: 1p 2p\nA: stop\n"  # hongdan 3, chodan 3, seven ribbons 3


def test_tti_bak_doubles_what_a_loser_without_a_ribbon_pays() -> None:
    assert owed(hand(RIBBONS)) == {"B->A": 9}
    verdict = hand(RIBBONS, tti_bak="true")
    assert owed(verdict) == {"B->A": 18} and factors(verdict, "B") == ["tti-bak"]
    assert owed(hand(RIBBONS.replace("pile B: 1p", "pile B: 12r 1p"), tti_bak="true")) == {"B->A": 9}


BRIGHTS = TWO + "pile A: 1g 3g 8g 11g 2a 4a 8a\npile B: 1p 2p\nA: stop\n"  # four brights 4 + godori 5 = 9


def test_gwang_bak_as_two_points_on_top() -> None:
    """FW's alternative double penalty: 'must pay 2 extra points'."""
    assert owed(hand(BRIGHTS)) == {"B->A": 18}
    verdict = hand(BRIGHTS, gwang_bak_points=2)
    assert owed(verdict) == {"B->A": 11}
    (factor,) = verdict.payments[0].factors
    assert (factor.rule, factor.factor, factor.params["extra"]) == ("gwang-bak", 1, 2)


# ---- the winner's factors and points: bombs (EV-8), 역고 (GS-9), jokers (DK-6) --------------------


def test_a_bomb_as_one_point_instead_of_double() -> None:
    text = BRIGHTS.replace("A: stop", "A: bomb\nA: stop")
    assert owed(hand(text, gwang_bak="false")) == {"B->A": 18}
    verdict = hand(text, gwang_bak="false", bomb_points=1, bomb_multiplier=1)
    assert owed(verdict) == {"B->A": 10}
    assert [(i.rule, i.points) for i in verdict.scores["A"].items][-1] == ("bomb", 1)


def test_reverse_go_multiplies_where_the_rules_say() -> None:
    """역고: A calls go after B has; A wins. B's go-bak stands as always."""
    text = BRIGHTS.replace("A: stop", "B: go\nA: go\nA: stop").replace("pile B: 1p 2p", "pile B: 1p 2p 12g")
    assert factors(hand(text), "B") == ["go-bak"]
    verdict = hand(text, reverse_go_multiplier=2)
    assert factors(verdict, "B") == ["reverse-go", "go-bak"]
    first = text.replace("B: go\nA: go", "A: go\nB: go")
    assert factors(hand(first, reverse_go_multiplier=2), "B") == ["go-bak"], "A's go came first"


def test_a_joker_doubles_and_exempts_where_the_rules_say() -> None:
    text = '[Rules "online-matgo"]\n' + BRIGHTS.replace("pile A: 1g", "pile A: b2 1g").replace(
        "pile B: 1p 2p", "pile B: b3 1p"
    )
    assert factors(hand(text), "B") == ["gwang-bak"]
    assert factors(hand(text, bonus_doubles="true"), "B") == ["joker", "gwang-bak"]
    assert factors(hand(text, bonus_exempts_baks="true"), "B") == []


# WE-5 of tests/test_worked_examples.py with a bonus card in the go-caller's pile: G called go with
# three brights and lost; W's 4 points, doubled for G's pi-bak (6p and the b2 are worth 3).
JOKER_DOKBAK = """[Set "bonus_cards=b2 b3"]
[Seats "W, G, X"]
pile W: 1r 2r 3r 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p
pile G: 1g 3g 8g 6p b2
pile X: 8p 8p 9p 9p 10p 10p 11p 11p
G: go
W: stop
"""


def test_a_joker_frees_a_go_caller_from_dokbak_where_the_rules_say() -> None:
    """독박 as always: G pays its own 8 and X's 4. With the joker's power G pays only its own 8,
    and X its own 4 (R84)."""
    assert owed(hand(JOKER_DOKBAK)) == {"G->W": 12}
    verdict = hand(JOKER_DOKBAK, bonus_exempts_dokbak="true")
    assert verdict.valid and owed(verdict) == {"G->W": 8, "X->W": 4}
    own = next(p for p in verdict.payments if p.payer == "G")
    assert [f.rule for f in own.factors] == ["pi-bak"]
    assert own.reason == (
        "G had called go but holds a bonus card, so G pays only their own share (no 독박 or go-bak: a joker's power)"
    )
    without = JOKER_DOKBAK.replace("6p b2", "6p 6p 7p")  # the same junk value, no bonus card
    assert owed(hand(without, bonus_exempts_dokbak="true")) == {"G->W": 12}


def test_a_joker_frees_a_go_caller_from_a_doubled_share() -> None:
    """Where 독박 doubles the go-caller's own share (dokbak=double), the joker takes the double away."""
    assert owed(hand(JOKER_DOKBAK, dokbak="double")) == {"G->W": 16, "X->W": 4}
    freed = hand(JOKER_DOKBAK, dokbak="double", bonus_exempts_dokbak="true")
    assert owed(freed) == {"G->W": 8, "X->W": 4} and factors(freed, "G") == ["pi-bak"]


def test_a_joker_frees_a_matgo_go_caller_from_go_bak() -> None:
    """With two, go-bak: B went at 8 (hongdan, chodan, six ribbons) and lost to A's 9, and pays
    double; B's bonus card frees B of it (R84)."""
    text = '[Rules "online-matgo"]\n' + BRIGHTS.replace("pile B: 1p 2p", "pile B: b3 1r 2r 3r 4r 5r 7r\nB: go")
    assert owed(hand(text, gwang_bak="false")) == {"B->A": 18}
    assert factors(hand(text, gwang_bak="false"), "B") == ["go-bak"]
    freed = hand(text, gwang_bak="false", bonus_exempts_dokbak="true")
    assert freed.valid and owed(freed) == {"B->A": 9} and factors(freed, "B") == []


WE_12_JOKER = """[Set "bonus_cards=b2 b3"]
[Seats "W, G1, G2"]
pile W: 1g 3g 8g 2a 5a 6a 7a 10a 1p 1p 2p 2p 3p 3p 4p 4p 5p 5p 6p
pile G1: 11g 6p 7p 7p 8p
pile G2: 8p 9p 9p b2
G1: go
G2: go
W: stop
"""
"""WE-12 with G2, the last to call go, holding a bonus card (its junk still worth 5)."""


def test_a_joker_does_not_pass_its_holders_dokbak_to_nobody() -> None:
    """Both went: the last caller G2 is liable; freed by its bonus card, G1's go still answers for
    both shares, as if G1 alone had gone (R84)."""
    assert owed(hand(WE_12_JOKER)) == {"G2->W": 36}
    assert owed(hand(WE_12_JOKER, bonus_exempts_dokbak="true")) == {"G1->W": 36}


# ---- the nagari carry (GS-8) ---------------------------------------------------------------------


def test_a_nagari_may_carry_the_void_hands_shakes_and_gos() -> None:
    void = TWO + "pile A: 1g\npile B: 2p\nA: shake\nB: bomb\n"
    then = '[Hand "2"]\n' + "pile A: 1g\npile B: 2p\n"
    assert [h.carry_out for h in judge(void + then).hands] == [2, 4]
    carried = judge(void + then, nagari_carries_deeds="true").hands
    assert [h.carry_out for h in carried] == [8, 16], "×2 for the nagari, ×2 for A's shake, ×2 for B's bomb"


# ---- fixed-score wins with the hand's multipliers (PA-8) -----------------------------------------


def test_a_fixed_win_takes_the_winners_multipliers_where_the_rules_say() -> None:
    profile = resolve("standard", {"fixed_win_multipliers": "true"})
    winner = Standing(player="A", shakes=1, bombs=1)
    in_hand = in_hand_factors(winner, profile)
    assert [(f.rule, f.factor) for f in in_hand] == [("shake", 2), ("bomb", 2)]
    (payment,) = settle_fixed("A", ["A", "B"], 10, FIXED_WINS("three-ppeok", player="A"), in_hand=in_hand)
    assert payment.points == 40 and [f.rule for f in payment.factors] == ["shake", "bomb"]


def test_a_chongtong_after_a_shake_at_the_deal_takes_it_where_the_rules_say() -> None:
    text = (
        '[Rules "wikipedia-it"]\n[Seats "A, B"]\n'
        "deal A: 6a 6r 6p 6p 1g 1r 1p 4p 5p 7p\n"
        "deal B: 2r 3r 4r 5r 7r 8g 9r 10r 12r 12g\n"
        "table: 2p 2a 3g 4a 5a 7a 8a 9a\n"
        "A: shake 1g 1r 1p\nA: chongtong 6a 6r 6p 6p\n"
    )
    assert owed(hand(text)) == {"B->A": 10}
    assert owed(hand(text, fixed_win_multipliers="true")) == {"B->A": 20}


# ---- played hands: several chongtongs (PC-4), 첫폭탄 (EV-8), 첫쪽 and 첫따닥 (EV-5, EV-6),
# ---- a ppeok on the last card (EV-1, EV-10) -----------------------------------------------------


def test_several_chongtongs_may_be_a_nagari() -> None:
    text = CHONGTONG_3P + "B: chongtong 7a 7r 7p 7p\n"
    assert hand(text).winner == "A"
    verdict = hand(text, chongtong_several="nagari")
    assert (verdict.outcome, verdict.winner, verdict.payments, verdict.carry_out) == ("nagari", None, [], 2)


def test_a_bomb_on_the_first_own_turn_pays_where_the_rules_say() -> None:
    assert "immediate" not in [e.kind for e in replay(TWO_CARD_BOMB, two_card_bomb="double").events]
    r = replay(TWO_CARD_BOMB, two_card_bomb="double", first_bomb_pay=5)
    (paid,) = [e for e in r.events if e.kind == "immediate"]
    assert (paid.player, paid.other, paid.extra["points"], paid.note) == (
        "A",
        "B",
        5,
        "첫폭탄: a bomb on the first own turn",
    )


def _simulated(players: int, seeds: range):  # type: ignore[no-untyped-def]
    from gostop_arbiter.notation import write_transcript
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate

    for seed in seeds:
        yield write_transcript(simulate(profile_named("standard"), players=players, hands=1, seed=seed))


def test_a_first_chok_may_be_one_on_the_players_own_first_turn() -> None:
    """The first chok of the hand pays (first-of-hand); under first-own-turn, only a chok on its
    player's first own turn does."""
    for text in _simulated(2, range(300)):
        r = replay(text, first_chok_pay=3)
        paid = [e for e in r.events if e.kind == "immediate"]
        chok = next((e for e in r.events if e.kind == "chok"), None)
        if chok is None or chok.turn <= 2:
            continue
        assert [e.line for e in paid] == [chok.line]  # the first chok of the hand, on a later turn
        own_turn = replay(text, first_chok_pay=3, first_pay_scope="first-own-turn")
        early = [e.line for e in own_turn.events if e.kind == "chok" and e.turn <= 2]
        assert [e.line for e in own_turn.events if e.kind == "immediate"] == early
        return
    raise AssertionError("no hand whose first chok came after the first two turns in 300 seeds")


LAST_CARD_PAIR = "hands/last-card-pair.gsn"


def test_a_ppeok_on_the_last_card_counts_where_the_rules_say() -> None:
    """Minji's last card pairs the 8p on the table and the flip is 8a: she takes the three, and
    stops. Where a ppeok on the last card counts, the three stay on the table as her stack, and
    without them she has too little to stop."""
    from conftest import ROOT

    text = (ROOT / "tests" / LAST_CARD_PAIR).read_text(encoding="utf-8")
    last = max(e.line for e in replay(text).events if e.kind == "play")
    assert "ppeok" not in [e.kind for e in replay(text).events if e.line == last]
    assert codes(replay(text)) == []
    r = replay(text, last_card_ppeok="true")
    assert "ppeok" in [e.kind for e in r.events if e.line == last]
    assert [(s.cards, s.owner) for s in r.view().table if s.month == 8] == [(("8p", "8p", "8a"), "Minji")]
    assert codes(r) == ["illegal-call"]


def test_reverse_go_may_stand_instead_of_the_go_multiplier() -> None:
    """IM and gostop-ts: 역고 ×4 instead of the go multiplier. A (9 points) goes three times after B's
    go: (9 + 3) × 2 for three gos, × 2 for B's go-bak; ×4 on top, or ×4 in the place of the ×2."""
    text = BRIGHTS.replace("A: stop", "B: go\nA: go\nA: go\nA: go\nA: stop").replace(
        "pile B: 1p 2p", "pile B: 1p 2p 12g"
    )
    assert owed(hand(text)) == {"B->A": 12 * 2 * 2}
    assert owed(hand(text, reverse_go_multiplier=4)) == {"B->A": 12 * 2 * 4 * 2}
    instead = hand(text, reverse_go_multiplier=4, reverse_go_instead="true")
    assert owed(instead) == {"B->A": 12 * 4 * 2}
    assert factors(instead, "B") == ["reverse-go", "go-bak"]
    assert owed(hand(text, reverse_go_instead="true")) == owed(hand(text)), "no 역고 factor: the go multiplier stands"


# ---- `rules NAME` says each knob in both languages (R59) ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        pytest.param(
            "en",
            [
                "bidori_points = 0  (rule SC-7)",
                "points for the four birds 2a 4a 8a and the swallow 12a (비도리), beside godori (0: no such set)",
                "bonus_exempts_dokbak = false  (rule DK-6, PA-6, PA-7)",
                "a loser who had called go and holds a bonus card pays only their own share, neither the other "
                "loser's (독박) nor double (go-bak) (a joker's power)",
            ],
            id="en",
        ),
        pytest.param(
            "ko",
            [
                "bidori_points = 0  (규칙 출처 SC-7)",
                MEANT_KO["bidori_points"],
                "bonus_exempts_dokbak = false (아니요)  (규칙 출처 DK-6, PA-6, PA-7)",
                MEANT_KO["bonus_exempts_dokbak"],
            ],
            id="ko",
        ),
    ],
)
def test_rules_says_the_new_knobs(lang: str, said: list[str]) -> None:
    output = CliRunner().invoke(cli, ["rules", "standard", "--lang", lang], env={"COLUMNS": "200"}).output
    shown = [line.strip() for line in output.splitlines()]
    assert all(line in shown for line in said), [line for line in said if line not in shown]


# ---- the table app: each knob chosen at the set-up, the hand tallied by tapping (issue 29) ---------


@pytest.mark.parametrize(
    ("seats", "sets", "tally", "paid"),
    [
        pytest.param(
            ["A", "B"],
            {"bidori_points": "2"},
            {"piles": {"A": ["2a", "4a", "8a", "12a", "1p"], "B": ["3p"]}, "stop": "A"},
            [("B", "A", 7)],
            id="bidori",
        ),
        pytest.param(
            ["W", "G", "X"],
            {"bonus_cards": "b2 b3", "bonus_exempts_dokbak": "true"},
            {
                "piles": {
                    "W": ["1r", "2r", "3r", "1p", "1p", "2p", "2p", "3p", "3p", "4p", "4p", "5p", "5p"],
                    "G": ["1g", "3g", "8g", "6p", "b2"],
                    "X": ["8p", "8p", "9p", "9p", "10p", "10p", "11p", "11p"],
                },
                "goes": {"G": 1},
                "stop": "W",
            },
            [("G", "W", 8), ("X", "W", 4)],
            id="joker-frees-dokbak",
        ),
    ],
)
def test_the_table_app_offers_the_knob_and_judges_by_it(
    tmp_path: Path, seats: list[str], sets: dict[str, str], tally: dict[str, object], paid: list[tuple[str, str, int]]
) -> None:
    """The set-up lists the knob among the house rules with its words in Korean, takes it, and the
    tally is judged under it; the file it writes says so with a Set tag and judges the same."""
    from test_table_api import Table

    table = Table(tmp_path / "evening.gsn", lang="ko")
    words = table.client.get("/api/words", params={"t": table.tokens.scorekeeper, "lang": "ko"}).json()
    offered = {knob["knob"]: knob["meaning"] for knob in words["knobs"]}
    assert {knob: offered[knob] for knob in sets if knob in MEANT_KO} == {
        knob: MEANT_KO[knob] for knob in sets if knob in MEANT_KO
    }
    table.setup(seats, dealer=seats[0], sets=sets)
    table.ok("/api/tally", tally)
    verdict = table.state["hand"]["verdict"]
    assert verdict["valid"]
    assert [(p["payer"], p["payee"], p["points"]) for p in verdict["payments"]] == paid
    written = table.path.read_text(encoding="utf-8")
    assert all(f'[Set "{knob}={value}"]' in written for knob, value in sets.items())
    assert [(p.payer, p.payee, p.points) for p in judge(written).hands[0].payments] == paid
