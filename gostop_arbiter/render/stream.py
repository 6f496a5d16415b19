"""``check``'s output written as the hands are judged, so that its memory does not grow with the file.

The JSON document is written piece by piece in exactly the bytes ``json.dumps(document,
ensure_ascii=False, indent=2)`` gives for the whole (json never puts a raw newline inside a value,
so a value dumped alone and indented line by line reads as it would inside the document). A file's
hands wait in a :class:`Spool` until the file has been read to its end, because a syntax error
anywhere in a file means no verdict for any of its hands (GSN §8).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Mapping
from types import TracebackType
from typing import IO, Any

import msgspec

from ..records import json_bytes
from ..verdict import HandVerdict

SPOOL_IN_MEMORY = 1 << 20
"""Bytes a spool holds in memory before it moves to a temporary file."""


def json_text(value: object, depth: int) -> str:
    """``value`` as json.dumps(indent=2) writes it ``depth`` levels deep in a document."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * depth)


def record_json_text(item: object, depth: int) -> str:
    """A record (a hand's verdict) as :func:`json_text` writes its ``dump(…, mode="json",
    by_alias=True)``, the same bytes, written by msgspec from the record: json's indenting
    encoder is its pure-Python one, which cost ``check --json`` a sixth of its time (decision C23)."""
    indented = msgspec.json.format(json_bytes(item), indent=2).decode()
    return indented.replace("\n", "\n" + "  " * depth)


class Spool:
    """Text kept (on disk once it is big) until it is known whether it is to be printed."""

    def __init__(self) -> None:
        self._file: IO[str] = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed by __exit__)
            max_size=SPOOL_IN_MEMORY, mode="w+", encoding="utf-8", newline=""
        )
        self.empty = True

    def write(self, text: str) -> None:
        self._file.write(text)
        self.empty = False

    def copy_to(self, out: IO[str]) -> None:
        self._file.seek(0)
        shutil.copyfileobj(self._file, out)

    def __enter__(self) -> Spool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._file.close()


class JsonDocument:
    """``{"schema_version": …, "files": [...]}`` written file by file, each file's hands from a spool."""

    def __init__(self, out: IO[str], schema_version: int) -> None:
        self.out = out
        self.files = 0
        out.write("{\n  " + json_text("schema_version", 1) + ": " + json_text(schema_version, 1) + ',\n  "files": [')

    @staticmethod
    def hand(spool: Spool, hand: HandVerdict) -> None:
        """Add one hand's verdict to a file's spool of hands."""
        spool.write(("\n" if spool.empty else ",\n") + "        " + record_json_text(hand, 4))

    def file(self, document: Mapping[str, Any], hands: Spool | None = None) -> None:
        """One file's entry; its ``hands`` come from ``hands`` when it holds any."""
        out = self.out
        out.write(",\n    {" if self.files else "\n    {")
        self.files += 1
        for i, (key, value) in enumerate(document.items()):
            out.write((",\n      " if i else "\n      ") + json_text(key, 3) + ": ")
            if key == "hands" and hands is not None and not hands.empty:
                out.write("[")
                hands.copy_to(out)
                out.write("\n      ]")
            else:
                out.write(json_text(value, 3))
        out.write("\n    }" if document else "}")

    def close(self) -> None:
        self.out.write("\n  ]\n}\n" if self.files else "]\n}\n")
