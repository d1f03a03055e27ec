"""Performance rating: the rating at which a player's results were the most likely.

It is the logistic fit of :mod:`profiles.ratings.fit` with the opponents as anchors, so the
initial rating of a new player and the calibration of the engine pool come from one piece of
code. A run of all wins or all losses is finite: the fit gives such a player one virtual draw
spread over their opponents (twenty wins against 1500 give ≈ 2145, twenty losses ≈ 855).
A fit below the rating floor (:data:`profiles.ratings.base.RATING_FLOOR`) is the floor:
twenty losses against 455 fit at −190, which says only "far below 455".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from profiles.ratings.base import (
    NEW_PLAYER,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    Record,
    check_games,
    record_of,
    within_floor,
)
from profiles.ratings.fit import FittedRating, fit_counted
from profiles.ratings.visibility import is_provisional

_PLAYER = "player"


def _opponent(rating: float) -> str:
    # Opponents of one rating are one anchor, so the fit sees one pairing per rating.
    return f"opponent rated {rating!r}"


def performance(games: Sequence[GameScore]) -> FittedRating:
    """The player's fitted rating and its standard error over ``games``."""
    check_games(games)
    if not games:
        raise RatingInputError("a performance rating needs at least one game")
    return performance_of_record(record_of(games))


def performance_of_record(record: Record) -> FittedRating:
    """:func:`performance` of games already counted: its time grows with the opponents' ratings,
    not the games, so the performance after each of many games stays quick."""
    anchors = {_opponent(rating): rating for rating in record}
    fit = fit_counted(
        (
            (_PLAYER, _opponent(rating), played, points)
            for rating, (played, points) in record.items()
        ),
        anchors,
    )
    fitted = fit[_PLAYER]
    return replace(fitted, rating=within_floor(fitted.rating))


@dataclass(frozen=True)
class PerformanceSystem:
    """The performance over the games given; where the player started plays no part."""

    name: str = "performance"
    title: str = "Performance rating"

    def rate_record(self, record: Record) -> float:
        return performance_of_record(record).rating

    def rate(self, games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> RatingState:
        fitted = performance(games)
        return RatingState(
            rating=fitted.rating,
            games=len(games),
            provisional=is_provisional(len(games)),
        )
