"""A coverage-guided fuzzer for the whole ``check`` path, for long runs outside CI.

    pip install atheris
    python tests/fuzz/fuzz_check.py -max_total_time=600 samples/

Any input must end in a verdict or in exit status 2 with a message; an exception is a bug.
The samples (and any corpus directory given) seed the fuzzer.

Each input runs the command in this process with standard input, output and error replaced.
The output streams are made once and emptied before each run: click caches its wrapper of each
stream it writes to and never lets one go, so a new stream per run (as ``CliRunner`` makes) would
grow the fuzzer's memory by a few kilobytes a run until it stops on its memory limit.
"""

from __future__ import annotations

import io
import sys

import atheris  # type: ignore[import-not-found]

with atheris.instrument_imports():
    from gostop_arbiter.cli import cli

_OUTPUT = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")


def one_input(data: bytes) -> None:
    _OUTPUT.seek(0)
    _OUTPUT.truncate()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = sys.stderr = _OUTPUT
    try:
        cli.main(["check", "-", "--json", "--settle"], prog_name="gostop-arbiter")
    except SystemExit as end:
        if end.code not in (0, 1, 2, 3):
            raise RuntimeError(f"exit status {end.code}") from None
        return
    raise RuntimeError("check ended without an exit status")


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
