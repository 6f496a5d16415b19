"""The code stays typed (mypy strict) and lint-clean (ruff), as STYLE.md asks; CI runs both here."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
    formatted = run("ruff", "format", "--check", "gostop_arbiter")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
