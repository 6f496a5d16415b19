"""``gostop-arbiter audit``: many files or whole folders, a process per file, one JSONL verdict per
hand, and a summary. A file is read and judged as a stream, hand by hand, so its size does not
matter; the hands of one file stay in order (the dealer and the carry pass from hand to hand).
``-`` is standard input, read as one file by the main process (a worker cannot read it).

An audit leaves the process that calls it as it found it: what it tunes (the collector, the
signals) it tunes in the worker processes it starts, and it reads with a reader of its own."""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
import os
import shutil
import signal
import tempfile
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import field
from pathlib import Path
from typing import IO, Any

from .. import collector
from ..judging.file import RulesChoice, Session
from ..messages import Message, sayings
from ..notation import SyntaxIssue
from ..notation.reader import Reader, decoded_lines, reader_from_env
from ..outputs import STDIN, cannot_read, opened_input, output_file
from ..records import dump, mutable
from ..verdict import FileError, HandVerdict, SaidFileError


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
    not_judged: list[Message | str] = field(default_factory=list)
    """Each file not read or judged in full, named with its first error and how many it has."""

    def add(self, other: FileAudit) -> None:
        self.hands += other.hands
        self.valid += other.valid
        self.disputed += other.disputed
        self.unreadable += other.unreadable
        self.errors += other.errors
        self.codes.update(other.codes)
        self.money += other.money
        self.not_judged += other.not_judged


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


def _never() -> bool:
    return False


def _tally(verdict: HandVerdict) -> dict[str, object]:
    """The fields of a hand's JSON record that its file's summary counts (:func:`_count`), taken from
    the verdict without writing the rest: an audit that writes no JSONL need not build any record
    in full, which is most of what pydantic costs it, at start and hand by hand (decision B25)."""
    return {
        "valid": verdict.valid,
        "discrepancies": bool(verdict.discrepancies),
        "violations": [{"code": v.code} for v in verdict.violations],
    }


def _records(
    path: str, choice: RulesChoice, reader: Reader, stopped: Callable[[], bool] = _never, *, full: bool = True
) -> Iterator[tuple[dict[str, object], Message | None]]:
    """One JSON record per hand (or per error) of a file, read as a stream, none after ``stopped``;
    beside an error's record, its message (to be said in the reader's language). Unless ``full``, a
    hand's record holds only what the summary counts (:func:`_tally`)."""
    session = Session(choice)
    undecodable: dict[int, SyntaxIssue] = {}
    try:
        with opened_input(path) as handle:
            for result in reader.hands(decoded_lines(handle, undecodable), undecodable):
                if stopped():
                    return
                for issue in result.errors:
                    yield {"path": path, "error": issue.to_json()}, issue.said
                if result.hand is None:
                    continue
                verdict = session.judge(result.hand)
                if isinstance(verdict, FileError):
                    said = verdict.said if isinstance(verdict, SaidFileError) else None
                    yield {"path": path, "error": verdict.to_json()}, said
                elif full:
                    yield {"path": path, **dump(verdict, mode="json", by_alias=True)}, None
                else:
                    yield _tally(verdict), None
    except OSError as error:
        unread = cannot_read(path, error)
        message = unread.english()
        yield {"path": path, "error": {"code": "unreadable", "line": None, "column": None, "message": message}}, unread
    yield {"path": path, "balance": session.balance}, None


def _summed(path: str, records: Iterable[tuple[dict[str, object], Message | None]], out: IO[str] | None) -> FileAudit:
    """A file's summary from its records, each written to ``out`` (when given) as it comes."""
    summary = FileAudit(path)
    first: tuple[dict[str, object], Message | None] | None = None
    for record, said in records:
        if out is not None:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        _count(summary, record)
        if first is None and isinstance(record.get("error"), dict):
            first = record["error"], said  # type: ignore[assignment]
    if first is not None:
        summary.unreadable = 1
        summary.not_judged.append(_first_error(path, *first, summary.errors))
    return summary


NOT_JUDGED = sayings(
    "audit",
    {
        "located": "{path}:{line}:{column}: {message}",
        "more": "{error} (and {more} more)",
    },
)
"""How standard error names a file not read or judged in full (decision P76)."""


def _first_error(path: str, error: dict[str, object], said: Message | None, errors: int) -> Message | str:
    """``path:line:column: message`` (a file that could not be read says so and names itself), and
    how many errors follow it."""
    message: Message | str = said if said is not None else str(error["message"])
    first: Message | str = message
    if error.get("line") is not None:
        line, column = int(str(error["line"])), int(str(error.get("column") or 1))
        first = NOT_JUDGED("located", path=path, line=line, column=column, message=message)
    return NOT_JUDGED("more", error=first, more=f"{errors - 1:,}") if errors > 1 else first


def audit_file(
    path: str,
    choice: RulesChoice,
    jsonl: str | None,
    *,
    reader: Reader | None = None,
    stopped: Callable[[], bool] = _never,
) -> FileAudit:
    """Judge one file, writing its records to ``jsonl`` (when given) as they come."""
    records = _records(path, choice, reader or reader_from_env(), stopped, full=jsonl is not None)
    if jsonl is None:
        return _summed(path, records, None)
    with open(jsonl, "w", encoding="utf-8") as out:
        return _summed(path, records, out)


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


Task = tuple[str, RulesChoice, str | None]
"""A file to audit, the rules, and where its part of the JSONL goes (None: nowhere)."""


@mutable
class _Worker:
    """What a worker process keeps for the files it audits one after another: its reader, and the
    flag the main process raises to stop it (shared memory: reading it costs next to nothing)."""

    reader: Reader
    stop: Any

    def stopped(self) -> bool:
        return bool(self.stop.value)


_WORKER: list[_Worker] = []
"""The worker process's own (set once, by :func:`_worker_start`, in the worker)."""


def _worker_start(stop: Any) -> None:
    """A worker's entry point. It leaves Ctrl-C to the main process, which raises ``stop`` (the
    worker ends at the next hand), leaves SIGTERM as it is (decision H6), and runs with the
    collector as the command does (decision B5), whatever way it was started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    collector.tune()
    _WORKER.append(_Worker(reader_from_env(), stop))


def _job(task: Task) -> FileAudit:
    worker = _WORKER[0]
    if worker.stopped():  # the files still queued when the audit stopped
        return FileAudit(task[0])
    return audit_file(*task, reader=worker.reader, stopped=worker.stopped)


CHUNKS_PER_WORKER = 8
"""Files are handed to the workers in chunks, about this many a worker: a folder of many small files
costs one round trip a chunk, not a file, and the last chunks are small enough that both workers
finish together (decision B7)."""


def _chunk_size(tasks: Sequence[object], workers: int) -> int:
    return max(1, len(tasks) // (workers * CHUNKS_PER_WORKER))


@contextlib.contextmanager
def _pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of worker processes. On the way out by an exception (Ctrl-C, SIGTERM) it raises its
    workers' stop flag, so that each ends at the next hand, and waits for them: nothing is
    cancelled or ended from outside, which the executor would race to report (decision H14)."""
    stop = multiprocessing.RawValue("b", 0)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start, initargs=(stop,))
    try:
        yield pool
    except BaseException:
        stop.value = 1
        raise
    finally:
        pool.shutdown()


def _size(path: str) -> int:
    """A file's size in bytes; 0 for one that cannot be looked at (its worker says why)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _largest_first(tasks: Sequence[Task]) -> list[int]:
    """The tasks' indices in the order the workers take them: the largest file first, files of one
    size in file order. The last files taken are then the smallest, so that the workers end close
    together however unequal the files are (decision B24)."""
    return sorted(range(len(tasks)), key=lambda i: -_size(tasks[i][0]))


def _in_order(order: Sequence[int], results: Iterable[FileAudit]) -> Iterator[FileAudit]:
    """``results``, which come in ``order`` (a list of indices), in the order of the indices: each
    as soon as every one before it is in."""
    waiting: dict[int, FileAudit] = {}
    following = 0
    for index, result in zip(order, results, strict=True):
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _summaries(tasks: list[Task], jobs: int | None) -> Generator[FileAudit]:
    """Each file's summary: standard input's first (the main process reads it while the workers
    judge the others), then the others' in order."""
    reader = reader_from_env()
    here = [task for task in tasks if task[0] == STDIN]
    remote = [task for task in tasks if task[0] != STDIN]
    workers = min(jobs or os.cpu_count() or 1, len(remote))  # a worker with no file is a fork for nothing
    if workers <= 1:
        for task in tasks:
            yield audit_file(*task, reader=reader)
        return
    order = _largest_first(remote)
    with _pool(workers) as pool:
        results = pool.map(_job, [remote[i] for i in order], chunksize=_chunk_size(remote, workers))
        for task in here:
            yield audit_file(*task, reader=reader)
        yield from _in_order(order, results)


@contextlib.contextmanager
def _jsonl_parts(jsonl: str | None, files: int) -> Iterator[list[str | None]]:
    """A part file for each file's records, joined into ``jsonl`` in file order at the end. The
    JSONL's temporary file is made first, before any file is judged: an output that cannot be
    written is said at once, and the JSONL appears whole at the end or not at all."""
    if jsonl is None:
        yield [None] * files
        return
    with output_file(jsonl) as out, tempfile.TemporaryDirectory(prefix="gostop-audit-") as workdir:
        parts = [os.path.join(workdir, f"{i}.jsonl") for i in range(files)]
        yield list(parts)
        for part in parts:
            with open(part, encoding="utf-8") as handle:
                shutil.copyfileobj(handle, out)


def audit(
    paths: Iterable[str],
    *,
    choice: RulesChoice | None = None,
    jobs: int | None = None,
    jsonl: str | None = None,
    advance: Callable[[int], None] | None = None,
) -> FileAudit:
    """Audit every file with a pool of processes; the JSONL records come out in file order."""
    files = gsn_files(paths)
    total = FileAudit("total")
    with _jsonl_parts(jsonl, len(files)) as parts:
        tasks = [(path, choice or RulesChoice(), part) for path, part in zip(files, parts, strict=True)]
        # closed on the way out, so that the workers stop before their part files are removed
        with contextlib.closing(_summaries(tasks, jobs)) as summaries:
            for summary in summaries:
                total.add(summary)
                if advance is not None:
                    advance(1)
    return total


def _remote_job(path: str, choice: RulesChoice, records: bool = True) -> tuple[FileAudit, str]:
    """One file on a dask worker: its summary and, when ``records``, its JSONL records (the worker's
    disk is not ours). Each task reads with a reader of its own: a worker runs tasks on threads."""
    out = io.StringIO() if records else None
    summary = _summed(path, _records(path, choice, reader_from_env(), full=records), out)
    return summary, out.getvalue() if out is not None else ""


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
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(output_file(jsonl)) if jsonl is not None else None
        client = stack.enter_context(Client(scheduler))  # type: ignore[no-untyped-call]
        remote = [p for p in files if p != STDIN]
        wanted = out is not None  # without a JSONL, no record is written out, sent or kept
        futures = iter(client.map(_remote_job, remote, choice=choice, records=wanted, pure=False))
        here = {i: _remote_job(p, choice, wanted) for i, p in enumerate(files) if p == STDIN}  # while the workers work
        for i in range(len(files)):
            summary, records = here[i] if i in here else next(futures).result()
            total.add(summary)
            if out is not None:
                out.write(records)
            if advance is not None:
                advance(1)
    return total
