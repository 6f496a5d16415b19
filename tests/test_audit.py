"""``gostop-arbiter audit``: folders of files, one JSONL record per hand, a summary, exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import SPEC_EXAMPLES

from gostop_arbiter.exitcodes import Exit
from gostop_arbiter.tools.audit import FileAudit, audit


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=300, input=stdin
    )


def summary_row(stdout: str, label: str) -> str:
    """The count in the summary's row ``label``."""
    (line,) = [line for line in stdout.splitlines() if line.count("│") == 3 and line.split("│")[1].strip() == label]
    return line.split("│")[2].strip()


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
    assert len(errors) > 2  # the junk has several lines that are not UTF-8
    assert summary_row(result.stdout, "files that could not be read or judged in full") == "2"
    assert summary_row(result.stdout, "errors in them (a line, a hand or a file each)") == f"{len(errors):,}"


def test_a_file_with_one_broken_hand_is_one_file_not_judged_in_full(tmp_path: Path) -> None:
    assert run("simulate", "--hands", "3", "--seed", "9", "-o", str(tmp_path / "x.gsn")).returncode == 0
    text = (tmp_path / "x.gsn").read_text(encoding="utf-8")
    (tmp_path / "x.gsn").write_text(text.replace("deal ", "deal: ", 1), encoding="utf-8")
    result = run("audit", str(tmp_path), "--quiet")
    assert result.returncode == Exit.UNREADABLE
    assert summary_row(result.stdout, "hands judged") == "2"
    assert summary_row(result.stdout, "files that could not be read or judged in full") == "1"


def test_audit_dash_reads_standard_input_as_one_file(tmp_path: Path) -> None:
    """GSN §8's ``-``: the audit reads standard input as ``check -`` does, the hands in order."""
    assert run("simulate", "--hands", "12", "--seed", "4", "-o", str(tmp_path / "x.gsn")).returncode == 0
    text = (tmp_path / "x.gsn").read_text(encoding="utf-8")
    piped, named = tmp_path / "piped.jsonl", tmp_path / "named.jsonl"
    result = run("audit", "-", "--jsonl", str(piped), stdin=text)
    assert result.returncode == Exit.OK, result.stdout + result.stderr
    assert summary_row(result.stdout, "files") == "1" and summary_row(result.stdout, "hands judged") == "12"
    assert run("audit", str(tmp_path / "x.gsn"), "--jsonl", str(named)).returncode == Exit.OK
    assert [r["path"] for r in records(piped)] == ["-"] * 13  # twelve hands and the balance
    assert [{**r, "path": ""} for r in records(piped)] == [{**r, "path": ""} for r in records(named)]


def test_audit_dash_beside_a_folder_with_two_jobs(tmp_path: Path) -> None:
    root = folder(tmp_path)
    out = tmp_path / "v.jsonl"
    broken = '[Seats "A, B"]\nA: 3q / 4p\n'
    result = run("audit", str(root), "-", "--jobs", "2", "--jsonl", str(out), stdin=broken)
    assert result.returncode == Exit.UNREADABLE
    lines = records(out)
    assert [r["path"] for r in lines if r["path"] == "-"] == ["-", "-"]  # the syntax error and the balance
    assert lines[-1]["path"] == "-" and len([r for r in lines if "index" in r]) == 50  # in the order named
    assert summary_row(result.stdout, "files that could not be read or judged in full") == "1"


def test_audit_of_a_closed_standard_input_says_so(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gostop_arbiter", "audit", "-", "--jsonl", str(tmp_path / "v.jsonl")],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )
    assert result.returncode == Exit.UNREADABLE  # no hand in an empty stream
    assert "no hand" in (tmp_path / "v.jsonl").read_text(encoding="utf-8")


def test_a_valid_folder_exits_0(tmp_path: Path) -> None:
    assert run("simulate", "--hands", "5", "--seed", "9", "-o", str(tmp_path / "x.gsn")).returncode == 0
    assert run("audit", str(tmp_path), "--quiet").returncode == Exit.OK


def test_an_audit_leaves_the_process_that_calls_it_as_it_found_it() -> None:
    """The library's audit tunes only the workers it starts (decision C20)."""
    import gc
    import signal

    def state() -> tuple[object, ...]:
        return gc.get_threshold(), gc.isenabled(), sys.getswitchinterval(), signal.getsignal(signal.SIGINT)

    before = state()
    for jobs in (1, 2):
        assert audit([str(SPEC_EXAMPLES)], jobs=jobs).hands > 0
        assert state() == before


def test_the_files_not_judged_in_full_are_named_with_their_first_error(tmp_path: Path) -> None:
    """The summary counts them; standard error names each, where its first error is, and how many
    errors it has (Part C of issue 31: an audit of a folder of broken files named none)."""
    (tmp_path / "broken.gsn").write_text('[Seats "A, B"]\nA: 3q / 4p\nB: 4q / 5p\n', encoding="utf-8")
    (tmp_path / "a-folder.gsn").mkdir()  # below a folder, not a file: not audited
    fifo = tmp_path / "pipe.gsn"
    os.mkfifo(fifo)
    result = run("audit", str(tmp_path), str(fifo), "--quiet")
    assert result.returncode == Exit.UNREADABLE
    assert summary_row(result.stdout, "files that could not be read or judged in full") == "2"
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'broken.gsn'}:2:4: '3q' is not a card: write the month and a category, such as 3p, 8g, 9a, 1r, 11pp or 8광 (and 1 more)",
        f"cannot read {fifo}: it is a pipe, not a file",
    ]


def test_the_workers_take_the_largest_files_first_and_the_records_keep_file_order(tmp_path: Path) -> None:
    """Largest first (decision B24): the files come back out of order, and are put back in order."""
    from gostop_arbiter.judging.file import RulesChoice
    from gostop_arbiter.tools.audit import _in_order, _largest_first

    for name, hands in [("a.gsn", 3), ("b.gsn", 12), ("c.gsn", 3), ("d.gsn", 25)]:
        assert run("simulate", "--hands", str(hands), "--seed", "4", "-o", str(tmp_path / name)).returncode == 0
    missing = str(tmp_path / "gone.gsn")
    tasks = [(str(tmp_path / n), RulesChoice(), None) for n in ["a.gsn", "b.gsn", "c.gsn", "d.gsn"]] + [
        (missing, RulesChoice(), None)
    ]
    order = _largest_first(tasks)
    assert order == [3, 1, 0, 2, 4]  # one size in file order; a file that cannot be looked at last
    taken = [FileAudit(tasks[i][0]) for i in order]  # the summaries as the workers send them back
    assert [s.path for s in _in_order(order, taken)] == [t[0] for t in tasks]

    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    audit([str(tmp_path)], jobs=1, jsonl=str(one))
    audit([str(tmp_path)], jobs=2, jsonl=str(two))
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")


def test_an_audit_without_a_jsonl_counts_what_one_with_it_counts(tmp_path: Path) -> None:
    """Without a JSONL, a hand's summary is counted from its verdict, not from its JSON record
    (decision B25): the same counts, codes, money and files not judged in full."""
    roots = [str(folder(tmp_path)), str(SPEC_EXAMPLES), str(SPEC_EXAMPLES.parent / "hands")]
    roots += [str(SPEC_EXAMPLES.parent / "errors"), str(SPEC_EXAMPLES.parent.parent / "samples")]

    def counted(total: FileAudit) -> tuple[object, ...]:
        said = [m if isinstance(m, str) else m.english() for m in total.not_judged]
        fields = (total.hands, total.valid, total.disputed, total.unreadable, total.errors, total.money)
        return (*fields, sorted(total.codes.items()), said)

    for jobs in (1, 2):
        with_jsonl = audit(roots, jobs=jobs, jsonl=str(tmp_path / "v.jsonl"))
        without = audit(roots, jobs=jobs)
        assert counted(without) == counted(with_jsonl)
        assert with_jsonl.disputed and with_jsonl.errors and with_jsonl.codes  # each kind is there to count
