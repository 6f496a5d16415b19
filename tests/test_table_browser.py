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

import pytest
from browsers import chromium
from tableserver import TableServer
from test_table_api import SAMPLE, statements_of

from gostop_arbiter import read_text
from gostop_arbiter.notation.model import Call, Claim, DealLine, TableLine, Turn


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
    finally:
        server.stop()
    assert statements_of(evening) == lines
    assert _verdict(evening) == _verdict(SAMPLE)
