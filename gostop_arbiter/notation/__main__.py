"""``python -m gostop_arbiter.notation``: write the stand-alone parser from grammar/gsn.lark again."""

from __future__ import annotations

import sys

from .grammar import write_standalone

print(f"wrote {write_standalone()}", file=sys.stderr)
