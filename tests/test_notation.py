"""Every GSN statement and alias (GSN §1–§6), as the reader sees it."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import gsn, syntax_errors

from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.grammar import analysed_grammar
from gostop_arbiter.records import dump

SEATED = '[Seats "Minji, Jae, Soo"]\n'


def only_statement(line: str) -> Any:
    """The one statement of a hand made of the Seats tag above and ``line``."""
    (hand,) = gsn(SEATED + line + "\n").hands
    (statement,) = hand.statements
    return statement


def fields(model: Any) -> dict[str, Any]:
    """A statement's fields without positions and comments, card references as their codes."""
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) == {"code", "column"}:
                return value["code"]
            return {k: strip(v) for k, v in value.items() if k not in ("line", "column", "comments", "comment")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(dump(model))


def test_the_grammar_is_lalr_without_conflicts_or_collisions() -> None:
    # strict=True makes Lark refuse shift/reduce conflicts and terminals that collide.
    analysed_grammar(strict=True)


HUGE = "9" * 5000

@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("deal Minji: 1g 1r 2p ?*3 ? 8광", {"kind": "deal", "player": "Minji", "cards": ["1g", "1r", "2p", "?", "?", "?", "?", "8g"]}, id="deal-unseen"),
        pytest.param("table: 4p 4a +b2 10r", {"kind": "table", "cards": ["4p", "4a", "10r"], "dealer_bonus": ["b2"]}, id="table-dealer-bonus"),
        pytest.param("stock: 5p ? 7a", {"kind": "stock", "cards": ["5p", "?", "7a"]}, id="stock"),
        pytest.param("Minji: 1g x1p / 7a", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["1g"], "target": "1p", "flips": [{"card": "7a", "target": None}], "marks": []}, id="turn-capture"),
        pytest.param("Jae: 9r / 9p !chok", {"kind": "turn", "number": None, "player": "Jae", "play": "card", "cards": ["9r"], "target": None, "flips": [{"card": "9p", "target": None}], "marks": ["chok"]}, id="turn-mark"),
        pytest.param("Soo: bomb 4a 4r 4p / 11p", {"kind": "turn", "number": None, "player": "Soo", "play": "bomb", "cards": ["4a", "4r", "4p"], "target": None, "flips": [{"card": "11p", "target": None}], "marks": []}, id="bomb"),
        pytest.param("Minji: 3p / b3 / 7p x7a", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["3p"], "target": None, "flips": [{"card": "b3", "target": None}, {"card": "7p", "target": "7a"}], "marks": []}, id="two-flips"),
        pytest.param("Soo: pass / 2r x2p", {"kind": "turn", "number": None, "player": "Soo", "play": "pass", "cards": [], "target": None, "flips": [{"card": "2r", "target": "2p"}], "marks": []}, id="pass"),
        pytest.param("12. Minji: 3p", {"kind": "turn", "number": 12, "player": "Minji", "play": "card", "cards": ["3p"], "target": None, "flips": [], "marks": []}, id="numbered-no-flip"),
        pytest.param("12.Minji: 3p/7a", {"kind": "turn", "number": 12, "player": "Minji", "play": "card", "cards": ["3p"], "target": None, "flips": [{"card": "7a", "target": None}], "marks": []}, id="number-touching-name"),
        pytest.param("Minji: 3p x 3p / 7a !ppeok !ttadak", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["3p"], "target": "3p", "flips": [{"card": "7a", "target": None}], "marks": ["ppeok", "ttadak"]}, id="x-apart-several-marks"),
        pytest.param("Minji: 3p / 7a !jappeok !sweep", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["3p"], "target": None, "flips": [{"card": "7a", "target": None}], "marks": ["jappeok", "sweep"]}, id="marks"),
        pytest.param("Minji: 3p / 7a !쪽 !뻑 !자뻑 !따닥 !싹쓸이", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["3p"], "target": None, "flips": [{"card": "7a", "target": None}], "marks": ["chok", "ppeok", "jappeok", "ttadak", "sweep"]}, id="korean-marks"),
        pytest.param("Minji: b2 / 5p / 7a", {"kind": "turn", "number": None, "player": "Minji", "play": "card", "cards": ["b2"], "target": None, "flips": [{"card": "5p", "target": None}, {"card": "7a", "target": None}], "marks": []}, id="joker-played"),
        pytest.param("Soo: shake 10a 10r 10p", {"kind": "shake", "player": "Soo", "cards": ["10a", "10r", "10p"]}, id="shake"),
        pytest.param("Minji: bonus b2 draw 7p", {"kind": "bonus", "player": "Minji", "card": "b2", "draw": "7p"}, id="bonus"),
        pytest.param("Minji: bonus b3 draw ?", {"kind": "bonus", "player": "Minji", "card": "b3", "draw": "?"}, id="bonus-unseen-draw"),
        pytest.param("Jae: give 3p 4p", {"kind": "give", "player": "Jae", "cards": ["3p", "4p"]}, id="give"),
        pytest.param("Minji: 9a as pi", {"kind": "declare", "player": "Minji", "card": "9a", "category": "pi"}, id="sake-cup-pi"),
        pytest.param("Minji: 9열 AS Animal", {"kind": "declare", "player": "Minji", "card": "9a", "category": "animal"}, id="sake-cup-animal"),
        pytest.param("Minji: go", {"kind": "call", "player": "Minji", "call": "go"}, id="go"),
        pytest.param("Minji: STOP", {"kind": "call", "player": "Minji", "call": "stop"}, id="stop"),
        pytest.param("Soo: sell", {"kind": "sit-out", "player": "Soo", "how": "sell"}, id="sell"),
        pytest.param("Soo: fold", {"kind": "sit-out", "player": "Soo", "how": "fold"}, id="fold"),
        pytest.param("Minji: chongtong 6a 6r 6p 6p", {"kind": "chongtong", "player": "Minji", "cards": ["6a", "6r", "6p", "6p"]}, id="chongtong"),
        pytest.param("claim: Jae pays Minji 24", {"kind": "claim", "payer": "Jae", "payee": "Minji", "points": 24}, id="claim"),
        pytest.param("claim: nagari", {"kind": "claim", "payer": None, "payee": None, "points": None}, id="claim-nagari"),
        pytest.param("pile Minji: 1g 3g 11쌍피", {"kind": "pile", "player": "Minji", "cards": ["1g", "3g", "11pp"]}, id="pile"),
        pytest.param("Minji: shake", {"kind": "shake", "player": "Minji", "cards": []}, id="tally-shake"),
        pytest.param("Minji: bomb", {"kind": "bomb", "player": "Minji"}, id="tally-bomb"),
    ],
)
def test_statement(line: str, expected: dict[str, Any]) -> None:
    assert fields(only_statement(line)) == expected


@pytest.mark.parametrize(
    ("alias", "code"),
    [("8광", "8g"), ("9열", "9a"), ("9열끗", "9a"), ("1띠", "1r"), ("3피", "3p"), ("11쌍피", "11pp"), ("01G", "1g"), ("12PP", "12pp")],
)
def test_card_aliases(alias: str, code: str) -> None:
    assert only_statement(f"Minji: {alias}").cards[0].code == code


def test_foreign_cards_parse_and_are_left_to_the_deck() -> None:
    # GSN §2: 4g, 13p and 12p name no card, but the transcript is readable.
    statement = only_statement("deal Minji: 4g 13p 12p b9")
    assert [c.code for c in statement.cards] == ["4g", "13p", "12p", "b9"]


def test_card_columns_are_kept() -> None:
    turn = only_statement("Minji: 3p x3p / 7a")
    assert (turn.line, turn.column) == (2, 1)
    assert turn.cards[0].column == 8
    assert turn.target.column == 12
    assert turn.flips[0].card.column == 17


def test_keywords_are_case_insensitive_and_names_may_be_keywords() -> None:
    hand = gsn('[Seats "Go, Stop"]\nGo: 3P / 7A\nStop: GO\nGo: Stop\nclaim: Go pays Stop 3\n').hands[0]
    assert [write_statement(s) for s in hand.statements] == [
        "Go: 3p / 7a", "Stop: go", "Go: stop", "claim: Go pays Stop 3",
    ]


def test_korean_names_and_full_width_forms() -> None:
    # A Korean input method types full-width digits, colon and the ideographic space.
    hand = gsn('[Seats "민지, 재현"]\n민지：　１ｇ　／　７ａ\n').hands[0]
    assert write_statement(hand.statements[0]) == "민지: 1g / 7a"


def test_byte_order_mark_crlf_and_tabs() -> None:
    hand = gsn('\ufeff[Seats "A, B"]\r\nA:\t3p\t/\t7a\r\n').hands[0]
    assert write_statement(hand.statements[0]) == "A: 3p / 7a"


def test_comments_are_kept_and_hash_inside_a_tag_is_text() -> None:
    hand = gsn('# before\n[Note "hand #3 \\"late\\" \\\\ night"]  # after tag\n[Seats "A, B"]\nA: 3p / 7a # trailing\n# at the end\n').hands[0]
    note = hand.tags[0]
    assert note.value == 'hand #3 "late" \\ night'
    assert note.comments == [" before"]
    assert note.comment == " after tag"
    assert hand.statements[0].comment == " trailing"
    assert hand.trailing_comments == [" at the end"]


def test_tags_carry_over_and_rules_drops_earlier_sets() -> None:
    transcript = gsn(
        '[Seats "A, B"]\n[Rules "wikipedia"]\n[Set "min_score=5"]\n[Stake "100"]\nA: stop\n'
        '[Hand "2"]\nB: stop\n'
        '[Set "min_score=6"]\n[Set "min_score=7"]\nA: stop\n'
        '[Set "x=1"]\n[Rules "standard"]\nB: stop\n'
    )
    first, second, third, fourth = transcript.hands
    assert (first.seats, first.rules, first.sets, first.stake) == (["A", "B"], "wikipedia", {"min_score": "5"}, 100)
    assert (second.seats, second.rules, second.sets, second.stake) == (["A", "B"], "wikipedia", {"min_score": "5"}, 100)
    assert third.sets == {"min_score": "7"}
    assert (fourth.rules, fourth.sets) == ("standard", {})


def test_seats_default_to_the_deal_lines_or_the_pile_lines() -> None:
    played = gsn("deal Jae: ?*10\ndeal Minji: ?*10\ntable: ?\n".replace("table: ?\n", "")).hands[0]
    assert played.seats == ["Jae", "Minji"] and played.kind == "played"
    tally = gsn("pile Soo: 1g\npile Ara: 2p\nAra: stop\n").hands[0]
    assert tally.seats == ["Soo", "Ara"] and tally.kind == "tally"


def test_seats_are_normalised() -> None:
    hand = gsn('[Seats "A,B ,  C"]\nA: go\n').hands[0]
    assert hand.tags[0].value == "A, B, C"
    assert hand.seats == ["A", "B", "C"]


def test_a_tag_after_a_statement_starts_a_new_hand_blank_lines_do_not() -> None:
    transcript = gsn('[Seats "A, B"]\nA: 3p / 7a\n\n\nB: 4p / 8a\n[Hand "2"]\n\nA: stop\n')
    assert [len(h.statements) for h in transcript.hands] == [2, 1]
    assert [h.index for h in transcript.hands] == [1, 2]


def test_comments_between_hands_belong_to_the_second() -> None:
    transcript = gsn('[Seats "A, B"]\nA: stop\n\n# the second hand\n[Hand "2"]\nB: stop\n')
    assert transcript.hands[1].tags[0].comments == [" the second hand"]


def test_unknown_tags_are_kept_with_a_warning() -> None:
    hand = gsn('[Seats "A, B"]\n[Weather "rain"]\nA: stop\n').hands[0]
    assert hand.tag("weather").value == "rain"
    assert "unknown tag Weather" in hand.warnings[0].message


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        pytest.param('[Seats "A, A"]\nA: stop\n', 1, 1, "A is listed twice in Seats", id="seat-twice"),
        pytest.param('[Seats "A, B"]\nC: 3p / 4p\n', 2, 1, "C is not in Seats", id="not-seated"),
        pytest.param('[Seats "A, B"]\nclaim: A pays C 3\n', 2, 1, "C is not in Seats", id="claim-not-seated"),
        pytest.param("deal A: ?*10\nB: 3p\n", 2, 1, "B is not at the table", id="no-deal-line"),
        pytest.param('[Seats "A, B"]\n[Dealer "C"]\nA: stop\n', 2, 1, "the dealer C is not at the table", id="dealer-not-seated"),
        pytest.param('[Seats "A, b2"]\nA: stop\n', 1, 1, "'b2' in Seats is not a player's name", id="card-as-name"),
        pytest.param('[Seats "A, nagari"]\nA: stop\n', 1, 1, "'nagari' in Seats is not", id="reserved-seat"),
        pytest.param('[Seats "A, B"]\nnagari: 3p\n', 2, 1, "'nagari' is a reserved word", id="reserved-name"),
        pytest.param('[Seats "A, B"]\npile A: 1g\nA: 3p / 4p\n', 3, 1, "belongs in a played hand, but line 2 made this hand a tally hand", id="played-line-in-tally"),
        pytest.param('[Seats "A, B"]\nA: 3p / 4p\npile A: 1g\n', 3, 1, "belongs in a tally hand", id="tally-line-in-played"),
        pytest.param('[Seats "A, B"]\nA: 3p / 4p\ntable: 1g\n', 3, 1, "the table line must come before the first turn", id="table-after-turn"),
        pytest.param('[Seats "A, B"]\ntable: 1g\ntable: 2g\nA: stop\n', 3, 1, "a second 'table' line", id="two-tables"),
        pytest.param('[Seats "A, B"]\n[Stake "ten"]\nA: stop\n', 2, 1, "Stake is money per point", id="stake"),
        pytest.param('[Seats "A, B"]\n[Set "nothing"]\nA: stop\n', 2, 1, '[Set "knob=value"]', id="set"),
        pytest.param('[Seats "A, B"]\n[Carry "0"]\nA: stop\n', 2, 1, "Carry is a multiplier", id="carry"),
        pytest.param('[Seats "A, B"]\ndeal A: ?*0\n', 2, 9, "?*N takes a count from 1 to 99", id="unseen-zero"),
        # Numbers longer than Python converts to int (4,300 digits) are errors, not crashes.
        pytest.param(f'[Seats "A, B"]\n[Stake "{HUGE}"]\nA: stop\n', 2, 1, "Stake is money per point", id="stake-huge"),
        pytest.param(f'[Seats "A, B"]\n[Carry "{HUGE}"]\nA: stop\n', 2, 1, "Carry is a multiplier", id="carry-huge"),
        pytest.param(f'[Seats "A, B"]\nclaim: A pays B {HUGE}\n', 2, 17, "at most 18 digits", id="claim-huge"),
        pytest.param(f'[Seats "A, B"]\n{HUGE}. A: 3p / 7a\n', 2, 1, "at most 18 digits", id="turn-number-huge"),
        pytest.param(f'[Seats "A, B"]\ndeal A: ?*{HUGE}\n', 2, 9, "?*N takes a count from 1 to 99, not 999", id="unseen-huge"),
        pytest.param('[Seats "A, B"]\nclaim: A pays B 1234567890123456789\n', 2, 17, "at most 18 digits", id="claim-19-digits"),
        pytest.param('[Seats "A, B"]\nA: 3p / 7a !chk\n', 2, 12, "unknown mark '!chk'", id="unknown-mark"),
        pytest.param('[Seats "A, B"]\n', 1, 1, "a hand needs at least one statement", id="tags-only"),
        pytest.param("# nothing here\n", 1, 1, "the file holds no hand", id="empty"),
    ],
)
def test_errors_beyond_the_grammar(text: str, line: int, column: int, words: str) -> None:
    errors = syntax_errors(text)
    assert any(e[0] == line and e[1] == column and words in e[2] for e in errors), errors
