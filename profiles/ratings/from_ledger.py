"""The ledger's games as the rating systems take them: the one conversion from a recorded game
to a :class:`GameScore`, and the one count of wins, draws and losses.

Only the records' fields are read here; the rating modules stay free of the ledger and its
storage (the import below is for the type checker alone).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from profiles.laws.time_control import TimeClass
from profiles.ratings.base import GameScore, RatingState, RatingSystem
from profiles.ratings.systems import DEFAULT_SYSTEM, get_system

if TYPE_CHECKING:
    from profiles.ledger.records import GameRecord


def game_score(game: GameRecord) -> GameScore:
    """A rated game from the player's side, as the rating systems take it."""
    if game.player_score is None:
        raise ValueError(f"game {game.id} has no score: it is not rated")
    ended = game.finished_at or game.started_at
    # Today's calibration of the opponent where the ledger knows it: see Ledger.rate_opponents.
    return GameScore(
        opponent_rating=game.opponent_rating_today,
        score=game.player_score,
        played_on=ended.astimezone(dt.UTC).date(),
    )


def rated_games(games: Iterable[GameRecord], time_class: TimeClass) -> list[GameRecord]:
    """The rated games of one class, in the order played."""
    return [game for game in games if game.rated and game.time_class is time_class]


def class_scores(games: Iterable[GameRecord], time_class: TimeClass) -> list[GameScore]:
    """The scores of one class's rated games, in the order played."""
    return [game_score(game) for game in rated_games(games, time_class)]


def class_ratings(
    games: Sequence[GameRecord], system: RatingSystem | None = None
) -> dict[TimeClass, RatingState]:
    """One profile's rating in every class it has rated games in, recomputed from scratch."""
    chosen = system or get_system(DEFAULT_SYSTEM)
    ratings = {}
    for time_class in TimeClass:
        scores = class_scores(games, time_class)
        if scores:
            ratings[time_class] = chosen.rate(scores)
    return ratings


class Record(NamedTuple):
    """Won, drawn and lost games."""

    wins: int
    draws: int
    losses: int


def record(scores: Iterable[GameScore]) -> Record:
    """How many of ``scores`` were won, drawn and lost."""
    points = [score.score for score in scores]
    return Record(points.count(1.0), points.count(0.5), points.count(0.0))
