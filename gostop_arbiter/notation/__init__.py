"""GSN, the notation: grammar, reader (text → models), writer (models → text).

This layer knows the notation and nothing of the rules: it never decides what a play means.
"""

from __future__ import annotations

from .errors import SyntaxIssue
from .model import Hand, Statement, Transcript
from .reader import GsnSyntaxError, HandResult, normalise_lines, parse_text, read_hands, read_statement
from .writer import write_hand, write_statement, write_transcript

__all__ = [
    "GsnSyntaxError",
    "Hand",
    "HandResult",
    "Statement",
    "SyntaxIssue",
    "Transcript",
    "normalise_lines",
    "parse_text",
    "read_hands",
    "read_statement",
    "write_hand",
    "write_statement",
    "write_transcript",
]
