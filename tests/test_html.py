"""``gostop-arbiter render``: one self-contained page per file, checked as text and in a real browser.

The browser test drives Debian's chromium headless through selenium (``.ci/run`` installs chromium
and chromium-driver when they are missing; outside CI the test is skipped without them)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES, sample_files

from gostop_arbiter.judging.file import RulesChoice, judge_file
from gostop_arbiter.notation import parse_text
from gostop_arbiter.render.html import render_html
from gostop_arbiter.render.replay import SnapshotVisitor, snapshots


def page(text: str, path: str = "game.gsn") -> str:
    hands = parse_text(text).hands
    taken = SnapshotVisitor(deal=True)
    verdict = judge_file(path, hands, visitor=taken)
    return render_html(path, hands, verdict, taken.taken)


def test_the_page_is_self_contained() -> None:
    html = page((SAMPLES / "matgo-nagari-then-carry.gsn").read_text(encoding="utf-8"))
    for outside in ("http://", "https://", "src=", "href=", "@import"):
        assert outside not in html.replace("http://www.w3.org/2000/svg", "")
    assert "<svg class='balance-chart'" in html, "a file of several hands draws the running balance"


def test_transcript_text_is_escaped() -> None:
    evil = "<script>alert(1)</script>"
    text = f'[Event "{evil}"]\n[Seats "A, B"]\npile A: 1g 3g 8g 1p 2p 3p 4p 5p 6p 7p 8p 9p 10p\npile B: 2p\nA: stop\n'
    html = page(text, path="<b>evil</b>.gsn")
    assert evil not in html and "<b>evil</b>" not in html
    assert "&lt;script&gt;" in html


def test_every_sample_renders(tmp_path: Path) -> None:
    for sample in sample_files():
        out = tmp_path / (sample.stem + ".html")
        result = subprocess.run(
            [sys.executable, "-m", "gostop_arbiter", "render", str(sample), "-o", str(out)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode in (0, 3), result.stderr
        assert out.read_text(encoding="utf-8").startswith("<!doctype html>")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _browser():  # type: ignore[no-untyped-def]
    if not (CHROMIUM and DRIVER):
        if os.environ.get("CI"):
            pytest.fail("CI must have chromium and chromium-driver (.ci/run installs them)")
        pytest.skip("chromium and chromium-driver are not installed")
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,1600",
    ):
        options.add_argument(flag)
    from selenium.webdriver.chrome.service import Service

    return webdriver.Chrome(service=Service(DRIVER), options=options)


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    driver = _browser()
    yield driver
    driver.quit()


@pytest.mark.parametrize("sample", [p for p in sample_files() if "tally" not in p.name], ids=lambda p: p.stem)
def test_the_replay_steps_through_every_turn_in_chromium(browser, sample: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    text = sample.read_text(encoding="utf-8")
    out = tmp_path / "replay.html"
    out.write_text(page(text, sample.name), encoding="utf-8")
    browser.get(out.as_uri())
    hand = parse_text(text).hands[0]
    verdict = judge_file(sample.name, [hand])
    steps = list(snapshots(hand, RulesChoice().profile_for(hand), verdict.hands[0].dealer or hand.seats[0], deal=True))
    section = browser.find_element(By.ID, "hand-1")
    assert section.find_element(By.CLASS_NAME, "turn-label").text == "the deal"
    for i, step in enumerate(steps):
        if i:
            if i % 2:
                section.find_element(By.CLASS_NAME, "next").click()
            else:
                browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
            assert section.find_element(By.CLASS_NAME, "turn-label").text == f"turn {step.turn} of {steps[-1].turn}"
            assert section.find_element(By.CLASS_NAME, "turn-text").text == f"line {step.line}: {step.text}"
        shown = len(section.find_elements(By.CSS_SELECTOR, ".board svg.card"))
        cards = (
            sum(map(len, step.hands.values()))
            + sum(len(c) for _m, c, _o in step.table)
            + sum(map(len, step.piles.values()))
        )
        assert shown == cards, (i, shown, cards)
    assert section.find_element(By.CLASS_NAME, "next").get_attribute("disabled")
    assert "verdict" in section.find_element(By.CLASS_NAME, "verdict").text
    shot = Path(os.environ.get("GSN_SCREENSHOTS", tmp_path)) / f"{sample.stem}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(shot))
