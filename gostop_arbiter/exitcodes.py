"""Exit statuses of the ``gostop-arbiter`` command (GSN §8)."""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    """Every hand is valid and nothing the table said is contradicted (``fmt --check``: canonical)."""
    INVALID = 1
    """A hand has a violation (``fmt --check``: a file is not in canonical form)."""
    UNREADABLE = 2
    """A file cannot be read or parsed, or the command is misused."""
    DISPUTED = 3
    """Every hand is valid, but a claim or a mark of the table is contradicted by the replay."""
    OUTPUT = 4
    """An output cannot be written (a missing folder, a full disk, no permission, a closed pipe): what
    was asked for was not delivered, whatever the transcripts hold (decision H2)."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C (SIGINT), as shells expect: 128 + the signal's number."""
    TERMINATED = 143
    """Stopped by SIGTERM: 128 + 15."""
    PIPE_CLOSED = 141
    """Standard output's reader stopped reading (``| head``): the command ends quietly, with the
    status of a command that SIGPIPE ended (128 + 13), as shells expect (decision P4)."""
