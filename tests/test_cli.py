"""The command as a user runs it: exit statuses, JSON shapes, standard input (GSN §8)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import sample_files
from test_syntax_errors import FIVE_BROKEN

from gostop_arbiter import __version__
from gostop_arbiter.exitcodes import Exit

GOOD = '[Seats "A, B"]\ndeal A: ?*10\ndeal B: ?*10\nA: 3P  /  7a # first\n'
CANONICAL = '[Seats "A, B"]\ndeal A: ?*10\ndeal B: ?*10\nA: 3p / 7a  # first\n'


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_version() -> None:
    result = run("--version")
    assert result.returncode == Exit.OK
    assert __version__ in result.stdout


def test_the_console_script_is_installed() -> None:
    script = shutil.which("gostop-arbiter")
    assert script is not None, "pip install . provides the gostop-arbiter command"
    result = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == Exit.OK


def test_the_installed_command_reads_a_sample_from_anywhere(tmp_path: Path) -> None:
    # Run outside the source tree, so that the installed package (and its grammar) is what runs.
    script = shutil.which("gostop-arbiter")
    assert script is not None
    sample = sorted(sample_files())[0]
    result = subprocess.run([script, "parse", str(sample), "--json"], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == Exit.OK, result.stderr
    assert json.loads(result.stdout)["files"][0]["hands"]


def test_the_command_collects_garbage_while_it_works_and_freezes_what_starting_made() -> None:
    # Decision B5: no collection while the CLI is imported, then the imports' objects frozen, and
    # collection on again while files are read and judged (a long file's garbage is still freed).
    probe = (
        "import gc, sys\n"
        "import gostop_arbiter.cli as cli\n"
        "def seen():\n"
        "    print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "    sys.exit(3)\n"
        "cli.main = seen\n"
        "from gostop_arbiter._entry import main\n"
        "main()\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 3, result.stderr
    assert result.stdout.split() == ["True", "True"]


def test_parse_json_prints_the_transcript_model(tmp_path: Path) -> None:
    path = tmp_path / "game.gsn"
    path.write_text(GOOD, encoding="utf-8")
    result = run("parse", str(path), "--json")
    assert result.returncode == Exit.OK, result.stderr
    document = json.loads(result.stdout)
    assert document["schema_version"] == 1
    (entry,) = document["files"]
    assert entry["path"] == str(path)
    (hand,) = entry["hands"]
    assert hand["seats"] == ["A", "B"]
    turn = hand["statements"][-1]
    assert turn["kind"] == "turn" and turn["cards"][0]["code"] == "3p" and turn["line"] == 4


def test_parse_for_people(tmp_path: Path) -> None:
    path = tmp_path / "game.gsn"
    path.write_text(GOOD, encoding="utf-8")
    result = run("parse", str(path))
    assert result.returncode == Exit.OK
    assert "hand 1" in result.stdout and "A: 3p / 7a" in result.stdout


def test_five_broken_lines_give_five_located_errors_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.gsn"
    path.write_text(FIVE_BROKEN, encoding="utf-8")
    result = run("parse", str(path))
    assert result.returncode == Exit.UNREADABLE
    located = [line for line in result.stderr.splitlines() if line.startswith(f"{path}:")]
    assert [line.split(":")[1:3] for line in located] == [["7", "9"], ["9", "6"], ["11", "6"], ["12", "18"], ["14", "7"]]
    assert "Traceback" not in result.stderr


def test_syntax_errors_in_json_have_the_shape_of_gsn_8(tmp_path: Path) -> None:
    path = tmp_path / "broken.gsn"
    path.write_text(FIVE_BROKEN, encoding="utf-8")
    result = run("parse", str(path), "--json")
    assert result.returncode == Exit.UNREADABLE
    (entry,) = json.loads(result.stdout)["files"]
    assert len(entry["errors"]) == 5
    assert set(entry["errors"][0]) == {"code", "line", "column", "message"}
    assert entry["errors"][0]["code"] == "syntax"


def test_standard_input() -> None:
    result = run("parse", "-", "--json", stdin=GOOD)
    assert result.returncode == Exit.OK
    assert json.loads(result.stdout)["files"][0]["path"] == "-"
    formatted = run("fmt", "-", stdin=GOOD)
    assert formatted.returncode == Exit.OK
    assert formatted.stdout == CANONICAL


def test_fmt_rewrites_and_check_lists_what_is_not_canonical(tmp_path: Path) -> None:
    messy, tidy = tmp_path / "messy.gsn", tmp_path / "tidy.gsn"
    messy.write_text(GOOD, encoding="utf-8")
    tidy.write_text(CANONICAL, encoding="utf-8")
    checked = run("fmt", "--check", str(messy), str(tidy))
    assert checked.returncode == Exit.INVALID
    assert str(messy) in checked.stdout and str(tidy) not in checked.stdout
    assert messy.read_text(encoding="utf-8") == GOOD, "--check changes nothing"
    assert run("fmt", str(messy)).returncode == Exit.OK
    assert messy.read_text(encoding="utf-8") == CANONICAL
    assert run("fmt", "--check", str(messy)).returncode == Exit.OK


def test_fmt_leaves_a_broken_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "broken.gsn"
    path.write_text(FIVE_BROKEN, encoding="utf-8")
    result = run("fmt", str(path))
    assert result.returncode == Exit.UNREADABLE
    assert path.read_text(encoding="utf-8") == FIVE_BROKEN


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["parse", "no-such-file.gsn"], "cannot read no-such-file.gsn"),
        (["parse"], "Missing argument"),
        (["frobnicate"], "No such command"),
    ],
)
def test_misuse_and_unreadable_files_exit_2(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.returncode == Exit.UNREADABLE
    assert words in result.stderr
    assert "Traceback" not in result.stderr


def test_binary_junk_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "junk.gsn"
    path.write_bytes(bytes(range(256)) * 4)
    result = run("parse", str(path))
    assert result.returncode == Exit.UNREADABLE
    assert "not UTF-8" in result.stderr and "Traceback" not in result.stderr


def test_samples_parse_and_are_canonical() -> None:
    samples = [str(p) for p in sample_files()]
    assert len(samples) >= 6
    assert run("parse", *samples, "--json").returncode == Exit.OK
    assert run("fmt", "--check", *samples).returncode == Exit.OK


def test_the_knobs_of_a_profile_are_listed_group_by_group_in_few_lines() -> None:
    """``rules standard`` was a table of four columns, 456 lines at 80 columns, the meaning a
    sixth of the width: now each knob is a line, its meaning the next, under its group."""
    from gostop_arbiter.render.rules import knob_rows
    from gostop_arbiter.rules import profile_named

    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "rules", "standard"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "80"},
    )
    lines = result.stdout.splitlines()
    rows = knob_rows(profile_named("standard"))
    assert len(lines) < 2.5 * len(rows) + 30
    for row in rows:
        assert any(line.startswith(f"  {row['knob']} = ") for line in lines), row["knob"]
        assert f"      {row['meaning']}" in lines
    assert "\ndeck\n  bonus_cards = (none)  (rule DK-6)\n" in result.stdout
