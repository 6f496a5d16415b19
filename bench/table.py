"""The table app under a table's load: one scorekeeper and 20 watchers over loopback.

    python bench/table.py [--watchers 20] [--statements 200]

Starts ``gostop-arbiter table`` on a fresh file, opens each watcher's event stream, then records
simulated hands statement by statement as a scorekeeper's phone would (the set-up, the deal in one
write, then each turn, call and give). For every write it prints nothing; at the end it prints the
median, 90th and 99th percentile of two times: the scorekeeper's answer (request sent → answer
read), and the last watcher's update (request sent → the last of the watchers has received the
state of that revision). The clock is the wall clock of this process, which sends and receives all.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"http://127\.0\.0\.1:(\d+)/\?t=([\w-]+)")
REVISION = re.compile(rb'"revision":"([0-9a-f]+)"')


def simulated_hands(seed: int, hands: int) -> list[list[str]]:
    """The statements of simulated two-player hands, one list a hand."""
    from gostop_arbiter import read_text
    from gostop_arbiter.notation import write_statement

    text = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "simulate", "--hands", str(hands), "--seed", str(seed), "--quiet"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    return [[write_statement(s) for s in hand.statements] for hand in read_text(text).hands]


def start_server(evening: Path) -> tuple[subprocess.Popen[str], int, str, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "gostop_arbiter", "table", str(evening), "--host", "127.0.0.1", "--port", "0"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stderr is not None
    found = []
    while len(found) < 2:
        line = process.stderr.readline()
        if not line:
            raise SystemExit("the table command did not start")
        match = LINK.search(line)
        if match:
            found.append((int(match.group(1)), match.group(2)))
    return process, found[0][0], found[0][1], found[1][1]


async def watch(
    client: httpx.AsyncClient, url: str, token: str, seen: dict[bytes, float], ready: asyncio.Event
) -> None:
    async with client.stream("GET", url, params={"t": token}) as stream:
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                now = time.perf_counter()
                match = REVISION.search(line[:200].encode())
                if match:
                    seen.setdefault(match.group(1), now)
                ready.set()


async def run(watchers: int, statements: int) -> None:
    hands = simulated_hands(2026, max(2, statements // 20))
    with tempfile.TemporaryDirectory() as folder:
        process, port, keeper, viewer = start_server(Path(folder) / "bench.gsn")
        base = f"http://127.0.0.1:{port}"
        try:
            limits = httpx.Limits(max_connections=watchers + 4)
            async with httpx.AsyncClient(timeout=30, limits=limits) as client:
                seen: list[dict[bytes, float]] = [{} for _ in range(watchers)]
                readies = [asyncio.Event() for _ in range(watchers)]
                tasks = [
                    asyncio.create_task(watch(client, f"{base}/api/events", viewer, seen[i], readies[i]))
                    for i in range(watchers)
                ]
                await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 30)
                state = (await client.get(f"{base}/api/state", params={"t": keeper})).json()
                answers: list[float] = []
                updates: list[float] = []
                sent = 0
                for number, hand in enumerate(hands):
                    writes: list[tuple[str, dict[str, object]]] = [
                        ("/api/setup", {"seats": ["Minji", "Jae"], **({"dealer": "Minji"} if number == 0 else {})}),
                        ("/api/push", {"lines": hand[:3]}),
                        *[("/api/push", {"lines": [line]}) for line in hand[3:]],
                    ]
                    for path, body in writes:
                        if sent >= statements:
                            break
                        started = time.perf_counter()
                        answer = await client.post(
                            f"{base}{path}", params={"t": keeper}, json={"after": state["revision"], **body}
                        )
                        answered = time.perf_counter()
                        if answer.status_code != 200:
                            raise SystemExit(f"{path} {body}: {answer.status_code} {answer.text[:300]}")
                        state = answer.json()
                        revision = state["revision"].encode()
                        while not all(revision in s for s in seen):
                            await asyncio.sleep(0.0005)
                        answers.append(answered - started)
                        updates.append(max(s[revision] for s in seen) - started)
                        sent += 1
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            process.terminate()
            process.wait(timeout=10)
    report(watchers, answers, updates)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(watchers: int, answers: list[float], updates: list[float]) -> None:
    print(f"gostop-arbiter table: 1 scorekeeper, {watchers} watchers over loopback, {len(answers)} writes")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'milliseconds':<40}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}")
    for name, values in (("scorekeeper's answer", answers), ("last watcher's update", updates)):
        ms = [v * 1000 for v in values]
        print(
            f"{name:<40}{statistics.median(ms):>8.1f}{_percentile(ms, 90):>8.1f}"
            f"{_percentile(ms, 99):>8.1f}{max(ms):>8.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--statements", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(run(args.watchers, args.statements))


if __name__ == "__main__":
    main()
