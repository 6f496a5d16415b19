"""Text as pieces, each with its style: what the report says, made into a rich ``Text`` only for a
console that shows styles (a pipe or a file takes the pieces' plain text, joined)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.control import strip_control_codes
from rich.text import Span, Text

Piece = tuple[str, str]
"""A piece of text and its style (``""``: none), as ``Text.append_tokens`` takes them."""

Pieces = tuple[Piece, ...]
"""A text as its pieces."""

Styled = Text | str | Pieces
"""A text as the report holds it: rich's, a plain string (as ``Text(string)``), or pieces."""


def plain_text(styled: Styled) -> str:
    """The text as rich holds it: its pieces joined, control codes taken out (as ``Text`` does)."""
    if isinstance(styled, Text):
        return styled.plain
    return strip_control_codes(styled if isinstance(styled, str) else "".join(piece for piece, _style in styled))


def rich_text(styled: Styled) -> Text:
    """The text as rich's ``Text``."""
    if isinstance(styled, Text):
        return styled
    return Text(styled) if isinstance(styled, str) else styled_text(styled)


def styled_text(pieces: Iterable[Piece]) -> Text:
    """The text ``Text().append_tokens(pieces)`` makes (a span for each styled piece), its string
    joined once: rich cleans each piece of control codes on its own, which was a third of the text
    report's own cost (thirty pieces a hand, a card each); here the whole is cleaned once, and only
    a text that holds control codes is made piece by piece, so that its spans fall where rich's do."""
    pieces = list(pieces)
    plain = "".join(piece for piece, _style in pieces)
    if strip_control_codes(plain) != plain:
        return Text().append_tokens(pieces)
    spans: list[Span] = []
    start = 0
    for piece, style in pieces:
        end = start + len(piece)
        if style:
            spans.append(Span(start, end, style))
        start = end
    return Text(plain, spans=spans)
