"""The table app's HTTP API, in-process (Starlette's TestClient): a whole hand recorded and taken
back, a correction, the next hand, and every refusal (illegal statement, wrong token, stale write,
malformed or oversized request), each leaving the file and the state as they were."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES
from fastapi.testclient import TestClient
from test_korean import msgid_words
from test_korean import words as words_in

from gostop_arbiter import judge_text, read_text
from gostop_arbiter.notation import read_statement, write_statement
from gostop_arbiter.notation.model import Turn
from gostop_arbiter.records import replace
from gostop_arbiter.rules import PROFILES
from gostop_arbiter.table.app import create_app
from gostop_arbiter.table.guard import Site, Tokens
from gostop_arbiter.table.recorder import Recorder

SAMPLE = SAMPLES / "matgo-korean-names.gsn"

SITE = Site("192.168.0.5", 8000)
"""Where the app under test is served: its pages' origin, and the address its links name."""


def statements_of(path: Path) -> list[str]:
    """A sample's statements as the recorder writes them: canonical, without the writer's marks
    (the recorder finds ppeoks and choks itself) and without comments."""
    hand = read_text(path.read_text(encoding="utf-8")).hands[0]
    return [re.sub(r" !\w+", "", write_statement(s)) for s in hand.statements]


def in_page_order(lines: list[str]) -> list[str]:
    """The lines as the page's deal writes them: each deal and table line's cards by month, then
    kind (the order the page shows them in), whatever order they were tapped in."""
    from gostop_arbiter.table.views import card_order

    ordered = []
    for line in lines:
        head, colon, cards = line.partition(": ")
        if colon and (head == "table" or head.startswith("deal ")):
            bonus = [c for c in cards.split() if c.startswith("+")]
            laid = sorted((c for c in cards.split() if not c.startswith("+")), key=card_order)
            line = f"{head}: {' '.join([*laid, *bonus])}"
        ordered.append(line)
    return ordered


class Table:
    """One evening's app, with the scorekeeper's and a watcher's links."""

    def __init__(self, path: Path, lang: str = "en", tokens: Tokens | None = None) -> None:
        self.path = path
        self.lang = lang
        self.tokens = tokens or Tokens.new()
        self.client = TestClient(
            create_app(Recorder(path), self.tokens, SITE), base_url=SITE.base, headers={"origin": SITE.base}
        )
        self.state = self.get()

    def get(self, token: str | None = None) -> dict[str, Any]:
        params = {"t": self.tokens.scorekeeper if token is None else token, "lang": self.lang}
        answer = self.client.get("/api/state", params=params)
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def post(self, path: str, body: dict[str, Any], *, token: str | None = None, after: str | None = None) -> Any:
        body = {"after": self.state["revision"] if after is None else after, **body}
        params = {"t": self.tokens.scorekeeper if token is None else token, "lang": self.lang}
        answer = self.client.post(path, params=params, json=body)
        if answer.status_code == 200:
            self.state = answer.json()
        return answer

    def ok(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.post(path, body)
        assert answer.status_code == 200, answer.text
        return self.state

    def setup(self, seats: list[str], **more: Any) -> dict[str, Any]:
        return self.ok("/api/setup", {"seats": seats, **more})

    def push(self, *lines: str) -> dict[str, Any]:
        return self.ok("/api/push", {"lines": list(lines)})

    def move(self, text: str, at: int | None = None) -> dict[str, Any]:
        """The move the page is offered whose statement is ``text`` (now, or where statement
        ``at`` stands)."""
        if at is None:
            offered = self.state["moves"]
        else:
            offered = self.client.get("/api/moves", params={"t": self.tokens.scorekeeper, "at": at}).json()
        found: dict[str, Any] = next(m for m in offered if m["text"] == text)
        return found

    def flips(self, play: str, at: int | None = None) -> list[dict[str, Any]]:
        """The complete turns the page is offered after tapping the hand play ``play``."""
        body = {"play": self.move(play, at)["id"], **({} if at is None else {"at": at})}
        answer = self.client.post("/api/flips", params={"t": self.tokens.scorekeeper, "lang": self.lang}, json=body)
        assert answer.status_code == 200, answer.text
        options: list[dict[str, Any]] = answer.json()
        return options

    def play(self, line: str) -> dict[str, Any]:
        """A turn or any other move recorded as the page records it: by the places of the move
        and of its complete turn in the listings the page was sent, never by its text."""
        statement = read_statement(line, seats=self.state["hand"]["seats"])
        if isinstance(statement, Turn):
            bare = write_statement(replace(statement, flips=[], target=None, marks=[]))
            option = next(o for o in self.flips(bare) if o["text"] == line)
            return self.ok("/api/play", {"move": self.move(bare)["id"], "option": option["id"]})
        return self.ok("/api/play", {"move": self.move(line)["id"]})


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path / "evening.gsn")


def test_a_whole_hand_recorded_gets_the_verdict_check_gives_the_sample(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100, event="설날 가족 맞고")
    table.push(*lines[:3])  # the deal: two hands and the table, in one write
    assert table.state["hand"]["board"]["due"] == "turn"
    assert table.state["hand"]["board"]["who"] == "민지"
    for line in lines[3:]:
        table.push(line)
    hand = table.state["hand"]
    assert hand["over"]
    expected = judge_text(SAMPLE.read_text(encoding="utf-8")).hands[0]
    assert [(p["payer"], p["payee"], p["points"], p["amount"]) for p in hand["verdict"]["payments"]] == [
        (p.payer, p.payee, p.points, p.amount) for p in expected.payments
    ]
    assert "재현" in hand["verdict_text"] and "1,100" in hand["verdict_text"]
    assert table.state["evening"]["balance"] == {"민지": -1100, "재현": 1100}
    assert table.state["evening"]["transfers"] == [{"payer": "민지", "payee": "재현", "amount": 1100}]
    # the file holds the same statements, and check agrees with it
    assert statements_of(table.path) == lines
    assert judge_text(table.path.read_text(encoding="utf-8")).hands[0].payments == expected.payments
    # the events the table sees as they happen
    kinds = [e["kind"] for e in hand["events"]]
    assert {"chok", "ppeok", "ja-ppeok", "sweep", "go", "stop"} <= set(kinds)
    assert [e["label"] for e in hand["events"] if e["kind"] == "chok"] == ["chok"]
    korean = table.client.get("/api/state", params={"t": table.tokens.scorekeeper, "lang": "ko"}).json()["hand"]
    assert [e["label"] for e in korean["events"] if e["kind"] == "chok"] == ["쪽"]


def test_every_statement_taken_back_leaves_an_empty_evening(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:3])
    for line in lines[3:10]:
        table.push(line)
    after_ten = table.state
    table.push(lines[10])
    table.ok("/api/undo", {})
    assert table.state["hand"] == after_ten["hand"] and table.state["revision"] == after_ten["revision"]
    for _ in range(10):
        table.ok("/api/undo", {})
    assert table.path.read_text(encoding="utf-8") == ""
    assert table.state["hand"]["statements"] == [] and table.state["hand"]["board"]["due"] == "deal"
    table.ok("/api/undo", {})  # and the set-up itself
    assert table.state["hand"] is None and table.state["evening"]["hands"] == []
    refused = table.post("/api/undo", {})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["message"]


def test_the_page_offers_what_the_board_allows(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    plays = [m for m in table.state["moves"] if m["kind"] == "turn"]
    assert sorted(m["cards"][0] for m in plays) == sorted(lines[0].partition(": ")[2].split())
    options = table.flips("민지: 11p")
    # the flip may be any card not seen yet: the deck less the two hands and the table
    seen = Counter(" ".join(line.partition(": ")[2] for line in lines[:3]).split())
    unseen = Counter(table.state["hand"]["deck"]) - seen
    assert sorted(o["text"] for o in options) == sorted(f"민지: 11p / {code}" for code in unseen)
    assert all([step["kind"] for step in o["steps"]] == ["flip"] for o in options)
    for line in lines[3:21]:  # up to 재현's 3g, which reaches the minimum
        table.push(line)
    calls = [m["text"] for m in table.state["moves"] if m["kind"] == "call"]
    assert calls == ["재현: go", "재현: stop"]  # 재현 has the minimum: go or stop is due, nothing else
    assert table.state["hand"]["board"]["due"] == "call"


def test_an_illegal_statement_is_refused_with_the_engines_words_and_changes_nothing(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    before, text = table.state, table.path.read_text(encoding="utf-8")
    refused = table.post("/api/push", {"lines": ["재현: 6p / 6p"]})  # 민지 plays first
    assert refused.status_code == 422
    body = refused.json()
    assert [(v["code"], v["params"]) for v in body["violations"]] == [("out-of-turn", {"expected": "민지"})]
    assert "민지's turn" in body["message"]
    assert table.get() == before and table.path.read_text(encoding="utf-8") == text
    not_gsn = table.post("/api/push", {"lines": ["민지: 3q / 4p"]})
    assert not_gsn.status_code == 422 and "'3q' is not a card" in not_gsn.json()["message"]
    lines_in_file = len(text.splitlines())  # the line is read where it would stand in the file
    assert f"(line {lines_in_file + 1}, column 5)" in not_gsn.json()["message"]
    tally = table.post("/api/push", {"lines": ["pile 민지: 1p"]})
    assert tally.status_code == 422 and "tally hand" in tally.json()["message"]
    two_lines = table.post("/api/push", {"lines": ["민지: 11p / 3p\n재현: 6p / 6p"]})
    assert two_lines.status_code == 422 and "one line" in two_lines.json()["message"]
    assert table.get() == before and table.path.read_text(encoding="utf-8") == text


def test_a_deal_that_breaks_a_rule_writes_none_of_its_lines(table: Table) -> None:
    table.setup(["민지", "재현"], dealer="민지")
    refused = table.post("/api/push", {"lines": ["deal 민지: 1g 1g 2p 3p 5a 6r 7p 8a 9p 12pp", "deal 재현: ?*10"]})
    assert refused.status_code == 422
    assert [v["code"] for v in refused.json()["violations"]] == ["extra-card"]
    assert not table.path.exists() or table.path.read_text(encoding="utf-8") == ""
    lines = statements_of(SAMPLE)
    short = lines[0].rsplit(" ", 1)[0]  # 민지 dealt nine cards: seen only once the table is laid
    refused = table.post("/api/push", {"lines": [short, lines[1], lines[2]]})
    assert refused.status_code == 422
    assert [v["code"] for v in refused.json()["violations"]] == ["deal-size"]
    assert not table.path.exists() or table.path.read_text(encoding="utf-8") == ""


def test_a_wrong_token_is_refused_and_changes_nothing(table: Table) -> None:
    table.setup(["민지", "재현"], dealer="민지")
    before = table.get()
    for token in ("", "not-the-token", table.tokens.scorekeeper[:-1]):
        assert table.client.get("/api/state", params={"t": token}).status_code == 403
        answer = table.post("/api/push", {"lines": ["deal 민지: ?*10"]}, token=token)
        assert answer.status_code == 403
    watcher = table.post("/api/push", {"lines": ["deal 민지: ?*10"]}, token=table.tokens.watcher)
    assert watcher.status_code == 403 and "watcher" in watcher.json()["message"]
    assert table.client.get("/api/watchers.svg", params={"t": table.tokens.watcher}).status_code == 403
    code = table.client.get("/api/watchers.svg", params={"t": table.tokens.scorekeeper})
    assert code.status_code == 200 and code.text.startswith("<svg")
    assert code.headers["x-watchers-link"].endswith(f"/?t={table.tokens.watcher}")
    for page in ("/", "/evening.gsn", "/evening.html", "/api/events"):
        assert table.client.get(page, params={"t": "wrong"}).status_code == 403
    assert table.get() == before
    assert table.get(table.tokens.watcher)["moves"] is None  # a watcher is not offered moves


def test_a_stale_write_is_refused_with_the_record_as_it_is(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    seen = table.state["revision"]  # a second scorekeeper's page, which saw the deal
    table.push(lines[3])
    stale = table.post("/api/push", {"lines": [lines[3]]}, after=seen)
    assert stale.status_code == 409
    body = stale.json()
    assert body["state"]["revision"] == table.state["revision"] != seen
    assert [s["text"] for s in body["state"]["hand"]["statements"]][-1] == lines[3]
    assert statements_of(table.path) == lines[:4]
    # an undo and the same statement again is another revision of the same length: still stale
    table.ok("/api/undo", {})
    table.push(lines[3])
    assert table.post("/api/undo", {}, after=seen).status_code == 409


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"lines": []}, "lines"),
        ({"lines": "민지: 11p / 3p"}, "lines"),
        ({"lines": ["x"] * 65}, "lines"),
        ({"lines": ["a" * 2001]}, "2,001 characters"),
        ({"lines": ["민지: 11p / 3p"], "extra": 1}, "extra"),
        ({}, "lines"),
    ],
)
def test_a_malformed_request_is_a_422_with_the_reason(table: Table, body: dict[str, Any], reason: str) -> None:
    table.setup(["민지", "재현"], dealer="민지")
    answer = table.post("/api/push", body)
    assert answer.status_code == 422
    assert reason in answer.json()["message"]


def test_an_oversized_or_broken_body_is_refused(table: Table) -> None:
    params = {"t": table.tokens.scorekeeper}
    big = table.client.post(
        "/api/push", params=params, content=b"x" * 100_000, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    broken = table.client.post("/api/push", params=params, content=b"{", headers={"content-type": "application/json"})
    assert broken.status_code == 422


def test_the_setup_is_checked(table: Table) -> None:
    for seats, more, words in [
        (["민지"], {}, "seats"),
        (["민지", "민지"], {}, "twice"),
        (["민지", "재현"], {"dealer": "할머니"}, "not at the table"),
        (["민지", "재현"], {"rules": "no-such-rules"}, "no-such-rules"),
        (["민지", "재현"], {"sets": {"go.no_such_knob": "1"}}, "no_such_knob"),
        (['민"지', "재현"], {}, "quotes"),
    ]:
        answer = table.post("/api/setup", {"seats": seats, **more})
        assert answer.status_code == 422, (seats, more)
        assert words in answer.json()["message"], answer.json()
    assert table.get()["hand"] is None


def test_a_correction_checks_again_what_follows_and_shows_what_no_longer_holds(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    for line in lines[3:9]:
        table.push(line)
    # 민지's first turn flipped 3p; say it was 3r's partner 12g instead: 12g is flipped later by 민지
    corrected = table.ok("/api/correct", {"index": 3, "line": "민지: 11p / 12g"})
    statements = corrected["hand"]["statements"]
    assert statements[3]["text"] == "민지: 11p / 12g" and len(statements) == 9
    problems = [(s["index"], p["code"]) for s in statements for p in s["problems"]]
    assert (5, "extra-card") in problems  # 민지's 12g of line 3 of the play cannot be flipped twice
    assert statements_of(table.path)[3] == "민지: 11p / 12g"
    # what a correction by tapping is offered: the plays and flips where the statement stands
    params = {"t": table.tokens.scorekeeper}
    offered = table.client.get("/api/moves", params={**params, "at": 5}).json()
    assert sorted(m["cards"][0] for m in offered if m["kind"] == "turn") == sorted(
        ["2p", "5a", "5p", "7a", "7r", "9p", "10r", "10p", "12a"]
    )  # 민지's hand before her second turn
    texts = [o["text"] for o in table.flips("민지: 7a", at=5)]
    assert "민지: 7a / 12r" in texts and "민지: 7a / 12g" not in texts  # 12g is the corrected flip before it
    assert table.client.get("/api/moves", params={**params, "at": 99}).status_code == 404
    # a correction that is itself illegal is refused
    refused = table.post("/api/correct", {"index": 4, "line": "민지: 6p / 6p"})
    assert refused.status_code == 422 and refused.json()["violations"][0]["code"] == "out-of-turn"
    assert table.post("/api/correct", {"index": 99, "line": "민지: 6p / 6p"}).status_code == 404
    # putting the first flip back makes every problem go away
    table.ok("/api/correct", {"index": 3, "line": lines[3]})
    assert all(not s["problems"] for s in table.state["hand"]["statements"])
    assert statements_of(table.path) == lines[:9]


def test_the_next_hand_is_dealt_by_the_winner_and_the_evening_adds_up(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:3])
    for line in lines[3:]:
        table.push(line)
    assert table.state["next_setup"]["dealer"] == "재현"
    early = table.post("/api/setup", {"seats": ["민지", "재현"]})
    assert early.status_code == 200  # the hand is over: the next one may be set up
    assert table.state["hand"]["dealer"] == "재현" and table.state["hand"]["number"] == 2
    table.push("deal 민지: ?*10", "deal 재현: ?*10", "table: 1g 1r 2p 3p 5a 6r 7p 8a")
    assert table.state["hand"]["board"]["who"] == "재현"
    transcript = read_text(table.path.read_text(encoding="utf-8"))
    assert len(transcript.hands) == 2 and transcript.hands[1].tag("Dealer") is None  # the rules' choice
    in_progress = table.post("/api/setup", {"seats": ["민지", "재현"]})
    assert in_progress.status_code == 409 and "not over" in in_progress.json()["message"]
    assert table.state["evening"]["balance"] == {"민지": -1100, "재현": 1100}


def test_a_claim_is_compared_with_the_verdict(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:3])
    for line in lines[3:-1]:
        table.push(line)
    table.push("claim: 민지 pays 재현 12")
    verdict = table.state["hand"]["verdict"]
    assert [d["kind"] for d in verdict["discrepancies"]] == ["claim"]
    table.ok("/api/correct", {"index": len(lines) - 1, "line": "claim: 민지 pays 재현 11"})
    assert table.state["hand"]["verdict"]["discrepancies"] == []


def test_a_resumed_evening_is_the_same_evening(table: Table, tmp_path: Path) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:3])
    for line in lines[3:12]:
        table.push(line)
    again = Table(table.path, tokens=table.tokens)  # the links are kept beside the file
    assert again.get() == table.get()
    # a hand set up but not dealt is kept beside the file (GSN has no hand without a statement)
    for line in lines[12:]:
        table.push(line)
    table.setup(["민지", "재현", "할머니"], stake=50)
    assert Table(table.path, tokens=table.tokens).get() == table.get()


def test_the_downloads(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100, event="<script>alert(1)</script>")
    table.push(*lines[:3])
    gsn = table.client.get("/evening.gsn", params={"t": table.tokens.scorekeeper})
    assert gsn.status_code == 200 and gsn.text == table.path.read_text(encoding="utf-8")
    assert "attachment" in gsn.headers["content-disposition"]
    params = {"t": table.tokens.watcher}
    hidden = table.client.get("/evening.gsn", params=params).text  # a watcher's: the hands unnamed
    assert hidden == gsn.text.replace(lines[0], "deal 민지: ?*10").replace(lines[1], "deal 재현: ?*10")
    page = table.client.get("/evening.html", params=params)
    assert page.status_code == 200 and "<script>alert(1)" not in page.text
    assert "&lt;script&gt;" in page.text


# ---- what a review of the recorder found -------------------------------------------------------


def test_a_hand_won_by_a_third_ppeok_is_over_and_the_next_one_can_start(tmp_path: Path) -> None:
    sample = SAMPLES / "matgo-online-three-ppeok.gsn"
    hand = read_text(sample.read_text(encoding="utf-8")).hands[0]
    table = Table(tmp_path / "evening.gsn")
    dealer = hand.tag("Dealer")
    table.setup(list(hand.seats), dealer=dealer.value if dealer else hand.seats[0], rules=hand.rules, stake=hand.stake)
    lines = statements_of(sample)
    dealt = sum(1 for s in hand.statements if s.kind in ("deal", "table", "stock"))
    table.push(*lines[:dealt])
    for line in lines[dealt:]:
        table.push(line)
    assert table.state["hand"]["over"] and table.state["hand"]["verdict"]["outcome"] == "three-ppeok"
    table.setup(list(hand.seats))
    assert table.state["hand"]["number"] == 2 and table.state["hand"]["board"]["due"] == "deal"


def test_a_file_without_its_last_line_end_is_resumed_intact(tmp_path: Path) -> None:
    path = tmp_path / "evening.gsn"
    text = SAMPLE.read_text(encoding="utf-8").splitlines()
    head = next(i for i, line in enumerate(text) if line.startswith("재현: 11g"))
    path.write_text("\n".join(text[:head]), encoding="utf-8")  # cut after a turn, no line end
    table = Table(path)
    table.push(statements_of(SAMPLE)[8])
    assert statements_of(path) == statements_of(SAMPLE)[:9]


def test_taking_back_a_deal_below_the_files_comments_keeps_the_file_readable(tmp_path: Path) -> None:
    path = tmp_path / "evening.gsn"
    text = SAMPLE.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(text[:13]) + "\n", encoding="utf-8")  # the comments, the tags, the deal
    table = Table(path)
    for _ in range(3):
        table.ok("/api/undo", {})
    assert path.read_text(encoding="utf-8").startswith("# 설날 가족 맞고")  # the writer's words stay
    assert Table(path, tokens=table.tokens).get()["revision"] == table.state["revision"]
    table.push(*statements_of(SAMPLE)[:3])
    assert statements_of(path) == statements_of(SAMPLE)[:3]
    written = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert written == [line for line in text[:13] if line.strip()]  # the Site tag and every comment too


def test_the_hand_numbers_are_the_same_before_and_after_a_restart(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:3])
    for line in lines[3:]:
        table.push(line)
    table.setup(["민지", "재현"], dealer="민지")  # the table's choice, over the rules' (the winner)
    table.push(*lines[:3])
    for line in lines[3:8]:
        table.push(line)
    assert table.state["hand"]["number"] == 2
    assert Table(table.path, tokens=table.tokens).get() == table.get()


def test_a_correction_keeps_the_statements_kind_and_a_deal_its_size(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    table.push(lines[3])
    kind = table.post("/api/correct", {"index": 3, "line": "stock: 1p"})
    assert kind.status_code == 422 and "must be a turn line" in kind.json()["message"]
    size = table.post("/api/correct", {"index": 1, "line": "deal 재현: 1p 2p 2r"})
    assert size.status_code == 422 and [v["code"] for v in size.json()["violations"]] == ["deal-size"]
    assert statements_of(table.path) == lines[:4]


def test_the_token_is_checked_before_the_body_is_read(table: Table) -> None:
    table.setup(["민지", "재현"], dealer="민지")
    for token in (None, table.tokens.watcher):
        params = {} if token is None else {"t": token}
        for path in ("/api/undo", "/api/push", "/api/flips", "/api/correct"):
            answer = table.client.post(path, params=params, content=b"{not json")
            assert answer.status_code == 403, (path, token)


def test_a_chunked_body_too_large_and_a_long_name_are_refused(table: Table) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1024

    params = {"t": table.tokens.scorekeeper}
    answer = table.client.post(
        "/api/push", params=params, content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413
    long = table.post("/api/setup", {"seats": ["민" * 41, "재현"]})
    assert long.status_code == 422 and "40 characters" in long.json()["message"]


CARD = re.compile(r"(?<![\w?])(?:1[0-2]|[1-9])(?:pp|g|a|r|p)(?![\w])|(?<![\w])b\d(?![\w])")
"""A card's code in a line of GSN, a replay's text or a list of cards."""


def cards_in(*texts: str) -> Counter[str]:
    return Counter(code for text in texts for code in CARD.findall(text))


def table_has_seen(hand: dict[str, Any]) -> Counter[str]:
    """Every card the table has seen of a hand, from the scorekeeper's record of it: all but the
    hands dealt and the stock (the table line, and every card played, flipped or shown)."""
    return cards_in(*(s["text"] for s in hand["statements"] if s["kind"] not in ("deal", "stock")))


def watchers_see(table: Table, lines_before: int) -> tuple[Counter[str], set[str]]:
    """What a watcher's state, download and replay name of the hand being played: its cards (each
    as often as it is named in the hand's statements), and every card its events and replay show."""
    token = {"t": table.tokens.watcher}
    state = table.get(table.tokens.watcher)["hand"]
    gsn = table.client.get("/evening.gsn", params=token).text.splitlines()[lines_before:]
    replay = table.client.get("/evening.html", params=token).text
    data = json.loads(re.search(r'<script id="gsn-data" type="application/json">(.*?)</script>', replay, re.S)[1])
    steps = data[-1]["steps"] if data else []
    assert all(cards == [] for cards in state["board"]["hands"].values())
    assert cards_in(*(s["text"] for s in state["statements"])) == cards_in(*gsn)  # the same statements
    assert cards_in(*(step["text"] for step in steps)) <= cards_in(*gsn)
    shown = {c for e in state["events"] for c in e["cards"]}
    shown |= {c for step in steps for cards in step["hands"].values() for c in cards}
    drawn = re.sub(r"<script.*?</script>|<template.*?</template>", "", replay, flags=re.S)  # the deck's faces aside
    shown |= set(cards_in(drawn))  # what the replay draws
    return cards_in(*gsn), shown


def test_a_watcher_sees_no_card_the_table_has_not_seen_until_the_hand_is_over(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    lines_before = 0  # the evening's first hand: its tags are the file's first lines
    steps = [lines[:3]] + [[line] for line in lines[3:]]
    for number, step in enumerate(steps):
        table.push(*step)
        hand = table.state["hand"]
        named, shown = watchers_see(table, lines_before)
        if not hand["over"]:
            seen = table_has_seen(hand)
            assert named - seen == Counter(), (number, named - seen)
            assert shown <= set(seen), (number, shown - set(seen))
            assert any(table.state["hand"]["board"]["hands"].values())  # there was something to hide
    # once the hand is over, the whole record shows
    assert table.get(table.tokens.watcher)["hand"]["statements"] == table.state["hand"]["statements"]
    everything = table.client.get("/evening.gsn", params={"t": table.tokens.watcher}).text
    assert everything == table.path.read_text(encoding="utf-8")


def test_a_watchers_deal_and_stock_lines_name_no_card(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3], "stock: 3p 12g")
    watching = table.get(table.tokens.watcher)["hand"]
    assert [s["text"] for s in watching["statements"]] == [
        "deal 민지: ?*10",
        "deal 재현: ?*10",
        lines[2],
        "stock: ?*2",
    ]
    assert watching["board"]["unseen"] == {"민지": 10, "재현": 10}
    assert watching["board"]["table"] == table.state["hand"]["board"]["table"]  # the table is open to all
    gsn = table.client.get("/evening.gsn", params={"t": table.tokens.watcher}).text
    assert "deal 민지: ?*10\ndeal 재현: ?*10\n" in gsn and "stock: ?*2\n" in gsn
    assert table.client.get("/evening.gsn", params={"t": table.tokens.scorekeeper}).text == table.path.read_text(
        encoding="utf-8"
    )


def test_a_move_that_is_not_offered_is_a_wrong_request_not_a_stale_page(table: Table) -> None:
    """With the page's revision current, a move past the listing, or a flip chosen for a move that
    has none, is refused as what it is (422), and nothing is written; a page told "stale" would
    reload and ask again."""
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    before = table.path.read_text(encoding="utf-8")
    offered = len(table.state["moves"])
    past = table.post("/api/play", {"move": offered})
    assert past.status_code == 422 and f"{offered}" in past.json()["message"], past.text
    assert table.post("/api/flips", {"play": 100_000}).status_code == 422
    assert table.path.read_text(encoding="utf-8") == before
    for line in lines[3:]:  # on to the first go or stop offered
        calls = [i for i, m in enumerate(table.state["moves"]) if m["text"].endswith((": go", ": stop"))]
        if calls:
            break
        table.push(line)
    before = table.path.read_text(encoding="utf-8")
    flipped_call = table.post("/api/play", {"move": calls[0], "option": 0})
    assert flipped_call.status_code == 422 and "flip" in flipped_call.json()["message"], flipped_call.text
    assert table.path.read_text(encoding="utf-8") == before


def test_a_watchers_revision_cannot_be_matched_against_guessed_hands(table: Table) -> None:
    """The revision every watcher is sent is keyed with the scorekeeper's token (decision T75): a
    digest of the file alone could be matched against each guess of the few hidden cards left."""
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:4])
    text = table.path.read_text(encoding="utf-8")
    revision = table.get(table.tokens.watcher)["revision"]
    assert revision == table.state["revision"]
    assert revision not in {hashlib.sha256(text.encode()).hexdigest()[:16], hashlib.md5(text.encode()).hexdigest()[:16]}
    # the same file under the same links (a server started again) keeps its revision; other links do not
    def revision_under(tokens: Tokens) -> str:
        client = TestClient(create_app(Recorder(table.path), tokens, SITE), base_url=SITE.base)
        answer: str = client.get("/api/state", params={"t": tokens.watcher}).json()["revision"]
        return answer

    assert revision_under(table.tokens) == revision
    assert revision_under(Tokens.new()) != revision


def test_the_page_speaks_korean_without_an_english_word(tmp_path: Path) -> None:
    """Every sentence the page shows in Korean, and every refusal, holds no English word (the
    catalogue's English is what is looked for; names, card codes and GSN lines are left out)."""
    # the language button says "English" on the Korean page; GSN is the notation's name; knob=value
    # is how a house rule is written
    # is how a house rule is written; check is the command's name; the file and the rules are named
    english = (msgid_words() | {"turn", "deal", "hand", "table", "card", "pays", "points"}) - {
        "English",
        "GSN",
        "knob",
        "value",
        "check",
        "evening",
        *PROFILES,
    }
    table = Table(tmp_path / "evening.gsn", lang="ko")
    words_of_page = table.client.get("/api/words", params={"t": table.tokens.scorekeeper, "lang": "ko"}).json()
    shown = [*words_of_page["words"].values(), *words_of_page["terms"].values(), *words_of_page["moves"].values()]
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    refusals = [
        table.post("/api/push", {"lines": ["재현: 6p / 6p"]}),  # before the deal
        table.post("/api/setup", {"seats": ["민지", "민지"]}),
        table.post("/api/push", {"lines": ["민지: 3q / 4p"]}),
        table.post("/api/push", {"lines": [lines[0].rsplit(" ", 1)[0], lines[1], lines[2]]}),
    ]
    table.push(*lines[:3])
    refusals += [
        table.post("/api/push", {"lines": ["재현: 6p / 6p"]}),
        table.post("/api/push", {"lines": [lines[3]]}, after="stale"),
        table.post("/api/correct", {"index": 1, "line": "deal 재현: 1p 2p 2r"}),
        table.client.post("/api/push", params={"t": table.tokens.watcher, "lang": "ko"}, json={}),
    ]
    for line in lines[3:-1]:
        table.push(line)
    table.push("claim: 민지 pays 재현 12")  # a claim the verdict contradicts
    hand = table.state["hand"]
    verdict = hand["verdict"]
    shown += [hand["verdict_text"], verdict["outcome_term"]]
    shown += [e["label"] for e in hand["events"]]
    shown += [d["message"] for d in verdict["discrepancies"]]
    shown += [i["term"] for s in verdict["scores"] for i in s["items"]]
    shown += [f["term"] + " " + f["reason"] for p in verdict["payments"] for f in p["factors"]]
    for answer in refusals:
        assert answer.status_code >= 400
        body = answer.json()
        shown.append(body["message"])
        shown += [v["term"] + " " + v["message"] for v in body.get("violations", [])]
    left = {(word, text) for text in shown for word in korean_words(text) if word in english}
    assert left == set(), left


def korean_words(text: str) -> set[str]:
    """The words of a Korean text that could be English: card codes and GSN lines left out."""
    text = re.sub(r"\{\w+\}|\b\d+(g|a|r|pp|p)\b|\bb\d\b", " ", text)  # fields the page fills, cards
    return words_in("\n".join(line for line in text.splitlines() if not re.match(r"^\s*\d+ \| ", line)))


# ---- the page names moves, never GSN (issue 30: a page a front-end engineer would keep) -----------


def deal_of(lines: list[str]) -> dict[str, Any]:
    """A deal as the page sends it: each hand's cards (and how many were not seen), then the table."""
    hands = []
    for line in lines[:-1]:
        player, _, cards = line.removeprefix("deal ").partition(": ")
        seen = [c for c in cards.split() if not c.startswith("?")]
        unseen = sum(int(c[2:] or 1) if c.startswith("?*") else 1 for c in cards.split() if c.startswith("?"))
        hands.append({"player": player, "cards": seen, "unseen": unseen})
    return {"hands": hands, "table": lines[-1].removeprefix("table: ").replace("+", "").split()}


def test_a_hand_recorded_as_the_page_records_it_is_the_sample(table: Table) -> None:
    """The deal by its cards, each turn and call by its place in the listings the page was sent,
    the claim by its fields: the server writes every line, and the file is the sample's."""
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.ok("/api/deal", deal_of(lines[:3]))
    for line in lines[3:-1]:
        table.play(line)
    table.ok("/api/claim", {"payer": "민지", "payee": "재현", "points": 11})
    assert statements_of(table.path) == in_page_order(lines)
    assert table.state["hand"]["verdict"]["discrepancies"] == []
    # a table's stake is in won
    assert [p["money"] for p in table.state["hand"]["verdict"]["payments"]] == ["1,100 won"]


def test_a_move_is_named_by_its_place_in_the_listing_of_the_revision_the_page_saw(table: Table) -> None:
    lines = in_page_order(statements_of(SAMPLE))
    table.setup(["민지", "재현"], dealer="민지")
    table.ok("/api/deal", deal_of(lines[:3]))
    seen = table.state
    play = table.move("민지: 11p")
    options = table.flips("민지: 11p")
    three = next(o for o in options if o["text"] == lines[3])
    wrong = table.post("/api/play", {"move": play["id"]})  # a card play has as many ends as flips
    assert wrong.status_code == 422 and f"{len(options)}" in wrong.json()["message"]
    beyond = table.post("/api/play", {"move": play["id"], "option": len(options)})
    assert beyond.status_code == 422
    table.ok("/api/play", {"move": play["id"], "option": three["id"]})
    assert statements_of(table.path) == lines[:4]
    stale = table.post("/api/play", {"move": play["id"], "option": three["id"]}, after=seen["revision"])
    assert stale.status_code == 409 and statements_of(table.path) == lines[:4]
    gone = table.post("/api/play", {"move": len(table.state["moves"]) + 50, "option": 0})
    assert gone.status_code == 422  # the page's revision is current: a move it was never offered


def test_an_undo_says_what_it_took_back_and_can_put_it_back(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.lang = "ko"
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:4])
    table.ok("/api/undo", {})
    assert table.state["undone"] == {"kind": "statement", "said": ["민지가 11피를 냈어요 · 3피를 뒤집었어요"]}
    assert statements_of(table.path) == lines[:3]
    table.ok("/api/redo", {})
    assert statements_of(table.path) == lines[:4] and table.state["undone"] is None
    assert table.post("/api/redo", {}).status_code == 409  # once only
    table.ok("/api/undo", {})
    table.push(lines[3])  # written again by hand: nothing is left to put back
    assert table.state["undone"] is None
    assert table.post("/api/redo", {}).status_code == 409
    assert statements_of(table.path) == lines[:4]


def test_the_record_and_the_moves_are_said_in_sentences_with_the_cards_names(table: Table) -> None:
    lines = statements_of(SAMPLE)
    table.lang = "ko"
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:5])
    said = [s["said"] for s in table.state["hand"]["statements"]]
    assert said == [
        "민지의 패: 2피 5열 5피 7열 7띠 9피 10피 10띠 11피 12열",
        "재현의 패: 1피 2피 2띠 3광 4피 6피 6띠 9피 11광 11피",
        "바닥: 3띠 7피 4열 8광 5피 국진 11쌍피 1띠",
        "민지가 11피를 냈어요 · 3피를 뒤집었어요 · 바닥의 3띠 11쌍피를 먹었어요",  # what it took, said
        "재현이 6피를 냈어요 · 6피를 뒤집었어요",  # a chok: its own two cards, nothing from the table
    ]
    assert table.state["hand"]["board"]["hands"]["민지"] == ["2p", "5a", "5p", "7a", "7r", "9p", "10r", "10p", "12a"]
    options = table.flips("민지: 7a")
    assert (
        next(o["said"] for o in options if o["text"] == "민지: 7a / 12g")
        == "민지가 7열을 냈어요 · 비광을 뒤집었어요"
    )


def test_a_statement_is_offered_only_when_it_means_something_now_with_what_it_does(tmp_path: Path) -> None:
    """The sake cup's placement is offered to the player whose turn or call it is, never during the
    other player's; go and stop when the call is due; each with one line on what it does."""
    table = Table(tmp_path / "evening.gsn", lang="ko")
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지")
    table.push(*lines[:3])
    for line in lines[3:]:
        declarations = [m for m in table.state["moves"] if m["kind"] == "declare"]
        who = table.state["hand"]["board"]["who"]
        assert all(m["player"] == who for m in declarations), (line, declarations)
        for m in table.state["moves"]:
            assert m["kind"] == "turn" or m["hint"], m
        if table.state["hand"]["board"]["due"] == "call":
            calls = [m for m in table.state["moves"] if m["kind"] == "call"]
            assert [m["hint"] for m in calls] == [
                "계속해서 점수를 올려요: 고 하고 지면 더 내요",
                "판을 끝내고 점수를 받아요",
            ]
        table.push(line)


TALLY = SAMPLES / "gostop-3p-tally.gsn"


def tally_of(hand: Any) -> dict[str, Any]:
    """A tally hand as the page sends it: the piles, each player's goes, shakes and bombs, the stop."""
    body: dict[str, Any] = {"piles": {}, "goes": {}, "shakes": {}, "bombs": {}, "stop": None}
    for s in hand.statements:
        if s.kind == "pile":
            body["piles"][s.player] = [c.code for c in s.cards]
        elif s.kind == "call" and s.call == "go":
            body["goes"][s.player] = body["goes"].get(s.player, 0) + 1
        elif s.kind == "call":
            body["stop"] = s.player
        elif s.kind in ("shake", "bomb"):
            what = f"{s.kind}s"
            body[what][s.player] = body[what].get(s.player, 0) + 1
    return body


def test_a_quick_tally_is_judged_as_check_judges_the_hand_and_the_evening_goes_on(table: Table) -> None:
    sample = read_text(TALLY.read_text(encoding="utf-8")).hands[0]
    expected = judge_text(TALLY.read_text(encoding="utf-8")).hands[0]
    table.setup(list(sample.seats), dealer=sample.seats[0], stake=sample.stake, rules=sample.rules)
    table.ok("/api/tally", tally_of(sample))
    hand = table.state["hand"]
    assert hand["kind"] == "tally" and hand["over"] and hand["board"] is None
    assert [(p["payer"], p["payee"], p["points"]) for p in hand["verdict"]["payments"]] == [
        (p.payer, p.payee, p.points) for p in expected.payments
    ]
    written = read_text(table.path.read_text(encoding="utf-8")).hands[0]
    assert written.kind == "tally"
    assert judge_text(table.path.read_text(encoding="utf-8")).hands[0].payments == expected.payments
    assert table.state["evening"]["balance"] == judge_text(table.path.read_text(encoding="utf-8")).balance
    # taken back whole, put back, and the evening goes on with the next hand
    table.ok("/api/undo", {})
    assert table.state["hand"]["kind"] == "played" and table.state["hand"]["statements"] == []
    assert table.state["undone"]["kind"] == "tally"
    table.ok("/api/redo", {})
    assert table.state["hand"]["kind"] == "tally"
    table.setup(list(sample.seats))
    assert table.state["hand"]["number"] == 2 and table.state["hand"]["board"]["due"] == "deal"


def test_a_tally_the_arbiter_finds_wrong_shows_why_as_check_does(table: Table) -> None:
    """A go below the minimum, a card in two piles: written, and the verdict says so (exit-code
    findings of ``check``), for the table to undo or keep."""
    table.setup(["민지", "재현"], dealer="민지")
    piles = {"민지": ["1g", "3g", "8g", "1r"], "재현": ["1g", "2p"]}
    table.ok("/api/tally", {"piles": piles, "goes": {"민지": 1}, "stop": "민지"})
    verdict = table.state["hand"]["verdict"]
    codes = {v["code"] for v in verdict["violations"]}
    assert {"extra-card", "illegal-call"} <= codes and not verdict["valid"]
    checked = judge_text(table.path.read_text(encoding="utf-8")).hands[0]
    assert {v.code for v in checked.violations} == codes
    no_hand = table.post("/api/tally", {"piles": piles})
    assert no_hand.status_code == 409  # a tally is the whole of a hand set up, not dealt


@pytest.mark.parametrize("count", [-3, 65, 3_000_000])
def test_a_tally_of_a_negative_or_impossible_number_of_goes_is_refused_unwritten(table: Table, count: int) -> None:
    """Each go, shake and bomb is a line: a count no write can hold is refused before any is made."""
    table.setup(["민지", "재현"], dealer="민지")
    before = table.get()
    piles = {"민지": ["1g", "3g", "8g"], "재현": ["2p"]}
    for field in ("goes", "shakes", "bombs"):
        answer = table.post("/api/tally", {"piles": piles, field: {"민지": count}, "stop": "민지"})
        assert answer.status_code == 422 and field in answer.json()["message"], answer.text
    assert table.get() == before and not table.path.exists()


def test_an_english_list_of_cards_is_said_with_commas(table: Table) -> None:
    """A Korean card name is one word (3띠 11쌍피), an English one two: a turn that took two cards
    says them with a comma between (T70), as check's text does, not "3 ribbon 11 double junk"."""
    lines = statements_of(SAMPLE)
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*lines[:4])
    said = table.state["hand"]["statements"][3]["said"]
    assert said.endswith("took 3 ribbon, 11 double junk from the table"), said
