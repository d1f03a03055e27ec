"""One side's chess clock."""

from __future__ import annotations

import math

from textual.widgets import Static

TENTHS_BELOW = 20.0
"""Seconds left under which the clock shows tenths, as tournament clocks do."""


def format_clock(seconds: float | None) -> str:
    """``5:03``, ``1:02:03``, or ``0:07.3`` under 20 s; ``--:--`` without a clock.

    Time is truncated, never rounded up, so the display never shows time a player lacks.
    """
    if seconds is None:
        return "--:--"
    seconds = max(0.0, seconds)
    if seconds < TENTHS_BELOW:
        tenths = math.floor(seconds * 10)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class ClockView(Static):
    """A side's name and time; styled ``-running`` while it runs and ``-low`` under 20 s."""

    def __init__(self, side: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.side = side
        self.border_title = side
        self._shown: str | None = None

    def show(self, seconds: float | None, *, running: bool) -> None:
        """Show the time; redrawn only when what it shows changes (the clocks are asked ten
        times a second, and mostly show whole seconds)."""
        shown = format_clock(seconds)
        if shown != self._shown:
            self._shown = shown
            self.update(shown, layout=False)  # a clock's size never depends on its time
        self.set_class(running, "-running")
        self.set_class(seconds is not None and seconds < TENTHS_BELOW, "-low")
