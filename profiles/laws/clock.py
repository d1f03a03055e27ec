"""The Fischer clock (FIDE Laws of Chess, article 6 and its Fischer mode, an increment added
after each move), on a time source that never goes backwards: the one clock of a rated game
and of an engine game of the calibration."""

from __future__ import annotations

import time
from collections.abc import Callable

import chess

from profiles.laws.time_control import TimeControl

TimeSource = Callable[[], float]


def game_time() -> float:
    """Seconds from a clock that keeps counting while the app or the machine is suspended.

    ``CLOCK_BOOTTIME`` is monotonic like ``CLOCK_MONOTONIC`` but also runs through system
    suspend, so closing a laptop lid does not stop a rated game's clock.
    """
    return time.clock_gettime(time.CLOCK_BOOTTIME)


def default_time_source() -> TimeSource:
    return game_time if hasattr(time, "CLOCK_BOOTTIME") else time.monotonic


class GameClock:
    """Two clocks, one running: the side to move's. Without a clock it only counts nothing."""

    def __init__(self, time_control: TimeControl, now: TimeSource | None = None) -> None:
        self.time_control = time_control
        self._now = now or default_time_source()
        base = float(time_control.base_seconds)
        self._left: dict[chess.Color, float] = {chess.WHITE: base, chess.BLACK: base}
        self._running: chess.Color | None = None
        self._since = 0.0

    @property
    def untimed(self) -> bool:
        return self.time_control.untimed

    @property
    def running(self) -> chess.Color | None:
        return self._running

    def start(self, color: chess.Color) -> None:
        """Start ``color``'s clock (the first move's side; White's clock starts at once)."""
        self._running = color
        self._since = self._now()

    def remaining(self, color: chess.Color) -> float | None:
        """Seconds left on ``color``'s clock right now; None without a clock."""
        if self.untimed:
            return None
        left = self._left[color]
        if self._running == color:
            left -= self._now() - self._since
        return left

    def flagged(self, grace: float = 0.0) -> chess.Color | None:
        """The side whose time has run out (by more than ``grace`` seconds), if any."""
        if self.untimed or self._running is None:
            return None
        remaining = self.remaining(self._running)
        return self._running if remaining is not None and remaining <= -grace else None

    def press(self) -> float | None:
        """The side to move has moved: stop its clock, add the increment, start the other's.

        Returns the mover's time left after the increment (for the PGN ``%clk``), or None.
        The caller checks :meth:`flagged` first: a move made after the flag fell is too late.
        """
        if self._running is None:
            raise RuntimeError("the clock has not been started")
        mover = self._running
        now = self._now()
        if not self.untimed:
            self._left[mover] -= now - self._since
            self._left[mover] += self.time_control.increment_seconds
        self._running = not mover
        self._since = now
        return None if self.untimed else self._left[mover]

    def set_remaining(self, color: chess.Color, seconds: float) -> None:
        """Put back a clock reading, for an engine restarted after a crash: the failure was
        not a decision at the board, so its time does not count against the engine."""
        if self.untimed:
            return
        self._left[color] = seconds
        if self._running == color:
            self._since = self._now()

    def stop(self) -> None:
        if self._running is not None and not self.untimed:
            self._left[self._running] -= self._now() - self._since
        self._running = None
