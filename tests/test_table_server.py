"""The table command as a real server: watchers are sent each statement as it is recorded, a
server killed in the middle of a hand comes back with nothing lost, and what cannot be opened is
said in one line with the spec's exit status."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
from tableserver import TableServer
from test_table_api import SAMPLE, statements_of


def _record(server: TableServer, lines: list[str]) -> None:
    for line in lines:
        answer = server.post("/api/push", {"lines": [line]})
        assert answer.status_code == 200, answer.text


def test_a_server_killed_mid_hand_resumes_with_nothing_lost(tmp_path: Path) -> None:
    evening = tmp_path / "설날.gsn"
    lines = statements_of(SAMPLE)
    server = TableServer(evening)
    try:
        setup = server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지", "stake": 100})
        assert setup.status_code == 200
        assert server.post("/api/push", {"lines": lines[:3]}).status_code == 200
        _record(server, lines[3:14])
        before = server.state()
        links = (server.scorekeeper, server.watcher)
    finally:
        server.kill()
    again = TableServer(evening)
    try:
        assert again.printed.startswith(f"{evening}: resumed: 1 hand(s), 14 statement(s)")
        assert (again.scorekeeper, again.watcher) == links  # the phones' links still open it
        assert again.state() == before
        _record(again, lines[14:])
        assert statements_of(evening) == lines
    finally:
        assert again.stop() == 130


def test_watchers_are_sent_every_statement(tmp_path: Path) -> None:
    lines = statements_of(SAMPLE)
    server = TableServer(tmp_path / "evening.gsn")
    received: list[dict[str, Any]] = []
    connected = threading.Event()

    def watch() -> None:
        with httpx.stream("GET", f"{server.base}/api/events", params={"t": server.watcher}, timeout=30) as stream:
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    received.append(json.loads(line[6:]))
                    connected.set()
                    if len(received) == 2 + len(lines) - 2:  # the first state, the set-up, the deal, each turn
                        return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        assert connected.wait(10)
        assert server.post("/api/setup", {"seats": ["민지", "재현"], "dealer": "민지"}).status_code == 200
        assert server.post("/api/push", {"lines": lines[:3]}).status_code == 200
        _record(server, lines[3:])
        watcher.join(20)
        assert not watcher.is_alive()
        assert received[-1] == server.state(server.watcher)
        counts = [len(state["hand"]["statements"]) if state["hand"] else 0 for state in received]
        assert counts == [0, 0, *range(3, len(lines) + 1)]
        assert all(state["moves"] is None and state["role"] == "watcher" for state in received)
    finally:
        server.stop()


def _table(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "table", *args, "--host", "127.0.0.1", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_file_that_is_not_gsn_is_not_resumed(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gsn"
    broken.write_text('[Seats "A, B"]\ndeal A: 3q\n', encoding="utf-8")
    result = _table(str(broken))
    assert result.returncode == 2
    assert f"{broken}:2:9:" in result.stderr and "Traceback" not in result.stderr
    assert broken.read_text(encoding="utf-8") == '[Seats "A, B"]\ndeal A: 3q\n'


def test_a_set_up_beside_the_file_that_cannot_be_read_is_said(tmp_path: Path) -> None:
    evening = tmp_path / "evening.gsn"
    (tmp_path / ".evening.gsn.pending").write_text('[Seats "A, B"]\n', encoding="utf-8")
    result = _table(str(evening))
    assert result.returncode == 2
    assert "delete .evening.gsn.pending" in result.stderr and "Traceback" not in result.stderr


def test_an_evening_in_a_missing_folder_is_an_output_error(tmp_path: Path) -> None:
    result = _table(str(tmp_path / "no-such-folder" / "evening.gsn"))
    assert result.returncode == 4
    assert "does not exist" in result.stderr and "Traceback" not in result.stderr


def test_the_other_commands_never_load_the_web_server() -> None:
    code = (
        "import sys; from click.testing import CliRunner; from gostop_arbiter.cli import cli; "
        "CliRunner().invoke(cli, ['check', 'samples/matgo-korean-names.gsn']); "
        "print(sorted(m for m in ('fastapi', 'uvicorn', 'segno', 'starlette') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=SAMPLE.parents[1]
    )
    assert result.stdout.strip() == "[]"
