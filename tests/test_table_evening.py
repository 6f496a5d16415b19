"""The five-hand family evening of issue 30, again, on two 390×844 phones in Debian's chromium: the
scorekeeper's, recording every hand by tapping, and a watcher's beside it. Two players, then three
with grandmother's hand not seen, then four with a gwang sale, then a quick tally of three, then
two again. After each hand the page's verdict is the one ``check`` gives the saved file; while a
hand is played the watcher's phone names no card of any hand; and none of issue 30's nine problems
comes back: cards in month order, no card code or English word among the family's controls, every
control 44 px, no word broken, axe-core finding nothing serious or critical, in Korean and in
English. Screenshots of each screen go to ``/tmp/table-shots`` (or ``GSN_SHOTS``)."""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from browsers import axe_findings, shown, small_and_broken, tap, texts, wait
from tableserver import TableServer
from test_table_browser import recorded, steps_of, tap_line, tap_tally, tap_turn, until_recorded
from test_table_family import shoot

from gostop_arbiter import read_text
from gostop_arbiter.notation import write_statement, write_transcript
from gostop_arbiter.notation.model import Call, DealLine, Hand, TableLine, Turn
from gostop_arbiter.records import replace
from gostop_arbiter.rules import profile_named
from gostop_arbiter.tools.simulate import simulate

KOREAN = {"Minji": "민지", "Jae": "재현", "Soo": "할머니", "Ara": "삼촌"}
"""The simulator's players, as this family is called."""

CODE = re.compile(r"(?<![\w#])(?:1[0-2]|[1-9])(?:pp|g|a|r|p)(?!\w)")
"""A card written as a code (``8g``, ``11pp``): never among the family's controls."""

ENGLISH = re.compile(r"\b(?:go|stop|sell|fold|give|standard|shodang)\b", re.IGNORECASE)


def simulated(players: int, seed: int) -> Hand:
    """One simulated standard hand, its players called by this family's names."""
    text = write_transcript(simulate(profile_named("standard"), players=players, hands=1, seed=seed))
    for name, korean in KOREAN.items():
        text = text.replace(name, korean)
    return read_text(text).hands[0]


TALLY = """[Seats "민지, 재현, 할머니"]
pile 민지: 2a 2p 2r 3g 3p 3p 3r 5a 5p 6a 6p 6p 6r 8a 8g 8p 9p 9r 12a 12r
pile 재현: 1g 1p 1r 4a 4r 7a 7p 7r 10p 10r 11g
pile 할머니: 1p 2p 4p 4p 5p 5r 8p 9a 9p 10a 10p 11p 11p 11pp 12g 12pp
재현: shake
할머니: go
할머니: stop
"""
"""The cousins' night of samples/gostop-3p-tally.gsn, tallied by this family: 할머니 wins."""


def checked(path: Path) -> list[dict[str, Any]]:
    """Each hand's payments as ``check --json`` gives them for the saved file."""
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "check", "--json", str(path)], capture_output=True, text=True
    )
    return [hand["payments"] for hand in json.loads(result.stdout)["files"][0]["hands"]]


def visible_text(driver: Any) -> str:
    found: str = driver.execute_script("return document.body.innerText")
    return found


def looked_at(driver: Any, screen: str, problems: dict[str, list[str]]) -> None:
    """Screen ``screen`` shot and measured: axe-core's serious and critical findings, controls under
    44 px, words broken, and card codes or English words among the family's (Korean) controls."""
    shoot(driver, f"evening-{screen}")
    found = axe_findings(driver)
    small, broken = small_and_broken(driver)
    found += [f"small: {s}" for s in small] + [f"broken: {b}" for b in broken]
    if driver.execute_script("return document.documentElement.lang") == "ko":
        text = visible_text(driver)
        found += [f"code: {c}" for c in CODE.findall(text)] + [f"English: {e}" for e in ENGLISH.findall(text)]
    if found:
        problems[screen] = found


def set_up(driver: Any, seats: list[str], dealer: str) -> None:
    """The next hand's set-up as a scorekeeper changes it: the seats (added or taken away, each
    name typed again), the dealer, then 시작."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    wait(driver, lambda d: d.find_element(By.ID, "setup").is_displayed())
    while len(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat")) < len(seats):
        tap(driver, "#add-seat")
    while len(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat")) > len(seats):
        tap(driver, "#seats .row:last-child button")
    for field, name in zip(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat"), seats, strict=True):
        if field.get_attribute("value") != name:
            field.clear()
            field.send_keys(name)
    Select(driver.find_element(By.ID, "dealer")).select_by_value(dealer)


def tap_hand(
    keeper: Any, watcher: Any, server: TableServer, hand: Hand, unseen: str | None, problems: dict[str, list[str]]
) -> int:
    """A played hand tapped from its deal to its last call (``unseen``: the player whose hand is
    marked not seen); the statements not offered (a gift of junk the arbiter gives as well: T62)
    written through the API. Returns how many were."""
    from selenium.webdriver.common.by import By

    dealt = [s for s in hand.statements if isinstance(s, DealLine | TableLine)]
    keeper.taps = 0
    for line in dealt:
        if isinstance(line, DealLine) and line.player == unseen:
            tap(keeper, "#deal-unseen")
            continue
        tap_line(keeper, line)
    if len(hand.seats) == 2:
        looked_at(keeper, "deal", problems)
    tap(keeper, "#deal-next")
    until_recorded(keeper, len(dealt))
    deal_taps, turn_taps = keeper.taps, []
    # the watcher's phone names no card of any hand while the hand is played
    wait(watcher, lambda d: len(recorded(d)) == len(dealt))
    for line in recorded(watcher)[: len(dealt) - 1]:
        assert CODE.search(line.partition(":")[2]) is None, line
    assert not watcher.find_elements(By.CSS_SELECTOR, "#hand [data-card]")
    pushed = 0
    for count, statement in enumerate(hand.statements[len(dealt) :], start=len(dealt) + 1):
        text = write_statement(statement)
        before = keeper.taps
        if isinstance(statement, Turn) and statement.play == "card":
            tap_turn(keeper, statement, count)
            turn_taps.append(keeper.taps - before)
        elif isinstance(statement, Turn):
            tap(keeper, f'#hand [data-play="{write_statement(replace(statement, flips=[], target=None))}"]')
            for step, _code in steps_of(statement):
                wait(keeper, lambda d, n=count: len(recorded(d)) >= n or shown(d, "#choose-cards button"))
                if len(recorded(keeper)) < count:
                    tap(keeper, f'#choose-cards [data-step="{step}"]')
            until_recorded(keeper, count)
        elif shown(keeper, f'#moves [data-move="{text}"]') is not None:
            if isinstance(statement, Call) and len(hand.seats) == 2 and not problems.get("call"):
                looked_at(keeper, "call", problems)
            tap(keeper, f'#moves [data-move="{text}"]')
            until_recorded(keeper, count)
        else:
            pushed += 1
            assert server.post("/api/push", {"lines": [text]}).status_code == 200
            until_recorded(keeper, count)
        if count == len(dealt) + 1:
            looked_at(keeper, f"turn-{len(hand.seats)}", problems)
            looked_at(watcher, f"watcher-{len(hand.seats)}", problems)
    print(
        f"\n{len(hand.seats)} at the table{' (a hand not seen)' if unseen else ''}: the deal {deal_taps} taps, "
        f"a turn {statistics.median(turn_taps)} (median), the whole hand {keeper.taps}"
    )
    return pushed


def test_a_family_evening_of_five_hands_with_a_watcher(phones: tuple[Any, Any], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    keeper, watcher = phones
    evening = tmp_path / "설날.gsn"
    problems: dict[str, list[str]] = {}
    hands = [(simulated(2, 40), None), (simulated(3, 41), "할머니"), (simulated(4, 42), None)]
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        watcher.get(server.url(server.watcher))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        # a family plays for 100원 a point: what the first set-up proposes (T64)
        assert keeper.find_element(By.ID, "stake").get_attribute("value") == "100"
        keeper.find_element(By.ID, "event").send_keys("설날")
        for number, (hand, unseen) in enumerate(hands, start=1):
            set_up(keeper, list(hand.seats), "민지")
            if number == 1:
                looked_at(keeper, "set-up", problems)
            tap(keeper, "#start")
            wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
            # grandmother's cards not seen: each is named when played, by its month
            tap_hand(keeper, watcher, server, hand, unseen, problems)
            wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
            wait(watcher, lambda d: d.find_element(By.ID, "over").is_displayed())
            looked_at(keeper, f"verdict-{len(hand.seats)}", problems)
            shown_payments = texts(keeper, "#verdict-payments .verdict-line .head")
            payments = checked(evening)[-1]
            assert len(shown_payments) == len(payments)
            for line, payment in zip(shown_payments, payments, strict=True):
                assert f"{payment['from']} → {payment['to']}" in line
                assert f"{payment['amount']:,}원" in line
            tap(keeper, "#next-hand")
        # the quick tally of three
        set_up(keeper, ["민지", "재현", "할머니"], "민지")
        tap(keeper, "#start")
        tap(keeper, "#tally-open")
        tap_tally(keeper, read_text(TALLY).hands[0].statements)
        looked_at(keeper, "tally", problems)
        tap(keeper, "#tally-record")
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        wait(watcher, lambda d: d.find_element(By.ID, "over").is_displayed())
        assert "할머니" in keeper.find_element(By.ID, "verdict").text
        looked_at(keeper, "tally-verdict", problems)
        tap(keeper, "#next-hand")
        # two again
        last = simulated(2, 44)
        set_up(keeper, list(last.seats), "민지")
        tap(keeper, "#start")
        wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
        tap_hand(keeper, watcher, server, last, None, problems)
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        # the evening: each player's balance in money, and who pays whom
        keeper.execute_script("document.getElementById('balance').scrollIntoView()")
        looked_at(keeper, "evening", problems)
        balance = dict(zip(texts(keeper, "#balance td:first-child"), texts(keeper, "#balance td.n"), strict=True))
        assert set(balance) == {"민지", "재현", "할머니", "삼촌"}
        assert all(v.endswith("원") for v in balance.values())
        # the same screens in English
        tap(keeper, "#lang")
        wait(keeper, lambda d: d.execute_script("return document.documentElement.lang") == "en")
        looked_at(keeper, "evening-en", problems)
        assert all(v.endswith(" won") for v in texts(keeper, "#balance td.n"))
        tap(watcher, "#lang")
        wait(watcher, lambda d: d.execute_script("return document.documentElement.lang") == "en")
        looked_at(watcher, "watcher-en", problems)
    finally:
        server.stop()
    assert problems == {}
    written = read_text(evening.read_text(encoding="utf-8")).hands
    assert [h.kind for h in written] == ["played", "played", "played", "tally", "played"]
    assert [len(h.seats) for h in written] == [2, 3, 4, 3, 2]


def test_the_checks_text_on_the_page_names_the_cards_as_players_write_them(tmp_path: Path) -> None:
    """The verdict's text under 판정 전문 is check's, its cards by their names (T66): 재현's
    brights are 3광 8광 11광, the sake cup 국진, in English 3 bright, 8 bright, 11 bright."""
    from test_table_api import SAMPLE, Table, statements_of

    for lang, brights, cup in (("ko", "광 3: 3광 8광 11광", "국진"), ("en", "brights 3: 3 bright, 8 bright,", "sake")):
        table = Table(tmp_path / f"{lang}.gsn", lang=lang)
        table.setup(["민지", "재현"], dealer="민지", stake=100)
        table.push(*statements_of(SAMPLE)[:-1])
        text = table.state["hand"]["verdict_text"]
        assert brights in text and cup in text
        assert CODE.findall(text.split("\n", 1)[1]) == []  # the first line names the file
