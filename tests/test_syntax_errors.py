"""Syntax errors name the line and column and say in words what was expected (GSN §8)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import syntax_errors

from gostop_arbiter.notation import GsnSyntaxError, parse_text

HEAD = '[Seats "Minji, Jae"]\n'


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        pytest.param("Minji: / 7a", 8, "expected a card such as 3p, bomb, pass, shake, bonus, give, go, stop, sell, fold or chongtong, but found '/'", id="no-hand-card"),
        pytest.param("Minji 3p / 7a", 7, "expected ':', but found '3p'", id="no-colon"),
        pytest.param("Minji: 3p x / 7a", 13, "expected a card such as 3p, but found '/'", id="x-without-card"),
        pytest.param("Minji: 3p /", 12, "expected a card such as 3p, but found the end of the line", id="slash-without-flip"),
        pytest.param("Minji: 3p 7a", 11, "expected '/' and the flipped card, x and the card taken, as, pi, animal, a mark such as !chok or the end of the line, but found '7a'", id="flip-without-slash"),
        pytest.param("Minji: 3q / 7a", 8, "'3q' is not a card: write the month and a category, such as 3p, 8g, 9a, 1r, 11pp or 8광", id="bad-category"),
        pytest.param("Minji: 3p / 7ab", 13, "'7ab' is not a card", id="card-with-tail"),
        pytest.param("Minji: goo", 8, "expected a card such as 3p, bomb, pass", id="misspelt-keyword"),
        pytest.param("Minji: 9a as junk", 14, "expected pi or animal, but found 'junk'", id="bad-category-word"),
        pytest.param("Minji: bonus b2 7p", 17, "expected draw, but found '7p'", id="bonus-without-draw"),
        pytest.param("claim: Jae pays Minji", 22, "expected the points (a whole number), but found the end of the line", id="claim-without-points"),
        pytest.param("claim: Jae pays Minji -3", 23, "expected the points (a whole number), but found '-3'", id="negative-claim"),
        pytest.param("deal Minji 1g", 12, "expected ':', but found '1g'", id="deal-without-colon"),
        pytest.param("table: ?", 8, "expected a card such as 3p, +b2 (a bonus card the dealer took) or the end of the line", id="unseen-on-table"),
        pytest.param('[Seats "A, B"', 1, 'a tag is written [Name "value"]: the closing ] is missing', id="tag-without-bracket"),
        pytest.param("[Seats A, B]", 1, 'a tag is written [Name "value"]: the value is missing or not in quotes', id="tag-without-quotes"),
        pytest.param('[Seats "A, B]', 1, 'a tag is written [Name "value"]: the closing quote is missing', id="tag-without-closing-quote"),
        pytest.param("Minji: 3p / 7a @", 16, "expected '/' and the flipped card, x and the card taken, a mark such as !chok or the end of the line, but found '@'", id="stray-character"),
    ],
)
def test_typical_mistakes(line: str, column: int, message: str) -> None:
    errors = syntax_errors(HEAD + line + "\n")
    assert len(errors) == 1, errors
    got_line, got_column, got_message = errors[0]
    assert (got_line, got_column) == (2, column)
    assert got_message.startswith(message), got_message


FIVE_BROKEN = """\
[Seats "Minji, Jae"]
[Dealer "Minji"]
deal Minji: 1g 1r 2p 3p 5a 6r 7p 8a 9p 12pp
deal Jae: ?*10
table: 4p 4a 10r 11g 11p 12g 2a 3r
Minji: 1g / 7a
Jae: 9r 9p
Minji: 1r / 3r
Jae: / 5p
Minji: 2p / 2a
Jae: 3q / 6p
Minji: 3p / 10r x
Jae: 4p / 4a
Minji 5a / 8p
"""


def test_every_broken_line_is_reported_in_one_run() -> None:
    with pytest.raises(GsnSyntaxError) as caught:
        parse_text(FIVE_BROKEN)
    assert [(i.line, i.column) for i in caught.value.issues] == [(7, 9), (9, 6), (11, 6), (12, 18), (14, 7)]


def test_an_error_is_shown_with_its_line_and_a_caret() -> None:
    with pytest.raises(GsnSyntaxError) as caught:
        parse_text(HEAD + "Minji: 3p x / 7a\n")
    assert caught.value.issues[0].render("game.gsn") == (
        "game.gsn:2:13: expected a card such as 3p, but found '/'\n"
        "    2 | Minji: 3p x / 7a\n"
        "      |             ^"
    )


def test_errors_in_several_hands_are_all_reported() -> None:
    text = HEAD + "Minji: 3p x / 7a\n[Hand \"2\"]\nJae: bomb / \n[Hand \"3\"]\nMinji: stop\n"
    assert [e[0] for e in syntax_errors(text)] == [2, 4]


def test_a_file_that_is_not_utf8_is_a_located_error() -> None:
    from gostop_arbiter.notation.reader import decode

    with pytest.raises(GsnSyntaxError) as caught:
        decode(b'[Seats "A, B"]\nA: 3p / \xff7a\n')
    issue = caught.value.issues[0]
    assert (issue.line, issue.column) == (2, 9)
    assert "not UTF-8" in issue.message


@pytest.mark.parametrize(
    ("line", "said"),
    [
        # every word of a line that is no card is said at once, not only the first (issue 31)
        pytest.param("deal Minji: 8광광 1kw 3g", [(13, "'8광광' is not a card"), (17, "'1kw' is not a card")], id="two-on-a-deal"),
        pytest.param("Minji: 3gx / 4z", [(8, "'3gx' is not a card"), (14, "'4z' is not a card")], id="hand-card-and-flip"),
        pytest.param("table: 8gg 1g +9x # 4q", [(8, "'8gg' is not a card"), (15, "'+9x' is not a card")], id="not-in-the-comment"),
        # a month's name and a category as two words are one card only where the month has it
        pytest.param("pile Minji: 국화 쌍피 1g", [(13, "'국화 쌍피' is no card: month 9 has no 쌍피, its cards are 국진 (9a), 국화띠 (9r), 국화피 (9p)")], id="spaced-name-no-card"),
    ],
)
def test_every_fault_of_a_line_is_said(line: str, said: list[tuple[int, str]]) -> None:
    errors = syntax_errors(HEAD + line + "\n")
    assert [column for _line, column, _message in errors] == [column for column, _said in said]
    for (_line, _column, message), (_column_said, words) in zip(errors, said, strict=True):
        assert message.startswith(words), message


def test_a_month_and_its_category_as_two_words_read_as_the_card() -> None:
    hand = parse_text(HEAD + "pile Minji: 국화 열끗 송학 광\npile Jae: 1p\n").hands[0]
    assert [card.code for card in hand.statements[0].cards] == ["9a", "1g"]


def test_the_caret_stands_under_the_fault_past_characters_a_terminal_does_not_draw(tmp_path: Path) -> None:
    # a control byte is drawn as its picture, one cell, so the caret is not left short of the fault
    path = tmp_path / "binary.gsn"
    path.write_bytes(HEAD.encode() + b"deal Minji: 1g \x01\x02 3gx\n")
    result = subprocess.run([sys.executable, "-m", "gostop_arbiter", "check", str(path)], capture_output=True, text=True)
    source, caret = result.stderr.splitlines()[1:3]
    assert source.endswith("deal Minji: 1g \u2401\u2402 3gx")
    assert caret.index("^") == source.index("\u2401")
