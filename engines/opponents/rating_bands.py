"""The rating bands people's conduct off the board is fitted by: under 1200, 1200–1600,
1600–2000, 2000 and over, as people's games are counted (``benchmarks/people_games.py``). The
resignation hazard and the draw agreements both weigh an opponent's band."""

from __future__ import annotations

from typing import Final

BAND_FLOORS: Final = (1200.0, 1600.0, 2000.0)
"""The lower bounds of the bands above the first."""


def band_index(rating: float) -> int:
    """0 for under 1200, to 3 for 2000 and over (:data:`BAND_FLOORS`)."""
    return sum(rating >= floor for floor in BAND_FLOORS)
