"""Debian's chromium, headless, through selenium: the browser of the real-browser tests, and what
those tests do on a page as a person would (a tap, counted; a card reached by its month) and
measure of it (axe-core's findings, the size of every control, a word broken across lines).

``.ci/run`` installs chromium and chromium-driver when they are missing; outside CI a browser test
is skipped without them, in CI it fails."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def chromium(width: int, height: int) -> Any:
    """A headless chromium window of this size (CSS pixels)."""
    if not (CHROMIUM and DRIVER):
        if os.environ.get("CI"):
            pytest.fail("CI must have chromium and chromium-driver (.ci/run installs them)")
        pytest.skip("chromium and chromium-driver are not installed")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.taps = 0  # every tap the test makes, as a person would count them
    return driver


def wait(driver: Any, what: Callable[[Any], Any], timeout: float = 10) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(what)


def shown(driver: Any, css: str) -> Any:
    """The first element shown that matches, or None (found again if the page redrew meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    try:
        return next((n for n in driver.find_elements(By.CSS_SELECTOR, css) if n.is_displayed()), None)
    except StaleElementReferenceException:
        return None


def tap(driver: Any, css: str) -> None:
    """A tap on the first shown element that matches, counted."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _attempt in range(5):
        node = wait(driver, lambda d: shown(d, css))
        try:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
            node.click()
            driver.taps += 1
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


def month_of(code: str) -> int:
    """A card's month (0 for a bonus card), as the page's month buttons name it."""
    digits = "".join(c for c in code if c.isdigit())
    return 0 if code.startswith("b") else int(digits)


def pick(driver: Any, box: str, css: str, code: str) -> None:
    """The card ``css`` in the picker ``box``: tapped at once when it is shown, else its month first
    (one month's only card is its month's button itself)."""
    if shown(driver, f"{box} {css}") is None:
        month = f'{box} [data-month="{month_of(code)}"]'
        wait(driver, lambda d: shown(d, f"{box} {css}") or shown(d, month))
        if shown(driver, f"{box} {css}") is None:
            tap(driver, month)
    tap(driver, f"{box} {css}")


def texts(driver: Any, css: str) -> list[str]:
    """The text of every element that matches, read in one step (the page may redraw in between)."""
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((n) => n.textContent)", css
    )
    return found


def axe_findings(driver: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is: rule, and where."""
    from axe_selenium_python import Axe

    axe = Axe(driver)
    axe.inject()
    results = axe.run(options="{resultTypes: ['violations']}")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


SMALL_AND_BROKEN = """
const small = [], broken = [];
const seen = (n) => n.offsetParent !== null || getComputedStyle(n).position === 'fixed';
for (const n of document.querySelectorAll('button, a[href], input, select, summary, textarea')) {
  if (!seen(n)) continue;
  const r = n.getBoundingClientRect();
  if (r.width < 44 || r.height < 44) small.push(`${n.tagName} ${n.id || n.textContent.trim().slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
for (let t = walker.nextNode(); t; t = walker.nextNode()) {
  const p = t.parentElement;
  if (!p || !seen(p) || p.closest('pre, code, select, option, script, style')) continue;
  const text = t.textContent;
  for (const m of text.matchAll(/[^\\s\\-(/]+/g)) {   // a line may break at a space, a hyphen, a bracket or a slash
    range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) broken.push(m[0]);
  }
}
return [small, broken];
"""


def small_and_broken(driver: Any) -> tuple[list[str], list[str]]:
    """Every control shown smaller than 44×44 CSS px, and every word shown broken across lines."""
    small, broken = driver.execute_script(SMALL_AND_BROKEN)
    return small, broken


def set_up(driver: Any, seats: list[str], dealer: str, stake: str, event: str) -> None:
    """The evening's set-up filled in as a scorekeeper types it: the seats, the dealer, the stake a
    point and the evening's name (not yet started)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    fields = driver.find_elements(By.CSS_SELECTOR, "#seats input.seat")
    for field, name in zip(fields, seats, strict=False):  # the page offers more seats than are taken
        field.send_keys(name)
    Select(driver.find_element(By.ID, "dealer")).select_by_value(dealer)
    driver.find_element(By.ID, "stake").clear()
    driver.find_element(By.ID, "stake").send_keys(stake)
    driver.find_element(By.ID, "event").send_keys(event)
