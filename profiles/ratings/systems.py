"""Every rating system by its command-line name, and the product's default."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from profiles.ratings.base import RatingInputError, RatingSystem
from profiles.ratings.chess_scotland import ChessScotland
from profiles.ratings.elo import CLUB, FIDE, FIDE_CLASSIC, flat_elo
from profiles.ratings.glicko2 import Glicko2
from profiles.ratings.performance import PerformanceSystem
from profiles.ratings.uscf import UscfClassic

DEFAULT_SYSTEM = "fide"

_ALL: tuple[RatingSystem, ...] = (
    FIDE,
    flat_elo(),
    CLUB,
    FIDE_CLASSIC,
    UscfClassic(),
    ChessScotland(),
    Glicko2(),
    PerformanceSystem(),
)

SYSTEMS: Mapping[str, RatingSystem] = MappingProxyType({s.name: s for s in _ALL})
"""Every system by name, the default first."""


def get_system(name: str) -> RatingSystem:
    """The system called ``name``; :class:`RatingInputError` names the valid ones otherwise."""
    try:
        return SYSTEMS[name.strip().lower()]
    except KeyError:
        raise RatingInputError(
            f"there is no rating system {name!r}: choose one of {', '.join(SYSTEMS)}"
        ) from None
