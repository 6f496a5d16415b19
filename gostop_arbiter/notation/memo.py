"""Lines read once: what the parser made of a statement line, remembered by the line's text.

Turn lines repeat. Two players, forty-eight cards and a few ways to capture make few different
turns: in 10,000 different simulated hands, 182,471 turn lines are 10,658 texts. A line's model is
a function of its text alone when the line holds no comment (a comment above a line belongs to it),
so the reader parses each text once, with Lark's parser and the grammar like every other line,
and copies the remembered model to each place the text is read again (decision B14). A deal, the
table and the stock are a new shuffle every hand: those lines are parsed, never remembered.

What is remembered is bounded, so that no input can grow it: texts of at most :data:`MAX_LENGTH`
characters, in two generations of at most :data:`MAX_LINES` each. A text read again moves to the
young one; when the young one is full, the old one is forgotten and the young one becomes old. A
line read often is never forgotten, and the lines of one file give way to the next file's (other
names) within a few thousand hands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..records import replacer
from .model import DealLine, PileLine, StockLine, TableLine

MAX_LINES = 8192
"""The most line texts of a generation: in 10,000 different two-player hands, the 8,192 most
frequent of the lines remembered are 93 % of them (about half a kilobyte a line)."""

MAX_LENGTH = 80
"""The longest line remembered, in characters: a turn, a call or a tag line is far shorter."""

Problem = tuple[int, int, str]
"""What the transformer found wrong in a line that parsed: line, column, message."""

Parse = Callable[[str], tuple[list[Any], list[Problem]]]
"""Parses lines joined as a hand: one model per line, in order, and the problems found; raises the
parser's own exception for text that is not GSN."""

Entry = tuple[Any, Callable[[Any, int], Any], tuple[tuple[int, str], ...]]
"""A line's model, the function that copies it to another line, and its problems (column, message)."""

_NOT_REMEMBERED = (DealLine, TableLine, StockLine, PileLine)
_BLANK = re.compile(r"[ \t\f\r\v]*")
"""A line the grammar skips: only the characters it ignores (gsn.lark's ``%ignore``)."""


class LineMemo:
    """The models of the statement and tag lines read so far in this process, by text."""

    def __init__(self) -> None:
        self.young: dict[str, Entry] = {}
        self.old: dict[str, Entry] = {}

    def clear(self) -> None:
        """Forget every line (the bench starts each timed run afresh)."""
        self.young, self.old = {}, {}

    def read(self, lines: Sequence[str], first_line: int, parse: Parse) -> tuple[list[Any], list[Problem]] | None:
        """The models of a hand's lines, the first of which is line ``first_line`` of the file, and
        the transformer's problems, each at its line. The lines must hold no comment. The lines not
        remembered are parsed together in one call of ``parse``, whose exception passes on; None if
        its models do not match those lines one for one (never, for GSN's grammar)."""
        entries = [self._recall(text) for text in lines]
        unseen = [
            offset for offset, entry in enumerate(entries) if entry is None and not _BLANK.fullmatch(lines[offset])
        ]
        if unseen:
            models, problems = parse("\n".join(lines[offset] for offset in unseen) + "\n")
            if len(models) != len(unseen):
                return None
            found: list[list[tuple[int, str]]] = [[] for _ in unseen]
            for line, column, message in problems:
                found[line - 1].append((column, message))
            for offset, model, problems_of_line in zip(unseen, models, found, strict=True):
                made: Entry = (model, replacer(type(model), "line"), tuple(problems_of_line))
                entries[offset] = made
                self._remember(lines[offset], made)
        items: list[Any] = []
        located: list[Problem] = []
        for offset, entry in enumerate(entries):
            if entry is None:  # a blank line
                continue
            model, moved, its_problems = entry
            line = first_line + offset
            items.append(moved(model, line))
            located.extend((line, column, message) for column, message in its_problems)
        return items, located

    def _recall(self, text: str) -> Entry | None:
        entry = self.young.get(text)
        if entry is None:
            entry = self.old.get(text)
            if entry is not None:
                self._remember(text, entry)
        return entry

    def _remember(self, text: str, entry: Entry) -> None:
        if len(text) > MAX_LENGTH or isinstance(entry[0], _NOT_REMEMBERED):
            return
        if len(self.young) >= MAX_LINES:
            self.old, self.young = self.young, {}
        self.young[text] = entry


LINES = LineMemo()
"""The process's memory of lines (the reader is its only user)."""
