"""The table app in Debian's chromium at a phone's size (390×844): a sample hand recorded by
tapping, from the seats to the claim, with an undo and a correction on the way, while a watcher's
phone follows. The saved file holds the sample's statements and ``check`` gives it the sample's
verdict. With ``GSN_SCREENSHOTS=folder`` the screenshots docs/table.md shows are written there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from browsers import chromium
from tableserver import TableServer
from test_table_api import SAMPLE, statements_of

from gostop_arbiter import read_text
from gostop_arbiter.notation.model import Call, Claim, DealLine, TableLine, Turn
from gostop_arbiter.table.words import page_words


@pytest.fixture
def phones() -> Iterator[tuple[Any, Any]]:
    keeper = chromium(390, 844)
    try:
        watcher = chromium(390, 844)
    except BaseException:
        keeper.quit()
        raise
    yield keeper, watcher
    keeper.quit()
    watcher.quit()


def _wait(driver: Any, what: Callable[[Any], Any], timeout: float = 10) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(what)


def _tap(driver: Any, css: str) -> None:
    """A tap on the first shown element that matches (found again if the page redrew it meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    def shown(d: Any) -> Any:
        try:
            return next((n for n in d.find_elements(By.CSS_SELECTOR, css) if n.is_displayed()), None)
        except StaleElementReferenceException:
            return None

    for _attempt in range(5):
        node = _wait(driver, shown)
        try:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
            node.click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


def _texts(driver: Any, css: str) -> list[str]:
    """The text of every element that matches, read in one step (the page may redraw in between)."""
    texts: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((n) => n.textContent)", css
    )
    return texts


def _recorded(driver: Any) -> list[str]:
    return _texts(driver, "#statements li code")


def _until_recorded(driver: Any, count: int) -> None:
    _wait(driver, lambda d: len(_recorded(d)) == count)


def _steps(turn: Turn) -> list[str]:
    """The page's choices after a turn's play, as its buttons name them: the flips, then what the
    play takes, then what each flip takes."""
    steps = [f"flip:{flip.card.code}:" for flip in turn.flips]
    if turn.target is not None:
        steps.append(f"take:{turn.cards[0].code}:{turn.target.code}")
    steps += [f"take:{flip.card.code}:{flip.target.code}" for flip in turn.flips if flip.target is not None]
    return steps


def _tap_turn(driver: Any, turn: Turn, count: int) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    _tap(driver, f'#hand [data-play="{turn.player}: {turn.cards[0].code}"]')
    steps = _steps(turn)
    while steps and len(_recorded(driver)) < count:
        # a choice with one answer is made by the page itself: the turn may be recorded already
        offered = f'#choose-cards [data-step="{steps[0]}"]'

        def ready(d: Any, css: str = offered) -> Any:
            try:
                return len(_recorded(d)) == count or next(
                    (n for n in d.find_elements(By.CSS_SELECTOR, css) if n.is_displayed()), None
                )
            except StaleElementReferenceException:
                return None

        node = _wait(driver, ready)
        if node is True:
            break
        try:
            node.click()
        except StaleElementReferenceException:
            continue  # redrawn meanwhile: look again
        steps.pop(0)
    _until_recorded(driver, count)


def _shoot(driver: Any, name: str) -> None:
    folder = os.environ.get("GSN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"table-{name}.png"))


def _verdict(path: Path) -> list[dict[str, Any]]:
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "check", "--json", str(path)], capture_output=True, text=True
    )
    hands = json.loads(result.stdout)["files"][0]["hands"]
    keep = ("valid", "outcome", "winner", "payments", "scores", "violations")
    return [{k: hand[k] for k in keep} for hand in hands]


def test_a_sample_hand_recorded_by_tapping_on_a_phone(phones: tuple[Any, Any], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    keeper, watcher = phones
    evening = tmp_path / "설날.gsn"
    hand = read_text(SAMPLE.read_text(encoding="utf-8")).hands[0]
    lines = statements_of(SAMPLE)
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        watcher.get(server.url(server.watcher))
        _wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        assert keeper.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
        assert keeper.execute_script("return location.search") == ""  # the token left the address
        seats = keeper.find_elements(By.CSS_SELECTOR, "#seats input.seat")
        seats[0].send_keys("민지")
        seats[1].send_keys("재현")
        Select(keeper.find_element(By.ID, "dealer")).select_by_value("민지")
        keeper.find_element(By.ID, "stake").clear()
        keeper.find_element(By.ID, "stake").send_keys("100")
        keeper.find_element(By.ID, "event").send_keys("설날 가족 맞고")
        _shoot(keeper, "setup")
        _tap(keeper, "#start")

        # the deal: each hand, then the table, tapped on the deck's grid
        for statement in hand.statements[:3]:
            assert isinstance(statement, DealLine | TableLine)
            for card in statement.cards:
                _tap(keeper, f'#deal-grid [data-card="{card.code}"]:not(.on):not([disabled])')
            if isinstance(statement, TableLine):
                _shoot(keeper, "deal")
            _tap(keeper, "#deal-next")
        _until_recorded(keeper, 3)
        assert keeper.find_element(By.ID, "due").text == "민지 차례"

        for count, statement in enumerate(hand.statements[3:], start=4):
            if isinstance(statement, Turn):
                if count == 6:  # a turn in the middle: its flips offered, then recorded
                    _tap(keeper, f'#hand [data-play="{statement.player}: {statement.cards[0].code}"]')
                    _wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
                    _shoot(keeper, "flip")
                    _tap(keeper, "#choose-cancel")
                _tap_turn(keeper, statement, count)
            elif isinstance(statement, Call):
                _tap(keeper, f'#moves [data-move="{statement.player}: {statement.call}"]')
                _until_recorded(keeper, count)
            else:
                assert isinstance(statement, Claim) and statement.payer and statement.payee
                Select(keeper.find_element(By.ID, "claim-payer")).select_by_value(statement.payer)
                Select(keeper.find_element(By.ID, "claim-payee")).select_by_value(statement.payee)
                keeper.find_element(By.ID, "claim-points").send_keys(str(statement.points))
                _tap(keeper, "#claim-add")
                _until_recorded(keeper, count)
            if count == 9:
                # a mistake taken back: the last statement undone, then tapped again
                _tap(keeper, "#undo")
                _until_recorded(keeper, 8)
                assert isinstance(statement, Turn)
                _tap_turn(keeper, statement, 9)
            if count == 12:
                # a wrong correction: 민지's 7a flipped 12r, say; but 12r is the flip of 민지's 10r
                # (the statement at index 11), which then no longer holds and says so
                # (corrected by tapping, as the turn was recorded: the card, then the flip)
                _tap(keeper, '[data-correct="5"]')
                _tap(keeper, '#correct-plays [data-fix="민지: 7a"]')
                _tap(keeper, '#choose-cards [data-step="flip:12r:"]')
                _wait(keeper, lambda d: _recorded(d)[5] == "민지: 7a / 12r")
                problems = _texts(keeper, '#statements li[data-index="11"] .problem')
                assert problems and "12r" in problems[0]
                _shoot(keeper, "correction")
                # (and back, typed as a line of GSN)
                _tap(keeper, '[data-correct="5"]')
                keeper.find_element(By.ID, "correct-input").clear()
                keeper.find_element(By.ID, "correct-input").send_keys(lines[5])
                _tap(keeper, "#correct-save")
                _wait(keeper, lambda d: _recorded(d)[5] == lines[5])
                _wait(keeper, lambda d: not _texts(d, "#statements .problem"))
            # the watcher's phone follows within a moment
            _wait(watcher, lambda d, n=count: len(_recorded(d)) == n, timeout=5)

        _wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        assert "1,100" in keeper.find_element(By.ID, "verdict").text
        _shoot(keeper, "verdict")
        assert _recorded(watcher) == _recorded(keeper) == lines
        assert not watcher.find_elements(By.CSS_SELECTOR, "#statements button")  # a watcher cannot write
        _shoot(watcher, "watcher")
        keeper.set_window_size(1280, 900)  # fine on a laptop too: the two columns side by side
        keeper.execute_script("window.scrollTo(0, 0)")
        _wait(keeper, lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 1280)
        _shoot(keeper, "laptop")
        for phone in (keeper, watcher):
            # no address the page asked for carried a token, and the page's policy refused nothing
            asked = phone.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
            assert asked and not [url for url in asked if "t" in parse_qs(urlsplit(url).query)]
            assert not [log for log in phone.get_log("browser") if "Content Security Policy" in log["message"]]
    finally:
        server.stop()
    assert statements_of(evening) == lines
    assert _verdict(evening) == _verdict(SAMPLE)


# ---- what the table's phones must say, and when (issues 30 and 31) ------------------------------


def _notice(driver: Any, kind: str) -> str:
    """The notice of ``kind`` once it is shown, in view below the page's header and announced
    (role alert: an assertive live region): its text."""

    def shown(d: Any) -> Any:
        facts = d.execute_script(
            "const b = document.getElementById('notice'); if (b.hidden) return null;"
            "const r = b.getBoundingClientRect(), top = document.querySelector('header').getBoundingClientRect().bottom;"
            "return [b.className, b.textContent, r.top >= top && r.bottom <= innerHeight && r.height > 0,"
            " b.getAttribute('role'), b.getAttribute('aria-live')]"
        )
        return facts if facts and facts[0] == kind else None

    found = _wait(driver, shown)
    assert found[2], f"the {kind} notice is out of view: {found[1]}"
    assert found[3:] == ["alert", "assertive"]
    text: str = found[1]
    return text


def _tap_cards(driver: Any, cards: list[str]) -> None:
    for card in cards:
        _tap(driver, f'#deal-grid [data-card="{card}"]:not(.on):not([disabled])')


def _hearing(driver: Any, on: bool) -> None:
    """Whether the page hears the table's stream (off: as a phone whose update is still on its way)."""
    driver.execute_script(
        "if (!window.heardAtFirst) window.heardAtFirst = heard; window.heard = arguments[0] ? window.heardAtFirst : () => {};",
        on,
    )


def test_refusals_and_lost_connections_are_said_where_the_tap_was(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    words = page_words("ko")["words"]
    evening = tmp_path / "evening.gsn"
    lines = statements_of(SAMPLE)
    server = TableServer(evening)
    keeper = chromium(390, 844)
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        keeper.get(server.url(server.scorekeeper))
        # a deal whose table lacks a card is refused, next to the button tapped, with what to do
        for number, line in enumerate(lines[:3]):
            cards = line.partition(": ")[2].split()
            _tap_cards(keeper, cards[:-1] if number == 2 else cards)
            _tap(keeper, "#deal-next")
        said = _notice(keeper, "refused")
        assert "바닥에 7장, 정해진 수는 8장" in said and words["hint-refused"] in said  # the table holds 7 of 8
        _shoot(keeper, "refused-deal")
        _tap_cards(keeper, lines[2].partition(": ")[2].split()[-1:])
        _tap(keeper, "#deal-next")
        _until_recorded(keeper, 3)
        assert keeper.find_element(By.ID, "notice").get_attribute("hidden") is not None  # gone with the next write
        # a correction that breaks the deal is refused where it was written
        _tap(keeper, '[data-correct="1"]')
        keeper.find_element(By.ID, "correct-input").clear()
        keeper.find_element(By.ID, "correct-input").send_keys("deal 재현: 1p 2p 2r")
        _tap(keeper, "#correct-save")
        assert "재현: 받은 패 3장, 정해진 수는 10장" in _notice(keeper, "refused")  # 재현 was dealt 3 of 10
        _tap(keeper, "#correct-cancel")
        # another phone records first, while this one still asks for 민지's flip: its tap is
        # refused (409), its question closes and it shows the record as it is
        _tap(keeper, '#hand [data-play="민지: 11p"]')
        _wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        _hearing(keeper, False)
        assert server.post("/api/push", {"lines": [lines[3]]}).status_code == 200
        _tap(keeper, '#choose-cards [data-step="flip:3p:"]')
        assert words["stale"] in _notice(keeper, "refused")
        assert not keeper.find_element(By.ID, "choose").is_displayed()
        assert _recorded(keeper) == lines[:4]
        # heard at once, another phone's write closes a question that no longer applies
        _hearing(keeper, True)
        _tap(keeper, '#hand [data-play="재현: 6p"]')
        _wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        assert server.post("/api/push", {"lines": [lines[4]]}).status_code == 200
        _until_recorded(keeper, 5)
        _wait(keeper, lambda d: not d.find_element(By.ID, "choose").is_displayed())
        # the answer to a write never comes (the table recorded it, then went down before it could
        # tell anyone): the page says the connection was lost; a tap while the table is down says
        # so too; once the table is back, the page shows the statement it was never told of
        _hearing(keeper, False)
        keeper.execute_script(
            "const real = window.fetch; window.fetch = async (url, init) => {"
            " const answer = await real(url, init);"
            " if (String(url).startsWith('/api/push') && !window.lostOnce) { window.lostOnce = true; throw new TypeError('lost'); }"
            " return answer; };"
        )
        _tap(keeper, f'#hand [data-play="민지: {lines[5].split()[1]}"]')
        _tap(keeper, f'#choose-cards [data-step="flip:{lines[5].split()[-1]}:"]')
        assert words["lost"] in _notice(keeper, "offline")
        assert len(statements_of(evening)) == 6  # on disk all the same
        port = server.port
        server.kill()
        _tap(keeper, f'#hand [data-play="민지: {lines[5].split()[1]}"]')
        assert words["hint-offline"] in _notice(keeper, "offline")
        server = TableServer(evening, "--port", str(port))
        said = _notice(keeper, "unheard")
        assert words["unheard"] in said and lines[5] in said
        assert _recorded(keeper) == lines[:6]
        assert keeper.find_elements(By.CSS_SELECTOR, '#statements li.unheard[data-index="5"]')
        _shoot(keeper, "unheard")
        _hearing(keeper, True)
    finally:
        keeper.quit()
        server.stop()


def test_a_ttadak_is_entered_flip_first_in_one_pass(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    evening = tmp_path / "evening.gsn"
    server = TableServer(evening)
    keeper = chromium(390, 844)
    deal = [
        "deal 민지: 12a 2p 5a 5p 7a 7r 9p 10p 10r 11p",
        "deal 재현: 1p 2p 2r 3g 4p 6p 6r 9p 11g 11p",
        "table: 12r 12pp 4a 8g 5p 9a 11pp 1r",
    ]
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": deal}).status_code == 200
        keeper.get(server.url(server.scorekeeper, "en"))
        _tap(keeper, '#hand [data-play="민지: 12a"]')
        _wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        assert keeper.find_element(By.ID, "choose-what").text == "Played 12a: which card was flipped?"
        steps = keeper.execute_script(
            "return [...document.querySelectorAll('#choose-cards [data-step]')].map((n) => n.dataset.step)"
        )
        assert steps and all(step.startswith("flip:") for step in steps)  # the flip alone: no capture beside it
        assert "flip:12g:" in steps
        _tap(keeper, '#choose-cards [data-step="flip:12g:"]')  # a ttadak: 12a takes all four
        _until_recorded(keeper, 4)
        assert _recorded(keeper)[-1] == "민지: 12a / 12g"
        assert keeper.find_elements(By.CSS_SELECTOR, '#feed [data-event="ttadak"]')
        # taken back, and played again with another flip: then, and only then, which card 12a takes
        _tap(keeper, "#undo")
        _until_recorded(keeper, 3)
        _tap(keeper, '#hand [data-play="민지: 12a"]')
        _tap(keeper, '#choose-cards [data-step="flip:3p:"]')
        _wait(keeper, lambda d: d.find_element(By.ID, "choose-what").text == "12a takes which card?")
        steps = keeper.execute_script(
            "return [...document.querySelectorAll('#choose-cards [data-step]')].map((n) => n.dataset.step)"
        )
        assert sorted(steps) == ["take:12a:12pp", "take:12a:12r"]
        _tap(keeper, '#choose-cards [data-step="take:12a:12r"]')
        _until_recorded(keeper, 4)
        assert _recorded(keeper)[-1] == "민지: 12a x12r / 3p"
    finally:
        keeper.quit()
        server.stop()


def test_a_page_refused_its_stream_says_so(tmp_path: Path) -> None:
    """One phone holding every stream it may (here the test's, on the same address as the browser):
    the watcher's page opened next is refused its stream, and says so in view."""
    import asyncio

    import httpx

    from gostop_arbiter.table.app import PER_CLIENT

    server = TableServer(tmp_path / "evening.gsn")
    watcher = chromium(390, 844)

    async def hold_and_open() -> str:
        async with httpx.AsyncClient(timeout=10) as client:
            streams = []
            for _ in range(PER_CLIENT):
                request = client.build_request("GET", f"{server.base}/api/events", params={"t": server.watcher})
                streams.append(await client.send(request, stream=True))
            try:
                assert all(stream.status_code == 200 for stream in streams)
                watcher.get(server.url(server.watcher))
                return await asyncio.to_thread(_notice, watcher, "refused")
            finally:
                for stream in streams:
                    await stream.aclose()

    try:
        said = asyncio.run(hold_and_open())
        words = page_words("ko")["words"]
        assert words["not-following"] in said and f"{PER_CLIENT}" in said
        assert watcher.find_element("id", "live").text == words["not-following"]
    finally:
        watcher.quit()
        server.stop()
