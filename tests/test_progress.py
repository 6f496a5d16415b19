"""The progress bar of simulate and audit: drawn on a terminal, nothing anywhere else."""

from __future__ import annotations

import pytest

from gostop_arbiter.render.progress import progress_bar


def test_a_bar_is_drawn_on_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then takes standard error for a terminal
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    with progress_bar("auditing", 3, unit="files") as advance:
        advance()
        advance(2)
    err = capsys.readouterr().err
    assert "auditing" in err
    assert "files/s" in err


@pytest.mark.parametrize("quiet", [True, False])
def test_nothing_is_drawn_on_a_pipe_or_when_quiet(
    quiet: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if quiet:
        monkeypatch.setenv("FORCE_COLOR", "1")
        monkeypatch.setenv("TTY_COMPATIBLE", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
        monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    with progress_bar("auditing", 3, quiet=quiet) as advance:
        advance(3)
    assert capsys.readouterr().err == ""
