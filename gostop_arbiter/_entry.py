"""The ``gostop-arbiter`` command's entry point: start quickly, then hand over to the CLI.

Lark imports ``regex`` and ``interegular`` at import time whenever they are installed (``regex`` to
offer it as an option, ``interegular`` for ``strict=True`` grammar checks). The arbiter uses
neither when it runs, and importing them costs about a sixth of a cold start, so the command hides
them from its own process before anything imports Lark. Library users and the test suite (which
builds the grammar with ``strict=True``) are not affected.

Likewise pydantic looks for plugins (observability hooks) by scanning the metadata of every
installed distribution the first time a model validates; no plugin has any use in this command,
so it tells pydantic there are none (unless the user's environment already says otherwise).
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    for unused in ("regex", "interegular"):
        sys.modules.setdefault(unused, None)  # type: ignore[arg-type]
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from .cli import main as cli_main

    cli_main()
