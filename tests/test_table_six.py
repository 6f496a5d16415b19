"""Six at the table recorded by tapping on a 390×844 phone in Debian's chromium (issue 30): six
seats set up, six hands and the table dealt on the grid, the three who sit out tapped where the page
offers it (아라 folds; 현우 and 유나, last in turn order, sell their brights), every turn and the
stop tapped. The file is the transcript of tests/hands/six-seats.gsn and its verdict the
transcript's: each seller paid for their own bright by each of the two losers. The sit-out question
and the verdict are measured in Korean and in English (axe-core, every control 44 px, no word broken,
no card code or English word among the Korean page's controls)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from browsers import set_up, shown, tap, texts, wait
from judging import hand as judged
from judging import owed
from tableserver import TableServer
from test_table_api import in_page_order
from test_table_browser import recorded, shoot, tap_line, tap_play, until_recorded
from test_table_evening import checked, looked_at

from gostop_arbiter import read_text
from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.model import DealLine, TableLine
from gostop_arbiter.table.words import page_words

SIX = (Path(__file__).parent / "hands" / "six-seats.gsn").read_text(encoding="utf-8")


ENGLISH: dict[str, str] = page_words("en")["words"]  # type: ignore[assignment]


def both_languages(
    driver: Any, screen: str, problems: dict[str, list[str]], english: Callable[[], None] = lambda: None
) -> None:
    """Screen ``screen`` measured in Korean, then in English (the page's own button: every word of
    the page switches, the badge in the header too, and ``english`` looks further), then back."""
    looked_at(driver, screen, problems)
    for lang in ("en", "ko"):
        tap(driver, "#lang")
        wait(driver, lambda d, want=lang: d.execute_script("return document.documentElement.lang") == want)
        if lang == "en":
            wait(driver, lambda d: d.find_element("id", "live").text == ENGLISH["live"])
            english()
            looked_at(driver, f"{screen}-en", problems)


def test_six_at_the_table_three_sit_out_and_the_sellers_are_paid(keeper: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    hand = read_text(SIX).hands[0]
    seats = list(hand.seats)
    evening = tmp_path / "여섯.gsn"
    problems: dict[str, list[str]] = {}
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        for _ in range(4):
            tap(keeper, "#add-seat")
        set_up(keeper, seats, "민지", "100", "여섯이서")
        tap(keeper, "#start")
        dealt = [s for s in hand.statements if isinstance(s, DealLine | TableLine)]
        keeper.taps = 0
        for line in dealt:
            tap_line(keeper, line)
        tap(keeper, "#deal-next")
        until_recorded(keeper, len(dealt))
        print(f"\nsix at the table: the deal {keeper.taps} taps (42 cards, the table's 6, and the record)")
        assert keeper.taps == 7 * 6 + 6 + 1
        # three must sit out: each who may is offered to fold (not the dealer), and the last three
        # in turn order to sell too, each a button of its own with what it does
        wait(keeper, lambda d: shown(d, "#moves [data-move]"))
        offered = texts(keeper, "#moves [data-move]")
        assert offered == [
            "죽기 · 재현",
            "죽기 · 수아",
            "광팔기 · 아라",
            "죽기 · 아라",
            "광팔기 · 현우",
            "죽기 · 현우",
            "광팔기 · 유나",
            "죽기 · 유나",
        ]
        assert "넷 이상이 칠 때: 광을 팔고 이번 판은 쉬어요" in texts(keeper, "#moves .move .hint")
        keeper.execute_script("document.getElementById('moves').scrollIntoView()")
        shoot(keeper, "six-seats")
        both_languages(keeper, "six-sit-out", problems)
        tap_play(keeper, hand.statements[len(dealt) :], len(dealt) + 1)
        said = texts(keeper, "#statements li .said")
        assert "아라가 죽었어요" in said and "현우가 광을 팔고 빠졌어요" in said and "유나가 광을 팔고 빠졌어요" in said
        assert recorded(keeper) == in_page_order([write_statement(s) for s in hand.statements])
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        # the verdict the page shows is check's: each payment, the sellers' with their cards
        shown_payments = texts(keeper, "#verdict-payments .verdict-line .head")
        payments = checked(evening)[-1]
        assert len(shown_payments) == len(payments) == 6
        for line, payment in zip(shown_payments, payments, strict=True):
            assert f"{payment['from']} → {payment['to']}" in line and f"{payment['amount']:,}원" in line
        reasons = keeper.find_element(By.ID, "verdict-payments").text
        assert "현우가 1장을 팔고 쉼 (8광)" in reasons and "유나가 1장을 팔고 쉼 (11광)" in reasons
        keeper.execute_script("document.getElementById('over').scrollIntoView()")
        shoot(keeper, "six-seats-verdict")

        def in_english() -> None:
            # two cards taken, each name of two words: a list with commas, not "10 animal rain bright"
            took = "재현 played 12 double junk · flipped 10 junk · took 10 animal, rain bright from the table"
            wait(keeper, lambda d: took in texts(d, "#statements li .said"))

        both_languages(keeper, "six-verdict", problems, in_english)
        assert owed(judged(evening.read_text(encoding="utf-8"))) == owed(judged(SIX))
        # the next hand proposes the same six seats
        tap(keeper, "#next-hand")
        fields = keeper.find_elements(By.CSS_SELECTOR, "#seats input.seat")
        assert [f.get_attribute("value") for f in fields] == seats
    finally:
        server.stop()
    assert problems == {}
