"""A played hand and the tally hand of its result settle alike (GSN §6).

A tally hand holds only what a played hand ends with: the piles, the calls in order, each shake
and bomb, and the 9a declarations. Written from a simulated played hand, it must come to the same
payments; otherwise the replay and the tally give settlement different facts.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gostop_arbiter.engine import replay as replay_hand
from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.notation import Hand, parse_text, write_transcript
from gostop_arbiter.notation.model import Call, Declare, Shake, Turn
from gostop_arbiter.rules import profile_named
from gostop_arbiter.tools.simulate import simulate
from gostop_arbiter.verdict import HandVerdict

# Profiles and seat counts the simulator plays (wikipedia-it has no four-player hand).
TABLES = [
    *((rules, players) for rules in ("standard", "wikipedia", "gamerules") for players in (2, 3, 4)),
    ("wikipedia-it", 2),
    ("wikipedia-it", 3),
    ("online-matgo", 2),
]


def tally_of(hand: Hand, verdict: HandVerdict, rules: str) -> str:
    """The tally hand of a played hand that ended in a stop: its final piles and its calls."""
    profile = profile_named(rules)
    replay = replay_hand(hand, profile, dealer=verdict.dealer or hand.seats[0]).view()
    multiplying_two_card_bomb = profile.events.two_card_bomb == "double"
    lines = [f'[Rules "{rules}"]', f'[Seats "{", ".join(hand.seats)}"]', f'[Dealer "{verdict.dealer}"]']
    lines += [f"pile {p}: {' '.join(replay.piles[p])}" for p in hand.seats if p in replay.players]
    for s in hand.statements:
        if isinstance(s, Call):
            lines.append(f"{s.player}: {s.call}")
        elif isinstance(s, Shake):
            lines.append(f"{s.player}: shake")
        elif isinstance(s, Turn) and s.play == "bomb" and (len(s.cards) == 3 or multiplying_two_card_bomb):
            lines.append(f"{s.player}: bomb")  # a tally's bomb is one that multiplies (a 수류탄 may not)
        elif isinstance(s, Declare):
            lines.append(f"{s.player}: {s.card.code} as {s.category}")
    if not any(isinstance(s, Call) and s.call == "stop" for s in hand.statements):
        lines.append(f"{verdict.winner}: stop")  # a stop on the hand's last turn has no call line
    return "\n".join(lines) + "\n"


def hand_payments(verdict: HandVerdict) -> list[tuple[str, str, int]]:
    """Who pays whom for the hand's result (payments made during play have no tally line)."""
    return sorted((p.payer, p.payee, p.points) for p in verdict.payments if p.kind == "hand")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**31))
def test_a_played_hand_and_the_tally_of_its_result_settle_alike(table: tuple[str, int], seed: int) -> None:
    rules, players = table
    (hand,) = parse_text(write_transcript(simulate(profile_named(rules), players=players, hands=1, seed=seed))).hands
    (played,) = judge_file("played.gsn", [hand]).hands
    assert played.valid
    if played.outcome != "stop":
        return
    (tally,) = judge_file("tally.gsn", parse_text(tally_of(hand, played, rules)).hands).hands
    assert tally.valid, tally.violations
    assert hand_payments(tally) == hand_payments(played)
