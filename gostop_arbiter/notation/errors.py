"""Syntax errors a player can read: where, what was expected, and the line with a caret."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable

from lark import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..records import record

# What each terminal of grammar/gsn.lark is, in words, in the order a list of them reads best.
_EXPECTED_WORDS: dict[str, str] = {
    "CARD": "a card such as 3p",
    "UNSEEN": "? (an unseen card)",
    "UNSEEN_MANY": "?*N (N unseen cards)",
    "DEALER_BONUS": "+b2 (a bonus card the dealer took)",
    "BOMB": "bomb",
    "PASS": "pass",
    "SHAKE": "shake",
    "BONUS": "bonus",
    "GIVE": "give",
    "GO": "go",
    "STOP": "stop",
    "SELL": "sell",
    "FOLD": "fold",
    "CHONGTONG": "chongtong",
    "SLASH": "'/' and the flipped card",
    "X": "x and the card taken",
    "AS": "as",
    "PI": "pi",
    "ANIMAL": "animal",
    "DRAW": "draw",
    "MARK": "a mark such as !chok",
    "COLON": "':'",
    "NAME": "a player's name",
    "PAYS": "pays",
    "NAGARI": "nagari",
    "POINTS": "the points (a whole number)",
    "TAG": 'a tag such as [Seats "A, B"]',
    "DEAL": "deal",
    "TABLE": "table",
    "STOCK": "stock",
    "PILE": "pile",
    "CLAIM": "claim",
    "TURN_NUMBER": "a turn number such as 12.",
    "_NL": "the end of the line",
    "$END": "the end of the line",
}
_ORDER = {name: i for i, name in enumerate(_EXPECTED_WORDS)}

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
    source: str = ""
    """The text of the line, for showing it with a caret (not part of the JSON shape)."""

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "line": self.line, "column": self.column, "message": self.message}

    def render(self, path: str) -> str:
        """``path:line:col: message``, then the line and a caret under the fault."""
        head = f"{path}:{self.line}:{self.column}: {self.message}"
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


def expected_in_words(terminals: Iterable[str]) -> str:
    """``a card such as 3p, bomb or pass``: the terminals a parser wanted, as a sentence."""
    words: list[str] = []
    for name in sorted(set(terminals), key=lambda n: (_ORDER.get(n, len(_ORDER)), n)):
        word = _EXPECTED_WORDS.get(name, name.lower())
        if word not in words:
            words.append(word)
    if not words:
        return "something else"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def not_a_card(word: str) -> str:
    """What is said of a word written where a card goes that is no card (``8광광``, ``1kw``)."""
    return f"'{_visible(word)}' is not a card: write the month and a category, such as 3p, 8g, 9a, 1r, 11pp or 8광"


def later_non_cards(source: str, column: int, is_card: Callable[[str], bool]) -> list[tuple[int, str]]:
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


def describe(error: UnexpectedInput, source: str) -> tuple[int, str]:
    """The column and the message for a Lark error on a line whose text is ``source``."""
    column = max(1, error.column) if isinstance(error.column, int) else 1
    if source.lstrip().startswith("[") and not _TAG_SHAPE.match(source):
        return _describe_tag(source)
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type in ("_NL", "$END"):
            found = "the end of the line"
            column = len(source.rstrip()) + 1
        else:
            found = f"'{_visible(token.value)}'"
        return column, f"expected {expected_in_words(error.expected)}, but found {found}"
    if isinstance(error, UnexpectedCharacters):
        word = _word_at(source, column)
        if _LOOKS_LIKE_CARD.fullmatch(word) and "CARD" in error.allowed:
            return column, not_a_card(word)
        return column, f"expected {expected_in_words(error.allowed)}, but found '{_visible(word)}'"
    return column, str(error)


def _describe_tag(source: str) -> tuple[int, str]:
    column = source.index("[") + 1
    if '"' not in source:
        return column, 'a tag is written [Name "value"]: the value is missing or not in quotes'
    if source.count('"') - source.count('\\"') < 2:
        return column, 'a tag is written [Name "value"]: the closing quote is missing'
    if "]" not in source[source.rindex('"') :]:
        return column, 'a tag is written [Name "value"]: the closing ] is missing'
    return column, 'a tag is written [Name "value"], with a name of letters, digits, _ or .'


def did_you_mean(word: str, known: Iterable[str], *, prefix: str = "") -> str:
    """`` (did you mean !chok?)``: the known words closest to a mistyped one (difflib's measure),
    or nothing when none is close, to follow the word in a message (decision P6)."""
    word = word.lower()
    close = difflib.get_close_matches(word, sorted(set(known)), n=3, cutoff=0.6)
    close.sort(key=lambda match: (-difflib.SequenceMatcher(None, word, match).ratio(), match))
    if not close:
        return ""
    named = [f"{prefix}{match}" for match in close]
    return f" (did you mean {', '.join(named[:-1]) + ' or ' if len(named) > 1 else ''}{named[-1]}?)"
