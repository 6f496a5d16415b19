"""The progress bar of simulate and audit: drawn on a terminal, nothing anywhere else."""

from __future__ import annotations

import pytest

from gostop_arbiter.messages import say
from gostop_arbiter.render.progress import progress_bar


def test_a_bar_is_drawn_on_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then takes standard error for a terminal
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    lang = "ko"
    with progress_bar(say("auditing", lang), 3, say("{rate} files a second", lang)) as advance:
        advance()
        advance(2)
    err = capsys.readouterr().err
    assert say("auditing", lang) in err
    assert "초당 파일" in err and "/s" not in err  # the rate said in Korean, with no English unit


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
    with progress_bar("auditing", 3, "{rate} files a second", quiet=quiet) as advance:
        advance(3)
    assert capsys.readouterr().err == ""
