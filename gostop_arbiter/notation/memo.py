"""Lines read once: what the parser made of a statement line, remembered by the line's text.

Turn lines repeat. Two players, forty-eight cards and a few ways to capture make few different
turns: in 10,000 different simulated hands, 168,501 turn lines are about 10,600 texts. A line's
model is a function of its text alone when the line holds no comment (a comment above a line
belongs to it), so the reader parses each text once, with Lark's parser and the grammar like every
other line, and copies the remembered model to each place the text is read again (decision B14).
A deal, the table and the stock are a new shuffle every hand: those lines are parsed, never
remembered; nor is a line the transformer found a problem in (rare, and its messages are long).

The copies of a text share its model's lists (cards, flips, marks): like every record's lists,
they are never changed in place.

What is remembered is bounded, so that no input can grow it: texts of at most :data:`MAX_LENGTH`
characters, in two generations of at most :data:`MAX_CHARACTERS` characters each. A text read again
moves to the young one; when the young one is full, the old one is forgotten and the young one
becomes old. A line read often is never forgotten, and one file's lines give way to the next
file's (other names) within a few thousand hands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..messages import Message
from ..records import frozen, replace
from .model import DealLine, PileLine, StockLine, TableLine

MAX_LENGTH = 80
"""The longest line remembered, in characters: a turn, a call or a tag line is far shorter."""

MAX_CHARACTERS = 1 << 17
"""The characters of the texts of a generation, about 6,500 turn lines. Each text counts at least
:data:`SHORTEST` characters, since a model and its entry take about as much memory as that whatever
the text (measured: at most about 5 MB for both generations, whatever the lines)."""

SHORTEST = 20
"""What a shorter text counts as, in characters, against :data:`MAX_CHARACTERS`."""

LocatedProblem = tuple[int, int, Message]
"""What the transformer found wrong in a line that parsed: line, column, message."""

Parse = Callable[[str], tuple[list[Any], list[LocatedProblem]]]
"""Parses lines joined as a hand: one model per line, in order, and the problems found; raises the
parser's own exception for text that is not GSN."""

_NOT_REMEMBERED = (DealLine, TableLine, StockLine, PileLine)
_BLANK = re.compile(r"[ \t\f\r\v]*")
"""A line the grammar skips: only the characters it ignores (gsn.lark's ``%ignore``)."""


@frozen
class Parsed:
    """What the parser made of a line's text: its model (at whatever line it was parsed) and the
    problems the transformer found, as column and message."""

    model: Any
    problems: tuple[tuple[int, Message], ...]

    def at(self, line: int) -> Any:
        """The model as it stands at ``line`` of a file."""
        return replace(self.model, line=line)


class LineMemo:
    """The models of the statement and tag lines read so far, by text. Not for two threads at once:
    the reader parses one hand at a time."""

    def __init__(self) -> None:
        self.young: dict[str, Parsed] = {}
        self.old: dict[str, Parsed] = {}
        self.size = 0
        """The characters the young generation's texts count (see :data:`SHORTEST`)."""

    def clear(self) -> None:
        """Forget every line (the bench starts each timed run afresh)."""
        self.young, self.old, self.size = {}, {}, 0

    def read(
        self, lines: Sequence[str], first_line: int, parse: Parse
    ) -> tuple[list[Any], list[LocatedProblem]] | None:
        """The models of a hand's lines, the first of which is line ``first_line`` of the file, and
        the transformer's problems, each at its line. The lines must hold no comment. The lines not
        remembered are parsed together in one call of ``parse``, whose exception passes on; None if
        what it returns does not match those lines one for one (never, for GSN's grammar)."""
        known = [self._recall(text) for text in lines]
        unseen = [
            offset for offset, parsed in enumerate(known) if parsed is None and not _BLANK.fullmatch(lines[offset])
        ]
        fresh = _parse_apart([lines[offset] for offset in unseen], parse) if unseen else []
        if fresh is None:
            return None
        for offset, made in zip(unseen, fresh, strict=True):
            known[offset] = made
            self._remember(lines[offset], made)
        items: list[Any] = []
        problems: list[LocatedProblem] = []
        for line, parsed in enumerate(known, start=first_line):
            if parsed is not None:  # None: a blank line
                items.append(parsed.at(line))
                if parsed.problems:  # only a line parsed just now: one with problems is not remembered
                    problems.extend((line, column, message) for column, message in parsed.problems)
        return items, problems

    def _recall(self, text: str) -> Parsed | None:
        parsed = self.young.get(text)
        if parsed is None:
            parsed = self.old.get(text)
            if parsed is not None:
                self._remember(text, parsed)
        return parsed

    def _remember(self, text: str, parsed: Parsed) -> None:
        if len(text) > MAX_LENGTH or parsed.problems or isinstance(parsed.model, _NOT_REMEMBERED):
            return
        cost = max(len(text), SHORTEST)
        if self.size + cost > MAX_CHARACTERS:
            self.old, self.young, self.size = self.young, {}, 0
        self.young[text] = parsed
        self.size += cost


def _parse_apart(lines: list[str], parse: Parse) -> list[Parsed] | None:
    """Lines parsed together in one call, then told apart: each line's model and problems."""
    models, problems = parse("\n".join(lines) + "\n")
    if len(models) != len(lines):
        return None
    found: list[list[tuple[int, Message]]] = [[] for _ in lines]
    for line, column, message in problems:
        if not 1 <= line <= len(lines):  # a line that held a line break (not a normalised line)
            return None
        found[line - 1].append((column, message))
    return [Parsed(model, tuple(its)) for model, its in zip(models, found, strict=True)]
