"""``audit --scheduler``: the same audit on a dask.distributed cluster (a local one with two workers)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SPEC_EXAMPLES

from gostop_arbiter.tools.audit import audit, audit_on_cluster


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    from dask.distributed import LocalCluster

    # its web port on a free port of the loopback: not 8787, which another run may hold (None means 8787)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster:
        yield cluster.scheduler_address


def test_the_cluster_gives_what_the_process_pool_gives(scheduler: str, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    here = audit([str(SPEC_EXAMPLES)], jobs=1, jsonl=str(local))
    there = audit_on_cluster([str(SPEC_EXAMPLES)], scheduler, jsonl=str(remote))
    assert (there.hands, there.valid, there.codes, there.money) == (here.hands, here.valid, here.codes, here.money)
    strip = lambda text: text.replace(str(SPEC_EXAMPLES.resolve()), "").replace(str(SPEC_EXAMPLES), "")  # noqa: E731
    assert strip(remote.read_text(encoding="utf-8")) == strip(local.read_text(encoding="utf-8"))


def test_the_command_takes_a_scheduler(scheduler: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "audit", str(SPEC_EXAMPLES), "--scheduler", scheduler, "--quiet"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 1  # the examples include invalid hands
    assert "hands judged" in result.stdout


def test_standard_input_beside_a_folder_on_the_cluster(scheduler: str, tmp_path: Path) -> None:
    """``-`` is read by the command itself (a worker cannot read it), its records in the order named."""
    text = (SPEC_EXAMPLES / "01-bomb.gsn").read_text(encoding="utf-8")
    out = tmp_path / "v.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "audit", "-", str(SPEC_EXAMPLES), "--scheduler", scheduler,
         "--jsonl", str(out), "--quiet"],
        capture_output=True, text=True, timeout=300, input=text,
    )
    assert result.returncode == 1, result.stderr  # the examples include invalid hands
    paths = [json.loads(line)["path"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert paths[0] == "-" and paths.count("-") == 2  # the hand and the balance, first
    assert all(p != "-" for p in paths[2:])


def test_an_audit_task_leaves_its_worker_as_it_found_it() -> None:
    """A task changes nothing of the process it runs in (decision C20): two threads of a worker in
    this process judge the examples at once while a watcher reads the switch interval and the
    collector's thresholds."""
    import gc
    import threading

    from dask.distributed import LocalCluster

    before = (sys.getswitchinterval(), gc.get_threshold())
    seen: set[tuple[float, tuple[int, int, int]]] = set()
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.add((sys.getswitchinterval(), gc.get_threshold()))
            done.wait(0.001)

    watcher = threading.Thread(target=watch)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address="127.0.0.1:0") as cluster:
        watcher.start()
        try:
            there = audit_on_cluster([str(SPEC_EXAMPLES)] * 4, cluster.scheduler_address)
        finally:
            done.set()
            watcher.join()
    assert there.hands > 0
    assert seen == {before}
