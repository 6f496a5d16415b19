"""Files the commands write (an HTML page, simulated GSN, an audit's JSONL): whole or not at all;
and the one way they open what they read (a path, or ``-`` for standard input).

Each is written to a temporary file beside it and renamed over it at the end, so that a run that
fails or is interrupted leaves the old file (or none), never half a file; and the temporary file is
made before any work is done, so that an output that cannot be written is said at once, not after
every hand was judged (decision H3). A path that is not a regular file (``/dev/stdout``, a pipe) is
written directly: there is nothing to rename over.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from typing import IO, TextIO

from .errors import OutputError

STDIN = "-"


@contextlib.contextmanager
def opened_input(path: str) -> Iterator[IO[bytes]]:
    """A file named on the command line, open for reading bytes; standard input for ``-`` (left
    open: it is not the command's to close)."""
    if path != STDIN:
        with open(path, "rb") as handle:
            yield handle
    elif sys.stdin is None:  # the command was started with its standard input closed
        raise OSError(0, "standard input is closed")
    else:
        yield sys.stdin.buffer


def reason_of(error: OSError) -> str:
    return error.strerror or str(error)


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _why_not(path: str, mode: int | None, error: OSError) -> str:
    """Why a file beside ``path`` cannot be made: said of ``path`` itself when it exists and
    cannot be opened for writing either (a read-only file says so, not that its folder refused)."""
    if mode is not None:
        try:
            with open(path, "r+b"):
                pass
        except OSError as own:
            return reason_of(own)
    return reason_of(error)


@contextlib.contextmanager
def output_file(path: str) -> Iterator[TextIO]:
    """An open text file that becomes ``path`` when the block ends without an exception."""
    if not path:
        raise OutputError(path, "no file is named")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise OutputError(path, reason_of(error)) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(path, "it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with open(path, "w", encoding="utf-8", newline="\n") as direct:
                yield direct
        except OSError as error:
            raise OutputError(path, reason_of(error)) from None
        return
    folder, name = os.path.split(path)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.", suffix=".part")
    except OSError as error:
        raise OutputError(path, _why_not(path, mode, error)) from None
    try:
        with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else _new_file_mode())
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(path, reason_of(error)) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
