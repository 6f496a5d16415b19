"""JSON Schemas of what the arbiter prints, exported by pydantic from the records (schema_version 1)."""

from __future__ import annotations

from typing import Any

from . import records
from .verdict import SCHEMA_VERSION


def json_schema(what: str) -> dict[str, Any]:
    """The JSON Schema of ``verdict`` (``check --json``), ``transcript`` (``parse --json``) or ``profile``."""
    if what == "verdict":
        from .verdict import Verdict

        schema = records.json_schema(Verdict)
    elif what == "transcript":
        from .notation.model import Transcript

        schema = records.json_schema(Transcript)
    else:
        from .rules import Profile

        schema = records.json_schema(Profile)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["x-schema-version"] = SCHEMA_VERSION
    return schema
