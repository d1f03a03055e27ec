"""Rating systems as pure functions over small immutable types (stdlib only)."""

from profiles.ratings.base import (
    PROVISIONAL_GAMES,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    RatingSystem,
)

__all__ = [
    "PROVISIONAL_GAMES",
    "GameScore",
    "PlayerStart",
    "RatingInputError",
    "RatingState",
    "RatingSystem",
]
