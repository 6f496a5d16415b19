"""The table on a network it does not trust (issue 31), in-process: a request naming another host is
refused (DNS rebinding), a write from another origin is refused (CSRF), every answer carries the
security headers, the token leaves the address for a cookie and a header, and a request's headers
are bounded."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest
from test_table_api import SAMPLE, SITE, Table, statements_of

from gostop_arbiter.table.guard import MAX_HEADERS


@pytest.fixture
def table(tmp_path: Any) -> Table:
    table = Table(tmp_path / "evening.gsn")
    table.setup(["민지", "재현"], dealer="민지", stake=100)
    table.push(*statements_of(SAMPLE)[:3])
    return table


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "", "192.168.0.5:8001", "192.168.0.5"])
def test_a_request_naming_another_host_is_refused(table: Table, host: str) -> None:
    for path in ("/", "/api/state", "/api/watchers.svg", "/evening.gsn"):
        answer = table.client.get(path, params={"t": table.tokens.scorekeeper, "lang": "en"}, headers={"host": host})
        assert answer.status_code == 400, (path, host)
        assert answer.json()["message"] == f"this table answers only at its own address, {SITE.base}"
    before = table.path.read_text(encoding="utf-8")
    write = table.client.post(
        "/api/push",
        params={"t": table.tokens.scorekeeper},
        headers={"host": host, "origin": f"http://{host}"},
        json={"after": table.state["revision"], "lines": [statements_of(SAMPLE)[3]]},
    )
    assert write.status_code == 400 and table.path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    "host", ["192.168.0.5:8000", "localhost:8000", "LOCALHOST:8000", "127.0.0.1:8000", "[::1]:8000"]
)
def test_the_printed_address_and_the_loopback_are_served(table: Table, host: str) -> None:
    answer = table.client.get("/api/state", params={"t": table.tokens.scorekeeper}, headers={"host": host})
    assert answer.status_code == 200


def test_the_watchers_link_is_the_printed_one_whatever_the_host(table: Table) -> None:
    for host in ("localhost:8000", "127.0.0.1:8000"):
        code = table.client.get("/api/watchers.svg", params={"t": table.tokens.scorekeeper}, headers={"host": host})
        assert code.status_code == 200
        assert code.headers["x-watchers-link"] == SITE.link(table.tokens.watcher)


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://192.168.0.5:8001", "https://192.168.0.5:8000", "null", None]
)
def test_a_write_from_another_origin_is_refused_and_changes_nothing(table: Table, origin: str | None) -> None:
    before, text = table.get(), table.path.read_text(encoding="utf-8")
    headers = {"content-type": "application/json"} | ({"origin": origin} if origin else {})
    request = table.client.build_request(
        "POST",
        "/api/push",
        params={"t": table.tokens.scorekeeper, "lang": "en"},
        json={"after": before["revision"], "lines": [statements_of(SAMPLE)[3]]},
        headers=headers,
    )
    if origin is None:
        del request.headers["origin"]  # the client's own default
    answer = table.client.send(request)
    assert answer.status_code == 403
    assert "this table's own page" in answer.json()["message"]
    assert table.get() == before and table.path.read_text(encoding="utf-8") == text
    same = table.post("/api/push", {"lines": [statements_of(SAMPLE)[3]]})  # from the page itself
    assert same.status_code == 200


def _answers(table: Table) -> dict[str, Any]:
    keeper = {"t": table.tokens.scorekeeper}
    client = table.client
    return {
        "page": client.get("/", params=keeper),
        "state": client.get("/api/state", params=keeper),
        "words": client.get("/api/words", params=keeper),
        "faces": client.get("/api/faces", params=keeper),
        "svg": client.get("/api/watchers.svg", params=keeper),
        "gsn": client.get("/evening.gsn", params=keeper),
        "replay": client.get("/evening.html", params=keeper),
        "moves": client.get("/api/moves", params={**keeper, "at": 0}),
        "404": client.get("/api/moves", params={**keeper, "at": 99}),
        "403 page": client.get("/", params={"t": "wrong"}),
        "403": client.get("/api/state", params={"t": "wrong"}),
        "400": client.get("/api/state", params=keeper, headers={"host": "evil.example"}),
        "413": client.post("/api/push", params=keeper, content=b"x" * 100_000),
        "422": table.post("/api/push", {"lines": ["민지: 3q"]}),
        "409": table.post("/api/push", {"lines": ["민지: 11p / 3p"]}, after="stale"),
        "flips": client.post("/api/flips", params=keeper, json={"play": 0}),
        "script": client.get("/static/js/main.js"),
        "manifest": client.get("/manifest.webmanifest"),
        "push": table.post("/api/push", {"lines": [statements_of(SAMPLE)[3]]}),
    }


def test_every_answer_carries_the_security_headers(table: Table) -> None:
    answers = _answers(table)
    assert {name: answer.status_code for name, answer in answers.items()} == {
        "page": 200, "state": 200, "words": 200, "faces": 200, "svg": 200, "gsn": 200, "replay": 200,
        "moves": 200, "404": 404, "403 page": 403, "403": 403, "400": 400, "413": 413, "422": 422,
        "409": 409, "flips": 200, "script": 200, "manifest": 200, "push": 200,
    }  # fmt: skip
    for name, answer in answers.items():
        headers = answer.headers
        assert headers["x-content-type-options"] == "nosniff", name
        assert headers["x-frame-options"] == "DENY", name
        assert headers["referrer-policy"] == "no-referrer", name
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy, name
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "http" not in policy, name


def loaded(page: str) -> list[str]:
    """What a page loads by itself: its style, modules, manifest and icons."""
    return re.findall(r'<(?:link|script)[^>]*\s(?:src|href)="([^"]+)"', page)


def test_the_pages_policy_runs_its_own_files_and_nothing_else(table: Table) -> None:
    """The table's page is HTML that loads its own style, modules and manifest from the server:
    nothing inline runs or styles it, nothing from elsewhere loads."""
    answer = table.client.get("/", params={"t": table.tokens.watcher})
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy and "connect-src 'self'" in policy
    assert "manifest-src 'self'" in policy and "unsafe" not in policy
    assert not re.findall(r"<script[^>]*>[^<]+</script>|<style", answer.text)  # nothing inline
    assert " style=" not in answer.text and not re.search(r"\son[a-z]+=", answer.text)  # no inline handler
    sources = loaded(answer.text)
    assert sources and all(source.startswith("/") for source in sources)  # every file the server's own
    table.client.cookies.clear()
    for source in sources:
        assert table.client.get(source).status_code == 200, source  # none of them needs a token


def test_the_replays_policy_runs_its_own_script_and_style_and_nothing_else(table: Table) -> None:
    answer = table.client.get("/evening.html", params={"t": table.tokens.watcher})
    policy = answer.headers["content-security-policy"]
    scripts = re.findall(r"<script[^>]*>(.*?)</script>", answer.text, re.DOTALL)
    styles = re.findall(r"<style[^>]*>(.*?)</style>", answer.text, re.DOTALL)
    assert scripts and styles
    for source in scripts + styles:
        digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "script-src 'sha256-" in policy and "connect-src 'self'" in policy


def test_the_pages_files_hold_nothing_of_the_evening(table: Table) -> None:
    """What the page loads without a token is the package's own files: no name, card or token."""
    page = table.client.get("/", params={"t": table.tokens.scorekeeper}).text
    table.client.cookies.clear()
    for source in loaded(page):
        text = table.client.get(source).text
        assert "민지" not in text and table.tokens.scorekeeper not in text and table.tokens.watcher not in text
    assert table.client.get("/", params={"t": "wrong"}).status_code == 403
    manifest = table.client.get("/manifest.webmanifest").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def test_a_link_leaves_a_cookie_that_opens_the_pages_without_the_token_in_their_address(table: Table) -> None:
    client = table.client
    client.cookies.clear()
    assert client.get("/evening.gsn").status_code == 403  # no token, no cookie
    opened = client.get("/", params={"t": table.tokens.watcher})
    cookie = opened.headers["set-cookie"]
    assert cookie.startswith(f"gostop-8000-watcher={table.tokens.watcher};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    gsn = client.get("/evening.gsn")
    assert gsn.status_code == 200 and "deal 민지: ?*10" in gsn.text  # a watcher's download
    assert client.get("/api/watchers.svg").status_code == 403  # a watcher's cookie is a watcher's
    client.get("/", params={"t": table.tokens.scorekeeper})
    assert client.get("/api/watchers.svg").status_code == 200  # the strongest link this browser opened
    # the page's own requests send its link's token in a header, whatever cookie the browser holds
    as_watcher = client.get("/api/state", headers={"x-table-token": table.tokens.watcher})
    assert as_watcher.json()["role"] == "watcher"
    assert client.get("/api/state", headers={"x-table-token": "wrong"}).status_code == 403
    assert client.get("/api/state", params={"t": ""}).status_code == 403  # a token given is judged as given
    assert "set-cookie" not in client.get("/api/state", params={"t": table.tokens.scorekeeper}).headers


def test_a_request_with_too_many_or_too_large_headers_is_refused(table: Table) -> None:
    keeper = {"t": table.tokens.scorekeeper}
    many = [(f"x-{n}", "1") for n in range(MAX_HEADERS + 1)]
    assert table.client.get("/api/state", params=keeper, headers=many).status_code == 431
    large = table.client.get("/api/state", params={**keeper, "lang": "en"}, headers={"x-large": "x" * 100_000})
    assert large.status_code == 431 and "headers" in large.json()["message"]


def test_the_home_screens_icons_are_served_at_the_sizes_the_manifest_names(table: Table) -> None:
    """Add to home screen: each icon the manifest names opens without a token, of its type, and a
    PNG is as large as the manifest says (its IHDR's width and height)."""
    import struct

    table.client.cookies.clear()
    for icon in table.client.get("/manifest.webmanifest").json()["icons"]:
        answer = table.client.get(icon["src"])
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            width, height = struct.unpack(">II", answer.content[16:24])
            assert f"{width}x{height}" == icon["sizes"], icon
