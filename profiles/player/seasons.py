"""Divisions and seasons (Sudoku Corner's rating rules: one rating per division, a season a month):
ratings per time-control class, monthly season ratings,
and the leaderboard across the profiles of one ledger.

Every class is its own division: its games never touch another class's rating. A season is a
calendar month (UTC, by when the game ended): everyone's season rating in a class starts the
month at 1200 and moves by its Elo, K 40 while the player has fewer than 30 games in the
class (counting every month, as those rules track K per division) and 20 after.

The product's 20-game rule (:mod:`profiles.ratings.visibility`) holds here too: a profile's
season rating is shown only once it has that many rated games in the class (every month
counted); until then its line says how many games remain, and it stands below every rated line.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from profiles.errors import UserError
from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord
from profiles.ratings import PlayerStart
from profiles.ratings.elo import CLUB
from profiles.ratings.from_ledger import game_score, rated_games, record
from profiles.ratings.visibility import games_until_rated, shown_rating, until_rated_words

SEASON_START_RATING = 1200.0
"""Sudoku Corner's rating rules: "All players return to 1200" at the start of each month."""

SEASON_SYSTEM_TITLE = "club Elo, K 40 then 20, from 1200 each month"
"""What a season rating is, in the words every screen and command shows beside it."""

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

    def shifted(self, months: int) -> Season:
        """The season ``months`` later (earlier when negative): December's next is January."""
        index = self.year * 12 + self.month - 1 + months
        return Season(index // 12, index % 12 + 1)


def game_season(game: GameRecord) -> Season:
    """The season a game counts in: the month it ended (started, if it has no end yet)."""
    return Season.of(game.finished_at or game.started_at)


@dataclass(frozen=True)
class SeasonStanding:
    """One profile's line in a class's season table."""

    profile: str
    rating: float | None
    """The season rating; None until the profile has 20 rated games in the class."""
    games: int
    """Games this season."""
    wins: int
    draws: int
    losses: int
    games_until_rated: int
    """Rated games in the class (every month) still to play before the rating is shown."""

    @property
    def shown(self) -> str:
        """The season rating, or how many games remain before it is shown."""
        if self.rating is None:
            return until_rated_words(self.games_until_rated, short=True)
        return f"{self.rating:.0f}"


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
    tally = record(scores)
    return SeasonStanding(
        profile=profile,
        rating=shown_rating(before + len(scores), state.rating),
        games=len(scores),
        wins=tally.wins,
        draws=tally.draws,
        losses=tally.losses,
        games_until_rated=games_until_rated(before + len(scores)),
    )


def leaderboard(ledger: Ledger, season: Season) -> dict[TimeClass, list[SeasonStanding]]:
    """Every class with games in the season, its rated profiles best first, then the ones still
    provisional, closest to rated first (ties: more games, then name)."""
    table: dict[TimeClass, list[SeasonStanding]] = {}
    for profile in ledger.profiles():
        games = ledger.games(profile.id)
        for time_class in TimeClass:
            standing = season_rating(profile.name, games, time_class, season)
            if standing is not None:
                table.setdefault(time_class, []).append(standing)
    for standings in table.values():
        standings.sort(
            key=lambda s: (s.rating is None, -(s.rating or 0.0), s.games_until_rated, -s.games,
                           s.profile.casefold())
        )  # fmt: skip
    return {time_class: table[time_class] for time_class in TimeClass if time_class in table}
