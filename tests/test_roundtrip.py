"""The canonical writer: whatever it writes parses back to the same transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import gsn, sample_files, spec_examples
from hypothesis import HealthCheck, given, settings
from strategies import transcripts

from gostop_arbiter.notation import Transcript, write_transcript
from gostop_arbiter.records import dump, replace

POSITIONS = {"line", "column"}


def without_positions(value: Any) -> Any:
    """A model dump with every line and column removed (the writer moves text around)."""
    if isinstance(value, dict):
        return {k: without_positions(v) for k, v in value.items() if k not in POSITIONS}
    if isinstance(value, list):
        return [without_positions(v) for v in value]
    return value


def written_content(transcript: Transcript) -> list[Any]:
    """What the text says of each hand: tags, statements and comments, without positions."""
    return [
        without_positions(dump(h, include={"tags", "statements", "trailing_comments"}))
        for h in transcript.hands
    ]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transcripts())
def test_write_then_parse_gives_the_same_transcript(transcript: Transcript) -> None:
    text = write_transcript(transcript)
    parsed = gsn(text)
    assert written_content(parsed) == written_content(transcript)
    assert [h.seats for h in parsed.hands] == [h.seats for h in transcript.hands]
    assert write_transcript(parsed) == text


FILES = [*spec_examples(), *sample_files()]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_files_round_trip_and_formatting_is_idempotent(path: Path) -> None:
    original = gsn(path.read_text(encoding="utf-8"))
    canonical = write_transcript(original)
    again = gsn(canonical)
    assert written_content(again) == written_content(original)
    assert write_transcript(again) == canonical


def test_every_comment_survives_formatting() -> None:
    text = (
        "# who: family game\n[Seats \"A, B\"]  # seats\n\n# the deal\ndeal A: ?*10\ndeal B: ?*10\n"
        "A: 3p / 7a   # first turn\n\n# end\n"
    )
    canonical = write_transcript(gsn(text))
    for words in ("who: family game", "seats", "the deal", "first turn", "end"):
        assert words in canonical
    assert canonical == (
        "# who: family game\n[Seats \"A, B\"]  # seats\n# the deal\ndeal A: ?*10\ndeal B: ?*10\n"
        "A: 3p / 7a  # first turn\n# end\n"
    )


def test_writer_refuses_what_no_text_can_say() -> None:
    transcript = gsn('[Seats "A, B"]\nA: stop\n[Hand "2"]\nB: stop\n')
    untagged = replace(transcript.hands[1], tags=[])
    with pytest.raises(ValueError, match="only a tag line starts a new hand"):
        write_transcript(Transcript(hands=[transcript.hands[0], untagged]))
