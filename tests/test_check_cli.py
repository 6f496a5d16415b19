"""``gostop-arbiter check``, ``compare`` and ``--settle`` as a user runs them (GSN §8 exit statuses)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES
from test_tally import YUNA_WINS

from gostop_arbiter.exitcodes import Exit


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def write(tmp_path: Path, text: str, name: str = "hand.gsn") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        pytest.param(YUNA_WINS + "Yuna: stop\n", Exit.OK, id="valid"),
        pytest.param(YUNA_WINS + "Yuna: stop\nclaim: Taeho pays Yuna 16\n", Exit.OK, id="claim-agrees"),
        pytest.param(YUNA_WINS + "Yuna: stop\nclaim: Taeho pays Yuna 8\n", Exit.DISPUTED, id="claim-contradicted"),
        pytest.param(YUNA_WINS + "Yuna: go\nYuna: go\nYuna: stop\n", Exit.INVALID, id="violation"),
        pytest.param(YUNA_WINS + "Yuna: stop\nclaim Taeho pays\n", Exit.UNREADABLE, id="syntax"),
        pytest.param('[Rules "nonsense"]\n' + YUNA_WINS + "Yuna: stop\n", Exit.UNREADABLE, id="unknown-profile"),
    ],
)
def test_exit_status(tmp_path: Path, text: str, status: Exit) -> None:
    result = run("check", write(tmp_path, text))
    assert result.returncode == status, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


def test_json_verdict_has_the_fields_of_gsn_8(tmp_path: Path) -> None:
    result = run("check", write(tmp_path, '[Stake "100"]\n' + YUNA_WINS + "Yuna: stop\n"), "--json")
    document = json.loads(result.stdout)
    assert document["schema_version"] == 1
    (file,) = document["files"]
    (hand,) = file["hands"]
    for key in ("index", "rules", "seats", "dealer", "valid", "outcome", "winner", "violations", "discrepancies",
                "scores", "payments", "carry_out"):
        assert key in hand
    (payment,) = hand["payments"]
    assert {k: payment[k] for k in ("from", "to", "kind", "points", "amount")} == {
        "from": "Taeho", "to": "Yuna", "kind": "hand", "points": 16, "amount": 1600,
    }
    assert payment["factors"][0]["rule"] == "pi-bak"
    assert file["balance"] == {"Yuna": 1600, "Taeho": -1600}


def test_violations_in_json_name_line_column_player_and_card(tmp_path: Path) -> None:
    path = write(tmp_path, YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 1r 2a") + "Yuna: stop\n")
    hand = json.loads(run("check", path, "--json").stdout)["files"][0]["hands"][0]
    assert hand["valid"] is False
    assert hand["violations"] == [
        {"code": "extra-card", "line": 3, "column": 13, "player": "Taeho", "card": "1r",
         "message": "1r appears 2 times in the piles, but the deck holds it once", "params": {"seen": 2, "copies": 1}},
    ]


def test_people_see_the_caret_under_the_violation(tmp_path: Path) -> None:
    path = write(tmp_path, YUNA_WINS.replace("pile Taeho: 2a", "pile Taeho: 1r 2a") + "Yuna: stop\n")
    result = run("check", path)
    assert result.returncode == Exit.INVALID
    assert "line 3: extra-card" in result.stdout
    assert "      3 | pile Taeho: 1r 2a" in result.stdout
    assert "        |             ^" in result.stdout


def test_syntax_errors_in_json(tmp_path: Path) -> None:
    result = run("check", write(tmp_path, YUNA_WINS + "Yuna: stpo\n"), "--json")
    assert result.returncode == Exit.UNREADABLE
    (file,) = json.loads(result.stdout)["files"]
    assert file["errors"][0]["code"] == "syntax" and file["errors"][0]["line"] == 4


def test_rules_and_set_override_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, YUNA_WINS + "Yuna: stop\n")
    assert json.loads(run("check", path, "--json").stdout)["files"][0]["balance"]["Yuna"] == 16
    wikipedia = json.loads(run("check", path, "--json", "--rules", "wikipedia").stdout)["files"][0]
    assert wikipedia["hands"][0]["rules"] == "wikipedia" and wikipedia["balance"]["Yuna"] == 16
    no_pi_bak = json.loads(run("check", path, "--json", "--set", "pi_bak=false").stdout)["files"][0]
    assert no_pi_bak["balance"]["Yuna"] == 8


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "nonsense"], "the profiles are: standard"),
        (["--set", "min_scor=3"], "unknown knob 'min_scor'"),
        (["--set", "nonsense"], "is not knob=value"),
    ],
)
def test_bad_rules_on_the_command_line_are_usage_errors(tmp_path: Path, args: list[str], words: str) -> None:
    result = run("check", write(tmp_path, YUNA_WINS + "Yuna: stop\n"), *args)
    assert result.returncode == Exit.UNREADABLE
    assert words in result.stderr


def test_compare_shows_each_profile(tmp_path: Path) -> None:
    from test_worked_examples import WE_2

    path = write(tmp_path, WE_2)
    result = run("compare", path, "--rules", "standard,gamerules,wikipedia")
    assert result.returncode == Exit.OK
    assert "B → A 208" in result.stdout and "B → A 104" in result.stdout
    document = json.loads(run("compare", path, "--rules", "standard,gamerules", "--json").stdout)
    assert document["profiles"]["gamerules"]["balance"] == {"A": 104, "B": -104}


@pytest.mark.parametrize("names", [",,", " , "])
def test_compare_with_no_profile_named_is_a_usage_error(tmp_path: Path, names: str) -> None:
    result = run("compare", write(tmp_path, YUNA_WINS + "Yuna: stop\n"), "--rules", names)
    assert result.returncode == 2 and result.stdout == ""
    assert "--rules" in result.stderr and "name one rules profile or more" in result.stderr


def test_settle_ends_with_the_fewest_transfers(tmp_path: Path) -> None:
    from test_worked_examples import WE_4

    path = write(tmp_path, WE_4)
    result = run("check", path, "--settle")
    assert "L1 hands 10 to W" in result.stdout and "L2 hands 10 to W" in result.stdout
    document = json.loads(run("check", path, "--settle", "--json").stdout)
    assert document["files"][0]["settle_up"] == [
        {"from": "L1", "to": "W", "amount": 10}, {"from": "L2", "to": "W", "amount": 10},
    ] or document["files"][0]["settle_up"] == [
        {"from": "L2", "to": "W", "amount": 10}, {"from": "L1", "to": "W", "amount": 10},
    ]


def test_settle_of_a_file_of_many_tables_is_found_without_trying_every_group(tmp_path: Path) -> None:
    """A log of forty tables names eighty players: their transfers are found greedily (R85), where
    looking at every group of them would need 2**80 sums."""
    hands = "\n".join(
        YUNA_WINS.replace("Yuna", f"Yuna{i}").replace("Taeho", f"Taeho{i}") + f"Yuna{i}: stop\n" for i in range(40)
    )
    document = json.loads(run("check", write(tmp_path, hands), "--settle", "--json").stdout)
    transfers = document["files"][0]["settle_up"]
    assert len(transfers) == 40
    assert {"from": "Taeho7", "to": "Yuna7", "amount": 16} in transfers


def test_check_a_bundled_tally_sample() -> None:
    result = run("check", str(SAMPLES / "gostop-3p-tally.gsn"), "--json")
    assert result.returncode == Exit.OK, result.stdout
    assert json.loads(result.stdout)["files"][0]["balance"] == {"Mina": -400, "Joon": -800, "Sora": 1200}


def test_several_files_and_standard_input(tmp_path: Path) -> None:
    good = write(tmp_path, YUNA_WINS + "Yuna: stop\n", "good.gsn")
    result = run("check", good, "-", "--json", stdin=YUNA_WINS + "Yuna: go\nYuna: go\nYuna: stop\n")
    assert result.returncode == Exit.INVALID
    paths = [f["path"] for f in json.loads(result.stdout)["files"]]
    assert paths == [good, "-"]


def test_the_report_names_the_knobs_set_on_the_rules() -> None:
    """The heading said ``standard`` when --set (or a [Set] tag) had changed it (issue 31)."""
    sample = str(SAMPLES / "matgo-hidden-hand.gsn")
    result = run("check", sample, "--set", "go_bak_2p=false")
    assert f"{sample} · hand 1 · standard (go_bak_2p=false) · Ara wins" in result.stdout.splitlines()
    assert f"{sample} · hand 1 · standard · Ara wins" in run("check", sample).stdout.splitlines()


def test_the_audit_says_what_its_jsonl_holds() -> None:
    """``audit --jsonl`` writes a balance record after each file's hands: its help says so."""
    assert "a record of its balance" in " ".join(run("audit", "--help").stdout.split())
