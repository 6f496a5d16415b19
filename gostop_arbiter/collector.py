"""What the command tells Python's garbage collector, in one place (decision B5). Only the
command's entry point (``_entry``) and the audit's workers use it: a library call leaves the
collector as it found it.

Reading and judging make many small objects and almost no reference cycles, and a command lives a
second or less. So:
- while the command's modules are imported, the collector does not run: every collection then
  would walk the objects made so far again and find nothing; what the imports made is frozen
  (``gc.freeze``): later collections never look at it again;
- while the command works, the youngest generation is collected after :data:`YOUNG` allocations
  rather than Python's 700: a collection walks the young objects, which for the arbiter are
  models and verdicts still in use, so fewer collections do the same work. Memory still stays
  flat, since a cycle made and dropped is still collected (every ``YOUNG`` allocations);
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


YOUNG = 20_000
"""Allocations between two collections of the youngest generation while a command works."""


def tune() -> None:
    """Young collections every :data:`YOUNG` allocations from now on: for a process that is the
    command's own from its start to its end (an audit's worker)."""
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


@contextmanager
def tuned() -> Iterator[None]:
    """Young collections rarer inside (every :data:`YOUNG` allocations); Python's own after."""
    before = gc.get_threshold()
    tune()
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def command() -> Iterator[None]:
    """Around the command's work: young collections rarer, and everything alive at its end frozen
    (see the module's text)."""
    try:
        with tuned():
            yield
    finally:
        gc.freeze()
