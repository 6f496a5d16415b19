"""The cs470 engine's rules as the profile ``cs470`` (issue 29; docs/rules-reference.md, "The named profiles", `cs470`):
each point where that engine (go-stop-python) plays otherwise than ``standard``, as a hand whose
verdict changes with the knob, and the same hand under ``standard`` beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from judging import hand, owed
from replaying import codes, kinds_on, replay

from gostop_arbiter.rules import profile_named

# A and B, nothing captured yet; January, February and March wait on the table for A.
PPEOKS = """[Seats "A, B"]
deal A: 1g 2a 3g 4p 4p 5p 5p 6p 6p 7p
deal B: 8g 8a 8r 8p 9r 9p 10r 10p 11p 11p
table: 1p 2p 2p 3p 9a 10a 11g 12g
"""

PPEOK_TTADAK_PPEOK = (
    PPEOKS
    + """A: 1g / 1r
B: 8g / 7a
A: 2a / 2r
B: 8a / 7r
A: 3g / 3r
"""
)


def test_a_ttadak_counts_toward_three_ppeoks() -> None:
    """A ppeok, a ttadak and a ppeok: two ppeoks under standard, three stackings in cs470, which
    win its flat 10."""
    assert hand(PPEOK_TTADAK_PPEOK).outcome == "incomplete"
    verdict = hand(PPEOK_TTADAK_PPEOK, "cs470")
    assert (verdict.outcome, verdict.winner, owed(verdict)) == ("three-ppeok", "A", {"B->A": 10})
    assert hand(PPEOK_TTADAK_PPEOK, ttadak_counts_as_ppeok="true").outcome == "three-ppeok"


def test_a_ttadak_does_not_itself_make_the_third_ppeok() -> None:
    """cs470 asks for three stackings only when a ppeok is made: a ttadak after two ppeoks wins
    nothing yet."""
    text = PPEOKS + "A: 1g / 1r\nB: 8g / 7a\nA: 3g / 3r\nB: 8a / 7r\nA: 2a / 2r\n"
    assert "ttadak" in kinds_on(replay(text, rules="cs470"), 9)
    assert hand(text, "cs470").outcome == "incomplete"


FOUR_IN_HAND = """[Seats "A, B"]
deal A: 1g 1r 1p 1p 2p 3p 4p 5p 6p 7p
deal B: 2a 2r 3g 3r 4a 4r 5a 5r 6a 6r
table: 7a 8a 8p 9a 10a 11g 12g 12r
A: bomb 1g 1r 1p 1p / 10p
B: 2a / 10r
A: pass / 11p
B: 3g / 12pp x12r
A: pass / 9p
B: 4a / 11p
A: pass / 8g x8a
"""


def test_four_of_a_month_is_bombed_from_the_hand_alone() -> None:
    """cs470 lets a chongtong go on and bombs the four from the hand: a bomb (x2) with three dummy
    turns. Under standard there is no bomb without a card of the month on the table."""
    assert "illegal-bomb" in codes(replay(FOUR_IN_HAND))
    r = replay(FOUR_IN_HAND, rules="cs470")
    assert codes(r) == []
    assert r.view().bombs["A"] == 1 and {"1g", "1r", "1p"} <= set(r.view().piles["A"])
    fourth_pass = FOUR_IN_HAND + "B: 5a / 3p\nA: pass / 9r\n"
    assert codes(replay(fourth_pass, rules="cs470")) == ["illegal-pass"]


def test_the_cs470_profile_pins_its_points() -> None:
    """Every point of CS470-DIFFERENCES.md that a knob covers, as the profile holds it."""
    p = profile_named("cs470")
    assert p.events.two_card_bomb == "double" and p.events.bomb_steal == 1
    assert p.events.three_ppeok_points == 10 and p.deal.chongtong_points_2p == 10
    assert (p.events.last_turn_ttadak, p.events.last_turn_stack_steal, p.events.last_card_flip_left) == (
        True,
        True,
        True,
    )
    assert p.events.sweep_requires_nonempty_start is False and p.events.steals_combined is True
    assert (p.deck.gukjin_mode, p.deck.gukjin_given_first, p.deck.gukjin_fixed) == (
        "winner-animal",
        True,
        "at-capture",
    )
    assert p.deck.bonus_cards == ["b2", "b3"] and p.events.bonus_steal == 1


def test_a_ppeok_on_the_last_card_leaves_the_flip_on_the_table() -> None:
    """Minji's last card 8p pairs the 8p on the table and the flip is 8a: standard takes the
    three; cs470 takes the pair and leaves 8a, and her stop falls below the minimum without it."""
    from conftest import ROOT

    text = (ROOT / "tests" / "hands" / "last-card-pair.gsn").read_text(encoding="utf-8")
    assert "8a" in replay(text).view().piles["Minji"]
    r = replay(text, last_card_flip_left="true")
    assert "8a" not in r.view().piles["Minji"]
    assert [s.cards for s in r.view().table if s.month == 8] == [("8a",)]


# B holds the sake cup as junk and a printed double, and no single: A's chok takes one of them.
CUP_AND_DOUBLE = """[Seats "A, B"]
deal A: 1g 2a 3g 4p 4p 5p 5p 6p 6p 7p
deal B: 9r 12g 8r 8p 10r 10p 11p 11p 8g 8a
table: 9a 12pp 2p 2p 3p 10a 11pp 1p
A: 5p / 7a
B: 9r / 6a
B: 9a as pi
A: 7p / 3r
B: 12g / 6r
A: 4p / 4a
"""


def _given(text: str, line: int, rules: str | None = None, **sets: object) -> list[str]:
    return [
        c for e in replay(text, rules=rules, **sets).events if e.kind == "steal" and e.line == line for c in e.cards
    ]


def test_the_sake_cup_as_junk_is_given_before_a_printed_double() -> None:
    """cs470 lists the cup last among the doubles and hands over the last: the cup goes first."""
    assert "chok" in kinds_on(replay(CUP_AND_DOUBLE), 10)
    assert _given(CUP_AND_DOUBLE, 10) == ["12pp"]
    assert _given(CUP_AND_DOUBLE, 10, gukjin_given_first="true") == ["9a"]
    assert _given(CUP_AND_DOUBLE, 10, "cs470") == ["9a"]


FIVE_BRIGHTS = """[Seats "A, B"]
pile A: 1g 3g 8g 11g 12g 1p 1p 2p 2p 3p 3p 4p 4p 9a
pile B: 5p 6p
A: stop
"""


def test_the_winners_undeclared_cup_is_an_animal() -> None:
    """A's cup as junk would make 10 junk (1 point) and pi-bak; cs470 counts it an animal: 15
    points, x2 gwang-bak, no pi-bak."""
    assert owed(hand(FIVE_BRIGHTS)) == {"B->A": 64}
    assert owed(hand(FIVE_BRIGHTS, "cs470")) == {"B->A": 30}


def test_a_losers_undeclared_cup_still_counts_in_the_losers_favour() -> None:
    """B's cup as junk lifts B's junk from 6 to 8, out of pi-bak: cs470 moves it so, as standard
    does; counted an animal (gukjin_mode=animal) it would not be."""
    text = FIVE_BRIGHTS.replace("4p 4p 9a", "4p 4p 11pp").replace("pile B: 5p 6p", "pile B: 5p 5p 6p 6p 7p 7p 9a")
    assert owed(hand(text)) == owed(hand(text, "cs470")) == {"B->A": 32}
    assert owed(hand(text, gukjin_mode="animal")) == {"B->A": 64}


def _simulated(seeds: range):  # type: ignore[no-untyped-def]
    """Simulated standard two-player hands, as text."""
    from gostop_arbiter.notation import write_transcript
    from gostop_arbiter.tools.simulate import simulate

    for seed in seeds:
        yield write_transcript(simulate(profile_named("standard"), players=2, hands=1, seed=seed))


def _last_card_lines(text: str, kind: str) -> list[int]:
    """The lines on which a player's own last card made an event of this kind (under standard)."""
    r = replay(text)
    last = {e.player: e.line for e in r.events if e.kind == "play"}
    return [e.line for e in r.events if e.kind == kind and last.get(e.player) == e.line]


def _steals_on(text: str, line: int, **sets: object) -> int:
    return len(_given(text, line, **sets))


# Two cards each: B takes a junk, then A's last card makes a ttadak of February.
LAST_CARD_TTADAK = """[Seats "A, B"]
[Set "hand_2p=2"]
deal A: 5r 2a
deal B: 1r 3g
table: 2p 2p 1p 4p 6p 7p 8p 9p
A: 5r / 10a
B: 1r / 11g
A: 2a / 2r
"""


def test_a_ttadak_on_the_own_last_card_steals_where_the_rules_say() -> None:
    assert "ttadak" in kinds_on(replay(LAST_CARD_TTADAK), 8)
    assert _given(LAST_CARD_TTADAK, 8) == []
    assert _given(LAST_CARD_TTADAK, 8, last_turn_ttadak="true") == ["1p"]


def test_a_stack_taken_with_the_own_last_card_steals_where_the_rules_say() -> None:
    """Standard takes no junk for a stack taken with the own last card (EV-10); cs470 takes it.
    The first such hand of the simulated sessions, checked both ways."""
    for text in _simulated(range(400)):
        for line in _last_card_lines(text, "stack"):
            if not _given(text, line, last_turn_stack_steal="true"):
                continue  # the opponent had no junk to give
            assert _given(text, line) == []
            return
    raise AssertionError("no stack taken with a last card in 400 seeds")


def test_the_steals_of_a_turn_are_paid_together_where_the_rules_say() -> None:
    """Two steals of one turn, each of one junk: standard hands over two singles; combined (cs470)
    a double where the giver holds one."""
    for text in _simulated(range(400)):
        r = replay(text)
        lines = {e.line for e in r.events if e.kind == "steal"}
        for line in sorted(lines):
            given = _given(text, line)
            combined = _given(text, line, steals_combined="true")
            if given == combined:
                continue
            assert len(given) == 2 and all(c.endswith("p") and not c.endswith("pp") for c in given)
            assert len(combined) == 1 and combined[0].endswith("pp")
            return
    raise AssertionError("no turn of two steals against a pile with a double in 400 seeds")


# ---- the engine's own games (tests/hands/cs470, written by tests/cs470_games.py) -----------------

GAMES = sorted((Path(__file__).parent / "hands" / "cs470").glob("*.gsn"), key=lambda p: int(p.stem.split("-")[1]))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_engines_games_are_judged_as_it_played_them(path: Path) -> None:
    """Each game is legal under cs470 and its claim, the engine's own result, is what the arbiter
    says (a chongtong, three stackings, bombs of two, three and four, a cup handed over)."""
    verdict = hand(path.read_text(encoding="utf-8"))
    assert verdict.rules == "cs470"
    assert (verdict.violations, verdict.discrepancies) == ([], [])


# What standard with cs470's bonus cards says of them: a move it refuses or another payment.
UNDER_STANDARD = {
    "game-1": "the table had A pay B 18; the rules say 7",  # a bomb of two, refused
    "game-124": "the table had B pay A 22; the rules say 20",
    "game-193": "the table had B pay A 18; the rules say 14",  # the cup handed over as junk
    "game-440": "the table had A pay B 224; the rules say 104",
    "game-533": "the table had A pay B 24; the rules say 10",  # a bomb of four, refused
    "game-547": "the table had B pay A 10; the rules say 7",  # a ttadak toward three ppeoks
    "game-567": "the table had B pay A 8; the rules say 7",
}


@pytest.mark.parametrize(("name", "said"), UNDER_STANDARD.items())
def test_standard_judges_the_engines_games_otherwise(name: str, said: str) -> None:
    text = (Path(__file__).parent / "hands" / "cs470" / f"{name}.gsn").read_text(encoding="utf-8")
    verdict = hand(text, "standard", bonus_cards="b2 b3", bonus_steal=1)
    assert said in [d.message for d in verdict.discrepancies]


def test_a_bonus_flipped_into_a_ppeok_steals_when_the_stack_is_taken() -> None:
    """Game 291: B's flip b2 goes into B's ppeok of September (line 22), and B takes the stack back
    on line 26. cs470 takes nothing for the bonus at the ppeok and one more junk with the stack."""
    text = (Path(__file__).parent / "hands" / "cs470" / "game-291.gsn").read_text(encoding="utf-8")
    assert "ppeok" in kinds_on(replay(text), 22) and "ja-ppeok" in kinds_on(replay(text), 26)
    assert (len(_given(text, 22)), len(_given(text, 26))) == (0, 3)
    flipped = {"bonus_steal_in_stack": "when-flipped"}
    assert (len(_given(text, 22, **flipped)), len(_given(text, 26, **flipped))) == (1, 2)


def test_a_cup_handed_over_as_junk_stays_junk() -> None:
    """Game 193: B's cup, declared as junk, goes to A in A's ja-ppeok; A's undeclared cup would be
    an animal for the winner, but the one handed over counts as junk (decision R45)."""
    text = (Path(__file__).parent / "hands" / "cs470" / "game-193.gsn").read_text(encoding="utf-8")
    (pi,) = [item for item in hand(text).scores["A"].items if item.rule == "pi"]
    assert "9a" in pi.cards and pi.points == 9


@pytest.mark.skipif(not os.environ.get("CS470_ENGINE"), reason="CS470_ENGINE names no go-stop-python checkout")
def test_the_engine_and_the_arbiter_agree_on_random_games() -> None:
    """Plays the engine itself (CS470_ENGINE: a checkout of go-stop-python) and judges each game."""
    from cs470_games import games

    for seed, text in games(os.environ["CS470_ENGINE"], range(5000, 5200)):
        verdict = hand(text)
        assert (verdict.violations, verdict.discrepancies) == ([], []), f"seed {seed}"
