"""The table app under a table's load: one scorekeeper and 20 watchers over loopback, each watcher
at an address of its own (127.0.0.10, 127.0.0.11, ...), as each phone at a table has its own.

    python bench/table.py [--watchers 20] [--statements 200]
    python bench/table.py --phone [--runs 5] [--throttle 4]

Starts ``gostop-arbiter table`` on a fresh file, opens each watcher's event stream, then records
simulated hands statement by statement as a scorekeeper's phone would (the set-up, the deal in one
write, then each turn, call and give). For every write it prints nothing; at the end it prints the
median, 90th and 99th percentile of two times: the scorekeeper's answer (request sent → answer
read), and the last watcher's update (request sent → the last of the watchers has received the
state of that revision). The watchers' streams are read by other processes than the scorekeeper's
(two by default), so that reading twenty streams does not delay the scorekeeper's clock; the clock
is ``time.perf_counter``, the system's monotonic clock, the same in every process.

With ``--phone`` it measures a phone instead (issue 30's "Measured"): Debian's chromium at 390×844
with Chrome's CPU throttling (``Emulation.setCPUThrottlingRate``, 4× by default: a slow phone), a
fresh server and browser each run. A simulated three-player hand is set up, dealt by tapping each
card, and played by tapping each turn (the card, each flip by its month if need be) and each call.
It prints the page's first draw (from the navigation to the page's ``drawn`` mark: its state and
words loaded and drawn) and every tap answered and drawn (the page's ``tap`` measure: from the
click, through the server's answer, to the frame after the redraw), per run and pooled: median,
p90, p99 and max. Times are printed here, never asserted in the tests (decision T41).
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


async def _watchers(url: str, token: str, phones: range, started: Any, stop: Any, out: Any) -> None:
    """A watcher's stream for each of ``phones`` in this process, each noting when each revision
    reached it. Each phone has an address of its own on the loopback (127.0.0.N), as each phone at
    a table has its own on the Wi-Fi: the server limits the streams of one address."""
    seen: list[dict[bytes, float]] = [{} for _ in phones]
    readies = [asyncio.Event() for _ in phones]
    clients = [
        httpx.AsyncClient(timeout=None, transport=httpx.AsyncHTTPTransport(local_address=f"127.0.0.{n}"))
        for n in phones
    ]
    tasks = [asyncio.create_task(watch(c, url, token, seen[i], readies[i])) for i, c in enumerate(clients)]
    await asyncio.gather(*(r.wait() for r in readies))
    started.set()
    while not stop.is_set():
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # the last updates on their way
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for client in clients:
        await client.aclose()
    out.send(seen)


def _watcher_process(url: str, token: str, phones: range, started: Any, stop: Any, out: Any) -> None:
    asyncio.run(_watchers(url, token, phones, started, stop, out))


async def run(watchers: int, statements: int, processes: int) -> None:
    import multiprocessing

    hands = simulated_hands(2026, max(2, statements // 20))
    with tempfile.TemporaryDirectory() as folder:
        process, port, keeper, viewer = start_server(Path(folder) / "bench.gsn")
        base = f"http://127.0.0.1:{port}"
        context = multiprocessing.get_context("spawn")
        stop = context.Event()
        helpers = []
        first = 10  # the first phone's address, 127.0.0.10
        for n in range(processes):
            started = context.Event()
            mine, theirs = context.Pipe(duplex=False)
            share = watchers // processes + (1 if n < watchers % processes else 0)
            phones, first = range(first, first + share), first + share
            child = context.Process(
                target=_watcher_process, args=(f"{base}/api/events", viewer, phones, started, stop, theirs)
            )
            child.start()
            helpers.append((child, started, mine))
        try:
            for _child, started, _pipe in helpers:
                started.wait(60)
            async with httpx.AsyncClient(timeout=30, headers={"origin": base}) as client:  # a write's origin
                state = (await client.get(f"{base}/api/state", params={"t": keeper})).json()
                answers: list[float] = []
                sent_at: list[tuple[bytes, float]] = []
                for number, hand in enumerate(hands):
                    writes: list[tuple[str, dict[str, object]]] = [
                        ("/api/setup", {"seats": ["Minji", "Jae"], **({"dealer": "Minji"} if number == 0 else {})}),
                        ("/api/push", {"lines": hand[:3]}),
                        *[("/api/push", {"lines": [line]}) for line in hand[3:]],
                    ]
                    for path, body in writes:
                        if len(answers) >= statements:
                            break
                        started_at = time.perf_counter()
                        answer = await client.post(
                            f"{base}{path}", params={"t": keeper}, json={"after": state["revision"], **body}
                        )
                        answers.append(time.perf_counter() - started_at)
                        if answer.status_code != 200:
                            raise SystemExit(f"{path} {body}: {answer.status_code} {answer.text[:300]}")
                        state = answer.json()
                        sent_at.append((state["revision"].encode(), started_at))
                        await asyncio.sleep(0.02)  # a table's pace is seconds; this keeps writes apart
            stop.set()
            seen = [s for _child, _started, pipe in helpers for s in pipe.recv()]
            for child, _started, _pipe in helpers:
                child.join(10)
        finally:
            process.terminate()
            process.wait(timeout=10)
    updates = [max(s[revision] for s in seen) - at for revision, at in sent_at if all(revision in s for s in seen)]
    missing = len(sent_at) - len(updates)
    report(watchers, processes, answers, updates, missing)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(watchers: int, processes: int, answers: list[float], updates: list[float], missing: int) -> None:
    print(
        f"gostop-arbiter table: 1 scorekeeper, {watchers} watchers (in {processes} processes) over loopback, "
        f"{len(answers)} writes; updates some watcher never got: {missing}"
    )
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'milliseconds':<40}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}")
    for name, values in (("scorekeeper's answer", answers), ("last watcher's update", updates)):
        ms = [v * 1000 for v in values]
        print(
            f"{name:<40}{statistics.median(ms):>8.1f}{_percentile(ms, 90):>8.1f}"
            f"{_percentile(ms, 99):>8.1f}{max(ms):>8.1f}"
        )


def phone_hand(seed: int) -> tuple[list[str], str, list[str]]:
    """A simulated three-player hand with every hand seen: its seats, dealer and statements."""
    from gostop_arbiter import judge_text, read_text
    from gostop_arbiter.notation import write_statement, write_transcript
    from gostop_arbiter.rules import profile_named
    from gostop_arbiter.tools.simulate import simulate

    transcript = simulate(profile_named("standard"), players=3, hands=1, seed=seed)
    hand = read_text(write_transcript(transcript)).hands[0]
    dealer = judge_text(write_transcript(transcript)).hands[0].dealer or hand.seats[0]
    return list(hand.seats), dealer, [write_statement(s) for s in hand.statements]


# after a tap, the bench waits for the page's measure of it without polling the page: selenium's
# polling (``is_displayed`` is a large script) runs on the page's main thread, which at 4x
# throttling made the tap it measured wait behind it (decision T68)
SETTLED = """
const [before, done] = [arguments[0], arguments[arguments.length - 1]];
const measured = () => performance.getEntriesByName("tap").length > before;
if (measured()) { done(true); return; }
const observer = new PerformanceObserver(() => {
  if (measured()) { clearTimeout(late); observer.disconnect(); done(true); }
});
const late = setTimeout(() => { observer.disconnect(); done(false); }, arguments[1]);
observer.observe({ type: "measure" });
"""


def quiet_taps(patience_ms: int) -> Callable[[], None]:
    """Each tap in this process followed by a quiet wait (up to ``patience_ms``) for the page's
    measure of it, as a person's finger leaves the page alone; returns the undoing."""
    from selenium.webdriver.remote.webelement import WebElement

    click = WebElement.click

    def tap_then_wait(node: WebElement) -> None:
        driver = node.parent
        before = driver.execute_script("return performance.getEntriesByName('tap').length")
        click(node)
        driver.execute_async_script(SETTLED, before, patience_ms)

    WebElement.click = tap_then_wait  # type: ignore[method-assign]

    def undo() -> None:
        WebElement.click = click  # type: ignore[method-assign]

    return undo


def phone_run(seed: int, throttle: float) -> tuple[float, list[float], int]:
    """One run on a throttled phone: its first draw (ms), every tap's answer drawn (ms), and the
    taps the deal took."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browsers import chromium, pick, shown, tap, wait
    from test_table_browser import recorded, steps_of, tap_turn

    from gostop_arbiter.notation import read_statement, write_statement
    from gostop_arbiter.notation.model import Turn
    from gostop_arbiter.records import replace

    seats, dealer, lines = phone_hand(seed)
    with tempfile.TemporaryDirectory() as folder:
        process, port, keeper, _viewer = start_server(Path(folder) / "phone.gsn")
        base = f"http://127.0.0.1:{port}"
        phone = chromium(390, 844)
        undo = quiet_taps(500)
        try:

            def post(path: str, body: dict[str, object]) -> None:
                after = httpx.get(f"{base}/api/state", params={"t": keeper}).json()["revision"]
                answer = httpx.post(
                    f"{base}{path}", params={"t": keeper}, json={"after": after, **body}, headers={"origin": base}
                )
                answer.raise_for_status()

            post("/api/setup", {"seats": seats, "dealer": dealer, "stake": 100})
            phone.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": throttle})
            phone.get(f"{base}/?t={keeper}&lang=ko")
            wait(phone, lambda d: d.execute_script("return performance.getEntriesByName('drawn').length") > 0)
            first: float = phone.execute_script("return performance.getEntriesByName('drawn')[0].startTime")
            dealt = [line for line in lines if line.startswith(("deal ", "table:"))]
            phone.taps = 0
            for line in dealt:
                for card in line.partition(": ")[2].split():
                    tap(phone, f'#deal-grid [data-card="{card}"]:not(.on):not([disabled])')
            tap(phone, "#deal-next")
            deal_taps = phone.taps
            count = len(dealt)
            wait(phone, lambda d: len(d.find_elements("css selector", "#statements li")) == count, 30)
            for line in lines[len(dealt) :]:
                count += 1
                statement = read_statement(line, seats=seats)
                if isinstance(statement, Turn) and statement.play == "card":
                    tap_turn(phone, statement, count)
                    continue
                if isinstance(statement, Turn):  # a bomb or a dummy turn: its button, then its flips
                    bare = write_statement(replace(statement, flips=[], target=None, marks=[]))
                    tap(phone, f'#hand [data-play="{bare}"]')
                    for step, code in steps_of(statement):
                        n = count
                        wait(phone, lambda d, n=n: len(recorded(d)) >= n or shown(d, "#choose-cards button"))
                        if len(recorded(phone)) >= count:
                            break
                        pick(phone, "#choose-cards", f'[data-step="{step}"]', code)
                    wait(phone, lambda d, n=count: len(recorded(d)) == n, 30)
                    continue
                offered = phone.find_elements("css selector", f'#moves [data-move="{line}"]')
                if offered:
                    tap(phone, f'#moves [data-move="{line}"]')
                else:  # a gift the page does not offer (decision T62): written as the arbiter gives it
                    post("/api/push", {"lines": [line]})
                wait(phone, lambda d, n=count: len(d.find_elements("css selector", "#statements li")) == n, 30)
            measured: list[list[float]] = phone.execute_script(
                "return performance.getEntriesByName('tap').map((e) => [e.duration, e.detail ? e.detail.wait : 0])"
            )
            taps = [duration for duration, _wait in measured]
            slowest = sorted(((d, w, n) for n, (d, w) in enumerate(measured, start=1)), reverse=True)[:3]
            print(
                f"  slowest taps of {len(measured)} (ms, of which the table's answer; which tap): "
                + ", ".join(f"{duration:.0f} ({wait:.0f}; #{n})" for duration, wait, n in slowest),
                file=sys.stderr,
            )
        finally:
            undo()
            phone.quit()
            process.terminate()
            process.wait()
    return first, taps, deal_taps


def phone_report(runs: list[tuple[float, list[float], int]], throttle: float) -> None:
    print(f"gostop-arbiter table on a phone: chromium 390x844, CPU throttled {throttle:g}x, {len(runs)} runs")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"{'milliseconds':<28}{'first draw':>11}{'taps':>6}{'p50':>7}{'p90':>7}{'p99':>7}{'max':>7}")
    pooled: list[float] = []
    for n, (first, taps, deal_taps) in enumerate(runs, start=1):
        pooled += taps
        print(
            f"{f'run {n} (deal: {deal_taps} taps)':<28}{first:>11.0f}{len(taps):>6}{statistics.median(taps):>7.0f}"
            f"{_percentile(taps, 90):>7.0f}{_percentile(taps, 99):>7.0f}{max(taps):>7.0f}"
        )
    firsts = sorted(first for first, _taps, _deal in runs)
    print(
        f"{'all runs':<28}{statistics.median(firsts):>11.0f}{len(pooled):>6}{statistics.median(pooled):>7.0f}"
        f"{_percentile(pooled, 90):>7.0f}{_percentile(pooled, 99):>7.0f}{max(pooled):>7.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--statements", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2, help="processes the watchers' streams share")
    parser.add_argument("--phone", action="store_true", help="a throttled phone's first draw and taps instead")
    parser.add_argument("--runs", type=int, default=5, help="with --phone: runs, each a fresh server and browser")
    parser.add_argument("--throttle", type=float, default=4, help="with --phone: Chrome's CPU slowdown")
    args = parser.parse_args()
    if args.phone:
        phone_report([phone_run(30 + n, args.throttle) for n in range(args.runs)], args.throttle)
        return
    asyncio.run(run(args.watchers, args.statements, args.processes))


if __name__ == "__main__":
    main()
