"""``gostop-arbiter audit``: many files or whole folders, a process per file, one JSONL verdict per
hand, and a summary. A file is read and judged as a stream, hand by hand, so its size does not
matter; the hands of one file stay in order (the dealer and the carry pass from hand to hand).
``-`` is standard input, read as one file by the main process (a worker cannot read it)."""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import field
from pathlib import Path

from .. import collector
from ..judging.file import RulesChoice, Session
from ..notation import SyntaxIssue
from ..notation.reader import Reader, decoded_lines, reader_from_env
from ..outputs import STDIN, opened_input, output_file
from ..records import dump, mutable
from ..verdict import FileError


@mutable
class FileAudit:
    """What one file came to."""

    path: str
    hands: int = 0
    valid: int = 0
    disputed: int = 0
    unreadable: int = 0
    """Files that could not be read or judged in full (one error or more)."""
    errors: int = 0
    """Syntax, usage and reading errors (each keeps a hand, or the rest of a file, from being judged)."""
    codes: Counter[str] = field(default_factory=Counter)
    money: int = 0
    """Money that changed hands over the file's valid hands."""

    def add(self, other: FileAudit) -> None:
        self.hands += other.hands
        self.valid += other.valid
        self.disputed += other.disputed
        self.unreadable += other.unreadable
        self.errors += other.errors
        self.codes.update(other.codes)
        self.money += other.money


def gsn_files(paths: Iterable[str]) -> list[str]:
    """The files named, and every ``*.gsn`` file below the folders named, in a stable order (a
    folder, a pipe or a device named ``x.gsn`` below a folder is not a file to audit)."""
    found: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(str(p) for p in path.rglob("*.gsn") if p.is_file())
        else:
            found.append(name)
    return found


@functools.cache
def _reader() -> Reader:
    """The process's reader, for the files it audits one after another (a dask worker's threads
    each audit with a reader of their own: see :func:`_remote_job`)."""
    return reader_from_env()


def _records(path: str, choice: RulesChoice, reader: Reader | None = None) -> Iterator[dict[str, object]]:
    """One JSON record per hand (or per error) of a file, read as a stream."""
    session = Session(choice)
    undecodable: dict[int, SyntaxIssue] = {}
    try:
        with opened_input(path) as handle:
            for result in (reader or _reader()).hands(decoded_lines(handle, undecodable), undecodable):
                for issue in result.errors:
                    yield {"path": path, "error": issue.to_json()}
                if result.hand is None:
                    continue
                verdict = session.judge(result.hand)
                if isinstance(verdict, FileError):
                    yield {"path": path, "error": dump(verdict, mode="json")}
                else:
                    yield {"path": path, **dump(verdict, mode="json", by_alias=True)}
    except OSError as error:
        message = str(error)
        yield {"path": path, "error": {"code": "unreadable", "line": None, "column": None, "message": message}}
    yield {"path": path, "balance": session.balance}


def audit_file(path: str, choice: RulesChoice, jsonl: str | None) -> FileAudit:
    """Judge one file, writing its records to ``jsonl`` (when given) as they come."""
    summary = FileAudit(path)
    with open(jsonl or os.devnull, "w", encoding="utf-8") as out:
        for record in _records(path, choice):
            if jsonl:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            _count(summary, record)
    summary.unreadable = 1 if summary.errors else 0
    return summary


def _count(summary: FileAudit, record: dict[str, object]) -> None:
    if "error" in record:
        summary.errors += 1
        return
    if "balance" in record:
        balance = record["balance"]
        assert isinstance(balance, dict)
        summary.money += sum(v for v in balance.values() if v > 0)
        return
    summary.hands += 1
    violations = record.get("violations") or []
    assert isinstance(violations, list)
    if record.get("valid"):
        summary.valid += 1
        if record.get("discrepancies"):
            summary.disputed += 1
    summary.codes.update(str(v["code"]) for v in violations)


def _job(args: tuple[str, RulesChoice, str | None]) -> FileAudit:
    return audit_file(*args)


def _worker_start() -> None:
    """A worker leaves Ctrl-C and SIGTERM to the main process, which stops it (and cleans up), and
    runs with the collector as the command does (decision B5), whatever way it was started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    gc.set_threshold(collector.YOUNG, *gc.get_threshold()[1:])


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: end the files being judged, drop the ones not yet started. The
    executor has no public way to end its workers (Python 3.14 adds ``terminate_workers``), and
    ``shutdown`` forgets them, so they are taken first."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


CHUNKS_PER_WORKER = 8
"""Files are handed to the workers in chunks, about this many a worker: a folder of many small files
costs one round trip a chunk, not a file, and the last chunks are small enough that both workers
finish together (decision B7)."""


def _chunk_size(tasks: Sequence[object], workers: int) -> int:
    return max(1, len(tasks) // (workers * CHUNKS_PER_WORKER))


class _GilSlices:
    """A dask worker judges on a thread of its own while the worker's event loop, its nanny's
    watchers and its profiler wake on other threads every few milliseconds. Each wake takes the GIL
    from the judging thread after Python's switch interval, 5 ms: a file took 7 % more of the
    judging thread's own processor time than in a process with no other thread (0.46 s against
    0.43 s for 500 hands), and at 20 ms the same as there (decision B13). The interval is made 20 ms
    while an audit task runs in the process (the worker's comms then wait at most that long, as
    they do for any task running C code) and given back when the last one ends."""

    SECONDS = 0.02

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._before = self._made = 0.0

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        with self._lock:
            if not self._running:
                self._before = sys.getswitchinterval()
                self._made = max(self._before, self.SECONDS)
                sys.setswitchinterval(self._made)
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                # given back unless someone else has set it meanwhile: theirs stands
                if not self._running and sys.getswitchinterval() == self._made:
                    sys.setswitchinterval(self._before)


_GIL_SLICES = _GilSlices()


def _remote_job(path: str, choice: RulesChoice, records: bool = True) -> tuple[FileAudit, str]:
    """One file on a dask worker: its summary and, when ``records``, its JSONL records (the worker's
    disk is not ours)."""
    summary = FileAudit(path)
    lines: list[str] = []
    with _GIL_SLICES.held():
        for record in _records(path, choice, reader_from_env()):
            if records:
                lines.append(json.dumps(record, ensure_ascii=False) + "\n")
            _count(summary, record)
    summary.unreadable = 1 if summary.errors else 0
    return summary, "".join(lines)


def audit_on_cluster(
    paths: Iterable[str],
    scheduler: str,
    *,
    choice: RulesChoice | None = None,
    jsonl: str | None = None,
    advance: Callable[[int], None] | None = None,
) -> FileAudit:
    """The same audit on a dask.distributed cluster (``pip install 'gostop-arbiter[dask]'``).

    Each file is one task; a worker reads the file by its path, so the files must be where the
    workers can read them (a shared disk). Records come back in file order."""
    try:
        from dask.distributed import Client
    except ImportError as error:
        raise RuntimeError("auditing on a cluster needs dask: pip install 'gostop-arbiter[dask]'") from error
    choice = choice or RulesChoice()
    files = [p if p == STDIN else os.path.abspath(p) for p in gsn_files(paths)]
    total = FileAudit("total")
    with output_file(os.devnull if jsonl is None else jsonl) as out, Client(scheduler) as client:  # type: ignore[no-untyped-call]
        remote = [p for p in files if p != STDIN]
        wanted = jsonl is not None  # without a JSONL, no record is written out, sent or kept
        futures = iter(client.map(_remote_job, remote, choice=choice, records=wanted, pure=False))
        here = {i: _remote_job(p, choice, wanted) for i, p in enumerate(files) if p == STDIN}  # while the workers work
        for i in range(len(files)):
            summary, records = here[i] if i in here else next(futures).result()
            total.add(summary)
            out.write(records)
            if advance is not None:
                advance(1)
    return total


def audit(
    paths: Iterable[str],
    *,
    choice: RulesChoice | None = None,
    jobs: int | None = None,
    jsonl: str | None = None,
    advance: Callable[[int], None] | None = None,
) -> FileAudit:
    """Audit every file with a pool of processes; the JSONL records come out in file order."""
    choice = choice or RulesChoice()
    files = gsn_files(paths)
    total = FileAudit("total")
    with contextlib.ExitStack() as outputs:
        # The JSONL's temporary file is made before any file is judged: an output that cannot be
        # written is said at once, and the JSONL appears whole at the end or not at all.
        out = outputs.enter_context(output_file(jsonl)) if jsonl is not None else None
        workdir = outputs.enter_context(tempfile.TemporaryDirectory(prefix="gostop-audit-")) if out else None
        parts = [os.path.join(workdir, f"{i}.jsonl") if workdir else None for i in range(len(files))]
        tasks = [(path, choice, part) for path, part in zip(files, parts, strict=True)]
        workers = jobs or os.cpu_count() or 1
        remote = [task for task in tasks if task[0] != STDIN]
        if workers <= 1 or len(remote) <= 1:
            for result in map(_job, tasks):
                total.add(result)
                if advance is not None:
                    advance(1)
        else:
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
            try:
                results = pool.map(_job, remote, chunksize=_chunk_size(remote, workers))
                for result in map(_job, [task for task in tasks if task[0] == STDIN]):  # while the workers work
                    total.add(result)
                    if advance is not None:
                        advance(1)
                for result in results:
                    total.add(result)
                    if advance is not None:
                        advance(1)
            except BaseException:
                _stop_workers(pool)
                raise
            finally:
                pool.shutdown()
        if out is not None:
            for part in parts:
                assert part is not None
                with open(part, encoding="utf-8") as handle:
                    shutil.copyfileobj(handle, out)
    return total
