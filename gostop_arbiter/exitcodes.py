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
