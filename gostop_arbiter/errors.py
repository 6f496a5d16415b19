"""The errors the arbiter raises, under one root: catch :class:`ArbiterError` for any of them.

Those a caller of the library meets, each exported by the package (``from gostop_arbiter import
GsnSyntaxError``):

- :class:`~gostop_arbiter.notation.GsnSyntaxError`: a text that is not GSN, with every located error;
- :class:`RulesError`: an unknown rules profile or knob, or a value it cannot take;
- :class:`UsageError`: a hand these rules cannot judge at all (five at a Go-Stop table);
- :class:`~gostop_arbiter.engine.IllegalStatement`: a statement the board refused, with its violations;
- :class:`OutputError`: an output that cannot be written.

The ones defined in their own layer (a syntax error in the notation, a refused statement in the
engine, a refused write in the table app, a fault the tamperer cannot make) derive from the root
defined here; the others are defined here, since more than one layer raises or catches them.
"""

from __future__ import annotations

from .messages import Message, sayings


class ArbiterError(Exception):
    """Every error the arbiter raises on purpose (never a bug's)."""


class RulesError(ArbiterError, ValueError):
    """An unknown profile or knob, or a value of the wrong kind: a usage error (exit 2)."""

    def __init__(self, said: Message, knob: str | None = None) -> None:
        super().__init__(said.english())
        self.said = said
        """What is wrong, said in the reader's language at the edge."""
        self.knob = knob
        """The knob as written, when the fault is a knob's (None: the profile's name)."""


class KnobError(ArbiterError, ValueError):
    """A knob value that its type allows but the rules do not (e.g. a bonus card b4); raised while
    pydantic validates a profile, which reports it as the knob's error."""

    def __init__(self, knob: str, said: Message) -> None:
        self.said = KNOB_VALUE("knob-value", knob=knob, problem=said)
        super().__init__(self.said.english())
        self.knob = knob


class UsageError(ArbiterError, ValueError):
    """The hand cannot be judged under these rules at all (exit 2), e.g. four playing Go-Stop."""

    def __init__(self, line: int, column: int, said: Message) -> None:
        super().__init__(said.english())
        self.said = said
        self.line = line
        self.column = column


KNOB_VALUE = sayings("rules", {"knob-value": "{knob}: {problem}"})
"""A knob's value that is wrong, with what is wrong with it."""

WRITING = sayings("file", {"cannot-write": "cannot write {path}: {reason}"})
"""What the commands say of an output they cannot write (decision P74)."""


class OutputError(ArbiterError):
    """An output that cannot be written: the path and the reason, in one line."""

    def __init__(self, path: str, reason: str | Message, errno: int | None = None) -> None:
        self.said = WRITING("cannot-write", path=path or repr(""), reason=reason)
        super().__init__(self.said.english())
        self.path = path
        self.reason = reason if isinstance(reason, str) else reason.english()
        self.errno = errno
        """The system's error number where the system refused (``ENOSPC``: the disk is full)."""


__all__ = ["ArbiterError", "KnobError", "OutputError", "RulesError", "UsageError"]
