"""Rating systems as pure functions over small immutable types (stdlib only; the fit of a
pool of many players loads numpy when it runs, :mod:`profiles.ratings.fit_arrays`)."""

from profiles.ratings.base import (
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    RatingSystem,
)
from profiles.ratings.fit import FitResult, FittedRating, fit_ratings
from profiles.ratings.systems import DEFAULT_SYSTEM, SYSTEMS, get_system
from profiles.ratings.visibility import PROVISIONAL_GAMES

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
