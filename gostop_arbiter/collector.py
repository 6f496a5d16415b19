"""What the arbiter tells Python's garbage collector, in one place (decision B5).

Reading and judging make many small objects that live until the end (models, events) and almost
no garbage, and a command lives a second or less. So:
- while the command's modules are imported, and while a file's models are built, the collector
  does not run: every collection then would walk the objects made so far again and find nothing
  (2–3× slower for a big file); the models hold no reference cycles, so nothing is lost by waiting;
- what the imports made is frozen (``gc.freeze``): later collections never look at it again.
  A stream of hands (``check``, ``audit``) is read and judged a run at a time with the collector
  paused, and it runs between runs, so that memory stays flat; a whole file judged at once, whose
  verdicts are all kept (``judge_file``, ``judge_lines``), is judged with it paused throughout;
- when the command ends, everything still alive is frozen too, so that the interpreter's last
  collection does not walk every object once more just before the process exits. Objects are
  still freed, files closed and exit handlers run as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """No garbage collection inside; collection resumes afterwards if it was on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def importing() -> Iterator[None]:
    """Around the command's imports: no collection, and what they made frozen afterwards."""
    with paused_gc():
        yield
        gc.freeze()


@contextmanager
def command() -> Iterator[None]:
    """Around the command's work: everything alive at its end is frozen (see the module's text)."""
    try:
        yield
    finally:
        gc.freeze()
