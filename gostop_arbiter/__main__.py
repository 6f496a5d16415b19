"""``python -m gostop_arbiter``: the same as the ``gostop-arbiter`` command."""

from __future__ import annotations

from ._entry import main

main()
