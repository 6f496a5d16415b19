"""The table app in Debian's chromium at a phone's size (390×844): a sample hand recorded by
tapping, from the seats to the claim, with an undo and a correction on the way, while a watcher's
phone follows; a hand recorded by its end alone (the quick tally). The saved file holds the
sample's statements and ``check`` gives it the sample's verdict. axe-core finds nothing serious
or critical on any screen. With ``GSN_SCREENSHOTS=folder`` the screenshots docs/table.md shows are
written there."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from browsers import axe_findings, chromium, month_of, pick, set_up, shown, tap, texts, wait
from tableserver import TableServer
from test_table_api import SAMPLE, TALLY, in_page_order, statements_of

from gostop_arbiter import read_text
from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.model import Call, Claim, DealLine, Statement, TableLine, Turn
from gostop_arbiter.table.words import page_words


def recorded(driver: Any) -> list[str]:
    """The record's statements as GSN (the page shows them as sentences, their GSN one tap away)."""
    return texts(driver, "#statements li code")


def until_recorded(driver: Any, count: int) -> None:
    wait(driver, lambda d: len(recorded(d)) == count)


def steps_of(turn: Turn) -> list[tuple[str, str]]:
    """The page's choices after a turn's play, as its buttons name them (and the card each shows):
    the flips, then what the play takes, then what each flip takes."""
    steps = [(f"flip:{flip.card.code}:", flip.card.code) for flip in turn.flips]
    if turn.target is not None:
        steps.append((f"take:{turn.cards[0].code}:{turn.target.code}", turn.target.code))
    steps += [
        (f"take:{flip.card.code}:{flip.target.code}", flip.target.code)
        for flip in turn.flips
        if flip.target is not None
    ]
    return steps


def tap_turn(driver: Any, turn: Turn, count: int, box: str = "#hand") -> None:
    """A turn tapped as it was played: the card (by its month first, in a hand not seen), then each
    choice the page asks, until it is recorded as statement ``count``."""
    card = turn.cards[0].code
    attr = "data-fix" if box == "#correct-plays" else "data-play"
    pick(driver, box, f'[{attr}="{turn.player}: {card}"]', card)
    tap_steps(driver, turn, count)


def tap_steps(driver: Any, turn: Turn, count: int) -> None:
    """The page's questions after a play tapped (each flip, then what each takes), answered as
    ``turn`` was played, until it is recorded as statement ``count``."""
    for step, code in steps_of(turn):
        css = f'#choose-cards [data-step="{step}"]'
        month = f'#choose-cards [data-month="{month_of(code)}"]'
        # a choice with one answer is made by the page itself: the turn may be recorded already
        wait(driver, lambda d, c=css, m=month: len(recorded(d)) >= count or shown(d, c) or shown(d, m))
        if len(recorded(driver)) >= count:
            break
        pick(driver, "#choose-cards", f'[data-step="{step}"]', code)
    until_recorded(driver, count)


def shoot(driver: Any, name: str) -> None:
    folder = os.environ.get("GSN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"table-{name}.png"))


def clean(driver: Any, screen: str, findings: dict[str, list[str]]) -> None:
    """axe-core's serious and critical findings on this screen, kept for the test's end."""
    found = axe_findings(driver)
    if found:
        findings[screen] = found


def below_the_header(driver: Any, css: str) -> bool:
    """Whether the element is in view and not under the page's sticky header."""
    found: bool = driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return r.top >= document.querySelector('header').getBoundingClientRect().bottom && r.top < innerHeight",
        css,
    )
    return found


def verdict_of(path: Path) -> list[dict[str, Any]]:
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
    lines = in_page_order(statements_of(SAMPLE))
    findings: dict[str, list[str]] = {}
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        watcher.get(server.url(server.watcher))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        assert keeper.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
        assert keeper.execute_script("return location.search") == ""  # the token left the address
        set_up(keeper, ["민지", "재현"], "민지", "100", "설날 가족 맞고")
        shoot(keeper, "setup")
        clean(keeper, "set-up", findings)
        tap(keeper, "#start")

        # the deal: each hand, then the table, tapped on the deck's grid; a hand full, the next
        keeper.taps = 0
        for statement in hand.statements[:3]:
            assert isinstance(statement, DealLine | TableLine)
            for card in statement.cards:
                tap(keeper, f'#deal-grid [data-card="{card.code}"]:not(.on):not([disabled])')
        keeper.execute_script("document.getElementById('deal').scrollIntoView()")
        shoot(keeper, "deal")
        clean(keeper, "deal", findings)
        tap(keeper, "#deal-next")
        until_recorded(keeper, 3)
        print(f"\ntaps for a two-player deal of 28 cards, seen: {keeper.taps}")
        assert keeper.taps == 29  # each card, and the deal recorded
        assert keeper.find_element(By.ID, "due").text == "민지 차례"
        # cards by month, then kind, not as text (10, 11, 12 after 9, never before 1)
        in_hand = texts(keeper, "#hand [data-card] .name")
        assert in_hand == ["2피", "5열", "5피", "7열", "7띠", "9피", "10띠", "10피", "11피", "12열"], in_hand
        on_table = texts(keeper, "#table [data-card] .name")
        assert on_table == ["1띠", "3띠", "4열", "5피", "7피", "8광", "국진", "11쌍피"], on_table
        clean(keeper, "turn", findings)

        turn_taps = []
        for count, statement in enumerate(hand.statements[3:], start=4):
            keeper.taps = 0
            if isinstance(statement, Turn):
                if count == 6:  # a turn in the middle: its flips offered, then recorded
                    tap(keeper, f'#hand [data-play="{statement.player}: {statement.cards[0].code}"]')
                    wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
                    shoot(keeper, "flip")
                    clean(keeper, "flip", findings)
                    tap(keeper, "#choose-cancel")
                    keeper.taps = 0
                tap_turn(keeper, statement, count)
                turn_taps.append(keeper.taps)
            elif isinstance(statement, Call):
                clean(keeper, "call", findings)
                tap(keeper, f'#moves [data-move="{statement.player}: {statement.call}"]')
                until_recorded(keeper, count)
            else:
                assert isinstance(statement, Claim) and statement.payer and statement.payee
                Select(keeper.find_element(By.ID, "claim-payer")).select_by_value(statement.payer)
                Select(keeper.find_element(By.ID, "claim-payee")).select_by_value(statement.payee)
                # what was paid, in money, as the table counts it (1,100원: 11 points at 100원)
                keeper.find_element(By.ID, "claim-points").send_keys(str(statement.points * hand.stake))
                tap(keeper, "#claim-add")
                until_recorded(keeper, count)
            if count == 9:
                # a mistake taken back: the page says what the undo took, and puts it back
                tap(keeper, "#undo")
                until_recorded(keeper, 8)
                undone = wait(keeper, lambda d: shown(d, "#undone"))
                assert "재현이 11광을 냈어요" in undone.text  # said with the cards' names, not codes
                clean(keeper, "undone", findings)
                tap(keeper, "#redo")
                until_recorded(keeper, 9)
            if count == 12:
                # a wrong correction: 민지's 7a flipped 12r, say; but 12r is the flip of 민지's 10r
                # (the statement at index 11), which then no longer holds and says so
                # (corrected by tapping, as the turn was recorded: the card, then the flip)
                tap(keeper, '[data-correct="5"]')
                wait(keeper, lambda d: shown(d, '#correct-plays [data-fix="민지: 7a"]'))
                clean(keeper, "correction", findings)
                tap(keeper, '#correct-plays [data-fix="민지: 7a"]')
                pick(keeper, "#choose-cards", '[data-step="flip:12r:"]', "12r")
                wait(keeper, lambda d: recorded(d)[5] == "민지: 7a / 12r")
                problems = texts(keeper, '#statements li[data-index="11"] .problem')
                assert (
                    problems and "12띠" in problems[0]
                )  # the arbiter's own words, its cards as players write them (P85)
                # the corrected line is brought into view below the header, not behind it
                assert below_the_header(keeper, '#statements li[data-index="5"]')
                shoot(keeper, "correction")
                clean(keeper, "correction with a problem", findings)
                # (and back, typed as a line of GSN)
                tap(keeper, '[data-correct="5"]')
                keeper.find_element(By.ID, "correct-input").clear()
                keeper.find_element(By.ID, "correct-input").send_keys(lines[5])
                tap(keeper, "#correct-save")
                wait(keeper, lambda d: recorded(d)[5] == lines[5])
                wait(keeper, lambda d: not texts(d, "#statements .problem"))
            # the watcher's phone follows within a moment
            wait(watcher, lambda d, n=count: len(recorded(d)) == n, timeout=5)

        print(f"taps for each turn of the sample: median {statistics.median(turn_taps)}, {turn_taps}")
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        assert "1,100원" in keeper.find_element(By.ID, "verdict").text
        keeper.execute_script("document.getElementById('over').scrollIntoView()")
        shoot(keeper, "verdict")
        clean(keeper, "verdict", findings)
        # the record as sentences, its GSN one tap away
        said = texts(keeper, "#statements li .said")
        assert said[3] == "민지가 11피를 냈어요 · 3피를 뒤집었어요 · 바닥의 3띠 11쌍피를 먹었어요"
        assert not shown(keeper, "#statements li code")
        tap(keeper, "#show-gsn")
        assert shown(keeper, "#statements li code").text == lines[0]
        assert recorded(watcher) == recorded(keeper) == lines
        assert not watcher.find_elements(By.CSS_SELECTOR, "#statements button")  # a watcher cannot write
        shoot(watcher, "watcher")
        clean(watcher, "watcher", findings)
        keeper.execute_script("document.getElementById('evening-box').scrollIntoView()")
        clean(keeper, "evening", findings)
        keeper.set_window_size(1280, 900)  # fine on a laptop too: the two columns side by side
        keeper.execute_script("window.scrollTo(0, 0)")
        wait(keeper, lambda d: d.execute_script("return document.documentElement.scrollWidth") <= 1280)
        shoot(keeper, "laptop")
        for phone in (keeper, watcher):
            # no address the page asked for carried a token, and the page's policy refused nothing
            asked = phone.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
            assert asked and not [url for url in asked if "t" in parse_qs(urlsplit(url).query)]
            logs = phone.get_log("browser")
            assert not [log for log in logs if "Content Security Policy" in log["message"]]
            assert not [log for log in logs if log["level"] == "SEVERE" and "/api/" not in log["message"]], logs
    finally:
        server.stop()
    assert findings == {}
    assert statements_of(evening) == lines
    assert verdict_of(evening) == verdict_of(SAMPLE)


def test_a_hand_recorded_by_its_end_alone_on_a_phone(phones: tuple[Any, Any], tmp_path: Path) -> None:
    """The quick tally: each player's captured cards tapped on the deck's grid, each card in one
    pile at most, the goes, the shake, the stop; the verdict and payments as ``check`` gives them,
    the watcher following, then the next hand (in English, as the page may be)."""
    from selenium.webdriver.common.by import By

    keeper, watcher = phones
    evening = tmp_path / "evening.gsn"
    hand = read_text(TALLY.read_text(encoding="utf-8")).hands[0]
    findings: dict[str, list[str]] = {}
    server = TableServer(evening)
    try:
        body = {"seats": list(hand.seats), "dealer": hand.seats[0], "stake": hand.stake}
        assert server.post("/api/setup", body).status_code == 200
        keeper.get(server.url(server.scorekeeper, "en"))
        watcher.get(server.url(server.watcher, "en"))
        tap(keeper, "#tally-open")
        tap_tally(keeper, hand.statements)
        # a card in one pile cannot be tapped into another
        tap(keeper, f'#tally-players [data-pile="{hand.seats[0]}"]')
        taken = hand.statements[1].cards[0].code  # one of the second player's
        assert keeper.find_element(By.CSS_SELECTOR, f'#tally-grid [data-id="{taken}#1"]').get_attribute("disabled")
        keeper.execute_script("document.getElementById('tally').scrollIntoView()")
        shoot(keeper, "tally")
        clean(keeper, "tally", findings)
        tap(keeper, "#tally-record")
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        verdict = keeper.find_element(By.ID, "verdict").text
        assert "Mina → Sora\n8 points · 400" in verdict and "Joon → Sora\n16 points · 800" in verdict
        # the scores beside it are the verdict's, each step shown (a tally hand has no running score)
        sora = keeper.find_element(By.CSS_SELECTOR, '#players [data-player="Sora"] .score').text
        assert sora.startswith("pi 7 + go 1 = 8 points"), sora
        keeper.execute_script("document.getElementById('over').scrollIntoView()")
        shoot(keeper, "tally-verdict")
        clean(keeper, "tally verdict", findings)
        wait(watcher, lambda d: d.find_element(By.ID, "over").is_displayed(), timeout=5)
        clean(watcher, "tally watcher", findings)
        tap(keeper, "#next-hand")
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        tap(keeper, "#start")
        wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
    finally:
        server.stop()
    assert findings == {}
    written = read_text(evening.read_text(encoding="utf-8")).hands[0]
    assert written.kind == "tally"
    checked, expected = verdict_of(evening)[0], verdict_of(TALLY)[0]
    assert checked["payments"] == expected["payments"] and checked["winner"] == expected["winner"]


# ---- what the table's phones must say, and when (issues 30 and 31) ------------------------------


def notice_of(driver: Any, kind: str) -> str:
    """The notice of ``kind`` once it is shown, in view below the page's header and announced
    (role alert: an assertive live region): its text."""

    def shown_now(d: Any) -> Any:
        facts = d.execute_script(
            "const b = document.getElementById('notice'); if (b.hidden) return null;"
            "const r = b.getBoundingClientRect(), top = document.querySelector('header').getBoundingClientRect().bottom;"
            "return [b.className, b.textContent, r.top >= top && r.bottom <= innerHeight && r.height > 0,"
            " b.getAttribute('role'), b.getAttribute('aria-live')]"
        )
        return facts if facts and facts[0] == kind else None

    found = wait(driver, shown_now)
    assert found[2], f"the {kind} notice is out of view: {found[1]}"
    assert found[3:] == ["alert", "assertive"]
    text: str = found[1]
    return text


def tap_cards(driver: Any, cards: list[str]) -> None:
    for card in cards:
        tap(driver, f'#deal-grid [data-card="{card}"]:not(.on):not([disabled])')


def tap_line(driver: Any, line: DealLine | TableLine) -> None:
    """A deal's line tapped card by card on the grid (a bonus card turned up first)."""
    cards = [*line.dealer_bonus, *line.cards] if isinstance(line, TableLine) else line.cards
    tap_cards(driver, [card.code for card in cards])


def tap_play(driver: Any, statements: Iterable[Statement], first: int) -> None:
    """The statements after the deal tapped as written: a sit-out's button, a table dealt after the
    sit-outs, a turn, a go or stop;
    ``first`` is the count of the record once the first of them is in."""
    for count, statement in enumerate(statements, start=first):
        if isinstance(statement, Turn):
            tap_turn(driver, statement, count)
            continue
        if isinstance(statement, TableLine):  # seven at the table: dealt once four sit out
            wait(driver, lambda d: d.find_element("id", "deal").is_displayed())
            tap_line(driver, statement)
            tap(driver, "#deal-next")
        elif statement.kind == "sit-out":
            tap(driver, f'#moves [data-move="{write_statement(statement)}"]')
        else:
            assert isinstance(statement, Call)
            tap(driver, f'#moves [data-move="{statement.player}: {statement.call}"]')
        until_recorded(driver, count)


def tap_tally(driver: Any, statements: Iterable[Statement]) -> None:
    """A tally hand's piles, shakes, goes and stop tapped on the tally screen as written."""
    for statement in statements:
        if statement.kind == "pile":
            tap(driver, f'#tally-players [data-pile="{statement.player}"]')
            for card in statement.cards:
                tap(driver, f'#tally-grid [data-card="{card.code}"]:not(.on):not([disabled])')
        elif statement.kind == "shake":
            tap(driver, f'[data-tally="shakes:{statement.player}"] button:last-of-type')
        elif isinstance(statement, Call) and statement.call == "go":
            tap(driver, f'[data-tally="goes:{statement.player}"] button:last-of-type')
        elif isinstance(statement, Call):
            tap(driver, f'#tally-calls [data-stop="{statement.player}"]')


def hearing(driver: Any, on: bool) -> None:
    """Whether the page hears the table's stream (off: as a phone whose update is still on its way):
    the stream's frames are read as nothing until it hears again."""
    driver.execute_script(
        "if (!window.realDecode) window.realDecode = TextDecoder.prototype.decode;"
        "TextDecoder.prototype.decode = arguments[0] ? window.realDecode : function (...given) {"
        " const text = window.realDecode.apply(this, given);"
        " return text.startsWith('data: ') ? '' : text; };",
        on,
    )


def test_refusals_and_lost_connections_are_said_where_the_tap_was(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    words = page_words("ko")["words"]
    assert isinstance(words, dict)
    evening = tmp_path / "evening.gsn"
    lines = in_page_order(statements_of(SAMPLE))
    keeper = chromium(390, 844)
    server = TableServer(evening)
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        keeper.get(server.url(server.scorekeeper))
        # a deal whose table lacks a card is refused, next to the button tapped, with what to do
        for number, line in enumerate(lines[:3]):
            cards = line.partition(": ")[2].split()
            tap_cards(keeper, cards[:-1] if number == 2 else cards)
        tap(keeper, "#deal-next")
        said = notice_of(keeper, "refused")
        assert "바닥에 7장, 정해진 수는 8장" in said and words["hint-refused"] in said  # the table holds 7 of 8
        shoot(keeper, "refused-deal")
        assert axe_findings(keeper) == []
        tap_cards(keeper, lines[2].partition(": ")[2].split()[-1:])
        tap(keeper, "#deal-next")
        until_recorded(keeper, 3)
        assert keeper.find_element(By.ID, "notice").get_attribute("hidden") is not None  # gone with the next write
        # a correction that breaks the deal is refused where it was written
        tap(keeper, '[data-correct="1"]')
        keeper.find_element(By.ID, "correct-input").clear()
        keeper.find_element(By.ID, "correct-input").send_keys("deal 재현: 1p 2p 2r")
        tap(keeper, "#correct-save")
        assert "재현: 받은 패 3장, 정해진 수는 10장" in notice_of(keeper, "refused")  # 재현 was dealt 3 of 10
        tap(keeper, "#correct-cancel")
        # another phone records first, while this one still asks for 민지's flip: its tap is
        # refused (409), its question closes and it shows the record as it is
        tap(keeper, '#hand [data-play="민지: 11p"]')
        wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        hearing(keeper, False)
        assert server.post("/api/push", {"lines": [lines[3]]}).status_code == 200
        pick(keeper, "#choose-cards", '[data-step="flip:3p:"]', "3p")
        assert words["stale"] in notice_of(keeper, "refused")
        assert not keeper.find_element(By.ID, "choose").is_displayed()
        assert recorded(keeper) == lines[:4]
        # heard at once, another phone's write closes a question that no longer applies
        hearing(keeper, True)
        tap(keeper, '#hand [data-play="재현: 6p"]')
        wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        assert server.post("/api/push", {"lines": [lines[4]]}).status_code == 200
        until_recorded(keeper, 5)
        wait(keeper, lambda d: not d.find_element(By.ID, "choose").is_displayed())
        # the answer to a write never comes (the table recorded it, then went down before it could
        # tell anyone): the page says the connection was lost; a tap while the table is down says
        # so too; once the table is back, the page shows the statement it was never told of
        hearing(keeper, False)
        keeper.execute_script(
            "const real = window.fetch; window.fetch = async (url, init) => {"
            " const answer = await real(url, init);"
            " if (String(url).startsWith('/api/play') && !window.lostOnce) { window.lostOnce = true; throw new TypeError('lost'); }"
            " return answer; };"
        )
        card, flip = lines[5].split()[1], lines[5].split()[-1]
        tap(keeper, f'#hand [data-play="민지: {card}"]')
        pick(keeper, "#choose-cards", f'[data-step="flip:{flip}:"]', flip)
        assert words["lost"] in notice_of(keeper, "offline")
        assert len(statements_of(evening)) == 6  # on disk all the same
        port = server.port
        server.kill()
        tap(keeper, f'#hand [data-play="민지: {card}"]')
        assert words["hint-offline"] in notice_of(keeper, "offline")
        assert keeper.find_element(By.ID, "live").text == words["offline"]  # said at once, the last state kept
        assert len(recorded(keeper)) == 5
        server = TableServer(evening, "--port", str(port))
        said = notice_of(keeper, "unheard")
        assert words["unheard"] in said and "민지가 7열을 냈어요" in said
        assert recorded(keeper) == lines[:6]
        assert keeper.find_elements(By.CSS_SELECTOR, '#statements li.unheard[data-index="5"]')
        shoot(keeper, "unheard")
        assert axe_findings(keeper) == []
        hearing(keeper, True)
    finally:
        keeper.quit()
        server.stop()


def test_a_ttadak_is_entered_flip_first_in_one_pass(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    evening = tmp_path / "evening.gsn"
    keeper = chromium(390, 844)
    server = TableServer(evening)
    deal = [
        "deal 민지: 12a 2p 5a 5p 7a 7r 9p 10p 10r 11p",
        "deal 재현: 1p 2p 2r 3g 4p 6p 6r 9p 11g 11p",
        "table: 12r 12pp 4a 8g 5p 9a 11pp 1r",
    ]
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": deal}).status_code == 200
        keeper.get(server.url(server.scorekeeper, "en"))
        tap(keeper, '#hand [data-play="민지: 12a"]')
        wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        assert keeper.find_element(By.ID, "choose-what").text == "Played 12 animal: which card was flipped?"
        steps = keeper.execute_script(
            "return [...document.querySelectorAll('#choose-cards [data-step]')].map((n) => n.dataset.step)"
        )
        assert steps and all(step.startswith("flip:") for step in steps)  # the flip alone: no capture beside it
        pick(keeper, "#choose-cards", '[data-step="flip:12g:"]', "12g")  # a ttadak: 12a takes all four
        until_recorded(keeper, 4)
        assert recorded(keeper)[-1] == "민지: 12a / 12g"
        assert keeper.find_elements(By.CSS_SELECTOR, '#feed [data-event="ttadak"]')
        # taken back, and played again with another flip: then, and only then, which card 12a takes
        tap(keeper, "#undo")
        until_recorded(keeper, 3)
        tap(keeper, '#hand [data-play="민지: 12a"]')
        pick(keeper, "#choose-cards", '[data-step="flip:3p:"]', "3p")
        wait(keeper, lambda d: d.find_element(By.ID, "choose-what").text == "12 animal: which card does it take?")
        steps = keeper.execute_script(
            "return [...document.querySelectorAll('#choose-cards [data-step]')].map((n) => n.dataset.step)"
        )
        assert sorted(steps) == ["take:12a:12pp", "take:12a:12r"]
        tap(keeper, '#choose-cards [data-step="take:12a:12r"]')
        until_recorded(keeper, 4)
        assert recorded(keeper)[-1] == "민지: 12a x12r / 3p"
    finally:
        keeper.quit()
        server.stop()


def test_a_page_refused_its_stream_says_so(tmp_path: Path) -> None:
    """One phone holding every stream it may (here the test's, on the same address as the browser):
    the watcher's page opened next is refused its stream, and says so in view."""
    import asyncio

    import httpx

    from gostop_arbiter.table.hub import PER_CLIENT

    watcher = chromium(390, 844)
    server = TableServer(tmp_path / "evening.gsn")

    async def hold_and_open() -> str:
        async with httpx.AsyncClient(timeout=10) as client:
            streams = []
            for _ in range(PER_CLIENT):
                request = client.build_request("GET", f"{server.base}/api/events", params={"t": server.watcher})
                streams.append(await client.send(request, stream=True))
            try:
                assert all(stream.status_code == 200 for stream in streams)
                watcher.get(server.url(server.watcher))
                return await asyncio.to_thread(notice_of, watcher, "refused")
            finally:
                for stream in streams:
                    await stream.aclose()

    try:
        said = asyncio.run(hold_and_open())
        words = page_words("ko")["words"]
        assert isinstance(words, dict)
        assert words["not-following"] in said and f"{PER_CLIENT}" in said
        assert watcher.find_element("id", "live").text == words["not-following"]
    finally:
        watcher.quit()
        server.stop()
