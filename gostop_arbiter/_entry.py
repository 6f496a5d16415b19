"""The ``gostop-arbiter`` command's entry point: start quickly, then hand over to the CLI.

Lark imports ``regex`` and ``interegular`` at import time whenever they are installed (``regex`` to
offer it as an option, ``interegular`` for ``strict=True`` grammar checks). The arbiter uses
neither when it runs, and importing them costs about a sixth of a cold start, so the command hides
them from its own process before anything imports Lark. Library users and the test suite (which
builds the grammar with ``strict=True``) are not affected.
"""

from __future__ import annotations

import sys


def main() -> None:
    for unused in ("regex", "interegular"):
        sys.modules.setdefault(unused, None)  # type: ignore[arg-type]
    from .cli import main as cli_main

    cli_main()
