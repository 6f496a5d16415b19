"""A progress bar for long work (hands done, rate, time left), shown only on a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console


def _nothing(n: int = 1) -> None:
    """What advancing a bar that is not drawn does."""


@contextmanager
def progress_bar(what: str, total: int | None, rate: str, *, quiet: bool = False) -> Iterator[Callable[..., None]]:
    """Yields ``advance(n=1)``. ``rate`` is the reader's sentence of the rate, its number as
    ``{rate}`` ("{rate} hands a second", "초당 {rate}판"). Nothing is drawn when ``quiet`` or when
    standard error is not a terminal."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield _nothing
        return
    # Imported only for a bar that is drawn: a pipe or --quiet never needs it, and an audit's
    # start-up is time its workers wait for (decision B26).
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(rate.replace("{rate}", "{task.fields[rate]}")),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(what, total=total, rate="–")

        def advance(n: int = 1) -> None:
            progress.advance(task, n)
            elapsed = progress.tasks[task].elapsed or 0
            done = progress.tasks[task].completed
            progress.update(task, rate=f"{done / elapsed:,.0f}" if elapsed else "–")

        yield advance
