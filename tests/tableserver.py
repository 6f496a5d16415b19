"""``gostop-arbiter table`` as a real server in a subprocess, on a free port of loopback, with the
two links it prints (for the browser, crash and live-update tests)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import httpx

_LINK = re.compile(r"http://127\.0\.0\.1:(\d+)/\?t=([\w-]+)")


class TableServer:
    """One running ``table`` command: its links, and ways to stop it (gently or with SIGKILL)."""

    def __init__(self, evening: Path, *extra: str) -> None:
        self.evening = evening
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gostop_arbiter",
                "table",
                str(evening),
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                *extra,
            ],
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stderr is not None
        self.printed, links = _read_links(self.process.stderr, self.process)
        (self.port, self.scorekeeper), (_port, self.watcher) = links
        self.base = f"http://127.0.0.1:{self.port}"
        self._wait_until_up()

    def url(self, token: str, lang: str = "ko") -> str:
        return f"{self.base}/?t={token}&lang={lang}"

    def state(self, token: str | None = None) -> dict[str, Any]:
        answer = httpx.get(f"{self.base}/api/state", params={"t": token or self.scorekeeper}, timeout=10)
        answer.raise_for_status()
        state: dict[str, Any] = answer.json()
        return state

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        after = self.state()["revision"]
        return httpx.post(
            f"{self.base}{path}",
            params={"t": self.scorekeeper},
            json={"after": after, **body},
            headers={"origin": self.base},
            timeout=10,
        )

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                self.state()
                return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the table server did not answer")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when the laptop's battery dies."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stderr is not None:
            self.process.stderr.close()

    def stop(self) -> int:
        """Ctrl-C, as a person stops it: the exit status (130, as shells expect of SIGINT)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        return self.process.returncode


def _read_links(stream: IO[str], process: subprocess.Popen[str]) -> tuple[str, list[tuple[int, str]]]:
    printed, links = [], []
    deadline = time.monotonic() + 30
    while len(links) < 2 and time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            raise RuntimeError(f"the table command ended ({process.poll()}): {''.join(printed)}")
        printed.append(line)
        found = _LINK.search(line)
        if found:
            links.append((int(found.group(1)), found.group(2)))
    return "".join(printed), links
