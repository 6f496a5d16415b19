"""The house rules main gained, each recorded by tapping on a 390×844 phone in Debian's chromium
(issue 30's remainder): five at the table, two sitting out (죽기, 광팔기); 쇼당 offered and answered;
a bomb that flips three cards instead of its dummy turns; a chongtong paid as an agreed sum and
dealt again by the same dealer. Each statement is offered only when the board lists it, said in
words with one line on what it does, and the page's record is the transcript's. Screenshots go to
``/tmp/table-shots`` (or ``GSN_SHOTS``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browsers import axe_findings, set_up, shown, tap, texts, wait
from judging import hand as judged
from judging import owed
from tableserver import TableServer
from test_shodang import HAND as SHODANG_HAND
from test_table_api import in_page_order
from test_table_browser import recorded, tap_line, tap_play, tap_steps, until_recorded
from test_table_family import shoot

from gostop_arbiter import read_text
from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.model import DealLine, TableLine, Turn

FIVE = (Path(__file__).parent / "hands" / "five-seats.gsn").read_text(encoding="utf-8")


def hints(driver: Any) -> list[str]:
    """The one line under each statement offered, saying what it does."""
    return texts(driver, "#moves .move .hint")


def test_five_at_the_table_two_sit_out_by_tapping(keeper: Any, tmp_path: Path) -> None:
    """The five-seat hand of tests/hands: five seats set up, five hands and the table dealt on the
    grid, Ara's fold and Hyun's sale tapped where the page offers them, every turn tapped: the file
    is the transcript, and its verdict the transcript's (Minji paid 6 by each player, Hyun 1)."""
    from selenium.webdriver.common.by import By

    hand = read_text(FIVE).hands[0]
    seats = ["Minji", "Jae", "Soo", "Ara", "Hyun"]
    evening = tmp_path / "다섯.gsn"
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        for _ in range(4):
            tap(keeper, "#add-seat")
        # a seventh seat is still offered (seven need a joker: R80); the sixth stays empty, five play tonight
        assert keeper.find_element(By.ID, "add-seat").get_attribute("disabled") is None
        set_up(keeper, seats, "Minji", "100", "다섯이서")
        tap(keeper, "#start")
        dealt = [s for s in hand.statements if isinstance(s, DealLine | TableLine)]
        for line in dealt:
            tap_line(keeper, line)
        tap(keeper, "#deal-next")
        until_recorded(keeper, len(dealt))
        # each player the board lets sit out is offered it, with what it does (the last two in
        # turn order may sell too): each a button of its own
        assert texts(keeper, "#moves [data-move]") == [
            "죽기 · Jae",
            "죽기 · Soo",
            "광팔기 · Ara",
            "죽기 · Ara",
            "광팔기 · Hyun",
            "죽기 · Hyun",
        ]
        assert "넷 이상이 칠 때: 광을 팔고 이번 판은 쉬어요" in hints(keeper)
        shoot(keeper, "five-seats-sit-out")
        assert axe_findings(keeper) == []
        tap_play(keeper, hand.statements[len(dealt) :], len(dealt) + 1)
        said = texts(keeper, "#statements li .said")
        assert "Ara가 죽었어요" in said and "Hyun이 광을 팔고 빠졌어요" in said
        assert recorded(keeper) == in_page_order([write_statement(s) for s in hand.statements])
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        shoot(keeper, "five-seats-verdict")
        saved = evening.read_text(encoding="utf-8")
        assert owed(judged(saved)) == owed(judged(FIVE))
        # the next hand proposes the same five seats
        tap(keeper, "#next-hand")
        fields = keeper.find_elements(By.CSS_SELECTOR, "#seats input.seat")
        assert [f.get_attribute("value") for f in fields] == seats
    finally:
        server.stop()


def _dealt_by_api(server: TableServer, text: str, seats: list[str], dealer: str, sets: dict[str, str]) -> list[str]:
    """The hand of ``text`` set up and dealt through the table's API (what the other tests tap),
    its lines after the deal returned for the page to record."""
    lines = [write_statement(s) for s in read_text(text).hands[0].statements]
    assert server.post("/api/setup", {"seats": seats, "dealer": dealer, "sets": sets}).status_code == 200
    deal = [line for line in lines if line.startswith(("deal ", "table:"))]
    assert server.post("/api/push", {"lines": deal}).status_code == 200
    return lines[len(deal) :]


def test_shodang_offered_accepted_and_refused_by_tapping(keeper: Any, tmp_path: Path) -> None:
    """Three playing, after Minji's first turn: Jae's 쇼당 is offered to Jae alone, then each of the
    others is offered to accept or refuse; Minji accepts, Soo refuses, and Soo, losing, pays Jae's
    share too (18: his 12 and Jae's 6)."""
    from selenium.webdriver.common.by import By

    server = TableServer(tmp_path / "쇼당.gsn")
    try:
        rest = _dealt_by_api(server, SHODANG_HAND.replace("OFFER\n", ""), ["Minji", "Jae", "Soo"], "Minji", {})
        assert server.post("/api/push", {"lines": rest[:1]}).status_code == 200  # Minji's first turn
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: shown(d, '#moves [data-move="Jae: shodang"]'))
        offered = texts(keeper, "#moves [data-move]")
        assert offered == ["쇼당 · Jae"]  # to the player whose turn it is, nobody else
        assert "셋이 칠 때: 패를 보여 주고 비기자고 제안해요" in hints(keeper)
        tap(keeper, '#moves [data-move="Jae: shodang"]')
        until_recorded(keeper, 6)
        # the answers: two ways each for the two others, none for the one who offered
        wait(keeper, lambda d: shown(d, '#moves [data-move="Minji: accept"]'))
        assert texts(keeper, "#moves [data-move]") == [
            "쇼당 받기 · Minji",
            "쇼당 거절 · Minji",
            "쇼당 받기 · Soo",
            "쇼당 거절 · Soo",
        ]
        shoot(keeper, "shodang-answers")
        assert axe_findings(keeper) == []
        for count, answer in ((7, "Minji: accept"), (8, "Soo: refuse")):
            tap(keeper, f'#moves [data-move="{answer}"]')
            until_recorded(keeper, count)
        said = texts(keeper, "#statements li .said")
        assert said[5:8] == ["Jae가 쇼당을 불렀어요", "Minji가 쇼당을 받았어요", "Soo가 쇼당을 거절했어요"]
        assert server.post("/api/push", {"lines": rest[1:]}).status_code == 200
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        payments = keeper.find_element(By.ID, "verdict-payments").text
        assert "Soo가 쇼당을 거절했으므로 Jae의 몫까지 냄" in payments
    finally:
        server.stop()


BOMB_FLIPS_THREE = """[Seats "A, B"]
deal A: 1g 1r 1p 2p 3p 4p 5p 6p 7p 8p
deal B: 2a 2r 3g 3r 4a 4r 5a 5r 6a 6r
table: 1p 7a 8a 9a 10a 11g 12g 12r
A: bomb 1g 1r 1p / 9p / 10p / 11p
"""
"""A bombs January and, as FW's variant has it, flips three cards instead of two dummy turns."""


def test_a_bomb_that_flips_three_is_tapped_flip_by_flip(keeper: Any, tmp_path: Path) -> None:
    server = TableServer(tmp_path / "폭탄.gsn")
    try:
        sets = {"events.bomb_flips": "3", "events.bomb_dummies": "0"}
        (bomb,) = _dealt_by_api(server, BOMB_FLIPS_THREE, ["A", "B"], "A", sets)
        keeper.get(server.url(server.scorekeeper))
        turn = read_text(BOMB_FLIPS_THREE).hands[0].statements[-1]
        assert isinstance(turn, Turn)
        keeper.taps = 0
        tap(keeper, '#hand [data-play="A: bomb 1g 1r 1p"]')
        wait(keeper, lambda d: shown(d, "#choose-cards button"))
        shoot(keeper, "bomb-three-flips")
        tap_steps(keeper, turn, 4)
        assert recorded(keeper)[-1] == bomb
        print(f"\ntaps for a bomb that flips three: {keeper.taps}")
        assert keeper.taps <= 7  # the bomb, and each of its three flips in two taps at most
    finally:
        server.stop()


CHONGTONG = """[Seats "A, B"]
[Dealer "B"]
deal A: 6a 6r 6p 6p 1g 2p 3p 4p 5p 7p
deal B: 1r 2r 3r 4r 5r 7r 8g 9r 10r 12r
table: 1p 2a 3g 4a 5a 7a 8a 9a
"""
"""A holds all four of June in B's deal (KB's chongtong paid as an agreed sum, then a redeal)."""


def test_a_chongtong_paid_and_dealt_again_by_the_same_dealer(keeper: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server = TableServer(tmp_path / "총통.gsn")
    try:
        _dealt_by_api(server, CHONGTONG, ["A", "B"], "B", {"deal.chongtong_redeal": "true"})
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: shown(d, '#moves [data-move="A: chongtong 6a 6r 6p 6p"]'))
        # offered to the one player who holds four of a month, with what it does
        assert texts(keeper, "#moves [data-move]") == ["총통 · A: 6열 6띠 6피 6피"]
        tap(keeper, '#moves [data-move="A: chongtong 6a 6r 6p 6p"]')
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        assert "B → A" in keeper.find_element(By.ID, "verdict-payments").text
        tap(keeper, "#next-hand")
        # the same dealer deals again: B, not A the winner
        wait(keeper, lambda d: Select(d.find_element(By.ID, "dealer")).first_selected_option.text == "B")
        shoot(keeper, "chongtong-redeal")
    finally:
        server.stop()
