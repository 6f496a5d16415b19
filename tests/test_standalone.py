"""The repository stands on its own: its docs hold the specification and the rules, nothing in it
points at files that do not ship (the research folder the project started from, beside the checkout),
and a copy of it builds a wheel that holds what the package needs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from conftest import ROOT

SKIPPED_DIRS = {
    ".git",
    ".venv",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "build",
    "dist",
}
TEXT_SUFFIXES = {".py", ".md", ".lark", ".toml", ".json", ".gsn", ".txt", ".cfg", ".ini", ".yml", ".yaml", ""}

# A folder beside the checkout, or the names of the research files in it.
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(?:spec|rules|tools|style|seeds)\b")
OLD_NAMES = re.compile(r"\b(?:GSN|RULES|PROFILES)\.md\b")

# docs/decisions.md alone keeps the old names, as history: its entries say what "GSN.md" left open at the time,
# and its section D says those names now mean docs/gsn.md and docs/rules-reference.md.
OLD_NAMES_KEPT = {"docs/decisions.md"}
OUTSIDE_KEPT: set[str] = set()

RULE_ID = re.compile(r"\b(?:DK|SE|DL|PC|TU|EV|ST|SC|GS|PA|3P|4P|MH|AR|WE)-\d+\b")
GSN_SECTION = re.compile(r"GSN §(\d+)(?:\s*[–-]\s*§?(\d+))?")


def repository_files() -> list[Path]:
    files = [
        p
        for p in ROOT.rglob("*")
        if p.is_file()
        and not SKIPPED_DIRS.intersection(p.relative_to(ROOT).parts)
        and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
        and p.suffix in TEXT_SUFFIXES
        and p != Path(__file__).resolve()
    ]
    assert len(files) > 100, f"only {len(files)} files found under {ROOT}"
    return sorted(files)


def texts() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8", errors="replace") for p in repository_files()}


def test_nothing_points_outside_the_repository() -> None:
    citing = {name for name, text in texts().items() if OUTSIDE.search(text)}
    assert citing <= OUTSIDE_KEPT, (
        f"point inside the repository (docs/gsn.md, docs/rules-reference.md, tests/examples/): {sorted(citing - OUTSIDE_KEPT)}"
    )


def test_no_new_file_cites_the_research_files_by_their_old_names() -> None:
    citing = {name for name, text in texts().items() if OLD_NAMES.search(text)}
    assert citing <= OLD_NAMES_KEPT, (
        f"cite docs/gsn.md or docs/rules-reference.md instead: {sorted(citing - OLD_NAMES_KEPT)}"
    )


def test_every_rule_id_cited_is_in_the_rules_reference() -> None:
    reference = (ROOT / "docs" / "rules-reference.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^### (\S+) ", reference, re.M)) | set(re.findall(r"^- \*\*(\S+)\*\* ", reference, re.M))
    cited = {found for text in texts().values() for found in RULE_ID.findall(text)}
    assert len(cited) > 40
    assert sorted(cited - defined) == []


def test_every_gsn_section_cited_is_in_the_specification() -> None:
    spec = (ROOT / "docs" / "gsn.md").read_text(encoding="utf-8")
    sections = {int(n) for n in re.findall(r"^## (\d+)\. ", spec, re.M)}
    assert sections == set(range(1, 9))
    cited = {int(n) for text in texts().values() for match in GSN_SECTION.findall(text) for n in match if n}
    assert cited and cited <= sections


@pytest.mark.parametrize("name", ["gsn.md", "rules-reference.md"])
def test_the_specification_links_resolve(name: str) -> None:
    """Every relative link of the two pages names a file of the repository and, with a #, a heading in it."""
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]*)(?:#([^)]*))?\)", text):
        path = (ROOT / "docs" / (target[0] or name)).resolve()
        assert path.exists(), f"{name}: {target[0]} does not exist"
        if target[1]:
            headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
            anchors = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert target[1] in anchors, f"{name}: no heading #{target[1]} in {path.name}"


def test_a_copy_of_the_checkout_builds_a_wheel_that_holds_what_the_package_needs(tmp_path: Path) -> None:
    """Built as ``pip install .`` builds it, with the build's own requirements (the test extra's
    setuptools) and nothing fetched; nothing is generated at the build (decision C10)."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*SKIPPED_DIRS, "*.egg-info"))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run([*command, "--wheel-dir", str(tmp_path / "wheels"), str(copy)], capture_output=True, check=True)
    (wheel,) = (tmp_path / "wheels").glob("gostop_arbiter-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        fields = Parser().parsestr(archive.read(metadata).decode("utf-8"))
    for shipped in (
        "gostop_arbiter/grammar/gsn.lark",
        "gostop_arbiter/notation/grammar.py",
        "gostop_arbiter/locale/ko/LC_MESSAGES/gostop_arbiter.mo",
        "gostop_arbiter/table/static/index.html",
        "gostop_arbiter/table/static/table.css",
        "gostop_arbiter/table/static/js/main.js",
        "gostop_arbiter/table/static/manifest.webmanifest",
        "gostop_arbiter/py.typed",
    ):
        assert shipped in names, shipped
    assert not [name for name in names if name.startswith(("tests/", "bench/", "docs/"))]
    assert fields["License-Expression"] == "MIT"
    required = {line.split(";")[0].strip(): line for line in fields.get_all("Requires-Dist")}
    assert "extra" not in required["lark-cython>=0.0.15"]  # the package's own, where it has wheels
    assert "platform_machine" in required["lark-cython>=0.0.15"]
