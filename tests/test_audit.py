"""``gostop-arbiter audit``: folders of files, one JSONL record per hand, a summary, exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import SPEC_EXAMPLES

from gostop_arbiter.exitcodes import Exit
from gostop_arbiter.tools.audit import audit


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=300)


def folder(tmp_path: Path) -> Path:
    root = tmp_path / "logs"
    (root / "2026" / "11").mkdir(parents=True)
    assert run("simulate", "--players", "3", "--hands", "30", "--seed", "5", "-o", str(root / "2026" / "11" / "a.gsn")).returncode == 0
    assert run("simulate", "--players", "2", "--hands", "20", "--seed", "6", "--tamper", "foreign", "-o", str(root / "b.gsn")).returncode == 0
    (root / "notes.txt").write_text("not a transcript", encoding="utf-8")
    return root


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_audit_a_folder(tmp_path: Path) -> None:
    root = folder(tmp_path)
    out = tmp_path / "verdicts.jsonl"
    result = run("audit", str(root), "--jsonl", str(out), "--jobs", "2")
    assert result.returncode == Exit.INVALID, result.stdout + result.stderr
    assert "hands judged" in result.stdout and "unknown-card" in result.stdout
    lines = records(out)
    hands = [r for r in lines if "index" in r]
    assert len(hands) == 50
    assert [r["path"] for r in lines] == sorted(r["path"] for r in lines), "files in order, hands in order"
    assert sum(1 for r in hands if not r["valid"]) == 20
    balances = [r["balance"] for r in lines if "balance" in r]
    assert len(balances) == 2 and all(sum(b.values()) == 0 for b in balances)  # type: ignore[union-attr]


def test_one_process_or_two_give_the_same_records(tmp_path: Path) -> None:
    root = folder(tmp_path)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = audit([str(root)], jobs=1, jsonl=str(one))
    second = audit([str(root)], jobs=2, jsonl=str(two))
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")
    assert (first.hands, first.valid, first.codes) == (second.hands, second.valid, second.codes)


def test_audit_the_spec_examples() -> None:
    total = audit([str(SPEC_EXAMPLES)], jobs=1)
    assert total.hands == 23 and total.valid == 15 and total.unreadable == 0
    assert set(total.codes) >= {"extra-card", "not-in-hand", "out-of-turn", "illegal-call", "missing-call",
                                "ambiguous-capture", "illegal-capture", "after-end"}


def test_unreadable_and_broken_files_are_counted(tmp_path: Path) -> None:
    (tmp_path / "junk.gsn").write_bytes(bytes(range(256)))
    (tmp_path / "broken.gsn").write_text('[Seats "A, B"]\nA: 3q / 4p\n', encoding="utf-8")
    out = tmp_path / "v.jsonl"
    result = run("audit", str(tmp_path / "junk.gsn"), str(tmp_path / "broken.gsn"), "--jsonl", str(out))
    assert result.returncode == Exit.UNREADABLE
    errors = [r["error"] for r in records(out) if "error" in r]
    assert {e["code"] for e in errors} == {"unreadable", "syntax"}  # type: ignore[index]


def test_a_valid_folder_exits_0(tmp_path: Path) -> None:
    assert run("simulate", "--hands", "5", "--seed", "9", "-o", str(tmp_path / "x.gsn")).returncode == 0
    assert run("audit", str(tmp_path), "--quiet").returncode == Exit.OK
