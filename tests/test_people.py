"""What people see: the report in Korean or without colour, the turn-by-turn replay, the schema."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from conftest import SAMPLES, SPEC_EXAMPLES

from gostop_arbiter.notation import parse_text
from gostop_arbiter.render.replay import snapshots
from gostop_arbiter.rules import profile_named


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_the_report_in_korean() -> None:
    result = run("check", str(SAMPLES / "gostop-3p-bomb-shake.gsn"), "--lang", "ko", env={"COLUMNS": "200"})
    assert result.returncode == 0
    for word in ("광박", "폭탄", "점수", "지불", "정산", "광 없음", "폭탄 한 번", "플레이어", "240원", "Yuna 승"):
        assert word in result.stdout
    assert "선수" not in result.stdout, "a player is 플레이어 or the name itself"


COLOUR = re.compile(r"\x1b\[(?:\d+;)*(?:3[0-7]|38;|9[0-7])")


def test_no_colour_by_flag_or_environment() -> None:
    coloured = run("check", str(SAMPLES / "gostop-3p-tally.gsn"), env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert COLOUR.search(coloured.stdout)
    for extra, env in ((["--no-color"], {"FORCE_COLOR": "1"}), ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"})):
        plain = run("check", str(SAMPLES / "gostop-3p-tally.gsn"), *extra, env=env)
        assert not COLOUR.search(plain.stdout) and "Sora" in plain.stdout


def test_replay_shows_the_table_after_each_turn() -> None:
    text = (SPEC_EXAMPLES / "03-ja-ppeok.gsn").read_text(encoding="utf-8")
    (hand,) = parse_text(text).hands
    snaps = list(snapshots(hand, profile_named("standard"), "B"))
    assert [s.turn for s in snaps] == list(range(1, 21))
    assert snaps[-1].outcome == "stop" and snaps[-1].winner == "A"
    ppeok = next(s for s in snaps if s.line == 19)
    assert any(owner == "A" and len(cards) == 3 for _m, cards, owner in ppeok.table)
    for snap in snaps:  # every card has a place after every turn
        hands = sum(len(c) + snap.unseen[p] for p, c in snap.hands.items())
        table = sum(len(c) for _m, c, _o in snap.table)
        assert hands + table + sum(len(p) for p in snap.piles.values()) <= 48


def test_replay_command() -> None:
    result = run("replay", str(SPEC_EXAMPLES / "03-ja-ppeok.gsn"), "--turn", "18", "--no-color")
    assert result.returncode == 0
    assert "turn 18 · line 27" in result.stdout and "ja-ppeok" in result.stdout
    assert run("replay", str(SPEC_EXAMPLES / "03-ja-ppeok.gsn"), "--turn", "99").returncode == 2
    assert run("replay", str(SPEC_EXAMPLES / "12-tally-2p-go-bak.gsn")).returncode == 2


def test_schema_command() -> None:
    for what in ("verdict", "transcript", "profile"):
        result = run("schema", what)
        assert result.returncode == 0
        assert json.loads(result.stdout)["x-schema-version"] == 1
