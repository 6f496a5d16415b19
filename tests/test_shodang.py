"""쇼당 (shodang; issue 29, docs/rules-reference.md PA-7): with three playing, a player offers a draw
before their turn; both others accept (수락): a nagari; one refuses (거절): play goes on and that
player, losing, pays both losers' shares (knob ``shodang``). Written ``NAME: shodang``, ``NAME:
accept``, ``NAME: refuse`` (``쇼당``, ``수락`` or ``받기``, ``거절``)."""

from __future__ import annotations

from judging import hand, owed
from replaying import codes, kinds_on, replay

from gostop_arbiter.engine import HandBoard
from gostop_arbiter.notation import parse_text
from gostop_arbiter.notation.model import Shodang, ShodangAnswer
from gostop_arbiter.rules import profile_named

# Minji wins at 3 points; Jae pays 6, Soo 12 (pi-bak). (Hand 7 of a simulated three-player session.)
HAND = """[Seats "Minji, Jae, Soo"]
[Dealer "Minji"]
deal Minji: 1p 3g 3p 6a 8g 10r 11p
deal Jae: 3r 4p 6p 9p 10a 10p 11g
deal Soo: 4r 5r 6p 8p 10p 12g 12pp
table: 1r 2a 2p 8p 11p 4a
Minji: 3g / 3p
OFFER
Jae: 9p / 6r
Soo: 12pp / 7r
Minji: 3p / 9p
Jae: 10a / 7a
Soo: 10p / 5a
Minji: 6a / 4p
Jae: 4p / 7p
Soo: 12g / 12a
Minji: 11p / 5p
Jae: 3r / 2r x2a
Soo: 5r / 5p
Minji: 8g / 12r
Minji: stop
"""


def with_offer(offer: str) -> str:
    return HAND.replace("OFFER\n", offer)


def test_without_a_shodang_each_loser_pays_their_own() -> None:
    assert owed(hand(with_offer(""))) == {"Jae->Minji": 6, "Soo->Minji": 12}


def test_the_refuser_pays_both_shares() -> None:
    """Jae offers, Minji accepts, Soo refuses; Minji wins: Soo pays his 12 and Jae's 6."""
    verdict = hand(with_offer("Jae: shodang\nMinji: accept\nSoo: refuse\n"))
    assert verdict.valid and owed(verdict) == {"Soo->Minji": 18}
    (transfer,) = [p for p in verdict.payments if p.reason and "쇼당" in p.reason]
    assert transfer.reason == "쇼당: Soo refused the shodang, so Soo also pays Jae's share"


def test_the_refuser_pays_only_when_the_accepter_wins_where_the_rules_say() -> None:
    """Minji offers, Jae accepts, Soo refuses, and Minji, the offerer, wins: under
    refuser-pays-if-accepter-wins (gostop-ts) each pays their own."""
    text = with_offer("").replace("Minji: 3p / 9p\n", "Minji: shodang\nJae: accept\nSoo: refuse\nMinji: 3p / 9p\n")
    assert owed(hand(text)) == {"Soo->Minji": 18}
    assert owed(hand(text, shodang="refuser-pays-if-accepter-wins")) == {"Jae->Minji": 6, "Soo->Minji": 12}


def test_both_accepting_make_a_nagari() -> None:
    text = with_offer("Jae: shodang\nMinji: 수락\nSoo: 받기\n")
    verdict = hand(text)
    assert (verdict.outcome, verdict.winner, verdict.payments, verdict.carry_out) == ("nagari", None, [], 2)
    assert set(codes(replay(text))) == {"after-end"}


def test_an_offer_is_answered_before_the_next_turn() -> None:
    r = replay(with_offer("Jae: shodang\nMinji: accept\n"))
    (unanswered,) = r.violations
    assert unanswered.message == "Soo did not answer Jae's shodang of line 8 before the next turn; the offer is void"
    assert owed(hand(with_offer("Jae: shodang\nMinji: accept\n"))) == {"Jae->Minji": 6, "Soo->Minji": 12}


def test_an_offer_comes_before_the_players_own_turn_with_three_playing() -> None:
    r = replay(with_offer("Soo: shodang\n"))
    assert r.violations[0].message == "Soo cannot offer a shodang: Soo may offer a shodang only before Soo's own turn"
    r = replay(with_offer("Jae: shodang\nJae: accept\n"))
    assert "Jae cannot accept: Jae offered the shodang" in [v.message for v in r.violations]
    off = replay(with_offer("Jae: shodang\n"), shodang="off")
    assert off.violations[0].message == "Jae cannot offer a shodang: these rules have no shodang"


def test_the_board_lists_the_offer_and_the_answers() -> None:
    text = with_offer("")
    hand_ = parse_text(text).hands[0]
    board = HandBoard.of_hand(hand_, profile_named("standard"), dealer="Minji")
    for statement in hand_.statements[:5]:  # the deal and Minji's first turn
        board.push(statement)
    assert Shodang(player="Jae") in board.legal_plays()
    board.push(parse_text(with_offer("Jae: shodang\n")).hands[0].statements[5])
    listed = [m for m in board.legal_plays() if isinstance(m, ShodangAnswer)]
    assert {(m.player, m.answer) for m in listed} == {(p, a) for p in ("Minji", "Soo") for a in ("accept", "refuse")}
    assert kinds_on(replay(with_offer("Jae: shodang\nMinji: accept\nSoo: refuse\n")), 8) == ["shodang"]


def test_a_tally_hand_writes_the_shodang_too() -> None:
    tally = '[Seats "A, B, C"]\npile A: 1g 3g 8g\npile B: 1p\npile C: 2p 3p 4p 5p 6p 7p\n'
    assert owed(hand(tally + "A: stop\n")) == {"B->A": 6, "C->A": 6}
    assert owed(hand(tally + "B: shodang\nA: accept\nC: refuse\nA: stop\n")) == {"C->A": 12}
    agreed = hand(tally + "B: 쇼당\nA: 수락\nC: 수락\nA: stop\n")
    assert agreed.outcome == "nagari" and [v.code for v in agreed.violations] == ["after-end"]
