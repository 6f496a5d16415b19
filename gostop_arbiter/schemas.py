"""JSON Schemas of what the arbiter prints, exported from the pydantic models (schema_version 1)."""

from __future__ import annotations

from typing import Any

from .verdict import SCHEMA_VERSION


def json_schema(what: str) -> dict[str, Any]:
    """The JSON Schema of ``verdict`` (``check --json``), ``transcript`` (``parse --json``) or ``profile``."""
    if what == "verdict":
        from .verdict import Verdict

        schema = Verdict.model_json_schema(by_alias=True, mode="serialization")
    elif what == "transcript":
        from .notation.model import Transcript

        schema = Transcript.model_json_schema(mode="serialization")
    else:
        from .rules import Profile

        schema = Profile.model_json_schema(mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["x-schema-version"] = SCHEMA_VERSION
    return schema
