"""Python's full garbage collections held back while a game is played.

A full (oldest-generation) collection walks every object the app has made since its first
screen was frozen (:func:`rated_play.ui.launch.collect_again`): during a game, some 30,000 to
100,000 of them, mostly Textual's cached lines of the widgets drawn (each a
:class:`~textual.strip.Strip` with seven caches of its own). It stops the event loop for 10 to
80 ms, a few times a game, whenever the collector's count comes round, so it fell in frames
that should have taken 2 to 10 ms (the UI benchmark, ``benchmarks/ui.py``, counts them).

The young generations are still collected as usual (a millisecond or two, and almost all of
a game's cyclic garbage dies young); only the oldest waits. Once the game is over the usual
thresholds come back, and the collector catches up by itself at its next young collection,
while the result is shown and no clock runs.

Python 3.14's incremental collector ignores the third threshold: there this changes nothing,
and no full collection stops the loop for long anyway.
"""

from __future__ import annotations

import gc

NEVER = 2**31 - 1
"""A third threshold no game reaches: it counts young collections, a few a second."""


class FullCollectionsHeld:
    """Holds full collections back from :meth:`hold` until :meth:`release`; both may be
    called more than once."""

    def __init__(self) -> None:
        self._thresholds: tuple[int, int, int] | None = None

    @property
    def held(self) -> bool:
        return self._thresholds is not None

    def hold(self) -> None:
        if self._thresholds is not None:
            return
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, NEVER)

    def release(self) -> None:
        if self._thresholds is None:
            return
        # Only the third threshold was changed: anything else set meanwhile stays.
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, self._thresholds[2])
        self._thresholds = None
