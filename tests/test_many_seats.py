"""Five to seven at a Go-Stop table (issue 29; docs/rules-reference.md 4P-1, 4P-3): all but three sit
out, by folding (죽기) or selling brights (광팔기), the last in turn order selling when too few fold;
each seller is paid for their own cards. Seven are dealt 7 each and the table nothing, which needs a
joker; the table is dealt from the stock after the drop-out (decision R80)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from judging import hand, judge, owed
from replaying import codes, replay

from gostop_arbiter.notation import GsnSyntaxError, parse_text, write_statement

FIVE = (Path(__file__).parent / "hands" / "five-seats.gsn").read_text(encoding="utf-8")
SEVEN_FILE = Path(__file__).parent / "hands" / "seven-seats.gsn"
SEVEN = SEVEN_FILE.read_text(encoding="utf-8")


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


def _simulated(players: int, hands: int, rules: str = "standard") -> str:
    from gostop_arbiter.notation import write_transcript
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate

    return write_transcript(simulate(profile_named(rules), players=players, hands=hands, seed=29))


@pytest.mark.parametrize(("players", "rules"), [(5, "standard"), (6, "standard"), (7, "online-matgo")])
def test_simulated_sessions_of_five_to_seven_are_judged(players: int, rules: str) -> None:
    """Six at the table deal the whole deck (6 × 7 + 6); the sitters' hands go back into the stock,
    so three play an ordinary 7/6/21 hand. Seven (with the jokers b2 b3) deal 49 and the table after."""
    verdict = judge(_simulated(players, 12, rules))
    for h in verdict.hands:
        assert h.valid, h.violations
        sitting = {p.payee for p in h.payments if p.kind == "sale"}
        assert len(set(h.seats) - sitting) >= 3
        assert len(h.scores) in (0, 3)


def test_a_tally_of_five_has_three_pile_lines() -> None:
    text = '[Seats "A, B, C, D, E"]\npile A: 1g 3g 8g\npile B: 1p\npile C: 2p\nA: stop\n'
    assert owed(hand(text)) == {"B->A": 6, "C->A": 6}
    (error,) = judge(text.replace("pile C: 2p\n", ""), expect_errors=True).errors
    assert error.message.startswith("5 players are seated and only 2 have a pile line")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_seven_seats_four_sit_out_and_the_table_is_dealt_after_them() -> None:
    """tests/hands/seven-seats.gsn: Ara sells her 8g, Jae folds, Yuna sells, Tae folds; the table is
    dealt from the stock their hands went into, and Minji stops at 3 (its claims say the same)."""
    verdict = hand(SEVEN)
    assert verdict.valid and verdict.winner == "Minji"
    assert verdict.discrepancies == []
    assert owed(verdict) == {"Soo->Minji": 6, "Hyun->Minji": 3, "Soo->Ara": 1, "Hyun->Ara": 1}
    sat_out = [(e.player, e.note) for e in replay(SEVEN).events if e.kind == "sit-out"]
    assert sat_out == [("Ara", "sell"), ("Jae", "fold"), ("Yuna", "sell"), ("Tae", "fold")]


def test_the_table_dealt_after_holds_the_sitters_cards_and_no_card_twice() -> None:
    """2r on the table was Jae's, who folded: seen once. Minji's own 3g there is one too many, and
    a table of five is short of the six."""
    assert codes(replay(SEVEN)) == []
    twice = SEVEN.replace("table: +b3 2r 9a", "table: +b3 3g 9a")
    (extra,) = [v for v in replay(twice).violations if v.code == "extra-card"]
    assert extra.card == "3g" and extra.line == SEVEN.splitlines().index("table: +b3 2r 9a 10a 11p 6p 2p") + 1
    short = SEVEN.replace("table: +b3 2r 9a", "table: +b3 9a")
    assert "deal-size" in codes(replay(short))


def test_check_judges_seven_seats_in_text_and_json() -> None:
    said = run("check", str(SEVEN_FILE))
    assert said.returncode == 0, said.stderr
    assert "Minji wins" in said.stdout and "Ara sat out and sold 1 card(s): 8g" in said.stdout
    as_json = run("check", "--json", str(SEVEN_FILE))
    assert as_json.returncode == 0, as_json.stderr
    (judged,) = json.loads(as_json.stdout)["files"][0]["hands"]
    assert len(judged["seats"]) == 7 and judged["winner"] == "Minji" and judged["valid"]
    assert sorted((p["from"], p["to"], p["points"]) for p in judged["payments"]) == [
        ("Hyun", "Ara", 1),
        ("Hyun", "Minji", 3),
        ("Soo", "Ara", 1),
        ("Soo", "Minji", 6),
    ]


WITHOUT_JOKER = SEVEN.replace('[Set "bonus_cards=b2 b3"]\n', "")


def test_seven_without_a_joker_are_refused_with_the_reason(tmp_path: Path) -> None:
    """48 cards cannot deal 7 to each of seven (49): the hand is a usage error, exit 2, in the
    reader's language."""
    (error,) = judge(WITHOUT_JOKER, expect_errors=True).errors
    assert error.message.startswith("seven at a Go-Stop table are dealt 7 cards each and none to the table, 49 cards")
    path = tmp_path / "seven.gsn"
    path.write_text(WITHOUT_JOKER, encoding="utf-8")
    english, korean = run("check", str(path)), run("--lang", "ko", "check", str(path))
    assert english.returncode == korean.returncode == 2
    assert "standard deck holds 48: it needs a joker" in english.stderr
    assert "조커가 필요해요" in korean.stderr and "Traceback" not in english.stderr + korean.stderr


def test_a_tally_of_seven_has_three_pile_lines_and_needs_a_joker() -> None:
    seats = '[Seats "A, B, C, D, E, F, G"]\n'
    text = seats + '[Set "bonus_cards=b2"]\npile A: 1g 3g 8g\npile B: 1p\npile C: 2p\nA: stop\n'
    assert owed(hand(text)) == {"B->A": 6, "C->A": 6}
    (error,) = judge(text.replace("pile C: 2p\n", ""), expect_errors=True).errors
    assert error.message.startswith("7 players are seated and only 2 have a pile line")
    (error,) = judge(text.replace('[Set "bonus_cards=b2"]\n', ""), expect_errors=True).errors
    assert "it needs a joker" in error.message


def test_eight_are_too_many() -> None:
    text = '[Seats "A, B, C, D, E, F, G, H"]\n[Set "bonus_cards=b2 b3"]\ndeal A: 1g 1r 1p 1p 2a 2r 2p\n'
    (error,) = judge(text, expect_errors=True).errors
    assert error.message == "Go-Stop seats two to seven (all but three sit out of four to seven); this hand seats 8"


def test_simulate_seats_seven_where_the_deck_has_a_joker() -> None:
    played = run("simulate", "--players", "7", "--rules", "online-matgo", "--seed", "5")
    assert played.returncode == 0, played.stderr
    assert judge(played.stdout).hands[0].valid
    refused = run("simulate", "--players", "7")
    assert refused.returncode == 2 and "it needs a joker" in refused.stderr


def test_a_deal_line_after_a_sit_out_is_out_of_place() -> None:
    """The table line may follow the sit-out lines (seven deal it then); a deal line may not."""
    text = SEVEN.replace("deal Tae: 1g 3r 4a 9p 10p 11p 12a\n", "").replace(
        "Tae: fold\n", "Tae: fold\ndeal Tae: 1g 3r 4a 9p 10p 11p 12a\n"
    )
    with pytest.raises(GsnSyntaxError, match="the deal line must come before the first turn"):
        parse_text(text)


def test_the_table_app_records_seven_the_table_dealt_after_four_sit_out(tmp_path: Path) -> None:
    """Over HTTP: seven seated only with a joker in the deck; the seven hands dealt without a table,
    each sit-out offered and tapped, then the table's line; every turn played as the page plays it.
    The file is the transcript, and its verdict the transcript's."""
    from test_table_api import Table, in_page_order

    from gostop_arbiter.notation.model import DealLine, TableLine

    seats = ["Minji", "Jae", "Soo", "Ara", "Hyun", "Yuna", "Tae"]
    table = Table(tmp_path / "일곱.gsn")
    refused = table.post("/api/setup", {"seats": seats, "dealer": "Minji"})
    assert refused.status_code == 422 and "it needs a joker" in refused.json()["message"]
    table.setup(seats, dealer="Minji", sets={"bonus_cards": "b2 b3"})
    assert table.state["hand"]["table_later"] and table.state["hand"]["deal_sizes"] == [7, 6]
    statements = parse_text(SEVEN).hands[0].statements
    deals = [s for s in statements if isinstance(s, DealLine)]
    hands = [{"player": d.player, "cards": [c.code for c in d.cards]} for d in deals]
    table.ok("/api/deal", {"hands": hands, "table": []})
    assert [s["kind"] for s in table.state["hand"]["statements"]] == ["deal"] * 7
    offered = {m["text"] for m in table.state["moves"]}
    assert {"Ara: sell", "Jae: fold", "Tae: sell"} <= offered and "Minji: fold" not in offered
    for statement in statements[7:]:
        if isinstance(statement, TableLine):
            assert table.state["moves"] == []  # four sat out: nothing but the table's deal comes next
            table.push(write_statement(statement))
        elif statement.kind != "claim":
            table.play(write_statement(statement))
    hand = table.state["hand"]
    assert hand["over"]
    payments = sorted((p["payer"], p["payee"], p["points"]) for p in hand["verdict"]["payments"])
    assert payments == [("Hyun", "Ara", 1), ("Hyun", "Minji", 3), ("Soo", "Ara", 1), ("Soo", "Minji", 6)]
    written = [line for line in table.path.read_text(encoding="utf-8").splitlines() if not line.startswith("[")]
    lines = [write_statement(s) for s in statements if s.kind != "claim"]
    assert written == in_page_order(lines[:7]) + lines[7:]  # the page writes each hand by month
