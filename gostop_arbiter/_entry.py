"""The ``gostop-arbiter`` command's entry point: start quickly, then hand over to the CLI.

The parser (Lark) imports ``regex`` at import time whenever it is installed, to offer it as an
option. The arbiter does not use it, and importing it costs about a sixth of a cold start, so the
command hides it from its own process before the parser is imported. Library users are not
affected.

Likewise pydantic looks for plugins (observability hooks) by scanning the metadata of every
installed distribution the first time a model validates; no plugin has any use in this command,
so it tells pydantic there are none (unless the user's environment already says otherwise).

The garbage collector is told what a short-lived command knows (``collector``, decision B5): it
does not run while the CLI's modules are imported, what they made is frozen, and what is alive at
the end is frozen too. Together that is about a twelfth of a cold start.
"""

from __future__ import annotations

import os
import sys

from . import collector


def main() -> None:
    sys.modules.setdefault("regex", None)  # type: ignore[arg-type]
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    with collector.importing():
        from .cli import main as cli_main
    with collector.command():
        cli_main()
