"""What a family's first evening found on a 390×844 phone (issue 30's second review), each in
Debian's chromium: the next hand proposed as the rules deal it, a write the table never answers,
every copy of a card offered, the page in Korean words, the claim asked as the table counts it.
Screenshots of each screen go to ``/tmp/table-shots`` (or ``GSN_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from browsers import axe_findings, set_up, shown, tap, texts, wait
from tableserver import TableServer
from test_table_api import SAMPLE, statements_of

from gostop_arbiter import read_text
from gostop_arbiter.table.words import page_words

WORDS: dict[str, str] = page_words("ko")["words"]  # type: ignore[assignment]


def shoot(driver: Any, name: str) -> None:
    folder = Path(os.environ.get("GSN_SHOTS", "/tmp/table-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(folder / f"{name}.png"))


def text_of(driver: Any, element_id: str) -> str:
    found: str = driver.execute_script("return document.getElementById(arguments[0]).textContent", element_id)
    return found


def test_the_next_hand_is_dealt_by_the_last_winner_and_asks_only_what_changes(keeper: Any, tmp_path: Path) -> None:
    """민지 dealt the sample hand and 재현 won it: the next hand's set-up proposes 재현, writes no
    Dealer tag, does not ask the evening's name again, and takes the verdict's place."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    lines = statements_of(SAMPLE)
    evening = tmp_path / "설날.gsn"
    server = TableServer(evening)
    try:
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        set_up(keeper, ["민지", "재현"], "민지", "100", "설날")
        tap(keeper, "#start")
        wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
        assert server.post("/api/push", {"lines": lines[:-1]}).status_code == 200  # the hand, heard
        wait(keeper, lambda d: d.find_element(By.ID, "over").is_displayed())
        # the score panel adds up to the verdict's number, every step shown (the go's point too)
        panel = keeper.find_element(By.CSS_SELECTOR, '#players [data-player="재현"] .score').text
        assert panel.startswith("광 3 + 띠 3 + 피 4 + 고 1 = 11점")
        assert "11점" in keeper.find_element(By.CSS_SELECTOR, '#verdict-scores [data-player="재현"] .head').text
        # each turn says what it took from the table
        assert texts(keeper, "#statements li .said")[3].endswith("바닥의 3띠 11쌍피를 먹었어요")
        # what the table paid: proposed as the verdict has it (민지 paid 재현), asked in money;
        # a won hand offers no nagari
        assert Select(keeper.find_element(By.ID, "claim-payer")).first_selected_option.text == "민지"
        assert Select(keeper.find_element(By.ID, "claim-payee")).first_selected_option.text == "재현"
        assert text_of(keeper, "claim-amount-label") == WORDS["claim-money"]
        assert not shown(keeper, "#claim-nagari")
        keeper.find_element(By.ID, "claim-points").send_keys("1100")
        tap(keeper, "#claim-add")
        wait(keeper, lambda d: texts(d, "#statements li code")[-1:] == [lines[-1]])  # claim: 민지 pays 재현 11
        shoot(keeper, "family-claim")
        assert axe_findings(keeper) == []  # nothing serious or critical
        # 1,050원 is no whole number of points at 100원 a point: said, and nothing written
        keeper.find_element(By.ID, "claim-points").send_keys("1050")
        tap(keeper, "#claim-add")
        wait(keeper, lambda d: shown(d, "#notice.refused"))
        assert "1,050원" in text_of(keeper, "notice")
        assert statements_of(evening) == lines

        tap(keeper, "#next-hand")
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        assert Select(keeper.find_element(By.ID, "dealer")).first_selected_option.text == "재현"
        assert text_of(keeper, "due") == WORDS["set-up-due"]
        assert not shown(keeper, "#over") and not shown(keeper, "#next-hand")  # the old verdict gives way
        assert not shown(keeper, "#event")  # the evening's name was asked once
        shoot(keeper, "family-next-setup")
        assert axe_findings(keeper) == []  # nothing serious or critical
        tap(keeper, "#start")
        wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
        assert text_of(keeper, "due") == WORDS["deal-due"]
        tap(keeper, "#tally-open")
        wait(keeper, lambda d: text_of(d, "due") == WORDS["tally-due"])
        state = server.state()
        assert state["hand"]["dealer"] == "재현" and state["evening"]["hands"][0]["winner"] == "재현"
    finally:
        server.stop()
    pending = (tmp_path / ".설날.gsn.pending").read_text(encoding="utf-8")
    assert '[Hand \\"2\\"]' in pending and "Dealer" not in pending and "Event" not in pending
    assert read_text(evening.read_text(encoding="utf-8")).hands[0].tag("Event") is not None


def notice_shown(driver: Any) -> tuple[str, str, bool] | None:
    """The notice's kind, text and whether it is in view, once it is shown."""
    facts: list[Any] | None = driver.execute_script(
        "const b = document.getElementById('notice'); if (b.hidden) return null;"
        "const r = b.getBoundingClientRect(), top = document.querySelector('header').getBoundingClientRect().bottom;"
        "return [b.className, b.textContent, r.top >= top && r.bottom <= innerHeight && r.height > 0]"
    )
    return (facts[0], facts[1], facts[2]) if facts else None


def test_a_table_that_hangs_is_said_at_the_tap_and_forgotten_once_back(keeper: Any, tmp_path: Path) -> None:
    """The table's computer stops answering without closing anything (SIGSTOP: asleep, hung). A tap
    is given up after a few seconds and said where it was, the last state stays on the page; once
    the table answers again, the page says nothing more of it."""
    import signal
    import time

    from selenium.webdriver.common.by import By

    lines = statements_of(SAMPLE)
    server = TableServer(tmp_path / "evening.gsn")
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": lines[:3]}).status_code == 200
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: shown(d, '#hand [data-play="민지: 11p"]'))
        server.process.send_signal(signal.SIGSTOP)
        tapped = time.monotonic()
        tap(keeper, '#hand [data-play="민지: 11p"]')
        kind, said, in_view = wait(keeper, notice_shown, timeout=20)
        waited = time.monotonic() - tapped
        print(f"\na tap on a hung table said after {waited:.1f} s")
        assert kind == "offline" and WORDS["lost"] in said and in_view
        assert waited < 15
        assert shown(keeper, '#hand [data-play="민지: 11p"]')  # the last state kept
        assert len(texts(keeper, "#statements li")) == 3
        shoot(keeper, "family-hung")
        assert axe_findings(keeper) == []  # nothing serious or critical
        server.process.send_signal(signal.SIGCONT)
        wait(keeper, lambda d: notice_shown(d) is None, timeout=30)
        wait(keeper, lambda d: d.find_element(By.ID, "live").text == WORDS["live"], timeout=10)
        tap(keeper, '#hand [data-play="민지: 11p"]')  # and the table answers again
        wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
    finally:
        server.process.send_signal(signal.SIGCONT)
        server.stop()


def test_a_hand_not_seen_is_offered_every_copy_the_table_has_not_seen(keeper: Any, tmp_path: Path) -> None:
    """민지's hand was not seen, and no July card is on the table or in 재현's hand: 민지 may hold
    either 7피, so July offers four cards (7열, 7띠 and both 7피), each its own tile."""
    deal = [
        "deal 민지: ?*10",
        "deal 재현: 1p 2p 2r 3g 4p 6p 6r 9p 11g 11p",
        "table: 12r 12pp 4a 8g 5p 9a 11pp 1r",
    ]
    server = TableServer(tmp_path / "evening.gsn")
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": deal}).status_code == 200
        keeper.get(server.url(server.scorekeeper))
        tap(keeper, '#hand [data-month="7"]')
        july = wait(keeper, lambda d: texts(d, "#hand [data-month-cards] [data-card]") or None)
        assert july == ["7열", "7띠", "7피", "7피"]
        assert texts(keeper, '#hand [data-month="7"] small') == ["4장"]
        shoot(keeper, "family-unseen-july")
        assert axe_findings(keeper) == []  # nothing serious or critical
        tap(keeper, '#hand [data-month-cards] [data-play="민지: 7p"]')
        wait(keeper, lambda d: shown(d, "#choose"))
    finally:
        server.stop()


def test_the_house_rules_are_said_in_words_not_codes(keeper: Any, tmp_path: Path) -> None:
    """Every house rule and each of its choices in Korean words: no knob's name, no value's code
    (`optimal`, `kr-standard`), no card code (`2a`, `12r`); a choice keeps its code as its value,
    which the Set tag writes. A rule that may be none is an empty field."""
    import re

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server = TableServer(tmp_path / "evening.gsn")
    try:
        keeper.get(server.url(server.scorekeeper))
        wait(keeper, lambda d: d.find_element(By.ID, "setup").is_displayed())
        tap(keeper, "#knobs summary")
        said = texts(keeper, "#knob-list label, #knob-list option, #knob-list legend")
        assert len(said) > 100
        coded = [text for text in said if re.search(r"[A-Za-z_]{2,}|\d[a-z]", text)]
        assert coded == []
        schedule = Select(keeper.find_element(By.ID, "knob-go-go_schedule"))
        assert schedule.first_selected_option.get_attribute("value") == "kr-standard"
        assert schedule.first_selected_option.text == "고마다 +1, 3고부터는 한 번마다 ×2도"
        assert keeper.find_element(By.ID, "knob-settlement-payment_cap").get_attribute("value") == ""
        schedule.select_by_value("gamerules")
        keeper.find_element(By.ID, "knob-settlement-payment_cap").send_keys("50")
        shoot(keeper, "family-house-rules")
        assert axe_findings(keeper) == []  # nothing serious or critical
        for n, name in enumerate(["민지", "재현"]):
            keeper.find_elements(By.CSS_SELECTOR, "#seats input.seat")[n].send_keys(name)
        tap(keeper, "#start")
        wait(keeper, lambda d: d.find_element(By.ID, "deal").is_displayed())
    finally:
        server.stop()
    pending = (tmp_path / ".evening.gsn.pending").read_text(encoding="utf-8")
    assert "go.go_schedule=gamerules" in pending and "settlement.payment_cap=50" in pending
    assert pending.count("[Set ") == 2


def test_a_line_typed_with_the_cards_korean_names_is_written_with_their_codes(tmp_path: Path) -> None:
    """GSN reads `11피` as 11p, but the recorder writes the writer's form (T5): a correction or a
    statement typed in Korean is written as codes, as every other line of the file."""
    from test_table_api import Table

    lines = statements_of(SAMPLE)
    table = Table(tmp_path / "evening.gsn", lang="ko")
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    table.push("민지: 11피 / 3피")
    table.push("재현: 6피 / 6피")
    written = table.path.read_text(encoding="utf-8").splitlines()
    assert written[-2:] == lines[3:5]  # the file's own text, not as a reader would write it again
    table.ok("/api/correct", {"index": 3, "line": "민지: 11피 / 3피"})
    table.ok("/api/correct", {"index": 1, "line": "deal 재현: 1피 2피 2띠 3광 4피 6피 6띠 9피 11광 11피"})
    written = table.path.read_text(encoding="utf-8").splitlines()
    assert [line for line in written if not line.startswith("[")] == lines[:5]


def test_a_question_closed_by_another_phone_says_so(keeper: Any, tmp_path: Path) -> None:
    """민지's flip is being asked on this phone when another phone records the turn: the question
    closes, and the page says why, with what was recorded, where the question was."""
    from selenium.webdriver.common.by import By

    lines = statements_of(SAMPLE)
    server = TableServer(tmp_path / "evening.gsn")
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": lines[:3]}).status_code == 200
        keeper.get(server.url(server.scorekeeper))
        tap(keeper, '#hand [data-play="민지: 11p"]')
        wait(keeper, lambda d: d.find_element(By.ID, "choose").is_displayed())
        assert server.post("/api/push", {"lines": [lines[3]]}).status_code == 200
        kind, said, in_view = wait(keeper, notice_shown)
        assert kind == "closed" and in_view
        assert WORDS["closed-title"] in said and "민지가 11피를 냈어요" in said
        assert not keeper.find_element(By.ID, "choose").is_displayed()
        shoot(keeper, "family-closed")
        assert axe_findings(keeper) == []  # nothing serious or critical
    finally:
        server.stop()


def test_docs_table_shows_the_start_up_lines_the_command_prints_in_both_languages(tmp_path: Path) -> None:
    """docs/table.md shows the start-up lines of a new evening in English and Korean side by side;
    each is what the command prints, for the file named in its column's heading."""
    import re
    import signal

    doc = (Path(__file__).parent.parent / "docs" / "table.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(.+?)` \| `(.+?)` \|$", doc, re.M)
    heading, *lines = rows
    assert [h.split()[1:] for h in heading] == [
        ["--lang", "en", "table", "evening.gsn"],
        ["--lang", "ko", "table", "설날.gsn"],
    ]
    for column, (lang, name) in enumerate((("en", "evening.gsn"), ("ko", "설날.gsn"))):
        folder = tmp_path / lang
        folder.mkdir()
        server = TableServer(folder / name, "--lang", lang)
        assert server.process.stderr is not None
        server.process.send_signal(signal.SIGINT)  # Ctrl-C: the rest of what it printed, to its end
        printed = (server.printed + server.process.stderr.read()).replace(str(folder / name), name)
        server.stop()
        assert lines and all(row[column] in printed for row in lines), (printed, lines)


def test_the_command_says_its_start_in_the_language_asked(tmp_path: Path) -> None:
    """`gostop-arbiter table --lang ko`: the start-up lines in Korean, a resumed evening too."""
    evening = tmp_path / "설날.gsn"
    server = TableServer(evening, "--lang", "ko")
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": statements_of(SAMPLE)[:3]}).status_code == 200
    finally:
        server.stop()
    assert server.printed.startswith(f"{evening}: 새 모임을 시작해요")
    assert "기록하는 사람의 링크" in server.printed and "scorekeeper" not in server.printed
    again = TableServer(evening, "--lang", "ko")
    again.stop()
    assert again.printed.startswith(f"{evening}: 이어서 기록해요: 1판, 마지막 판에 3줄")


def test_a_hand_dealt_and_not_yet_played_is_replayed_as_a_played_hand(tmp_path: Path) -> None:
    """The evening's replay of a hand just dealt (no turn yet) shows its deal, as a played hand:
    never the tally hand's note (결과만 적은 판), for the scorekeeper or a watcher."""
    from test_table_api import Table

    table = Table(tmp_path / "evening.gsn", lang="ko")
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*statements_of(SAMPLE)[:3])
    tally_note = "결과만 적은 판"
    for token in (table.tokens.watcher, table.tokens.scorekeeper):
        replay = table.client.get("/evening.html", params={"t": token, "lang": "ko"})
        assert replay.status_code == 200
        assert tally_note not in replay.text and "tally-note" not in replay.text


def test_the_evenings_replay_fits_a_phone(keeper: Any, tmp_path: Path) -> None:
    """The evening's replay (evening.html) on a 390×844 phone: its step buttons at least 44×44 CSS
    px, and no amount (1,100원) broken across lines."""
    from browsers import small_and_broken

    lines = statements_of(SAMPLE)
    server = TableServer(tmp_path / "evening.gsn")
    try:
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지", "stake": 100}).status_code == 200
        assert server.post("/api/push", {"lines": lines}).status_code == 200
        keeper.get(server.url(server.scorekeeper))  # the link's cookie opens the replay
        wait(keeper, lambda d: shown(d, "#download-html"))
        keeper.get(f"{server.base}/evening.html?lang=ko")
        wait(keeper, lambda d: shown(d, ".controls button"))
        small, broken = small_and_broken(keeper)
        shoot(keeper, "family-replay")
        assert [s for s in small if s.startswith("BUTTON")] == []
        assert not [word for word in broken if "원" in word]
    finally:
        server.stop()


def test_a_refusal_puts_the_particle_its_word_takes(tmp_path: Path) -> None:
    """The table's own refusals fill a name in with the particle it takes (은정이, Bo가), never
    an 이(가) pair."""
    from test_table_api import Table

    table = Table(tmp_path / "evening.gsn", lang="ko")
    for dealer, said in (("은정", "선 은정이 자리에 없어요"), ("Bo", "선 Bo가 자리에 없어요")):
        refused = table.post("/api/setup", {"seats": ["민지", "재현"], "dealer": dealer})
        assert refused.status_code == 422
        assert refused.json()["message"].startswith(said)
