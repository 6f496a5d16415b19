"""Hostile input and faults (issue 17): what anyone on the network may send, and what the machine
may do to the command, ends in a located error or one line and an exit status, never a traceback."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from click.testing import CliRunner
from conftest import SAMPLES, sample_files, spec_examples

from gostop_arbiter import judge_text
from gostop_arbiter.cli import cli
from gostop_arbiter.engine import HandBoard, IllegalStatement
from gostop_arbiter.exitcodes import Exit
from gostop_arbiter.judging.file import RulesChoice, judge_file
from gostop_arbiter.notation import parse_text
from gostop_arbiter.notation.reader import MAX_TAG_VALUE
from gostop_arbiter.records import dump
from gostop_arbiter.rules import profile_named
from gostop_arbiter.settlement import settle_up
from gostop_arbiter.verdict import SCHEMA_VERSION

SAMPLE = SAMPLES / "matgo-hidden-hand.gsn"
PLAYED = SAMPLE.read_text(encoding="utf-8")
COMMAND = [sys.executable, "-m", "gostop_arbiter"]


def run(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    options.setdefault("capture_output", True)
    options.setdefault("timeout", 120)
    return subprocess.run([*COMMAND, *args], text=True, **options)  # type: ignore[call-overload, no-any-return]


def one_line_and_no_traceback(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


# ---- bounded cost -----------------------------------------------------------------------------


@pytest.mark.parametrize("tag", ["Event", "Foo", "Seats", "Rules"])
def test_a_huge_tag_value_is_one_located_error_and_the_rest_is_read(tmp_path: Path, tag: str) -> None:
    path = tmp_path / "huge.gsn"
    value = "x, " * ((1 << 19) // 3)  # 512 KiB, within a line's limit (8 MiB took 8-15 s and 7.5 GB)
    path.write_text(f'[{tag} "{value}"]\n' + PLAYED + "Bo: 3q\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == Exit.UNREADABLE
    assert f"{path}:1:{len(tag) + 4}: a tag's value holds at most {MAX_TAG_VALUE:,} characters" in result.output
    assert "'3q' is not a card" in result.output  # the other lines are still read
    assert len(result.output) < 2_000  # the line is shown cut around the caret


def test_a_tag_value_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "long.gsn"
    path.write_text(f'[Note "{"n" * MAX_TAG_VALUE}"]\n' + PLAYED, encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == Exit.OK


def test_an_unclosed_huge_tag_says_so(tmp_path: Path) -> None:
    path = tmp_path / "open.gsn"
    path.write_text('[Note "' + "n" * (1 << 19) + "\n" + PLAYED, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert result.exit_code == Exit.UNREADABLE
    (error,) = json.loads(result.output)["files"][0]["errors"]
    assert (error["line"], error["column"]) == (1, 8) and "no closing quote" in error["message"]


def test_many_names_in_seats_are_counted_once(tmp_path: Path) -> None:
    names = ", ".join(f"P{i % 1200}" for i in range(1400))  # was quadratic: 262,144 names ran for minutes
    path = tmp_path / "seats.gsn"
    path.write_text(f'[Seats "{names}"]\ndeal P0: 1g\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    errors = json.loads(result.output)["files"][0]["errors"]
    assert sum("is listed twice in Seats" in e["message"] for e in errors) == 200


# ---- the engine's cost: a line longer than the deck, many violations of one kind, many marks ----


def test_a_deal_line_longer_than_the_deck_is_one_violation(tmp_path: Path) -> None:
    # bench/hostile.py's 1 MB line (349,525 cards) made 349,524 extra-card violations, 8-10 s and 1 GB
    path = tmp_path / "long-deal.gsn"
    path.write_text(PLAYED.replace("deal Bo: ?*10", "deal Bo: " + "3p " * 5_000), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert result.exit_code == Exit.INVALID
    (hand,) = json.loads(result.output)["files"][0]["hands"]
    on_the_line = [(v["code"], v["message"], v["params"]) for v in hand["violations"] if v["line"] == 8]
    assert on_the_line == [
        (
            "extra-card",
            "5000 cards dealt to Bo: the whole deck holds 48, so their cards are not counted",
            {"where": "dealt to Bo", "cards": 5000, "deck": 48},
        ),
        ("deal-size", "Bo was dealt 5000 cards; the deal is 10", {"got": 5000, "size": 10}),
    ]


def test_a_deal_line_as_long_as_the_deck_counts_each_card() -> None:
    (hand,) = judge_text(PLAYED.replace("deal Bo: ?*10", "deal Bo: 1g 1g 1g ?*45")).hands  # 48 cards
    assert [(v.code, v.line, v.column, v.card) for v in hand.violations if v.line == 8] == [
        ("deal-size", 8, 1, None),
        ("extra-card", 8, 10, "1g"),  # Ara's deal line holds the deck's one 1g already
        ("extra-card", 8, 13, "1g"),
        ("extra-card", 8, 16, "1g"),
    ]


AFTER_THE_STOP = "Bo: 12a / 3r\n"
"""A turn written after Ara's stop, the last line of PLAYED (line 29): each one is ``after-end``."""


def test_past_twenty_violations_of_one_kind_the_rest_are_one_closing_violation() -> None:
    (hand,) = judge_text(PLAYED + AFTER_THE_STOP * 35).hands
    after_end = [(v.line, v.message, v.params) for v in hand.violations if v.code == "after-end"]
    stopped = {"outcome": "stop", "winner": "Ara", "ended_line": 29}
    assert after_end[:20] == [(line, "the hand is over: Ara stopped on line 29", stopped) for line in range(30, 50)]
    assert after_end[20:] == [
        (
            50,
            "and 15 more after-end violations up to line 64, not listed one by one",
            {"more": 15, "shown": 20, "last_line": 64},
        )
    ]
    assert not hand.valid and hand.outcome == "stop"


def test_twenty_violations_of_one_kind_are_all_listed() -> None:
    (hand,) = judge_text(PLAYED + AFTER_THE_STOP * 20).hands
    assert [v.line for v in hand.violations if v.code == "after-end"] == list(range(30, 50))


def test_a_tally_pile_past_twenty_faults_of_one_kind_is_capped_as_a_played_hand_is(tmp_path: Path) -> None:
    """A pile line of 30,000 unknown cards and 30,000 of one card: 20 of each listed, one closing
    violation each, and the text report written (it drew a caret for every one, in quadratic time)."""
    pile = " ".join(["13p"] * 30_000 + ["1p"] * 30_000)
    text = f'[Seats "A, B"]\npile A: {pile}\npile B: 6p\nA: stop\n'
    (hand,) = judge_text(text).hands
    for code, more in (("unknown-card", 30_000 - 20), ("extra-card", 30_000 - 2 - 20)):
        found = [v for v in hand.violations if v.code == code]
        assert len(found) == 21 and found[-1].params["more"] == more, code
    report = tmp_path / "piles.gsn"
    report.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(report)])
    assert result.exit_code == Exit.INVALID and result.output.count("^") <= 50


def test_a_board_past_the_cap_still_refuses_the_statement() -> None:
    (hand,) = parse_text(PLAYED + AFTER_THE_STOP * 25).hands
    board = HandBoard.of_hand(hand, profile_named("standard"), dealer="Ara")
    board.push_all(hand.statements, strict=False)
    with pytest.raises(IllegalStatement) as refused:
        board.push(hand.statements[-1])
    assert [v.params["more"] for v in refused.value.violations] == [6]
    assert board.statements == hand.statements  # the refused statement left the board as it was
    assert [v.params.get("more") for v in board.violations][-2:] == [None, 5]


def test_a_mark_written_many_times_is_one_discrepancy() -> None:
    marked = PLAYED.replace("Ara: 8p / 9p", "Ara: 8p / 9p" + " !chok !sweep" * 5_000)
    (hand,) = judge_text(marked).hands
    assert [(d.kind, d.line, d.message) for d in hand.discrepancies] == [
        ("mark", 10, "marked !chok, but the replay finds no chok"),
        ("mark", 10, "marked !sweep, but the replay finds no sweep"),
    ]


# ---- check's streamed output is today's output ------------------------------------------------


def _whole_document(paths: list[Path], settle: bool) -> str:
    """The JSON document as check wrote it before it streamed: every verdict, then one json.dumps."""
    files = []
    for path in paths:
        transcript = parse_text(path.read_text(encoding="utf-8"))
        document = dump(judge_file(str(path), transcript.hands, RulesChoice()), mode="json", by_alias=True)
        if not document["errors"]:
            del document["errors"]
        if settle:
            transfers = settle_up(document["balance"])
            document["settle_up"] = [{"from": a, "to": b, "amount": n} for a, b, n in transfers]
        files.append(document)
    return json.dumps({"schema_version": SCHEMA_VERSION, "files": files}, ensure_ascii=False, indent=2) + "\n"


@pytest.mark.parametrize("settle", [False, True])
def test_the_streamed_json_is_byte_for_byte_the_whole_document(tmp_path: Path, settle: bool) -> None:
    session = tmp_path / "session.gsn"
    assert run("simulate", "--players", "3", "--hands", "150", "--seed", "17", "-o", str(session)).returncode == 0
    paths = [*spec_examples(), *sample_files(), session]
    result = CliRunner().invoke(cli, ["check", "--json", *map(str, paths)] + (["--settle"] if settle else []))
    assert result.stdout == _whole_document(paths, settle)


def test_a_syntax_error_after_many_hands_still_means_no_verdict(tmp_path: Path) -> None:
    path = tmp_path / "late.gsn"
    assert run("simulate", "--hands", "250", "--seed", "3", "-o", str(path)).returncode == 0
    with path.open("a", encoding="utf-8") as handle:
        handle.write('\n[Hand "251"]\nMinji: 3q\n')
    for args in (["--json"], []):
        result = CliRunner().invoke(cli, ["check", str(path), *args])
        assert result.exit_code == Exit.UNREADABLE
        if args:
            entry = json.loads(result.stdout)["files"][0]
            assert entry["hands"] == [] and entry["errors"][0]["code"] == "syntax"
        else:  # the report is written as the hands are judged, and ends by saying they do not count (H17)
            assert "hand 250 ·" in result.stdout and "'3q' is not a card" in result.stderr
            assert result.stdout.rstrip().splitlines()[-1] == (
                f"{path} · no verdict: line {len(path.read_text().splitlines())} has a syntax error, "
                "so none of the hands above counts"
            )


def test_the_text_report_of_a_hand_is_written_before_the_file_ends(tmp_path: Path) -> None:
    """A run that is stopped has shown what it judged: the report of the first hands comes while
    standard input is still open (it used to come only at the end of each file)."""
    session = tmp_path / "session.gsn"
    assert run("simulate", "--hands", "150", "--seed", "5", "-o", str(session)).returncode == 0
    process = subprocess.Popen(
        [*COMMAND, "check", "--no-color", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(session.read_bytes())
    process.stdin.flush()  # and left open: the file has not ended
    try:
        first = _read_line_within(process.stdout, 60)
        assert first.startswith(b"- \xc2\xb7 hand 1 \xc2\xb7 standard"), first
    finally:
        process.kill()
        process.communicate()


def _read_line_within(stream: IO[bytes], seconds: float) -> bytes:
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert got, f"nothing was written in {seconds} s"
    return got[0]


# ---- an endless line, and what a replay leaves out --------------------------------------------


ENDLESS = [
    ["check", "-"],
    ["check", "--json", "-"],
    ["parse", "-"],
    ["fmt", "-"],
    ["compare", "-", "--rules", "standard"],
    ["replay", "-"],
    ["audit", "-", "--quiet"],
]


def _at_most_a_gib() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("args", [*ENDLESS, ["render", "-", "-o", "page.html"]])
def test_an_endless_line_is_refused_at_its_limit_by_every_command(tmp_path: Path, args: list[str]) -> None:
    """``check /dev/zero`` grew to 24 GB and ignored SIGTERM; under a 1 GiB limit it was a
    MemoryError traceback. Each command reads a line up to 1 MiB, then says where it stopped."""
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run(
            [*COMMAND, *args], stdin=zero, capture_output=True, timeout=120, preexec_fn=_at_most_a_gib, cwd=tmp_path
        )
    stderr = result.stderr.decode("utf-8", errors="replace")
    assert result.returncode == Exit.UNREADABLE, stderr
    assert "Traceback" not in stderr and "MemoryError" not in stderr
    message = "a line holds at most 1,048,576 bytes; this one is longer, and the file is read no further"
    if "--json" in args:
        (error,) = json.loads(result.stdout)["files"][0]["errors"]
        assert (error["line"], error["column"], error["message"]) == (1, (1 << 20) + 1, message)
    else:
        assert f"-:1:{(1 << 20) + 1}: {message}" in stderr
    assert not (tmp_path / "page.html").exists()


def test_a_line_at_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    from gostop_arbiter.notation.reader import MAX_LINE

    note = '[Note "'
    at_limit = note + "n" * (MAX_LINE - len(note) - 2) + '"]'
    assert len(at_limit.encode()) == MAX_LINE
    path = tmp_path / "long.gsn"
    path.write_text(at_limit + "\n" + PLAYED, encoding="utf-8")
    result = run("check", "--json", str(path))
    (error,) = json.loads(result.stdout)["files"][0]["errors"]  # the tag's value is too long, not the line
    assert error["code"] == "syntax" and "a tag's value holds at most" in error["message"]
    path.write_text(at_limit + " \n" + PLAYED, encoding="utf-8")
    (error,) = json.loads(run("check", "--json", str(path)).stdout)["files"][0]["errors"]
    assert (error["code"], error["line"], error["column"]) == ("unreadable", 1, MAX_LINE + 1)


AFTER_THE_END = PLAYED + "Bo: 3p / 9p\n" * 2000


def test_turns_after_the_end_of_a_hand_are_counted_not_replayed(tmp_path: Path) -> None:
    """2,000 turns written after the stop made replay and render grow with their square (replay of
    1,000 took 82 s); each turn after the end is now counted, and the replay says so."""
    path = tmp_path / "after.gsn"
    path.write_text(AFTER_THE_END, encoding="utf-8")
    stop = len(PLAYED.splitlines())
    result = run("replay", str(path), "--no-color")
    assert result.returncode == Exit.OK, result.stderr
    assert result.stdout.count("turn ") == PLAYED.count(" / ") + 1  # the deal and each turn up to the stop, once
    assert result.stdout.rstrip().splitlines()[-1] == (
        f"lines {stop + 1}–{stop + 2000}: 2,000 turns after the end of the hand are not shown"
    )
    page = tmp_path / "page.html"
    assert run("render", str(path), "-o", str(page)).returncode == Exit.INVALID
    html = page.read_text(encoding="utf-8")
    assert f"2,000 turns after the end of the hand, on lines {stop + 1}–{stop + 2000}, are not replayed" in html


def test_a_replay_holds_the_turns_up_to_the_end_whatever_follows() -> None:
    from gostop_arbiter.render.replay import MAX_TURNS, SnapshotVisitor

    steps = []
    for after in (10, 2000):
        taken = SnapshotVisitor(deal=True)
        judge_text(PLAYED + "Bo: 3p / 9p\n" * after, visitor=taken)
        steps.append(len(taken.taken[1]))
        assert taken.left_out[1].turns == after
    assert steps[0] == steps[1] <= MAX_TURNS + 1
    endless = SnapshotVisitor()
    judge_text(PLAYED.replace("Ara: stop\n", "") + "Bo: 3p / 9p\nAra: 5p / 4p\n" * 500, visitor=endless)
    assert len(endless.taken[1]) <= MAX_TURNS and endless.left_out[1].why in ("after the end", "past the limit")


def test_render_replays_the_first_hands_of_a_long_file_and_says_so(tmp_path: Path) -> None:
    from gostop_arbiter.render.html import MAX_HANDS

    path = tmp_path / "long.gsn"
    assert run("simulate", "--hands", str(MAX_HANDS + 30), "--seed", "4", "-o", str(path)).returncode == 0
    page = tmp_path / "page.html"
    result = run("render", str(path), "-o", str(page))
    assert result.returncode == Exit.OK, result.stderr
    html = page.read_text(encoding="utf-8")
    assert f"this page replays the first {MAX_HANDS} hands of {MAX_HANDS + 30}; gostop-arbiter check judges" in html
    assert f"id='hand-{MAX_HANDS}'" in html and f"id='hand-{MAX_HANDS + 1}'" not in html


def test_render_says_why_its_status_is_not_0(tmp_path: Path) -> None:
    path = tmp_path / "claims.gsn"
    text = (SAMPLES / "matgo-evening-tally.gsn").read_text(encoding="utf-8").split("\n\n")[0]
    path.write_text(text.replace("claim: Jae pays Minji 22", "claim: Jae pays Minji 8") + "\n", encoding="utf-8")
    result = run("render", str(path), "-o", str(tmp_path / "page.html"))
    assert result.returncode == Exit.DISPUTED
    assert result.stderr.splitlines() == [
        f"wrote {tmp_path / 'page.html'}",
        f"the table got it wrong: {path} hand 1 (exit 3)",
    ]


# ---- standard output closed or cut short ------------------------------------------------------


CLOSED = [
    ["check", str(SAMPLE)],
    ["check", "--json", str(SAMPLE)],
    ["parse", str(SAMPLE)],
    ["fmt", "-"],
    ["replay", str(SAMPLE)],
    ["rules"],
    ["schema"],
    ["simulate"],
    ["audit", str(SAMPLE), "--quiet"],
]


@pytest.mark.parametrize("args", CLOSED)
def test_a_closed_standard_output_is_exit_4_and_one_line(args: list[str]) -> None:
    """``>&-``: an AttributeError traceback (check --json, simulate), or exit 0 having written
    nothing (the others); now as for a full disk (H18)."""
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", *COMMAND, *args],
        input=PLAYED,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == Exit.OUTPUT, result.stderr
    one_line_and_no_traceback(result, "cannot write standard output: it is closed")


def test_a_command_that_writes_no_standard_output_does_not_need_one(tmp_path: Path) -> None:
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", *COMMAND, "render", str(SAMPLE), "-o", str(tmp_path / "p.html")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == Exit.OK, result.stderr


def test_fmt_cut_short_by_head_is_141_not_a_silent_0(tmp_path: Path) -> None:
    """``fmt - < big.gsn | head -c 10`` exited 0 and dropped the rest: under PYTHONUNBUFFERED a
    partial write into the pipe lost what it did not write."""
    big = tmp_path / "big.gsn"
    assert run("simulate", "--hands", "300", "--seed", "3", "-o", str(big)).returncode == 0
    with big.open("rb") as source:
        process = subprocess.Popen(
            [*COMMAND, "fmt", "-"],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10)
        process.stdout.close()
        assert process.wait(timeout=60) == Exit.PIPE_CLOSED
        assert process.stderr.read() == b""
        process.stderr.close()


def test_a_standard_error_that_fails_is_said_to_be_standard_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``check bad.gsn 2>/dev/full`` said "cannot write standard output"."""
    import errno
    import io

    from gostop_arbiter import command

    class FailsOnce(io.StringIO):
        failed = False

        def write(self, text: str) -> int:
            if not self.failed:
                self.failed = True
                raise OSError(errno.ENOSPC, "No space left on device")
            return super().write(text)

    bad = tmp_path / "bad.gsn"
    bad.write_text("A: 3q\n", encoding="utf-8")
    stderr = FailsOnce()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "argv", ["gostop-arbiter", "check", str(bad)])
    with command.standard_streams():
        status = command.run(cli)
    assert status == Exit.OUTPUT
    assert stderr.getvalue().splitlines()[-1] == "Error: cannot write standard error: No space left on device"


# ---- bytes that are not UTF-8 -----------------------------------------------------------------

NOT_UTF8 = b'[Seats "A, B"]\ndeal A: 1g \xff\ndeal B: 2g\n# caf\xe9 \xfe\nA: 3q\n'


def test_every_line_that_is_not_utf8_is_located_and_the_others_are_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.gsn"
    path.write_bytes(NOT_UTF8)
    for command in ("check", "parse"):
        result = CliRunner().invoke(cli, [command, str(path)])
        assert result.exit_code == Exit.UNREADABLE
        assert f"{path}:2:12: this line is not UTF-8 text: byte 0xff cannot be read\n" in result.stderr
        assert "    2 | deal A: 1g \ufffd\n      |            ^" in result.stderr
        assert f"{path}:4:6: this line is not UTF-8 text: byte 0xe9" in result.stderr
        assert f"{path}:5:4: '3q' is not a card" in result.stderr
    errors = json.loads(CliRunner().invoke(cli, ["check", "--json", str(path)]).stdout)["files"][0]["errors"]
    assert [(e["code"], e["line"], e["column"]) for e in errors] == [
        ("unreadable", 2, 12),
        ("unreadable", 4, 6),
        ("syntax", 5, 4),
    ]
    out = tmp_path / "v.jsonl"
    assert run("audit", str(path), "--jsonl", str(out), "--quiet").returncode == Exit.UNREADABLE
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["error"]["line"], r["error"]["column"]) for r in lines if "error" in r] == [(2, 12), (4, 6), (5, 4)]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-16-le"])
def test_a_utf16_file_is_one_error_saying_so(tmp_path: Path, encoding: str) -> None:
    """Notepad's "Unicode" is UTF-16: one error at 1:1 that names it, not one per line."""
    text = '[Seats "A, B"]\npile A: 1g 3g 8g\npile B: 2p\nA: stop\n'
    path = tmp_path / "notepad.gsn"
    path.write_bytes(("\ufeff" if encoding != "utf-16" else "").encode(encoding) + text.encode(encoding))
    for command in ("check", "parse"):
        result = CliRunner().invoke(cli, ["--lang", "ko", command, str(path)])
        assert result.exit_code == Exit.UNREADABLE
        assert (
            result.stderr
            == f"{path}:1:1: 이 파일은 UTF-16 글이에요. GSN은 UTF-8로 읽으니 UTF-8로 다시 저장해 주세요.\n"
        )
    errors = json.loads(CliRunner().invoke(cli, ["check", "--json", str(path)]).stdout)["files"][0]["errors"]
    assert [(e["code"], e["line"], e["column"]) for e in errors] == [("unreadable", 1, 1)]


# ---- no traceback for a failure outside the transcript ----------------------------------------


def test_standard_input_closed() -> None:
    result = run("check", "-", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert result.returncode == Exit.UNREADABLE
    one_line_and_no_traceback(result, "cannot read standard input")


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) made unwritable, also for root (who ignores modes): chattr +i."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("running as root on a file system without chattr: nothing is read-only to root")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def unwritable_outputs(tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "a-folder").mkdir()
    return [
        (str(tmp_path / "missing" / "out"), "No such file or directory"),
        ("", "no file is named"),
        (str(tmp_path / "a-folder"), "it is a folder"),
        ("/dev/full", "it is a device, not a file"),
        ("/proc/version", "it is read-only"),  # was: No such file or directory, of its temporary file
    ]


@pytest.mark.parametrize("command", ["render", "simulate", "audit"])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_4(tmp_path: Path, command: str) -> None:
    for output, reason in unwritable_outputs(tmp_path):
        args = {
            "render": ["render", str(SAMPLE), "-o", output],
            "simulate": ["simulate", "--hands", "3", "-o", output],
            "audit": ["audit", str(SAMPLE), "--jsonl", output, "--quiet"],
        }[command]
        result = run(*args)
        assert result.returncode == Exit.OUTPUT, (output, result.stderr)
        one_line_and_no_traceback(result, f"cannot write {output or repr('')}", reason)


OUTPUTS = {
    "render": lambda out: ["render", str(SAMPLE), "-o", out],
    "simulate": lambda out: ["simulate", "--hands", "2", "-o", out],
    "audit": lambda out: ["audit", str(SAMPLE), "--jsonl", out, "--quiet"],
}


@pytest.mark.parametrize("command", [*OUTPUTS, "fmt"])
def test_a_read_only_file_is_not_written_over_by_any_command(tmp_path: Path, command: str) -> None:
    """One rule for every output, the stricter one (decision H15): a file without a write bit is
    refused with exit 4, by root as by anyone (root may write it, so the mode is read)."""
    target = tmp_path / "kept.gsn"
    target.write_text(PLAYED.replace("Ara: stop", "Ara:   stop"), encoding="utf-8")
    target.chmod(0o444)
    before = target.read_bytes()
    args = ["fmt", str(target)] if command == "fmt" else OUTPUTS[command](str(target))
    result = run(*args)
    assert result.returncode == Exit.OUTPUT, result.stderr
    one_line_and_no_traceback(result, f"cannot write {target}: it is read-only")
    assert target.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["kept.gsn"]


@pytest.mark.parametrize("command", [*OUTPUTS])
def test_an_output_named_by_a_pipe_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "out.html"
    os.mkfifo(fifo)  # opening it for writing would wait for a reader, for ever
    result = run(*OUTPUTS[command](str(fifo)), timeout=30)
    assert result.returncode == Exit.OUTPUT
    one_line_and_no_traceback(result, f"cannot write {fifo}: it is a pipe, not a file")


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "--json"],
        ["parse"],
        ["fmt"],
        ["fmt", "--check"],
        ["replay"],
        ["compare", "--rules", "standard"],
        ["audit", "--quiet"],
    ],
)
def test_a_pipe_named_as_a_transcript_is_refused_at_once(tmp_path: Path, args: list[str]) -> None:
    """Only a regular file (or - for standard input) is read: a pipe would block the command until
    something wrote to it."""
    fifo = tmp_path / "x.gsn"
    os.mkfifo(fifo)
    result = run(*args, str(fifo), timeout=30)
    assert result.returncode == Exit.UNREADABLE, result.stderr
    assert f"cannot read {fifo}: it is a pipe, not a file" in result.stderr + result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["check", "parse", "fmt", "replay"])
def test_a_folder_named_as_a_transcript_points_to_audit(tmp_path: Path, command: str) -> None:
    result = run(command, str(tmp_path))
    assert result.returncode == Exit.UNREADABLE
    assert (
        f"cannot read {tmp_path}: it is a folder, not a file (gostop-arbiter audit {tmp_path} judges" in result.stderr
    )
    korean = run(command, str(tmp_path), "--lang", "ko")
    assert f"폴더 안의 기록을 모두 판정하려면: gostop-arbiter audit {tmp_path}" in korean.stderr


def test_render_refuses_a_pipe_to_read_before_it_writes(tmp_path: Path) -> None:
    fifo = tmp_path / "x.gsn"
    os.mkfifo(fifo)
    result = run("render", str(fifo), "-o", str(tmp_path / "page.html"), timeout=30)
    assert result.returncode == Exit.UNREADABLE
    one_line_and_no_traceback(result, f"cannot read {fifo}: it is a pipe, not a file")
    assert not (tmp_path / "page.html").exists()


def test_a_read_only_folder_and_file(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    with read_only(folder):
        result = run("render", str(SAMPLE), "-o", str(folder / "page.html"))
    assert result.returncode == Exit.OUTPUT
    one_line_and_no_traceback(result, f"cannot write {folder / 'page.html'}")
    messy = tmp_path / "messy.gsn"
    messy.write_text(PLAYED.replace("Ara: stop", "Ara:   stop"), encoding="utf-8")
    with read_only(messy):
        result = run("fmt", str(messy))
    assert result.returncode == Exit.OUTPUT
    one_line_and_no_traceback(result, f"cannot write {messy}")


def test_audit_checks_its_jsonl_before_judging_anything(tmp_path: Path) -> None:
    fifo = tmp_path / "never-written.gsn"
    os.mkfifo(fifo)  # reading it would wait for ever: the command must stop before it judges
    result = run("audit", str(fifo), "--jsonl", str(tmp_path / "missing" / "v.jsonl"), "--quiet", timeout=30)
    assert result.returncode == Exit.OUTPUT
    one_line_and_no_traceback(result, "No such file or directory")


@pytest.mark.parametrize("args", [["check"], ["check", "--json"], ["parse", "--json"]])
def test_standard_output_on_a_full_device(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = run(*args, str(SAMPLE), stdout=full, stderr=subprocess.PIPE, capture_output=False)
    assert result.returncode == Exit.OUTPUT
    one_line_and_no_traceback(result, "cannot write standard output: No space left on device")


def test_no_temporary_file_is_left_beside_an_output(tmp_path: Path) -> None:
    out = tmp_path / "v.jsonl"
    assert run("audit", str(SAMPLE), "--jsonl", str(out), "--quiet").returncode == Exit.OK
    assert run("simulate", "--hands", "2", "-o", str(tmp_path / "s.gsn")).returncode == Exit.OK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.gsn", "v.jsonl"]
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# ---- signals and half-written files -----------------------------------------------------------


def test_ctrl_c_exits_130_without_a_traceback() -> None:
    process = subprocess.Popen(
        [*COMMAND, "simulate", "--hands", "100000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stdout.readline()  # it is at work
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == Exit.INTERRUPTED
    assert "Traceback" not in err


def _big_folder(tmp_path: Path) -> Path:
    root = tmp_path / "logs"
    root.mkdir()
    seed = tmp_path / "seed.gsn"
    assert run("simulate", "--hands", "100", "--seed", "8", "-o", str(seed)).returncode == 0
    text = seed.read_text(encoding="utf-8")
    for i in range(4):
        (root / f"{i}.gsn").write_text("\n".join([text] * 8), encoding="utf-8")
    (root / "x.gsn").mkdir()  # a folder named like a transcript
    return root


def _audit_at_work(tmp_path: Path, out: Path, *, background: bool = False) -> subprocess.Popen[str]:
    """``audit --jobs 2`` of a big folder into ``out``, once its workers are judging; ``background``:
    started with Ctrl-C ignored, as a shell without job control starts a background job."""
    root = _big_folder(tmp_path)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    command = [*COMMAND, "audit", str(root), "--jsonl", str(out), "--jobs", "2", "--quiet"]
    if background:  # as a shell does it: the ignored signal is inherited through exec
        command = ["sh", "-c", 'trap "" INT; exec "$@"', "sh", *command]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(temporary)}
    )
    deadline = time.monotonic() + 60
    while not any(temporary.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert any(temporary.iterdir()), "the audit wrote no part in a minute"
    time.sleep(0.5)  # the workers are judging
    assert process.poll() is None, "the audit ended before it could be interrupted"
    return process


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, Exit.TERMINATED), (signal.SIGINT, Exit.INTERRUPTED)])
def test_an_interrupted_audit_cleans_up_and_leaves_the_old_jsonl_alone(
    tmp_path: Path, sig: signal.Signals, status: Exit
) -> None:
    out = tmp_path / "v.jsonl"
    out.write_text("an earlier run\n", encoding="utf-8")
    process = _audit_at_work(tmp_path, out)
    process.send_signal(sig)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == status, err
    assert "Traceback" not in err
    assert "the audit stopped after" in err and "was not written" in err
    assert list((tmp_path / "tmp").iterdir()) == []  # the parts are gone
    assert out.read_text(encoding="utf-8") == "an earlier run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs", "seed.gsn", "tmp", "v.jsonl"]


def test_a_background_audit_does_not_hear_the_ctrl_c_of_the_foreground(tmp_path: Path) -> None:
    """A background job keeps Ctrl-C ignored and finishes its work."""
    out = tmp_path / "v.jsonl"
    process = _audit_at_work(tmp_path, out, background=True)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=120)
    assert process.returncode in (Exit.OK, Exit.INVALID), err
    assert "the audit stopped" not in err
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sum("index" in r for r in records) == 4 * 8 * 100  # every hand of the four files judged
    assert sum("balance" in r for r in records) == 4


def test_a_folder_named_like_a_transcript_is_not_a_file(tmp_path: Path) -> None:
    root = tmp_path / "logs"
    (root / "x.gsn").mkdir(parents=True)
    (root / "real.gsn").write_text(PLAYED, encoding="utf-8")
    out = tmp_path / "v.jsonl"
    result = run("audit", str(root), "--jsonl", str(out), "--quiet")
    assert result.returncode == Exit.OK
    assert "│ files " in result.stdout and "│     1 │" in result.stdout
    assert {json.loads(line)["path"] for line in out.read_text(encoding="utf-8").splitlines()} == {
        str(root / "real.gsn")
    }


# ---- names and tags ---------------------------------------------------------------------------


def test_a_misspelt_rules_tag_is_said_and_the_verdict_doubts_its_rules(tmp_path: Path) -> None:
    path = tmp_path / "typo.gsn"
    path.write_text(PLAYED.replace('[Rules "standard"]', '[RuleJ "wikipedia"]'), encoding="utf-8")
    assert (
        f"{path}:4:1: warning: unknown tag RuleJ: did you mean Rules?"
        in CliRunner().invoke(cli, ["check", str(path)]).stderr
    )
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert result.exit_code == Exit.DISPUTED
    (hand,) = json.loads(result.stdout)["files"][0]["hands"]
    (note,) = hand["discrepancies"]
    assert (note["kind"], note["line"]) == ("tag", 4)
    assert "if it means Rules, this hand was judged wrongly (rules standard" in note["message"]


@pytest.mark.parametrize(
    ("tag", "meant", "status"),
    [("Evnet", "Event", Exit.OK), ("Stke", "Stake", Exit.DISPUTED), ("Seat", "Seats or Set", Exit.DISPUTED)],
)
def test_one_edit_from_a_tag_is_did_you_mean(tmp_path: Path, tag: str, meant: str, status: Exit) -> None:
    path = tmp_path / "typo.gsn"
    path.write_text(f'[{tag} "1"]\n' + PLAYED, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert f"did you mean {meant}?" in result.stderr
    assert result.exit_code == status


@pytest.mark.parametrize(
    ("seats", "said"),
    [
        ("Minji, Мinji", "'Мinji' in Seats mixes Cyrillic and Latin letters (М is Cyrillic)"),
        ("Top, Тор", "'Top' and 'Тор' in Seats look the same: give one of them another name"),
    ],
)
def test_seat_names_that_look_the_same_are_refused(tmp_path: Path, seats: str, said: str) -> None:
    """``[Seats "Minji, Мinji"]`` (a Cyrillic М) was two players, and the report read
    ``Мinji → Minji 8`` (H20)."""
    first, second = seats.split(", ")
    path = tmp_path / "names.gsn"
    text = PLAYED.replace("Ara", first).replace("Bo", second)
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f'[Seats "{seats}"]') + 1
    for command in ("check", "parse"):
        result = run(command, str(path))
        assert result.returncode == Exit.UNREADABLE
        assert f"{path}:{line}:1: {said}" in result.stderr


def test_names_written_in_one_script_or_in_scripts_written_together_are_seated() -> None:
    from gostop_arbiter.notation.reader import confusable_names

    assert confusable_names(["민지", "재현", "金민지", "민지B", "ゆき子", "Jae", "minji", "Minji", "Ἀλέξης"]) == []
    assert [said.english() for said in confusable_names(["Jaeмин"])] == [
        "'Jaeмин' in Seats mixes Cyrillic and Latin letters (м is Cyrillic): a name could then look like another"
    ]


def test_a_tag_far_from_every_tag_is_only_unknown(tmp_path: Path) -> None:
    path = tmp_path / "other.gsn"
    path.write_text('[Venue "home"]\n' + PLAYED, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert "unknown tag Venue is kept but changes nothing" in result.stderr
    assert result.exit_code == Exit.OK
