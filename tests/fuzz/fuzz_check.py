"""A coverage-guided fuzzer for the whole ``check`` path, for long runs outside CI.

    pip install atheris
    python tests/fuzz/fuzz_check.py -max_total_time=600 samples/

Any input must end in a verdict or in exit status 2 with a message; an exception is a bug.
The samples (and any corpus directory given) seed the fuzzer.
"""

from __future__ import annotations

import sys

import atheris  # type: ignore[import-not-found]

with atheris.instrument_imports():
    from click.testing import CliRunner

    from gostop_arbiter.cli import cli


def one_input(data: bytes) -> None:
    result = CliRunner().invoke(cli, ["check", "-", "--json", "--settle"], input=data, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code not in (0, 1, 2, 3):
        raise RuntimeError(f"exit status {result.exit_code}")


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
