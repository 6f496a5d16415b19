"""The files the commands read and write, and the one rule for each (decisions H3, H15).

Read: a regular file, or ``-`` for standard input. Anything else (a folder, a pipe, a device) is
refused before it is opened for reading, since opening a pipe waits for a writer, for ever if
there is none.

Written (an HTML page, simulated GSN, an audit's JSONL, a file ``fmt`` rewrites, the table's
evening): a regular file, whole or not at all, or ``-`` for standard output. Each is written to a
temporary file beside it, flushed to the disk and renamed over it at the end, so that a run that
fails or is interrupted leaves the old file (or none), never half a file; and the temporary file
is made before any work is done, so that an output that cannot be written is said at once, not
after every hand was judged. What is there already must be a regular file that may be written:
a folder, a pipe, a device and a read-only file are refused, for everyone (root may write over a
read-only file, so its mode is read, not only whether the system would let us).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import secrets
import stat
import sys
from collections.abc import Iterator
from typing import TextIO, cast

from .errors import OutputError
from .messages import Message, sayings

STDIN = "-"
STDOUT = "-"


REASONS = sayings(
    "reason",
    {
        "ENOENT": "No such file or directory",
        "EACCES": "Permission denied",
        "EPERM": "Operation not permitted",
        "EISDIR": "Is a directory",
        "ENOTDIR": "Not a directory",
        "ENOSPC": "No space left on device",
        "EROFS": "Read-only file system",
        "EBADF": "it is closed",
        "stdin-closed": "standard input is closed",
        "folder": "it is a folder, not a file",
        "pipe": "it is a pipe, not a file",
        "device": "it is a device, not a file",
        "socket": "it is a socket, not a file",
        "not-regular": "it is not a regular file",
        "read-only": "it is read-only",
        "no-name": "no file is named",
    },
)
"""Why a file cannot be read or written, in words (decision P74): the system's reasons that people
meet, by their error's name, and the commands' own; any other is the system's own text."""

FILES = sayings(
    "file",
    {
        "cannot-read": "cannot read {path}: {reason}",
        "cannot-read-stdin": "cannot read standard input: {reason}",
        "cannot-read-folder": "cannot read {path}: it is a folder, not a file "
        "(gostop-arbiter audit {path} judges every transcript below it)",
    },
)
"""What the commands say of a file they cannot read."""


def reason_of(error: OSError) -> str:
    """Why the system refused, in English."""
    said = reason_message(error)
    return said if isinstance(said, str) else said.english()


def reason_message(error: OSError) -> str | Message:
    """Why the system refused, as a message where it is one people meet, else in its own words."""
    said = getattr(error, "said", None)
    if isinstance(said, Message):
        return said
    name = errno.errorcode.get(error.errno or 0, "")
    if name in REASONS.templates and error.strerror:
        return REASONS(name)
    return error.strerror or str(error)


class NotAFile(OSError):
    """A path that names something other than a regular file (a folder, a pipe, a device)."""

    def __init__(self, kind: str | None) -> None:
        self.said = REASONS(kind or "not-regular")
        super().__init__(self.said.english())
        self.kind = kind


_KINDS = (
    (stat.S_ISREG, None),
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "pipe"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
    (stat.S_ISSOCK, "socket"),
)


def _not_a_file(mode: int) -> NotAFile | None:
    """Why a file of ``mode`` is not one the commands read or write; None for a regular file."""
    for test, kind in _KINDS:
        if test(mode):
            return None if kind is None else NotAFile(kind)
    return NotAFile(None)


@contextlib.contextmanager
def opened_input(path: str) -> Iterator[io.BufferedReader]:
    """A file named on the command line, open for reading bytes; standard input for ``-`` (left
    open: it is not the command's to close). Raises :class:`NotAFile` for anything but a regular
    file, found without waiting: the path is opened without blocking, then looked at."""
    if path == STDIN:
        if sys.stdin is None:  # the command was started with its standard input closed
            closed = OSError(0, REASONS("stdin-closed").english())
            closed.said = REASONS("stdin-closed")  # type: ignore[attr-defined]
            raise closed
        yield cast(io.BufferedReader, sys.stdin.buffer)
        return
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    refused = _not_a_file(os.fstat(descriptor).st_mode)
    if refused is not None:
        os.close(descriptor)
        raise refused
    os.set_blocking(descriptor, True)
    with open(descriptor, "rb") as handle:
        yield handle


def _read_only(path: str, mode: int) -> bool:
    """Whether the file at ``path`` is read-only: no write bit at all (root, whom the system lets
    write anything, meets that too), or none that lets us write."""
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def _existing(path: str) -> os.stat_result | None:
    """What is at ``path`` now, checked as an output: None when nothing is; :class:`OutputError`
    when it is not a regular file we may write."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OutputError(path, reason_message(error)) from None
    refused = _not_a_file(found.st_mode)
    if refused is not None:
        raise OutputError(path, reason_message(refused))
    if _read_only(path, found.st_mode):
        raise OutputError(path, REASONS("read-only"))
    return found


def _temporary(folder: str, name: str, mode: int | None) -> tuple[int, str]:
    """A new file beside the output, open for writing: its permission bits those of the file it
    will replace, or the system's for a new file (0666 less the umask, which the system applies)."""
    while True:
        temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            continue
        if mode is not None:
            os.fchmod(descriptor, stat.S_IMODE(mode))
        return descriptor, temporary


def _sync_folder(folder: str) -> None:
    """The rename itself on the disk (POSIX: the folder is synced); a folder that cannot be opened
    or synced (some file systems) is left to the system."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


@contextlib.contextmanager
def output_file(path: str) -> Iterator[TextIO]:
    """An open text file that becomes ``path`` when the block ends without an exception (standard
    output for ``-``); :class:`OutputError` says why it cannot be."""
    if not path:
        raise OutputError(path, REASONS("no-name"))
    if path == STDOUT:
        yield sys.stdout
        return
    found = _existing(path)
    folder, name = os.path.split(path)
    folder = folder or "."
    try:
        descriptor, temporary = _temporary(folder, name, found.st_mode if found else None)
    except OSError as error:
        raise OutputError(path, reason_message(error), error.errno) from None
    try:
        with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        _sync_folder(folder)
    except OSError as error:
        raise OutputError(path, reason_message(error), error.errno) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """``text`` in place of ``path``'s content, whole or not at all, and on the disk when this
    returns (:func:`output_file`)."""
    with output_file(os.fspath(path)) as out:
        out.write(text)


def cannot_read(path: str, error: OSError) -> Message:
    """What the commands say of a file they cannot read; a folder says where its files are judged."""
    if isinstance(error, NotAFile) and error.kind == "folder":
        return FILES("cannot-read-folder", path=path)
    if path == STDIN:
        return FILES("cannot-read-stdin", reason=reason_message(error))
    return FILES("cannot-read", path=path, reason=reason_message(error))
