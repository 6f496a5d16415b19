"""Seven at the table recorded by tapping on a 390×844 phone in Debian's chromium (issue 29,
decision R80): seven seats offered and no eighth, a joker set among the house knobs, the seven hands
dealt on the grid without a table, four sit-outs tapped where the page offers them, then the table
dealt on the grid from the stock their hands went into, and every turn tapped. The file is the
transcript of tests/hands/seven-seats.gsn, and its verdict the transcript's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browsers import set_up, tap, wait
from judging import hand as judged
from judging import owed
from tableserver import TableServer
from test_table_api import in_page_order
from test_table_browser import recorded, tap_line, tap_play, until_recorded

from gostop_arbiter import read_text
from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.model import Claim, DealLine

SEVEN = (Path(__file__).parent / "hands" / "seven-seats.gsn").read_text(encoding="utf-8")


def test_seven_at_the_table_the_table_dealt_after_four_sit_out(keeper: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    hand = read_text(SEVEN).hands[0]
    seats = ["Minji", "Jae", "Soo", "Ara", "Hyun", "Yuna", "Tae"]
    evening = tmp_path / "일곱.gsn"
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        for _ in range(5):
            tap(keeper, "#add-seat")
        assert keeper.find_element(By.ID, "add-seat").get_attribute("disabled") is not None  # no eighth
        set_up(keeper, seats, "Minji", "100", "일곱이서")
        tap(keeper, "#knobs summary")
        joker = keeper.find_element(By.CSS_SELECTOR, '#knob-list [data-knob="deck.bonus_cards"]')
        joker.clear()
        joker.send_keys("b2 b3")
        tap(keeper, "#start")
        deals = [s for s in hand.statements if isinstance(s, DealLine)]
        for line in deals:
            tap_line(keeper, line)
        tap(keeper, "#deal-next")
        until_recorded(keeper, len(deals))
        played = [s for s in hand.statements[len(deals) :] if not isinstance(s, Claim)]
        tap_play(keeper, played, len(deals) + 1)
        lines = [write_statement(s) for s in [*deals, *played]]
        assert recorded(keeper) == in_page_order(lines[: len(deals)]) + lines[len(deals) :]
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        assert owed(judged(evening.read_text(encoding="utf-8"))) == owed(judged(SEVEN))
    finally:
        server.stop()
