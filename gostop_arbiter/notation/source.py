"""A file named on the command line, read whole: its text, its hands, its errors.

``parse``, ``fmt`` and ``compare`` show, rewrite or judge all of a file again and again, so they
read it whole; it is still read a piece at a time, each line within :data:`.reader.MAX_LINE`.
``check``, ``audit``, ``replay`` and ``render`` read as they judge (:mod:`..judging.files`).
"""

from __future__ import annotations

import io
from dataclasses import field

from ..messages import Message
from ..outputs import cannot_read, opened_input
from ..records import mutable
from .errors import SyntaxIssue
from .model import Hand, Notice
from .reader import LineTooLong, Pieces, Reader, byte_lines, decoded_lines, normalise_lines


@mutable
class SourceFile:
    """One file named on the command line, as read: its text, its hands, its errors."""

    path: str
    text: str = ""
    hands: list[Hand] = field(default_factory=list)
    errors: list[SyntaxIssue] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    unreadable: Message | None = None
    """Why the file could not be opened at all (it has no line to point at)."""
    undecodable: dict[int, SyntaxIssue] = field(default_factory=dict)
    """The error of each line that is not UTF-8 or too long (its text has U+FFFD in its place)."""

    @property
    def ok(self) -> bool:
        return not self.errors and self.unreadable is None

    def error_json(self) -> list[dict[str, object]]:
        if self.unreadable is not None:
            return [{"code": "unreadable", "line": None, "column": None, "message": self.unreadable.english()}]
        return [issue.to_json() for issue in self.errors]


def _whole(data: bytes, undecodable: dict[int, SyntaxIssue]) -> str:
    """The text of a file's bytes: as they are when they are UTF-8 (``fmt`` compares them with
    their canonical form), else each line decoded, its errors in ``undecodable``."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "\n".join(decoded_lines(io.BytesIO(data), undecodable))


class _Copying:
    """A binary stream read through, each piece it gives kept: a file read whole is still read
    line by line, so that a line too long to read stops it (standard input may be endless)."""

    def __init__(self, handle: Pieces) -> None:
        self._handle = handle
        self.pieces: list[bytes] = []

    def read1(self, size: int = -1, /) -> bytes:
        piece = self._handle.read1(size)
        self.pieces.append(piece)
        return piece


def read_source(path: str) -> SourceFile:
    """Read one file's text (not yet parsed); never raises for anything the file or the disk may
    hold. A line too long to read ends the file with its error."""
    source = SourceFile(path)
    try:
        with opened_input(path) as handle:
            copied = _Copying(handle)
            for _line in byte_lines(copied):
                pass
    except OSError as error:
        source.unreadable = cannot_read(path, error)
        return source
    except LineTooLong as long:
        issue = long.issue()
        source.undecodable[issue.line] = issue
        source.errors.append(issue)
        return source
    source.text = _whole(b"".join(copied.pieces), source.undecodable)
    return source


def load(path: str, reader: Reader) -> SourceFile:
    """Read and parse one file; never raises for anything the file or the disk may hold."""
    source = read_source(path)
    if not source.ok:
        return source
    for result in reader.hands(normalise_lines(source.text), source.undecodable):
        source.errors.extend(result.errors)
        if result.hand is not None:
            source.hands.append(result.hand)
            source.warnings.extend(result.hand.warnings)
    return source
