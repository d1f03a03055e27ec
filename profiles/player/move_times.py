"""The time each move of a finished game took, from the clocks the ledger keeps (the PGN's
``%clk``): what lichess's move-time chart shows.

A move's time is the mover's clock before it (the start time for a side's first move, its clock
after its previous move otherwise) less its clock after it, the increment added by the move
taken back out.
"""

from __future__ import annotations

from collections.abc import Sequence

from profiles.laws.time_control import TimeControl
from profiles.ledger.records import RecordedMove


def move_times(moves: Sequence[RecordedMove], time_control: TimeControl) -> list[float | None]:
    """Seconds spent on each move, ply by ply; None for every move of a game without a clock
    (or a move the ledger has no clock for)."""
    before = [time_control.base_seconds, time_control.base_seconds]  # White's, Black's
    spent: list[float | None] = []
    for index, move in enumerate(moves):
        if time_control.untimed or move.clock_ms is None:
            spent.append(None)
            continue
        after = move.clock_ms / 1000
        side = index % 2
        spent.append(max(0.0, before[side] - after + time_control.increment_seconds))
        before[side] = after
    return spent


def duration_words(seconds: float) -> str:
    """``0.4 s``, ``8 s``, ``1:05``: tenths only where they tell."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"
