"""Rating history: the rating a profile's card showed after each rated game, per class.

A point is what :func:`profiles.player.card.class_card` gives over the class's first *n* rated
games, so the graph, the card and the result screen can never disagree: the same games, read from
the ledger with the opponents' ratings of today's calibration
(:func:`profiles.player.seasons.game_score`), in the same system. The 20-game rule is the card's: no
point exists before the 20th rated game of the class, whose point is the initial rating (the
performance over those 20 games).

Systems that rate game by game (Elo, USCF, Glicko-2) hand back the value after every game in
one pass (:attr:`RatingState.history`, and :attr:`RatingState.deviations` where the system has
an RD); the performance rating and Chess Scotland's first grade depend only on the games counted
per opponent rating, so they rate a count kept up game by game
(:class:`~profiles.ratings.base.RatedFromRecord`). Either way each point is what the card would
have said after that game, which the tests check for every system against the card itself
(``benchmarks/history.py`` times them all).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, Profile
from profiles.player.card import ClassCard, class_card
from profiles.ratings import DEFAULT_SYSTEM, GameScore, get_system
from profiles.ratings.base import RatedFromRecord, count, record_of
from profiles.ratings.from_ledger import game_score, rated_games
from profiles.ratings.visibility import PROVISIONAL_GAMES, is_provisional


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one rated game."""

    number: int
    """The game's number among the class's rated games (20 for the first point)."""
    game_id: int
    played_on: dt.date
    """The day the game ended (UTC)."""
    rating: float
    rd: float | None
    """The rating deviation after the game (shown as ±), for systems that keep one."""


@dataclass(frozen=True)
class ClassHistory:
    """One class of a profile: its card now, and the rating after each rated game."""

    time_class: TimeClass
    system: str
    card: ClassCard
    points: tuple[RatingPoint, ...]
    """Empty until the class has :data:`PROVISIONAL_GAMES` rated games."""
    games: tuple[GameRecord, ...]
    """The class's rated games, in the order played."""

    def changes(self) -> dict[int, float]:
        """What each game did to the shown rating, by game id: none for the games before the
        rating existed, the 20th (which made it) included."""
        return {
            after.game_id: after.rating - before.rating for before, after in pairwise(self.points)
        }


def ratings_after_each_game(
    system_name: str, scores: Sequence[GameScore]
) -> list[tuple[float, float | None]]:
    """The (rating, RD) the card showed after each of the games from the 20th on."""
    system = get_system(system_name)
    if is_provisional(len(scores)):
        return []
    state = system.rate(scores)
    if len(state.history) == len(scores) and (
        state.rd is None or len(state.deviations) == len(scores)
    ):
        deviations: Sequence[float | None] = state.deviations or [None] * len(scores)
        return list(zip(state.history, deviations, strict=True))[PROVISIONAL_GAMES - 1 :]
    if isinstance(system, RatedFromRecord):
        # Counted game by game: rating every run of games again grows with their square.
        record = record_of(scores[: PROVISIONAL_GAMES - 1])
        values: list[tuple[float, float | None]] = []
        for score in scores[PROVISIONAL_GAMES - 1 :]:
            count(record, score)
            values.append((system.rate_record(record), None))
        return values
    raise TypeError(f"{system.name} gives no rating after each game; see profiles.player.history")


def class_history(
    games: Sequence[GameRecord], time_class: TimeClass, system: str = DEFAULT_SYSTEM
) -> ClassHistory:
    """The history of one class from a profile's games (any order of classes, as played)."""
    played = rated_games(games, time_class)
    scores = [game_score(game) for game in played]
    values = ratings_after_each_game(system, scores)
    points = tuple(
        RatingPoint(
            number=number,
            game_id=game.id,
            played_on=score.played_on or game.started_at.date(),
            rating=rating,
            rd=rd,
        )
        for number, game, score, (rating, rd) in zip(
            range(PROVISIONAL_GAMES, len(played) + 1),
            played[PROVISIONAL_GAMES - 1 :],
            scores[PROVISIONAL_GAMES - 1 :],
            values,
            strict=True,
        )
    )
    return ClassHistory(
        time_class=time_class,
        system=get_system(system).name,
        card=class_card(time_class, scores, system),
        points=points,
        games=tuple(played),
    )


def rating_history(
    ledger: Ledger, profile: Profile, system: str = DEFAULT_SYSTEM
) -> dict[TimeClass, ClassHistory]:
    """Every class of the profile, empty ones included, in the order of :class:`TimeClass`."""
    games = ledger.games(profile.id)
    return {time_class: class_history(games, time_class, system) for time_class in TimeClass}
