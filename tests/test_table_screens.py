"""Every screen of the table app measured, not assumed (issue 30): at 360×640, 390×844 and
1280×900 every control is at least 44×44 CSS px and no word breaks across lines; axe-core finds
nothing serious or critical in Korean or in English; a three-player deal takes under 30 taps; a
turn is recorded with the keyboard alone on a laptop; and on a phone four times slower (Chrome's
CPU throttling) the time to the page's first draw and to each tap's answer drawn is printed (the
issue asks under 1 s and under 100 ms p99; times are printed, never asserted, on a shared machine)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsers import axe_findings, chromium, pick, shown, small_and_broken, tap, wait
from tableserver import TableServer
from test_table_api import SAMPLE, statements_of
from test_table_browser import shoot

SIZES = [(360, 640), (390, 844), (1280, 900)]

LINES = statements_of(SAMPLE)
SETUP = {"seats": ["민지", "재현"], "dealer": "민지", "stake": 100, "event": "설날 가족 맞고"}
UNSEEN_DEAL = [LINES[0], "deal 재현: ?*10", LINES[2]]


def _nothing(driver: Any) -> None:
    """The screen as it opens."""


def _open(css: str) -> Callable[[Any], None]:
    def opened(driver: Any) -> None:
        tap(driver, css)

    return opened


def _knobs(driver: Any) -> None:
    tap(driver, "#knobs summary")


def _tally(driver: Any) -> None:
    tap(driver, "#tally-open")
    for card in ("1g", "3g", "9a"):
        tap(driver, f'#tally-grid [data-card="{card}"]')


def _flip(driver: Any) -> None:
    tap(driver, '#hand [data-play="민지: 7a"]')
    wait(driver, lambda d: shown(d, "#choose-cards [data-month]"))


def _correction(driver: Any) -> None:
    tap(driver, '[data-correct="3"]')
    wait(driver, lambda d: shown(d, "#correct-plays button"))


def _verdict(driver: Any) -> None:
    """The verdict with check's text opened, and an amount paid that is no whole number of points
    refused in view (1,050 at 100 a point)."""
    tap(driver, "#verdict-check summary")
    driver.find_element("id", "claim-points").send_keys("1050")
    tap(driver, "#claim-add")
    wait(driver, lambda d: shown(d, "#notice.refused") and shown(d, "#verdict-text"))


SCREENS: list[tuple[str, list[list[str]], str, Callable[[Any], None]]] = [
    ("set-up", [], "scorekeeper", _knobs),
    ("deal", [[]], "scorekeeper", _nothing),
    ("tally", [[]], "scorekeeper", _tally),
    ("turn of a hand not seen", [UNSEEN_DEAL, [LINES[3]]], "scorekeeper", _nothing),
    ("flip", [LINES[:3], *[[line] for line in LINES[3:5]]], "scorekeeper", _flip),
    ("call", [LINES[:3], *[[line] for line in LINES[3:21]]], "scorekeeper", _nothing),
    ("correction", [LINES[:3], *[[line] for line in LINES[3:8]]], "scorekeeper", _correction),
    ("verdict and evening", [LINES[:3], *[[line] for line in LINES[3:-1]]], "scorekeeper", _verdict),
    ("watcher", [LINES[:3], *[[line] for line in LINES[3:9]]], "watcher", _nothing),
]
"""Each screen: the statements recorded before it, whose link opens it, and what opens it."""

SHOT = {
    "turn of a hand not seen": ("unseen-hand", "hand-what"),
    "call": ("call", "moves-title"),
    "set-up": ("setup-house-rules", "knobs"),
}
"""The screens docs/table.md shows that the walk through the sample does not, and what they show."""


def _recorded(server: TableServer, writes: list[list[str]]) -> None:
    if writes:
        assert server.post("/api/setup", SETUP).status_code == 200
    for lines in writes:
        if lines:
            assert server.post("/api/push", {"lines": lines}).status_code == 200, lines


@pytest.mark.parametrize(("screen", "writes", "role", "opened"), SCREENS, ids=[s[0] for s in SCREENS])
def test_every_screen_is_big_enough_whole_and_clean_in_both_languages(
    screen: str, writes: list[list[str]], role: str, opened: Callable[[Any], None], tmp_path: Path
) -> None:
    phone = chromium(390, 844)
    server = TableServer(tmp_path / "evening.gsn")
    problems: dict[str, Any] = {}
    try:
        _recorded(server, writes)
        token = server.scorekeeper if role == "scorekeeper" else server.watcher
        for lang in ("ko", "en"):
            phone.set_window_size(390, 844)
            phone.get(server.url(token, lang))
            wait(phone, lambda d: d.execute_script("return performance.getEntriesByName('drawn').length") > 0)
            opened(phone)
            if lang == "ko":
                for width, height in SIZES:
                    phone.set_window_size(width, height)
                    small, broken = small_and_broken(phone)
                    if small or broken:
                        problems[f"{width}x{height}"] = (small, broken)
            phone.set_window_size(390, 844)
            if lang == "ko" and screen in SHOT:
                name, part = SHOT[screen]
                phone.execute_script("document.getElementById(arguments[0]).scrollIntoView()", part)
                shoot(phone, name)
            found = axe_findings(phone)
            if found:
                problems[f"axe {lang}"] = found
    finally:
        phone.quit()
        server.stop()
    assert problems == {}


def test_a_three_player_deal_takes_under_30_taps_and_a_turn_needs_no_mouse(tmp_path: Path) -> None:
    """On a laptop, the set-up with the keyboard alone (names typed, a seat added, 시작). Then on a
    phone, three players' hands of seven and the table's six, each card tapped once, each hand done
    when full: 27 taps and the one that records. Then, on a laptop, a turn with the keyboard
    alone (Tab to the card, Enter, Tab to the flip, Enter), taken back and put back."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    phone = chromium(390, 844)
    server = TableServer(tmp_path / "evening.gsn")
    deal = {
        "민지": ["1g", "2a", "3r", "4p", "5p", "6a", "7r"],
        "재현": ["1p", "2p", "3g", "4a", "5r", "6p", "8g"],
        "할머니": ["9a", "10a", "11g", "12a", "12r", "8a", "7a"],
        "": ["1r", "2r", "3p", "4r", "5a", "6r"],
    }
    keys = ActionChains(phone)

    def tab_to(css: str) -> None:
        for _ in range(300):
            if phone.execute_script("return document.activeElement.matches(arguments[0])", css):
                return
            keys.send_keys(Keys.TAB).perform()
        raise AssertionError(f"the keyboard never reached {css}")

    try:
        # the set-up on a laptop with the keyboard alone: the names typed, a third seat added, 시작
        phone.set_window_size(1280, 900)
        phone.get(server.url(server.scorekeeper))
        wait(phone, lambda d: shown(d, "#seats input.seat"))
        tab_to("#seats input.seat")
        keys.send_keys("민지").send_keys(Keys.TAB).perform()
        tab_to("#seats .row:nth-child(2) input.seat")
        keys.send_keys("재현").perform()
        tab_to("#add-seat")
        keys.send_keys(Keys.ENTER).perform()  # the new seat's field takes the focus
        wait(
            phone, lambda d: d.execute_script("return document.activeElement.matches('#seats .row:nth-child(3) input')")
        )
        keys.send_keys("할머니").perform()
        tab_to("#start")
        keys.send_keys(Keys.ENTER).perform()
        wait(phone, lambda d: shown(d, "#deal-grid button"))
        assert server.state()["hand"]["seats"] == ["민지", "재현", "할머니"]
        phone.set_window_size(390, 844)
        phone.taps = 0
        for cards in deal.values():
            for card in cards:
                tap(phone, f'#deal-grid [data-card="{card}"]:not(.on):not([disabled])')
        tap(phone, "#deal-next")
        wait(phone, lambda d: d.find_element("id", "due").text == "민지 차례")
        print(f"\ntaps for a three-player deal (7, 7, 7 and 6 cards): {phone.taps}")
        assert phone.taps < 30
        phone.set_window_size(1280, 900)
        tab_to('#hand [data-play="민지: 1g"]')
        keys.send_keys(Keys.ENTER).perform()
        wait(phone, lambda d: shown(d, "#choose-cards [data-step], #choose-cards [data-month]"))
        assert phone.execute_script("return document.activeElement.id") == "choose-what"  # said, then the cards
        month = phone.execute_script(
            "return document.querySelector('#choose-cards [data-step=\"flip:9p:\"]') ? null : '9'"
        )
        if month:
            tab_to('#choose-cards [data-month="9"]')
            keys.send_keys(Keys.ENTER).perform()
        tab_to('#choose-cards [data-step="flip:9p:"]')
        keys.send_keys(Keys.ENTER).perform()
        wait(phone, lambda d: len(d.find_elements("css selector", "#statements li")) == 5)
        last = "return Array.from(document.querySelectorAll('#statements li code')).pop().textContent"
        assert phone.execute_script(last) == "민지: 1g / 9p"  # read at once: the list may be redrawn
        # taken back and put back, with the keyboard too
        tab_to("#undo")
        keys.send_keys(Keys.ENTER).perform()
        wait(phone, lambda d: len(d.find_elements("css selector", "#statements li")) == 4)
        tab_to("#redo")
        keys.send_keys(Keys.ENTER).perform()
        wait(phone, lambda d: len(d.find_elements("css selector", "#statements li")) == 5)
    finally:
        phone.quit()
        server.stop()


def test_a_phone_four_times_slower_is_timed(tmp_path: Path) -> None:
    """Chrome's CPU throttling at 4×: the page's first draw of the table (its state and words
    loaded) from the navigation, and every tap of a deal and of the sample's first turns answered
    (the server's answer included) and drawn: printed, with the taps' median and p99."""
    phone = chromium(390, 844)
    server = TableServer(tmp_path / "evening.gsn")
    try:
        assert server.post("/api/setup", SETUP).status_code == 200
        phone.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        phone.get(server.url(server.scorekeeper))
        wait(phone, lambda d: d.execute_script("return performance.getEntriesByName('drawn').length") > 0)
        first = phone.execute_script("return performance.getEntriesByName('drawn')[0].startTime")
        for line in LINES[:3]:
            for card in line.partition(": ")[2].split():
                tap(phone, f'#deal-grid [data-card="{card}"]:not(.on):not([disabled])')
        tap(phone, "#deal-next")
        wait(phone, lambda d: len(d.find_elements("css selector", "#statements li")) == 3)
        for count, line in enumerate(LINES[3:9], start=4):
            player, _, rest = line.partition(": ")
            card, _, flip = rest.partition(" / ")
            tap(phone, f'#hand [data-play="{player}: {card}"]')
            wait(phone, lambda d: shown(d, "#choose-cards [data-step], #choose-cards [data-month]"))
            pick(phone, "#choose-cards", f'[data-step="flip:{flip}:"]', flip)
            wait(phone, lambda d, n=count: len(d.find_elements("css selector", "#statements li")) == n)
        taps = phone.execute_script("return performance.getEntriesByName('tap').map((e) => e.duration)")
    finally:
        phone.quit()
        server.stop()
    ordered = sorted(taps)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(
        f"\nat 4x CPU throttling: first draw {first:.0f} ms; {len(taps)} taps, "
        f"median {statistics.median(taps):.0f} ms, p99 {p99:.0f} ms, max {max(taps):.0f} ms"
    )
    print("each tap, in order (ms):", [round(t) for t in taps])
    assert len(taps) >= 29 + 6  # every tap was measured: the deal's, and two or more a turn
