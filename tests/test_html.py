"""``gostop-arbiter render``: one self-contained page per file, checked as text and in a real browser.

The browser test drives Debian's chromium headless through selenium (``.ci/run`` installs chromium
and chromium-driver when they are missing; outside CI the test is skipped without them)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args
from xml.etree import ElementTree

import pytest
from browsers import chromium
from click.testing import CliRunner
from conftest import ROOT, SAMPLES, sample_files

from gostop_arbiter.cards import MONTH_CARDS
from gostop_arbiter.cli import cli
from gostop_arbiter.engine.events import EventKind
from gostop_arbiter.judging.file import RulesChoice, judge_file
from gostop_arbiter.messages import catalogue
from gostop_arbiter.notation import parse_text
from gostop_arbiter.render.cards_svg import all_faces
from gostop_arbiter.render.html import REPLAY, SENTENCES, render_html
from gostop_arbiter.render.replay import SnapshotVisitor, snapshots
from gostop_arbiter.render.words import Lang


def page(text: str, path: str = "game.gsn", lang: Lang = "en") -> str:
    hands = parse_text(text).hands
    taken = SnapshotVisitor(deal=True)
    verdict = judge_file(path, hands, visitor=taken)
    return render_html(path, hands, verdict, taken.taken, lang=lang)


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


def page_data(html: str, element: str = "gsn-data") -> Any:
    """The JSON a page carries for its script (the steps, or the script's words)."""
    found = re.search(rf'<script id="{element}" type="application/json">(.*?)</script>', html, re.S)
    assert found, element
    return json.loads(found.group(1))


TALLY = """\
[Event "할머니 댁 설날"]
[Seats "민지, 재현"]
pile 민지: 1g 3g 8g 2a 1r 2r 3r 1p 2p 3p 4p 5p 6p 7p 8p 9p 10p
pile 재현: 11pp
민지: stop
"""


def test_a_tally_hand_shows_its_piles_by_kind_with_their_points() -> None:
    (hand,) = page_data(page(TALLY, lang="ko"))
    (step,) = hand["steps"]
    minji = step["piles"]["민지"]
    assert [(g["label"], g["cards"], g["points"]) for g in minji["groups"]] == [
        ("광", ["1g", "3g", "8g"], 3),
        ("열끗", ["2a"], 0),
        ("띠", ["1r", "2r", "3r"], 3),
        ("피", ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "10p"], 1),
    ]
    assert minji["items"] == [["광", 3], ["홍단", 3], ["피", 1]] and minji["total"] == 7
    assert step["piles"]["재현"]["groups"] == [{"kind": "p", "label": "피", "cards": ["11pp"], "points": 0}]


def test_a_sake_cup_counted_as_junk_lies_with_the_junk() -> None:
    text = (SAMPLES / "gostop-3p-tally.gsn").read_text(encoding="utf-8")  # Sora's 9a counts as double junk
    (hand,) = page_data(page(text))
    sora = {g["kind"]: g for g in hand["steps"][0]["piles"]["Sora"]["groups"]}
    assert "9a" in sora["p"]["cards"] and "a" in sora and "9a" not in sora["a"]["cards"]
    assert hand["steps"][0]["piles"]["Sora"]["total"] == 8, "the verdict's score, with Sora's go"


@pytest.mark.parametrize(
    "sample", [p for p in sample_files() if "tally" not in p.name and "minhwatu" not in p.name], ids=lambda p: p.stem
)
def test_every_step_scores_each_pile_as_the_engine_does(sample: Path) -> None:
    text = sample.read_text(encoding="utf-8")
    hands = parse_text(text).hands
    taken = SnapshotVisitor(deal=True)
    verdict = judge_file(sample.name, hands, visitor=taken)
    for shown in page_data(render_html(sample.name, hands, verdict, taken.taken)):
        judged = verdict.hands[shown["index"] - 1]
        for step, snap in zip(shown["steps"], taken.taken[shown["index"]], strict=True):
            for player, view in step["piles"].items():
                if step["outcome"] and player == judged.winner:
                    # the end: the winner's score as the verdict counts it, its go points too (issue 30)
                    assert view["total"] == judged.scores[player].total, (shown["index"], player)
                else:
                    assert view["total"] == snap.scores[player], (shown["index"], step["turn"], player)
                assert sum(points for _rule, points in view["items"]) == view["total"]
                assert sorted(c for g in view["groups"] for c in g["cards"]) == sorted(snap.piles[player])


def test_the_title_is_the_event_and_the_page_speaks_korean_when_asked(tmp_path: Path) -> None:
    source = tmp_path / "설날.gsn"
    source.write_text(TALLY, encoding="utf-8")
    out = tmp_path / "replay.html"
    result = CliRunner().invoke(cli, ["render", str(source), "-o", str(out), "--lang", "ko"])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert '<html lang="ko">' in html
    assert "<title>할머니 댁 설날</title>" in html and str(tmp_path) not in html
    assert "결과만 적은 판" in html and "a tally hand" not in html
    english = page(TALLY, lang="en")
    assert '<html lang="en">' in english and "a tally hand: only the final piles are known" in english


def test_a_file_without_an_event_is_titled_by_no_path() -> None:
    html = page('[Seats "A, B"]\npile A: 1g 3g 8g\npile B: 2p\nA: stop\n', path="/home/me/games/tuesday.gsn")
    assert "<title>GSN replay</title>" in html and "/home/me" not in html


def test_every_sentence_of_the_page_is_in_the_catalogue() -> None:
    """The page's sentences are the catalogue's (context "replay", decision P60): each has its
    Korean with the same blanks, and html.py itself holds no Korean."""
    ko = catalogue("ko")
    for key, english in SENTENCES.items():
        korean = ko.get(f"{REPLAY}\x04{english}")
        assert english and korean, key
        assert set(re.findall(r"\{(\w+)[:}]", english)) == set(re.findall(r"\{(\w+)[:}]", korean)), key
    source = (ROOT / "gostop_arbiter" / "render" / "html.py").read_text(encoding="utf-8")
    assert re.findall("[가-힣]+", source) == []
    korean_words = page_data(page(TALLY, lang="ko"), "gsn-words")
    assert all(re.search("[가-힣]", said) for said in korean_words.values()), korean_words


def test_the_balance_chart_has_axes_values_and_a_legend() -> None:
    text = (SAMPLES / "matgo-nagari-then-carry.gsn").read_text(encoding="utf-8")
    html = page(text, lang="ko")
    verdict = judge_file("x.gsn", parse_text(text).hands)
    chart = html[html.index("<section class='balance'>") :]
    assert chart.count("class='axis'") == 2 and "판 끝난 뒤" in chart and "금액" in chart
    legend = dict(re.findall(r"<span class='legend-name'>(.*?)</span> <span class='num'>([^<]*)</span>", chart))
    assert legend == {p: f"{v:+,}" for p, v in verdict.balance.items()}
    ticks = [int(t.replace(",", "")) for t in re.findall(r"text-anchor='end' class='tick'>([^<]*)<", chart)]
    assert 0 in ticks and min(ticks) <= min(verdict.balance.values()) and max(ticks) >= max(verdict.balance.values())


def test_a_played_hand_keeps_its_verdict_for_the_last_step() -> None:
    html = page((SAMPLES / "matgo-korean-names.gsn").read_text(encoding="utf-8"))
    assert "<div class='verdict' hidden>" in html
    assert "<div class='verdict'>" in page(TALLY), "a tally hand has no steps to wait for"


# ---- the cards -----------------------------------------------------------------------------


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_measured_as_wcag_does() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48  # the grey WCAG's own examples just fail


SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_letter_on_every_card_is_readable(lang: Lang) -> None:
    pairs: set[tuple[str, str]] = set()
    for code, face in all_faces(lang).items():
        svg = ElementTree.fromstring(face)
        labels = [g for g in svg.iter(f"{SVG_NS}g") if g.get("class") == "label"]
        assert len(list(svg.iter(f"{SVG_NS}text"))) == len(labels), f"{code}: a letter without its backing"
        for label in labels:
            backing, text = label.find(f"{SVG_NS}rect"), label.find(f"{SVG_NS}text")
            assert backing is not None and text is not None and text.text, code
            pairs.add((text.get("fill", ""), backing.get("fill", "")))
    assert len(pairs) >= 5
    for foreground, background in pairs:
        assert contrast(foreground, background) >= 4.5, (foreground, background)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_each_card_is_marked_with_its_kind(lang: Lang) -> None:
    marks = {
        "ko": {"g": "광", "a": "열", "r": "띠", "p": "피", "pp": "쌍피"},
        "en": {"g": "G", "a": "A", "r": "R", "p": "P", "pp": "PP"},
    }
    for code, card in MONTH_CARDS.items():
        texts = [t.text for t in ElementTree.fromstring(all_faces(lang)[code]).iter(f"{SVG_NS}text")]
        assert texts[-1] == marks[lang][card.kind.value], code
        assert str(card.month) in texts, f"{code}: its month number"


def test_the_red_blue_and_grass_ribbons_read_apart() -> None:
    def ribbon(code: str) -> tuple[str, str]:
        svg = ElementTree.fromstring(all_faces("ko")[code])
        strip = next(p for p in svg.iter(f"{SVG_NS}path") if p.get("d", "").startswith("M13 6"))
        letters = [t.text or "" for t in svg.iter(f"{SVG_NS}text")]
        return strip.get("fill", ""), letters[0]

    assert ribbon("1r") == ribbon("2r") == ribbon("3r") and ribbon("1r")[1] == "홍"
    assert ribbon("6r") == ribbon("9r") == ribbon("10r") and ribbon("6r")[1] == "청"
    assert ribbon("4r") == ribbon("5r") == ribbon("7r") and ribbon("4r")[1] == "초"
    assert len({ribbon(c)[0] for c in ("1r", "6r", "4r")}) == 3


def test_each_month_draws_its_own_plant() -> None:
    def drawing(code: str) -> str:
        svg = all_faces("ko")[code]
        return re.sub(r"<title>.*?</title>|<g class='label'>.*?</g>", "", svg)

    junk = [drawing(f"{m}p") for m in range(1, 12)] + [drawing("12a")]
    assert len(set(junk)) == 12, "twelve months, twelve plants"
    for emblem in ("1g", "3g", "8g", "11g", "2a", "5a", "7a", "9a", "10a"):
        month = emblem[:-1]
        assert len(drawing(emblem)) > len(drawing(f"{month}p")) + 100, f"{emblem} shows its emblem over the plant"


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    driver = chromium(1200, 1600)
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
    assert not section.find_element(By.CLASS_NAME, "verdict").is_displayed(), "the verdict waits for the end"
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
        backs = len(section.find_elements(By.CSS_SELECTOR, ".board .hand-cards svg.card-back"))
        assert backs == sum(step.unseen.values()), (i, backs)
    assert section.find_element(By.CLASS_NAME, "next").get_attribute("disabled")
    assert section.find_element(By.CLASS_NAME, "verdict").is_displayed()
    assert "verdict" in section.find_element(By.CLASS_NAME, "verdict").text
    shot = Path(os.environ.get("GSN_SCREENSHOTS", tmp_path)) / f"{sample.stem}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(shot))


SCREENSHOTS = ROOT / "docs" / "images"


@pytest.mark.parametrize("size", [(390, 844), (1280, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_korean_replay_fits_a_phone_and_a_laptop(browser, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The page a family sees, in Korean, at a phone's and a laptop's size: nothing wider than the
    window, every card drawn, and the verdict at the last turn. With GSN_SCREENSHOTS=docs/images
    the screenshots are the ones docs/replay.md shows (replay-390.png, replay-1280.png)."""
    from selenium.webdriver.common.by import By

    out = tmp_path / "replay.html"
    sample = SAMPLES / "matgo-korean-names.gsn"
    out.write_text(page(sample.read_text(encoding="utf-8"), sample.name, lang="ko"), encoding="utf-8")
    width, height = size
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        browser.get(out.as_uri())
        assert browser.title == "설날 가족 맞고"
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
        section = browser.find_element(By.ID, "hand-1")
        for _ in range(12):  # the middle of the hand: piles on both sides, cards in hand and on the table
            section.find_element(By.CLASS_NAME, "next").click()
        assert section.find_element(By.CLASS_NAME, "turn-label").text == "20차례 중 12번째"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        labels = [e.text for e in section.find_elements(By.CLASS_NAME, "row-label")]
        assert labels[0] == "바닥" and labels.count("손패") == 2 and labels.count("먹은 패") == 2
        assert not section.find_element(By.CLASS_NAME, "verdict").is_displayed()
        shots = Path(os.environ.get("GSN_SCREENSHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        assert browser.save_screenshot(str(shots / f"replay-{width}.png"))
        section.find_element(By.CLASS_NAME, "last").click()
        assert "판정" in section.find_element(By.CLASS_NAME, "verdict").text
        section.find_element(By.CLASS_NAME, "verdict").location_once_scrolled_into_view  # noqa: B018
        assert browser.save_screenshot(str(shots / f"replay-{width}-end.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_korean_page_tells_each_turn_in_korean() -> None:
    (hand,) = page_data(page((SAMPLES / "matgo-korean-names.gsn").read_text(encoding="utf-8"), lang="ko"))
    told = [said for step in hand["steps"] for said in [*step["events"], step["outcome"]] if said]
    assert any("쪽: 재현" in said for said in told) and any("자뻑: 민지" in said for said in told)
    assert "재현: 스톱 (10점)" in told
    assert [said for said in told if re.search("[A-Za-z]{3,}", said)] == []


def test_every_event_has_its_sentence() -> None:
    told = {kind for kind in get_args(EventKind) if kind not in ("play", "flip", "deal")}
    assert told <= {key.removeprefix("event ") for key in SENTENCES}


def test_a_ppeok_on_the_table_says_whose_it_is() -> None:
    # 민지: 5p / 5r !ppeok (line 24), then 민지: 5a / 8a !jappeok takes it back (line 28)
    (hand,) = page_data(page((SAMPLES / "matgo-korean-names.gsn").read_text(encoding="utf-8"), lang="ko"))
    stuck = {step["line"]: [s for s in step["table"] if s["stuck"]] for step in hand["steps"]}
    assert stuck[24] == [{"cards": ["5p", "5p", "5r"], "stuck": "민지의 뻑"}]
    assert stuck[28] == []


def test_the_payments_are_in_won_on_the_korean_page() -> None:
    """The verdict's money as the report says it (decision P22): 원 in Korean, the number in English."""
    text = (SAMPLES / "gostop-3p-bomb-shake.gsn").read_text(encoding="utf-8")
    cells = {
        lang: re.findall(r"<td class='num'>\d+</td><td class='num'>([^<]*)</td>", page(text, lang=lang))
        for lang in ("ko", "en")
    }
    assert cells["ko"] == ["240원", "120원"] and cells["en"] == ["240", "120"]
