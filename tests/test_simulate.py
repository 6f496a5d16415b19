"""``gostop-arbiter simulate``: legal random hands, and hands with one deliberate fault each."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gostop_arbiter.exitcodes import Exit
from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.notation import parse_text, write_transcript
from gostop_arbiter.rules import profile_named
from gostop_arbiter.tools.simulate import simulate
from gostop_arbiter.tools.tamper import TAMPER_KINDS


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=120)


def test_simulate_writes_legal_gsn_the_same_for_a_seed(tmp_path: Path) -> None:
    first = run("simulate", "--players", "3", "--seed", "11", "--hands", "4")
    assert first.returncode == 0 and first.stderr == ""
    assert first.stdout == run("simulate", "--players", "3", "--seed", "11", "--hands", "4").stdout
    path = tmp_path / "session.gsn"
    assert run("simulate", "--players", "3", "--seed", "11", "--hands", "4", "-o", str(path)).returncode == 0
    assert path.read_text(encoding="utf-8") == first.stdout
    checked = run("check", str(path), "--json")
    assert checked.returncode in (Exit.OK, Exit.DISPUTED), checked.stdout
    assert len(json.loads(checked.stdout)["files"][0]["hands"]) == 4
    assert run("fmt", "--check", str(path)).returncode == Exit.OK


def test_simulate_hides_a_players_cards() -> None:
    result = run("simulate", "--players", "2", "--seed", "3", "--hide", "Jae")
    assert "deal Jae: ?*10" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "nonsense"], "unknown rules profile"),
        (["--hide", "Nobody"], "Nobody is not at the table"),
        (["--players", "4", "--rules", "wikipedia-it"], "no four-player hand"),
        (["--players", "8"], "8 is not in the range"),
        (["--players", "7"], "the standard deck holds 48: it needs a joker"),
        (["--players", "5", "--rules", "minhwatu"], "Minhwatu is played by two to four"),
    ],
)
def test_simulate_usage_errors(args: list[str], words: str) -> None:
    result = run("simulate", *args)
    assert result.returncode == Exit.UNREADABLE and words in result.stderr


PROFILES = ["standard", "online-matgo", "wikipedia", "gamerules", "wikipedia-it"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TAMPER_KINDS)), st.sampled_from(PROFILES), st.integers(2, 3), st.integers(0, 2**31))
def test_every_tampered_hand_is_caught(kind: str, rules: str, players: int, seed: int) -> None:
    if rules == "online-matgo":
        players = 2
    transcript = simulate(profile_named(rules), players=players, hands=1, seed=seed, tamper=kind)
    text = write_transcript(transcript)
    assert f'[Note "tampered: {kind}"]' in text
    (verdict,) = judge_file("t.gsn", parse_text(text).hands).hands
    assert TAMPER_KINDS[kind] in [v.code for v in verdict.violations]
    assert not verdict.valid
