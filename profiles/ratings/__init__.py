"""Rating systems as pure functions over small immutable types (stdlib only)."""

from profiles.ratings.base import (
    PROVISIONAL_GAMES,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    RatingSystem,
)
from profiles.ratings.fit import FitResult, FittedRating, fit_ratings
from profiles.ratings.systems import DEFAULT_SYSTEM, SYSTEMS, get_system

__all__ = [
    "DEFAULT_SYSTEM",
    "PROVISIONAL_GAMES",
    "SYSTEMS",
    "FitResult",
    "FittedRating",
    "GameScore",
    "PlayerStart",
    "RatingInputError",
    "RatingState",
    "RatingSystem",
    "fit_ratings",
    "get_system",
]
