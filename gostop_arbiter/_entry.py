"""The ``gostop-arbiter`` command's entry point: start quickly, then hand over to the CLI.

The parser (Lark's stand-alone parser, gostop_arbiter/notation/standalone.py) imports ``regex``
at import time whenever it is installed, to offer it as an option. The arbiter does not use it,
and importing it costs about a sixth of a cold start, so the command hides it from its own process
before the parser is imported. Library users are not affected.

Likewise pydantic looks for plugins (observability hooks) by scanning the metadata of every
installed distribution the first time a model validates; no plugin has any use in this command,
so it tells pydantic there are none (unless the user's environment already says otherwise).

The garbage collector is told what a short-lived command knows (decision B5):
- while the CLI's modules are imported, it does not run: imports make many objects that live as
  long as the process and next to no garbage, so every collection then is wasted work;
- what the imports made is then frozen (``gc.freeze``): later collections, which run as usual
  while files are read and judged, never look at it again;
- when the command ends, everything still alive is frozen too, so that the interpreter's last
  collection does not walk every object once more just before the process exits. Objects are
  still freed, files closed and exit handlers run as usual.
Together that is about a twelfth of a cold start.
"""

from __future__ import annotations

import gc
import os
import sys


def main() -> None:
    sys.modules.setdefault("regex", None)  # type: ignore[arg-type]
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    gc.disable()
    from .cli import main as cli_main

    gc.freeze()
    gc.enable()
    try:
        cli_main()
    finally:
        gc.freeze()
