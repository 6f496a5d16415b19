"""Syntax errors a player can read: where, what was expected, and the line with a caret."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable

from lark import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..messages import Lang, Message, either, say_message
from ..records import record
from .said import EXPECTED, SYNTAX

_ORDER = {name: i for i, name in enumerate(EXPECTED.templates)}

SHOWN_WIDTH = 160
"""The most characters of a line shown above a caret; a longer line is cut to the part around the
caret, so that a message about a huge line is not itself huge (and many of them cost no more than
the line does)."""

_LOOKS_LIKE_CARD = re.compile(r"[+]?\d+\S*|b\d\S*", re.IGNORECASE)
_TAG_SHAPE = re.compile(r'\s*\[\s*[A-Za-z0-9_.]+\s*"(?:\\.|[^"\\])*"\s*\]')


@record
class SyntaxIssue:
    """A located error in the text (GSN §8: ``{"code": "syntax", "line", "column", "message"}``)."""

    code: str = "syntax"
    line: int
    column: int
    message: str
    """The error in English (what the JSON holds)."""
    source: str = ""
    """The text of the line, for showing it with a caret (not part of the JSON shape)."""
    said: Message | None = None
    """The error as its facts, said in the reader's language (not part of the JSON shape)."""

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "line": self.line, "column": self.column, "message": self.message}

    def text(self, lang: Lang = "en") -> str:
        """The error in ``lang``."""
        return self.message if self.said is None else say_message(self.said, lang)

    def render(self, path: str, lang: Lang = "en") -> str:
        """``path:line:col: message``, then the line and a caret under the fault."""
        head = f"{path}:{self.line}:{self.column}: {self.text(lang)}"
        if not self.source:
            return head
        gutter = f"{self.line:>5} | "
        text, column = excerpt(self.source.replace("\t", " "), self.column)
        caret = " " * (len(gutter) - 2) + "| " + caret_under(text, column)
        return f"{head}\n{gutter}{text}\n{caret}"


def caret_under(text: str, column: int) -> str:
    """A caret that stands under ``column`` of ``text`` on a terminal: the characters before it are
    measured in cells, so that each East Asian wide character (할머니) moves it two (decision P9)."""
    from rich.cells import cell_len  # only a message with a caret needs it

    return " " * cell_len(text[: max(0, column - 1)]) + "^"


def excerpt(text: str, column: int) -> tuple[str, int]:
    """The part of a line shown above a caret at ``column``: all of it when it is short, else
    :data:`SHOWN_WIDTH` characters around the column with … where it is cut; and the caret's
    column in what is shown. A character a terminal does not draw (a control or format character,
    a byte of a binary file) is shown as a mark of one cell, so that the caret stands under the fault."""
    text = "".join(map(_drawn, text))
    if len(text) <= SHOWN_WIDTH:
        return text, column
    start = max(0, min(column - 1 - SHOWN_WIDTH // 2, len(text) - SHOWN_WIDTH))
    shown = text[start : start + SHOWN_WIDTH]
    if start:
        shown, column = "…" + shown, column - start + 1
    if start + SHOWN_WIDTH < len(text):
        shown += "…"
    return shown, column


def _drawn(char: str) -> str:
    """A character as a terminal shows it in one cell: a tab as a space, the C0 controls as their
    pictures (␀ … ␟, ␡), other controls and format characters (a zero-width space) as �."""
    if char == "\t":
        return " "
    if char < " ":
        return chr(0x2400 + ord(char))
    if char == "\x7f":
        return "\u2421"
    return "\ufffd" if unicodedata.category(char) in ("Cc", "Cf") else char


def issue(line: int, column: int, said: Message, source: str = "", code: str = "syntax") -> SyntaxIssue:
    """A located error made from its message: its English is what the JSON holds."""
    return SyntaxIssue(code=code, line=line, column=column, message=said.english(), source=source, said=said)


def expected_in_words(terminals: Iterable[str]) -> str | Message:
    """``a card such as 3p, bomb or pass``: the terminals a parser wanted, as one message."""
    words: list[str | Message] = []
    for name in sorted(set(terminals), key=lambda n: (_ORDER.get(n, len(_ORDER)), n)):
        word: str | Message = EXPECTED(name) if name in EXPECTED.templates else name.lower()
        if word not in words and not (isinstance(word, Message) and word.english() in map(str, words)):
            words.append(word)
    return either(words) if words else EXPECTED("something-else")


def not_a_card(word: str) -> Message:
    """What is said of a word written where a card goes that is no card (``8광광``, ``1kw``)."""
    return SYNTAX("not-a-card", word=_visible(word))


def later_non_cards(source: str, column: int, is_card: Callable[[str], bool]) -> list[tuple[int, Message]]:
    """After a word refused as no card at ``column``, every later word of the line that looks like a
    card and is none, with its column: ``deal A: 8광광 1kw`` says both, not only the first (a
    parser stops at its first error, and a line read again would show the second only once the
    first is mended)."""
    if not _LOOKS_LIKE_CARD.fullmatch(_word_at(source, column)):
        return []
    found = []
    words = re.finditer(r"[^\s/:\[\]#]+|#", source[column - 1 :])
    next(words, None)  # the word already refused
    for match in words:
        word = match.group(0)
        if word == "#":
            break
        if _LOOKS_LIKE_CARD.fullmatch(word) and not is_card(word.removeprefix("+")):
            found.append((column + match.start(), not_a_card(word)))
    return found


def _visible(word: str) -> str:
    return "".join(map(_drawn, word))


def _word_at(text: str, column: int) -> str:
    rest = text[column - 1 :]
    match = re.match(r"[^\s/:\[\]#]+|\S", rest)
    return match.group(0) if match else ""


def describe(error: UnexpectedInput, source: str) -> tuple[int, Message]:
    """The column and the message for a Lark error on a line whose text is ``source``."""
    column = max(1, error.column) if isinstance(error.column, int) else 1
    if source.lstrip().startswith("[") and not _TAG_SHAPE.match(source):
        return _describe_tag(source)
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type in ("_NL", "$END"):
            return len(source.rstrip()) + 1, SYNTAX("expected-at-end", what=expected_in_words(error.expected))
        return column, SYNTAX("expected", what=expected_in_words(error.expected), found=_visible(token.value))
    if isinstance(error, UnexpectedCharacters):
        word = _word_at(source, column)
        if _LOOKS_LIKE_CARD.fullmatch(word) and "CARD" in error.allowed:
            return column, not_a_card(word)
        return column, SYNTAX("expected", what=expected_in_words(error.allowed), found=_visible(word))
    return column, SYNTAX("expected", what=EXPECTED("something-else"), found=_visible(_word_at(source, column)))


def _describe_tag(source: str) -> tuple[int, Message]:
    column = source.index("[") + 1
    if '"' not in source:
        return column, SYNTAX("tag-no-value")
    if source.count('"') - source.count('\\"') < 2:
        return column, SYNTAX("tag-no-closing-quote")
    if "]" not in source[source.rindex('"') :]:
        return column, SYNTAX("tag-no-closing-bracket")
    return column, SYNTAX("tag-name")


def letters(word: str) -> str:
    """A word as letters to compare: Hangul syllables taken apart into their jamo, so that a
    one-letter slip in a Korean word (``지슈`` for ``지수``, ``뽁`` for ``뻑``) is as close as one in
    a Latin word (decision P78)."""
    return unicodedata.normalize("NFD", word.lower())


def close_words(word: str, known: Iterable[str]) -> list[str]:
    """The known words closest to a mistyped one (difflib's measure over letters and jamo), at most
    three, the closest first; none when none is close."""
    by_letters: dict[str, str] = {}
    for name in sorted(set(known)):
        by_letters.setdefault(letters(name), name)
    written = letters(word)
    close = difflib.get_close_matches(written, list(by_letters), n=3, cutoff=0.6)
    close.sort(key=lambda match: (-difflib.SequenceMatcher(None, written, match).ratio(), match))
    return [by_letters[match] for match in close]


def did_you_mean(word: str, known: Iterable[str], *, prefix: str = "") -> str | Message | None:
    """The known words closest to a mistyped one, as one message (``!chok or !ttadak``), or None
    when none is close (decision P6)."""
    close = close_words(word, known)
    return either([f"{prefix}{match}" for match in close]) if close else None
