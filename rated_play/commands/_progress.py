"""The progress bar of the commands that play or analyse for a while: rich's, on stderr."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.progress import Progress as ProgressBar


@contextlib.contextmanager
def progress_bar(
    doing: str, unit: str, *, transient: bool = False
) -> Iterator[Callable[[int, int], None]]:
    """A bar saying ``doing``, ``done/total unit`` and the time left, told ``(done, total)``.

    It appears with the first report, so a command that refuses before starting shows none;
    ``transient`` clears it when the work is done."""
    bar = ProgressBar(
        TextColumn(doing),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=transient,
    )
    task = bar.add_task(doing, total=None)

    def show(done: int, total: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        yield show
    finally:
        if bar.live.is_started:
            bar.stop()
