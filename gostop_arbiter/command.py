"""The ``gostop-arbiter`` process: its standard streams, its signals and its exit status.

What a command's process does to itself is done here, once, by its entry point (:func:`main`);
the commands (:mod:`.cli`) and the library below them change nothing of the process:

- standard output is a stream whose every write is written whole or fails (with
  ``PYTHONUNBUFFERED`` Python gives a raw file under it, and a partial write into a pipe that
  closed lost the rest silently); a standard output closed at the start (``>&-``) is one that
  says so at the first write, as a full disk does (decision H18);
- standard error likewise; a failure to write it is said to be standard error's, not standard
  output's (what the commands write there is said in the reader's language where it is made);
- SIGTERM unwinds the command as Ctrl-C does, so that it cleans up on the way out;
- every way a command can end is an exit status of :class:`Exit` and at most one line, never a
  traceback.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType
from typing import IO, cast

import click

from .errors import ArbiterError, OutputError
from .exitcodes import Exit
from .messages import LANGS, Lang, lang_from_env, say_message, sayings
from .outputs import reason_message


class Terminated(BaseException):
    """SIGTERM, raised where the command is, so that it cleans up on the way out as on Ctrl-C."""


class PipeClosed(ArbiterError):
    """Standard output's reader stopped reading (``| head``): nothing is wrong, the command ends."""


class _StandardErrorFailed(OSError):
    """A write to standard error that failed: said of standard error (if it can be said at all)."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, _end_now)  # a second SIGTERM, during the clean-up, ends at once
    raise Terminated


def _end_now(signum: int, frame: FrameType | None) -> None:
    """SIGTERM once the command is cleaning up or finished (the interpreter's own shutdown, which
    waits for threads): exit 143 at once, with no traceback."""
    os._exit(Exit.TERMINATED)


class _Whole(io.RawIOBase):
    """A raw file whose every write writes all it is given, or raises."""

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__()
        self.raw = raw

    def writable(self) -> bool:
        return True

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += self.raw.write(view[done:]) or 0
        return done

    def fileno(self) -> int:
        return self.raw.fileno()

    def isatty(self) -> bool:
        return self.raw.isatty()


def _whole_writes(stream: IO[str]) -> IO[str]:
    """``stream``, or the same stream over a raw file that finishes each write, when ``stream`` is
    text written straight to a raw file (``PYTHONUNBUFFERED``), which drops what a partial write
    leaves."""
    raw = getattr(stream, "buffer", None)
    if not isinstance(raw, io.RawIOBase):
        return stream
    whole = io.TextIOWrapper(
        cast(IO[bytes], _Whole(cast(IO[bytes], raw))),
        encoding=getattr(stream, "encoding", None) or "utf-8",
        errors=getattr(stream, "errors", None),
        line_buffering=getattr(stream, "line_buffering", False),
        write_through=True,
    )
    return whole


class _Closed(io.TextIOBase):
    """A standard stream the command was started without: the first write says so."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def isatty(self) -> bool:
        return False


class _StandardError(io.TextIOBase):
    """Standard error, whose write that fails raises :class:`_StandardErrorFailed`."""

    def __init__(self, stream: IO[str] | io.TextIOBase) -> None:
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.stream, "errors", None)

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("standard error takes text")  # as click probes a stream for bytes
        if not text:  # click probes a stream with an empty write, whose failure it swallows
            return 0
        try:
            self.stream.write(text)
            self.stream.flush()
        except OSError as error:
            raise _StandardErrorFailed(error.errno, error.strerror or str(error)) from None
        return len(text)

    def flush(self) -> None:
        with contextlib.suppress(ValueError):
            self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def standard_streams() -> Iterator[None]:
    """The command's standard output and error (see the module's text) while it runs."""
    before = sys.stdout, sys.stderr
    sys.stdout = _whole_writes(sys.stdout) if sys.stdout is not None else _Closed()
    sys.stderr = _StandardError(_whole_writes(sys.stderr) if sys.stderr is not None else _Closed())
    try:
        yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        sys.stdout, sys.stderr = before


def _quiet_stdout() -> None:
    """After a failed write to standard output, send what is left of it nowhere, so that the
    interpreter's last flush does not fail again with a traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _say(line: str) -> None:
    """One line on standard error, if it can be written at all."""
    with contextlib.suppress(OSError, ValueError):
        click.echo(line, err=True)


def asked_lang(args: list[str]) -> Lang | None:
    """The ``--lang`` of the command line, read before click parses it, so that an error click
    finds while parsing (an unknown option) is said in that language too."""
    for i, arg in enumerate(args):
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        if value in LANGS:
            return value
    return None


def run(command: click.Group, args: list[str] | None = None) -> int:
    """Run ``command`` on ``args`` (by default the process's arguments); its exit status. click
    speaks the language asked for until the end, its usage errors among what it says."""
    from .cli import click_speaks

    words = list(sys.argv[1:] if args is None else args)
    lang = asked_lang(words) or lang_from_env()
    with click_speaks(lang):
        return _run(command, words, lang)


ENDINGS = sayings(
    "process",
    {
        "interrupted": "interrupted",
        "terminated": "terminated",
        "error": "Error: {message}",
        "cannot-write-stderr": "Error: cannot write standard error: {reason}",
        "cannot-write": "Error: cannot write {path}: {reason}",
        "cannot-write-stdout": "Error: cannot write standard output: {reason}",
    },
)
"""What the process says as it ends other than by finishing (decision P74)."""


def _run(command: click.Group, args: list[str], lang: Lang) -> int:
    try:
        try:
            returned = command.main(args, prog_name="gostop-arbiter", standalone_mode=False)
            status = returned if isinstance(returned, int) else 0
        except SystemExit as end:
            status = end.code if isinstance(end.code, int) else 0 if end.code is None else Exit.UNREADABLE
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not in the interpreter's last flush
        return status
    except (PipeClosed, BrokenPipeError):  # the reader has all it wanted (decision P4)
        _quiet_stdout()
        return Exit.PIPE_CLOSED
    except (KeyboardInterrupt, click.exceptions.Abort):
        _say(say_message(ENDINGS("interrupted"), lang))
        return Exit.INTERRUPTED
    except Terminated:
        _say(say_message(ENDINGS("terminated"), lang))
        return Exit.TERMINATED
    except click.ClickException as error:
        with contextlib.suppress(OSError, ValueError):
            error.show()
        return error.exit_code
    except OutputError as error:
        _say(say_message(ENDINGS("error", message=error.said), lang))
        return Exit.OUTPUT
    except _StandardErrorFailed as error:
        _say(say_message(ENDINGS("cannot-write-stderr", reason=reason_message(error)), lang))
        return Exit.OUTPUT
    except OSError as error:  # a write to standard output (every file the commands open says its name)
        _quiet_stdout()
        if error.filename is None:
            said = ENDINGS("cannot-write-stdout", reason=reason_message(error))
        else:
            said = ENDINGS("cannot-write", path=str(error.filename), reason=reason_message(error))
        _say(say_message(said, lang))
        return Exit.OUTPUT


def main(command: click.Group) -> None:
    """The process's entry point: the streams, the signals, and an exit status of :class:`Exit`
    with one line, never a traceback, for a failure outside the transcript (an output that cannot
    be written, Ctrl-C)."""
    signal.signal(signal.SIGTERM, _terminate)
    with standard_streams():
        status = run(command)
    signal.signal(signal.SIGTERM, _end_now)
    sys.exit(status)
