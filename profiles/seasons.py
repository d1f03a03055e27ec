"""Divisions and seasons (seed 001): ratings per time-control class, monthly season ratings,
and the leaderboard across the profiles of one ledger.

Every class is its own division: its games never touch another class's rating. A season is a
calendar month (UTC, by when the game ended): everyone's season rating in a class starts the
month at 1200 and moves by seed 001's Elo, K 40 while the player has fewer than 30 games in the
class (counting every month, as seed 001 tracks K per division) and 20 after.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from profiles.errors import UserError
from profiles.ledger import GameRecord, Ledger
from profiles.ratings import DEFAULT_SYSTEM, GameScore, PlayerStart, RatingState, RatingSystem
from profiles.ratings.elo import CLUB
from profiles.ratings.systems import get_system
from profiles.time_control import TimeClass

SEASON_START_RATING = 1200.0
"""Seed 001: "All players return to 1200" at the start of each month."""

_MONTH = re.compile(r"^([0-9]{4})-([0-9]{2})$")  # ASCII digits only: "２０２５" is no year


class SeasonError(UserError, ValueError):
    """A month that cannot be read; the message shows the accepted form."""


@dataclass(frozen=True, order=True)
class Season:
    """One calendar month."""

    year: int
    month: int

    @classmethod
    def parse(cls, text: str) -> Season:
        """Read ``"2025-03"``."""
        match = _MONTH.match(text.strip())
        if match is None or not 1 <= int(match.group(2)) <= 12:
            raise SeasonError(f"{text!r} is not a month: write it as YYYY-MM, such as 2025-03")
        return cls(int(match.group(1)), int(match.group(2)))

    @classmethod
    def of(cls, moment: dt.datetime) -> Season:
        """The season a moment falls in, by its UTC date."""
        utc = moment.astimezone(dt.UTC)
        return cls(utc.year, utc.month)

    @classmethod
    def current(cls) -> Season:
        return cls.of(dt.datetime.now(dt.UTC))

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"


def game_season(game: GameRecord) -> Season:
    """The season a game counts in: the month it ended (started, if it has no end yet)."""
    return Season.of(game.finished_at or game.started_at)


def game_score(game: GameRecord) -> GameScore:
    """A rated game from the player's side, as the rating systems take it."""
    if game.player_score is None:
        raise ValueError(f"game {game.id} has no score: it is not rated")
    ended = game.finished_at or game.started_at
    return GameScore(
        opponent_rating=game.opponent_rating,
        score=game.player_score,
        played_on=ended.astimezone(dt.UTC).date(),
    )


def rated_games(games: Iterable[GameRecord], time_class: TimeClass) -> list[GameRecord]:
    """The rated games of one class, in the order played."""
    return [game for game in games if game.rated and game.time_class is time_class]


def class_ratings(
    games: Sequence[GameRecord], system: RatingSystem | None = None
) -> dict[TimeClass, RatingState]:
    """One profile's rating in every class it has rated games in, recomputed from scratch."""
    chosen = system or get_system(DEFAULT_SYSTEM)
    ratings = {}
    for time_class in TimeClass:
        played = rated_games(games, time_class)
        if played:
            ratings[time_class] = chosen.rate([game_score(game) for game in played])
    return ratings


@dataclass(frozen=True)
class SeasonStanding:
    """One profile's line in a class's season table."""

    profile: str
    rating: float
    games: int
    wins: int
    draws: int
    losses: int


def season_rating(
    profile: str, games: Sequence[GameRecord], time_class: TimeClass, season: Season
) -> SeasonStanding | None:
    """A profile's season in one class, from its games; None when it played no rated game."""
    played = rated_games(games, time_class)
    before = sum(1 for game in played if game_season(game) < season)
    month = [game for game in played if game_season(game) == season]
    if not month:
        return None
    scores = [game_score(game) for game in month]
    state = CLUB.rate(scores, PlayerStart(SEASON_START_RATING, games=before))
    return SeasonStanding(
        profile=profile,
        rating=state.rating,
        games=len(scores),
        wins=sum(1 for s in scores if s.score == 1.0),
        draws=sum(1 for s in scores if s.score == 0.5),
        losses=sum(1 for s in scores if s.score == 0.0),
    )


def leaderboard(ledger: Ledger, season: Season) -> dict[TimeClass, list[SeasonStanding]]:
    """Every class with games in the season, its profiles best first (ties: more games, then
    name)."""
    table: dict[TimeClass, list[SeasonStanding]] = {}
    for profile in ledger.profiles():
        games = ledger.games(profile.id)
        for time_class in TimeClass:
            standing = season_rating(profile.name, games, time_class, season)
            if standing is not None:
                table.setdefault(time_class, []).append(standing)
    for standings in table.values():
        standings.sort(key=lambda s: (-s.rating, -s.games, s.profile.casefold()))
    return {time_class: table[time_class] for time_class in TimeClass if time_class in table}
