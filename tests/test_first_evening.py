"""What the first evening at the table found (issue 15), each with the hand that shows it."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from judging import factors, hand, owed
from rich.cells import cell_len

from gostop_arbiter.cli import cli
from gostop_arbiter.exitcodes import Exit

# ---- a tally go the final pile cannot have called (decision R16) ------------------------------

ARA_BO = (
    '[Seats "Ara, Bo"]\n'
    "pile Ara: 1g 3g 8g 1r 2r 3r 4r 5r 7r {ara_junk}\n"
    "pile Bo: 6r 9r 10r 1p 2p 3p 4p 5p 6p 7p 8p\n"
    "Bo: go\n"
    "Ara: stop\n"
)
"""Bo went and ends at 3 points (cheongdan; junk worth 8): the go needed 7, so junk worth 5 must have
been taken from Bo after it, and only Ara's pile can hold it."""

ARA_BO_CY = (
    '[Seats "Ara, Bo, Cy"]\n'
    "pile Ara: 1g 3g 8g {ara_junk}\n"
    "pile Bo: 1p 2p 3p 4p 5p 6p 7p 8p 9p 10p\n"
    "pile Cy: 12a {cy_junk}\n"
    "Bo: go\n"
    "Ara: stop\n"
)
"""Three players: Bo went and ends at 1 point (junk worth 10); the go needed 3, junk worth 2 more."""


def calls(verdict: object) -> tuple[list[str], list[str]]:
    """The illegal-call messages and the discrepancies of a verdict."""
    violations = [v.message for v in verdict.violations if v.code == "illegal-call"]  # type: ignore[attr-defined]
    return violations, [d.message for d in verdict.discrepancies]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "illegal", "doubt"),
    [
        pytest.param(
            ARA_BO.format(ara_junk="9p 10p 11p 11p 12pp"),
            None,
            "Bo called go, but Bo's pile ends at 3 points and a go needs 7: only steals after the go, of junk "
            "worth 5 or more, can explain it; check that they were made",
            id="2p-the-winner-holds-junk-worth-6-a-steal-could-explain-it",
        ),
        pytest.param(
            ARA_BO.format(ara_junk="9p 10p 11p 11p"),
            "Bo called go, but Bo's pile ends at 3 points and a go needs 7; steals take only junk, and all the "
            "junk of the other piles would not make it up",
            None,
            id="2p-the-winner-holds-junk-worth-4-no-steal-could",
        ),
        pytest.param(
            ARA_BO_CY.format(ara_junk="10p", cy_junk="11p"),
            None,
            "Bo called go, but Bo's pile ends at 1 point and a go needs 3: only steals after the go, of junk "
            "worth 2 or more, can explain it; check that they were made",
            id="3p-junk-in-both-other-piles-counts",
        ),
        pytest.param(
            ARA_BO_CY.format(ara_junk="", cy_junk="11p"),
            "Bo called go, but Bo's pile ends at 1 point and a go needs 3; steals take only junk, and all the "
            "junk of the other piles would not make it up",
            None,
            id="3p-one-junk-short",
        ),
    ],
)
def test_a_go_the_final_pile_falls_short_of(text: str, illegal: str | None, doubt: str | None) -> None:
    verdict = hand(text)
    assert calls(verdict) == ([illegal] if illegal else [], [doubt] if doubt else [])
    assert verdict.valid is (illegal is None)
    assert [d.kind for d in verdict.discrepancies] == (["claim"] if doubt else [])


def test_a_go_at_zero_is_an_illegal_call() -> None:
    verdict = hand('[Seats "Ara, Bo"]\npile Ara: 1g 3g 8g 1r 2r 3r 4r 5r 7r 1p\npile Bo: 2p 12a\nBo: go\nAra: stop\n')
    assert calls(verdict)[0] == [
        "Bo called go, but Bo's pile ends at 0 points and a go needs 7; steals take only junk, and all the junk "
        "of the other piles would not make it up"
    ]
    assert (verdict.violations[0].line, verdict.violations[0].column, verdict.violations[0].player) == (4, 1, "Bo")


def test_a_later_go_needs_a_higher_score() -> None:
    """GS-3: a second go needs more than the first, so the minimum + 1 at least."""
    text = '[Seats "Ara, Bo"]\npile Ara: 1g 3g 8g 1r 2r 3r 4r 5r 7r\npile Bo: 2a 4a 5a 6a 7a 8a\nBo: go\n'
    assert calls(hand(text + "Ara: stop\n")) == ([], [])  # godori 5 + six animals 2 = 7: a go
    (message,), _ = calls(hand(text + "Bo: go\nAra: stop\n"))
    assert message.startswith("Bo called go, but Bo's pile ends at 7 points and go number 2 needs 8;")


@pytest.mark.parametrize(
    ("declared", "illegal"),
    [
        pytest.param("", True, id="an-undeclared-sake-cup-is-never-handed-over"),
        pytest.param("Ara: 9a as pi\n", False, id="a-sake-cup-declared-as-junk-could-have-been"),
    ],
)
def test_only_junk_a_steal_could_take_counts(declared: str, illegal: bool) -> None:
    text = (
        '[Seats "Ara, Bo"]\n'
        "pile Ara: 1g 3g 8g 1r 2r 3r 4r 5r 7r 9a\n"
        "pile Bo: 6r 9r 10r 1p 2p 3p 4p 5p 6p 7p 8p 10p 11p 11p\n"  # cheongdan 3, junk 11: 5 points
        "Bo: go\n" + declared + "Ara: stop\n"
    )
    violations, doubts = calls(hand(text))
    assert (bool(violations), bool(doubts)) == (illegal, not illegal)


def test_a_go_in_a_nagari_is_checked_too() -> None:
    verdict = hand('[Seats "Ara, Bo"]\npile Ara: 1g\npile Bo: 2p\nBo: go\n')
    assert verdict.outcome == "nagari"
    assert [v.code for v in verdict.violations] == ["illegal-call"]


def test_a_winners_gos_are_checked_by_the_stop_alone() -> None:
    verdict = hand('[Seats "Ara, Bo"]\npile Ara: 1g 3g 8g 1r 2r 3r 4r 5r 7r\npile Bo: 2p\nAra: go\nAra: stop\n')
    assert calls(verdict) == ([], [])
    assert owed(verdict) == {"Bo->Ara": 24}  # (11 + 1) × pi-bak


# ---- the winner's sake cup when two placements make the losers pay the same (decision R5) ------

SAKE_CUP_TIES = [
    pytest.param(
        '[Seats "Ara, Bo"]\n'
        "pile Ara: 1g 3g 8g 1r 2r 3r 2a 5a 6a 7a 9a 10a 12a 1p 1p 2p 2p 3p 3p 4p 4p\n"
        "pile Bo: 11g 5p 6p\n"
        "Ara: stop\n",
        # 9a as animal: 9 (seven animals 3), meong-tta: 18; as junk: 9 (six animals 2, junk 10 1), pi-bak: 18.
        # The scores tie too, so 9a counts as printed.
        {"Bo->Ara": 18},
        {"Bo": ["meong-tta"]},
        9,
        id="2p-scores-tie-as-printed",
    ),
    pytest.param(
        '[Seats "Ara, Bo, Cy"]\n'
        "pile Ara: 2a 5a 6a 7a 9a 10a 12a 1p 1p 2p 2p 3p 3p 4p 4p 5p\n"
        "pile Bo: 6p 7p\n"
        "pile Cy: 8p 8p 9p 9p 10p 10p 11p\n"
        "Ara: stop\n",
        # 9a as animal: 3 (seven animals), meong-tta on both: 6 + 6; as junk: 4 (six animals 2, junk 11 2),
        # pi-bak on Bo alone: 8 + 4. The higher score counts.
        {"Bo->Ara": 8, "Cy->Ara": 4},
        {"Bo": ["pi-bak"], "Cy": []},
        4,
        id="3p-the-higher-score",
    ),
]


@pytest.mark.parametrize(("text", "payments", "factors_of", "score"), SAKE_CUP_TIES)
def test_a_tally_sake_cup_tie(
    text: str, payments: dict[str, int], factors_of: dict[str, list[str]], score: int
) -> None:
    verdict = hand(text)
    assert verdict.valid
    assert owed(verdict) == payments
    assert {payer: factors(verdict, payer) for payer in factors_of} == factors_of
    assert verdict.scores["Ara"].total == score


PLAYED_2P = """[Seats "Minji, Jae"]
deal Minji: 2a 3r 5a 7a 8g 9p 9r 10a 11p 12pp
deal Jae: 1g 1p 2p 5p 6p 9a 9p 10r 12a 12r
table: 7p 11g 4a 4r 10p 1r 8p 7r
Minji: 3r / 8p
Jae: 10r / 5r
Minji: 12pp / 4p x4a
Jae: 6p / 3g
Minji: 8g / 6a
Jae: 12r / 2p
Minji: 5a / 12g
Jae: 12a / 4p
Minji: 7a x7p / 6r
Jae: 1g / 7p
Minji: 2a / 10p
Jae: 9a / 2r
Minji: 9p / 3p
Jae: 9p / 6p
Minji: 9r / 8a
Minji: stop
"""
"""Simulated (standard, 2 players, seed 9396): Minji ends with seven animals with 9a, junk worth 8."""

PLAYED_3P = """[Seats "Minji, Jae, Soo"]
deal Minji: 2a 6p 6r 8a 8p 9a 10a
deal Jae: 1p 1p 4p 5r 7p 10r 11g
deal Soo: 1r 3r 5p 5p 6a 7p 12g
table: 7r 3g 4p 3p 2p 3p
Minji: 8a / 11p
Jae: 1p / 12r
Soo: 1r / 4r
Minji: 2a / 10p
Jae: 10r / 12pp
Soo: 6a / 9p
Minji: 9a / 7a
Jae: 1p / 2p
Soo: 7p / 10p
Minji: 6r / 9p
Jae: 5r / 12a
Soo: 5p / 4a
Minji: 6p / 11pp
Jae: 11g / 6p
Soo: 5p / 1g
Minji: 8p / 2r
Jae: 7p / 8g
Soo: 12g / 11p
Minji: 10a / 5a
Minji: stop
"""
"""Simulated (standard, 3 players, seed 10214): Minji ends with seven animals with 9a, junk worth 9."""


@pytest.mark.parametrize(
    ("text", "payments", "factors_of", "score"),
    [
        pytest.param(PLAYED_2P, {"Jae->Minji": 16}, {"Jae": ["meong-tta"]}, 8, id="2p-scores-tie-as-printed"),
        pytest.param(
            PLAYED_3P, {"Jae->Minji": 4, "Soo->Minji": 8}, {"Jae": [], "Soo": ["pi-bak"]}, 4, id="3p-the-higher-score"
        ),
    ],
)
def test_a_played_sake_cup_tie(
    text: str, payments: dict[str, int], factors_of: dict[str, list[str]], score: int
) -> None:
    verdict = hand(text)
    assert verdict.valid and verdict.outcome == "stop"
    assert owed(verdict) == payments
    assert {payer: factors(verdict, payer) for payer in factors_of} == factors_of
    assert verdict.scores["Minji"].total == score


# ---- the tutorial's commands work as written --------------------------------------------------

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def _words(text: str) -> str:
    """Text with its spacing collapsed: the report wraps at the terminal's width."""
    return " ".join(text.split())


def test_the_tutorials_commands_do_what_it_says(tmp_path: Path) -> None:
    """Each file the tutorial writes is written, each command it shows is run in that folder, and
    each output it quotes is in the output of the command before it."""
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    blocks = FENCE.findall(text)
    files = [body for language, body in blocks if language == "gsn"]
    assert len(files) == 2
    (tmp_path / "last-night.gsn").write_text(files[0], encoding="utf-8")
    sample = (ROOT / "samples" / "matgo-evening-tally.gsn").read_text(encoding="utf-8")
    assert files[1] == sample, "the sample is the tutorial's evening"
    output, ran = "", []
    for language, body in blocks:
        if language == "sh":
            for command in body.splitlines():
                if command.startswith("cp samples/"):  # evening.gsn comes from the checkout, as the reader's would
                    _cp, source, target = shlex.split(command)
                    shutil.copy(ROOT / source, tmp_path / target)
                if not command.startswith("gostop-arbiter "):
                    continue  # the install line
                args = shlex.split(command)[1:]
                result = subprocess.run(
                    [sys.executable, "-m", "gostop_arbiter", *args],
                    cwd=tmp_path,
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
                assert result.returncode in (Exit.OK, Exit.DISPUTED), (command, result.stderr)
                output = result.stdout
                ran.append((args[0], args[1], result.returncode))
        elif language == "":
            assert _words(body) in _words(output), body
    assert ran == [
        ("check", "last-night.gsn", Exit.DISPUTED),
        ("compare", "last-night.gsn", Exit.DISPUTED),
        ("check", "last-night.gsn", Exit.DISPUTED),
        ("check", "evening.gsn", Exit.OK),
        ("check", "chuseok.gsn", Exit.OK),
        ("--lang", "ko", Exit.OK),
        ("replay", "chuseok.gsn", Exit.OK),
        ("--lang", "ko", Exit.OK),
    ]


# ---- compare says why, and cuts no profile's name --------------------------------------------


def compare(path: Path, rules: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "compare", str(path), "--rules", rules],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


EVERY_PROFILE = "standard,gamerules,wikipedia,wikipedia-it,online-matgo,minhwatu"


def test_compare_names_the_claim_that_fails(tmp_path: Path) -> None:
    path = tmp_path / "last-night.gsn"
    text = (ROOT / "samples" / "matgo-evening-tally.gsn").read_text(encoding="utf-8").split("\n\n")[0]
    path.write_text(text.replace("claim: Jae pays Minji 22", "claim: Jae pays Minji 8") + "\n", encoding="utf-8")
    result = compare(path, "standard,gamerules")
    assert result.returncode == Exit.DISPUTED
    words = _words(result.stdout)
    assert "disputed: line 8" in words
    assert "hand 1 · standard: line 8: the table got it wrong: the table had Jae pay Minji 8; the rules say 22" in words
    assert (
        "hand 1 · gamerules: line 8: the table got it wrong: the table had Jae pay Minji 8; the rules say 11" in words
    )


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_compare_cuts_no_profile_name(columns: int) -> None:
    result = compare(ROOT / "samples" / "matgo-nagari-then-carry.gsn", EVERY_PROFILE, columns)
    assert result.returncode == Exit.INVALID
    assert "…" not in result.stdout
    header = " ".join(line for line in result.stdout.splitlines() if line.startswith("┃"))
    for name in EVERY_PROFILE.split(","):
        assert f" {name} " in header, name
    assert all(cell_len(line) <= columns for line in result.stdout.splitlines() if line[:1] in "┏┃┡│└")
    assert "Jae → Minji 16" in result.stdout, "a payment is not wrapped"


def test_compare_says_why_a_hand_is_not_valid() -> None:
    result = compare(ROOT / "samples" / "matgo-nagari-then-carry.gsn", "standard,minhwatu,wikipedia-it")
    words = _words(result.stdout)
    table = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert any("not valid:" in line for line in table)
    assert any(" illegal-call " in line for line in table) and any(" illegal-shake " in line for line in table)
    assert "hand 2 · minhwatu: incomplete: the transcript ends before the hand does under these rules" in words, (
        "a Matgo hand stops before a Minhwatu round would end"
    )
    assert "hand 2 · minhwatu: line 61: illegal-call: Minhwatu has no go or stop: the round is played out" in words
    assert "hand 1 · wikipedia-it: line 10: illegal-shake: Minji was dealt three of month 4" in words


def test_compare_measures_korean_names_by_their_width() -> None:
    result = compare(ROOT / "samples" / "matgo-korean-names.gsn", "standard,wikipedia-it,online-matgo", 60)
    table = [line for line in result.stdout.splitlines() if line[:1] in "┏┃┡│└"]
    assert table and all(cell_len(line) <= 60 for line in table)
    assert len({cell_len(line) for line in table[:8]}) == 1, "every line of a table is as wide as the others"
    assert "민지 → 재현 11" in result.stdout


# ---- a closed pipe ends quietly; a pipe is not wrapped (decisions P4, P5) ----------------------


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """`gostop-arbiter check samples/*.gsn | head -1`: no traceback, no "Exception ignored", and the
    status of a command that SIGPIPE ended, never 1 (a broken rule) nor 4 (a failed write)."""
    samples = [str(p) for p in sorted((ROOT / "samples").glob("*.gsn"))] * 12  # far more than a pipe holds
    for args in (["check", *samples], ["check", "--json", *samples], ["parse", *samples]):
        command = subprocess.Popen(
            [sys.executable, "-m", "gostop_arbiter", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert command.stdout is not None and command.stderr is not None
        assert command.stdout.readline()
        command.stdout.close()
        status = command.wait(timeout=60)
        assert (args[:2], status, command.stderr.read().decode()) == (args[:2], Exit.PIPE_CLOSED, "")
        command.stderr.close()


def test_a_report_written_to_a_pipe_keeps_each_sentence_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "last-night.gsn"
    text = (ROOT / "samples" / "matgo-evening-tally.gsn").read_text(encoding="utf-8").split("\n\n")[0]
    path.write_text(text.replace("claim: Jae pays Minji 22", "claim: Jae pays Minji 8") + "\n", encoding="utf-8")
    env = {**os.environ, "COLUMNS": "60"}
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "check", str(path)], capture_output=True, text=True, env=env, timeout=60
    )
    lines = result.stdout.splitlines()
    assert "  line 8: the table got it wrong: the table had Jae pay Minji 8; the rules say 22" in lines
    assert f"{path} · hand 1 · standard · Minji wins" in lines
    tables = [line for line in lines if line[:1] in "┏┃│└"]
    assert tables and all(cell_len(line) <= 60 for line in tables), "tables still fit the width"


# ---- did you mean (decision P6) ---------------------------------------------------------------

TWO_TURNS = '[Seats "Ara, Bo"]\ndeal Ara: ?*10\ndeal Bo: ?*10\nAra: 3p / 7a {mark}\n'


def cli_run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "stdin", "said"),
    [
        pytest.param(
            ["check", "-", "--set", "pi_bak_max2p=3"],
            TWO_TURNS.format(mark=""),
            "Error: unknown knob 'pi_bak_max2p' (did you mean pi_bak_max_2p, pi_bak_max_3p or pi_bak?); "
            "`gostop-arbiter rules standard` lists every knob with its meaning, and docs/rules.md every "
            "profile's value of each",
            id="a-knob",
        ),
        pytest.param(
            ["check", "-", "--set", "nothing_like_a_knob=3"],
            TWO_TURNS.format(mark=""),
            "Error: unknown knob 'nothing_like_a_knob'; `gostop-arbiter rules standard` lists every knob with "
            "its meaning, and docs/rules.md every profile's value of each",
            id="a-knob-like-none",
        ),
        pytest.param(
            ["check", "-", "--rules", "wikipeda"],
            TWO_TURNS.format(mark=""),
            "Error: unknown rules profile 'wikipeda' (did you mean wikipedia or wikipedia-it?); the profiles are: "
            "standard, online-matgo, wikipedia, gamerules, wikipedia-it, minhwatu",
            id="a-profile",
        ),
        pytest.param(
            ["rules", "gamerule"],
            None,
            "Error: unknown rules profile 'gamerule' (did you mean gamerules?); the profiles are: "
            "standard, online-matgo, wikipedia, gamerules, wikipedia-it, minhwatu",
            id="a-profile-to-list",
        ),
        pytest.param(
            ["check", "-"],
            TWO_TURNS.format(mark="!chokk"),
            "-:4:14: unknown mark '!chokk' (did you mean !chok?): the marks are !ppeok, !jappeok, !chok, !ttadak, "
            "!sweep",
            id="a-mark",
        ),
        pytest.param(["chek", "x.gsn"], None, "Error: No such command 'chek'. (Did you mean one of: 'check'", id="a-command"),
    ],
)
def test_a_mistyped_name_is_told_the_close_ones(args: list[str], stdin: str | None, said: str) -> None:
    result = cli_run(*args, stdin=stdin)
    assert result.returncode == Exit.UNREADABLE
    assert said in result.stderr, result.stderr


def test_a_mistyped_knob_in_a_file_is_told_the_close_ones() -> None:
    text = '[Set "min_scor=5"]\n' + TWO_TURNS.format(mark="")
    result = cli_run("check", "-", stdin=text)
    assert result.returncode == Exit.UNREADABLE
    assert "unknown knob 'min_scor' (did you mean min_score_2p or min_score_3p?)" in result.stderr


# ---- check --settle settles the evening, across the files named (decision P7) ------------------


def settle(tmp_path: Path, *names: str) -> subprocess.CompletedProcess[str]:
    for name, sample in (("evening.gsn", "matgo-evening-tally.gsn"), ("carry.gsn", "matgo-nagari-then-carry.gsn")):
        (tmp_path / name).write_text((ROOT / "samples" / sample).read_text(encoding="utf-8"), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "check", *names, "--settle"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )


def test_settle_gives_the_evenings_total_across_the_files_named(tmp_path: Path) -> None:
    # evening.gsn: Minji is 1,000 down; carry.gsn: Jae pays Minji 1,600 in its second hand.
    result = settle(tmp_path, "evening.gsn", "carry.gsn")
    assert result.returncode == Exit.OK, result.stderr
    assert result.stdout.splitlines()[-2:] == [
        "settle up over 5 hands (evening.gsn hands 1–3; carry.gsn hands 1–2):",
        "  Jae hands 600 to Minji",
    ]
    assert result.stdout.count("settle up") == 1, "one settle-up, the evening's, not one per file"


def test_settle_says_which_files_and_hands_it_leaves_out(tmp_path: Path) -> None:
    result = settle(tmp_path, "evening.gsn", "missing.gsn", "carry.gsn", "--rules", "wikipedia-it")
    assert result.returncode == Exit.UNREADABLE
    # Under wikipedia-it the shake of carry.gsn's first hand is illegal: that hand is not counted.
    assert result.stdout.splitlines()[-3:] == [
        "settle up over 4 hands (evening.gsn hands 1–3; carry.gsn hand 2):",
        "  Jae hands 600 to Minji",
        "not counted: missing.gsn (it could not be read); carry.gsn hand 1 (not valid)",
    ]


def test_settle_on_a_file_it_could_not_read_is_not_everyone_is_even(tmp_path: Path) -> None:
    result = settle(tmp_path, "missing.gsn")
    assert result.returncode == Exit.UNREADABLE
    assert "even" not in result.stdout
    assert result.stdout.splitlines() == [
        "settle up: no hand could be counted, so there is nothing to settle",
        "not counted: missing.gsn (it could not be read)",
    ]
    assert "cannot read missing.gsn" in result.stderr


# ---- replay --turn 0 is the table as dealt -----------------------------------------------------

JA_PPEOK = ROOT / "tests" / "examples" / "03-ja-ppeok.gsn"


def test_replay_turn_0_shows_the_table_as_dealt() -> None:
    result = cli_run("replay", str(JA_PPEOK), "--turn", "0", "--no-color")
    assert result.returncode == Exit.OK, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "turn 0 · the deal"
    assert lines[1] == "table: 1g  2p  3p  6p  8g 8a  10a  12g"
    assert "│ A      │ 2a 2r 5p 6r 6p 7p 8p 9p 10p 11g  │      │      0 │" in lines
    assert "turn 1 " not in result.stdout


def test_the_whole_replay_starts_from_the_deal() -> None:
    result = cli_run("replay", str(JA_PPEOK), "--no-color")
    headings = [line.split(" · ")[0] for line in result.stdout.splitlines() if line.startswith("turn ")]
    assert headings == [f"turn {n}" for n in range(21)]


def test_a_turn_the_hand_does_not_have_says_how_many_it_has() -> None:
    result = cli_run("replay", str(JA_PPEOK), "--turn", "99")
    assert result.returncode == Exit.UNREADABLE
    assert "Error: hand 1 has no turn 99: it has 20 turns, 1 to 20, and 0 is the table as dealt" in result.stderr


# ---- a caret stands under its token when the names are Korean (decision P9) -------------------

GRANDMA = '[Seats "할머니, 엄마"]\ndeal 할머니: 1g 1p 2p 3p 4p 5p 6p 7p 8p 9p\ndeal 엄마: ?*10\n'


def caret_column(lines: list[str], source: str) -> tuple[str, int]:
    """The text above the caret and the cell the caret is in, counted as a terminal shows them."""
    at = next(i for i, line in enumerate(lines) if line.endswith(source))
    gutter, caret = lines[at].index("| ") + 2, lines[at + 1]
    assert caret.endswith("^") and set(caret[gutter:-1]) <= {" "}
    return lines[at][gutter:], cell_len(caret) - 1 - gutter


def test_a_syntax_errors_caret_counts_wide_characters_twice() -> None:
    result = cli_run("check", "-", stdin=GRANDMA + "할머니: 1p / 4q\n")
    assert result.returncode == Exit.UNREADABLE
    assert result.stderr.startswith("-:4:11: '4q' is not a card")
    text, cell = caret_column(result.stderr.splitlines(), "할머니: 1p / 4q")
    assert cell == cell_len("할머니: 1p / ")  # under 4q: 13 cells in, though 10 characters
    assert text[len("할머니: 1p / ") :].startswith("4q")


def test_a_violations_caret_counts_wide_characters_twice() -> None:
    result = cli_run("check", "-", "--no-color", stdin=GRANDMA + "table: 10p 11p 12pp 2a 4a 5a 6a 7a\n할머니: 12g / 10a\n")
    assert "line 5: not-in-hand: 할머니 played 12g on line 5" in result.stdout
    _text, cell = caret_column(result.stdout.splitlines(), "할머니: 12g / 10a")
    assert cell == cell_len("할머니: ")


# ---- help texts carry examples, and the list of commands cuts none short ----------------------


def examples_of(help_text: str) -> list[str]:
    """The example commands of a help text: the lines after "Examples:" that start the command."""
    after = help_text.split("Examples:", 1)[1]
    return [line.strip() for line in after.splitlines() if line.strip().startswith("gostop-arbiter ")]


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_each_commands_help_has_examples_that_are_right(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(cli, [name, "--help"], terminal_width=60)
    assert result.exit_code == 0
    examples = examples_of(result.output)
    assert examples, f"{name} --help shows no example"
    documented = examples_of(cli.commands[name].help or "")
    assert examples == documented, "the examples are printed as written, not rewrapped at 60 columns"
    monkeypatch.chdir(ROOT)
    for example in examples:
        args = shlex.split(re.split(r" [<>|] ", example)[0])[1:]
        assert args[0] == name
        for pattern in (a for a in args if a.startswith("samples/")):
            assert list(ROOT.glob(pattern)), f"{example}: {pattern} names no file of the repository"
        cli.commands[name].make_context(name, args[1:])  # a usage error would raise


def test_the_list_of_commands_cuts_no_description_short() -> None:
    result = CliRunner().invoke(cli, ["--help"], terminal_width=80)
    listing = result.output.split("Commands:", 1)[1]
    assert "..." not in listing
    for name, command in cli.commands.items():
        assert command.short_help and command.short_help in " ".join(listing.split()), name
