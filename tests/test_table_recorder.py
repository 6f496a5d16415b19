"""The recorder against the judge: simulated hands of every profile, two to four at the table,
hidden hands among them, recorded statement by statement as a scorekeeper would (the set-up, the
deal in one write, then each line). Every statement is accepted, and ``check`` judges the
recorder's file as it judges the simulated one; a tampered hand is refused where it breaks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gostop_arbiter import judge_text, read_text
from gostop_arbiter.notation import Hand, write_statement
from gostop_arbiter.records import dump
from gostop_arbiter.table.recorder import Recorder, RecorderError, Setup

DEAL = ("deal", "table", "stock")


def simulated(*options: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "simulate", "--quiet", *options],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def record(evening: Recorder, text: str) -> None:
    """Every hand of a transcript recorded onto the evening, as the table app's page sends it."""
    record_hands(evening, read_text(text).hands)


def record_hands(evening: Recorder, hands: list[Hand]) -> None:
    for number, hand in enumerate(hands):
        dealer = hand.tag("Dealer")
        evening.start(
            evening.revision,
            Setup(
                list(hand.seats),
                dealer.value if dealer else None if number else hand.seats[0],
                hand.stake,
                hand.rules,
                dict(hand.sets),
            ),
        )
        lines = [write_statement(s) for s in hand.statements]
        dealt = sum(1 for s in hand.statements if s.kind in DEAL)
        evening.push(evening.revision, lines[:dealt])
        for line in lines[dealt:]:
            evening.push(evening.revision, [line])


def verdicts(text: str) -> list[dict[str, object]]:
    judged = judge_text(text)
    keep = (
        "seats",
        "dealer",
        "valid",
        "outcome",
        "winner",
        "violations",
        "scores",
        "payments",
        "carry_in",
        "carry_out",
        "stake",
    )
    return [{k: v for k, v in dump(h, mode="json").items() if k in keep} for h in judged.hands] + [judged.balance]


@pytest.mark.parametrize(
    "options",
    [
        ("--players", "2", "--hands", "4", "--seed", "11"),
        ("--players", "2", "--hands", "3", "--seed", "12", "--hide", "Jae"),
        ("--players", "3", "--hands", "3", "--seed", "13"),
        ("--players", "3", "--hands", "3", "--seed", "14", "--hide", "Soo", "--stake", "100"),
        ("--players", "4", "--hands", "3", "--seed", "15"),
        ("--players", "2", "--hands", "4", "--seed", "16", "--rules", "online-matgo"),
        ("--players", "3", "--hands", "2", "--seed", "17", "--rules", "gamerules"),
        ("--players", "2", "--hands", "2", "--seed", "18", "--rules", "wikipedia"),
        ("--players", "3", "--hands", "2", "--seed", "19", "--rules", "minhwatu"),
        ("--players", "2", "--hands", "4", "--seed", "10", "--rules", "wikipedia-it", "--hide", "Jae"),
        ("--players", "3", "--hands", "3", "--seed", "20", "--rules", "wikipedia-it"),
        ("--players", "2", "--hands", "4", "--seed", "1", "--rules", "online-matgo"),
    ],
    ids=lambda options: "-".join(o.lstrip("-") for o in options),
)
def test_a_simulated_evening_recorded_line_by_line_is_judged_as_written(
    options: tuple[str, ...], tmp_path: Path
) -> None:
    text = simulated(*options)
    evening = Recorder(tmp_path / "evening.gsn")
    record(evening, text)
    written = (tmp_path / "evening.gsn").read_text(encoding="utf-8")
    assert verdicts(written) == verdicts(text)
    assert [write_statement(s) for h in read_text(written).hands for s in h.statements] == [
        write_statement(s) for h in read_text(text).hands for s in h.statements
    ]


@pytest.mark.parametrize("tamper", ["duplicate", "foreign", "illegal-call", "missing-call", "removed", "wrong-player"])
def test_a_tampered_hand_is_refused_where_it_breaks(tamper: str, tmp_path: Path) -> None:
    text = simulated("--players", "2", "--hands", "1", "--seed", "21", "--tamper", tamper)
    judged = judge_text(text).hands[0]
    evening = Recorder(tmp_path / "evening.gsn")
    if judged.valid:
        record(evening, text)  # a tampering the rules cannot see is recorded as it is
        return
    with pytest.raises(RecorderError) as refused:
        record(evening, text)
    first = judged.violations[0]
    assert refused.value.violations and refused.value.violations[0].code == first.code
    # what was recorded before it stands, and is valid so far
    written = (tmp_path / "evening.gsn").read_text(encoding="utf-8") if (tmp_path / "evening.gsn").exists() else ""
    assert not written or all(not h.violations for h in judge_text(written).hands if h.outcome != "incomplete")


def test_an_evening_builds_its_parser_once_whatever_it_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line a page sends is read by the evening's own reader: its parser is built once, not
    once a line (about 4 ms each), and nothing outside the recorder keeps it."""
    import gostop_arbiter.notation.reader as reader

    evenings = [read_text(simulated("--players", "2", "--hands", "2", "--seed", str(seed))).hands for seed in (11, 12)]
    built: list[object] = []
    real = reader.build_parser
    monkeypatch.setattr(reader, "build_parser", lambda *a, **k: built.append(1) or real(*a, **k))
    record_hands(Recorder(tmp_path / "evening.gsn"), evenings[0])
    assert len(built) == 1
    record_hands(Recorder(tmp_path / "other.gsn"), evenings[1])
    assert len(built) == 2  # another evening, a reader of its own
