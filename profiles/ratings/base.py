"""The interface every rating system implements: pure functions from results to a rating.

Ratings are derived data. A system takes a player's games in the order they were played (and
where it needs one, the state the player starts from) and returns the state after them; the
ledger is the truth and any system can be recomputed from it at any time.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

PROVISIONAL_GAMES = 20
"""No rating is shown until this many rated games are complete in a time-control class."""


@dataclass(frozen=True)
class GameScore:
    """One rated game from the player's side."""

    opponent_rating: float
    score: float
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    opponent_rd: float | None = None
    """The opponent's rating deviation, for systems that use one (Glicko-2)."""
    played_on: dt.date | None = None
    """The day the game ended, for systems that rate in periods or seasons."""


@dataclass(frozen=True)
class PlayerStart:
    """Where a player stands before the games: nothing means a new player."""

    rating: float | None = None
    games: int = 0
    """Rated games already behind :attr:`rating` (it chooses K factors, provisional status)."""
    rd: float | None = None
    volatility: float | None = None


NEW_PLAYER = PlayerStart()
"""The start of a player with no games and no rating."""


@dataclass(frozen=True)
class RatingState:
    """A player's standing in one system after a run of games."""

    rating: float
    """The current estimate, provisional or not (the card hides it while provisional)."""
    games: int
    provisional: bool
    history: tuple[float, ...] = ()
    """The rating after each game, for sequential systems (provisional values while provisional)."""
    rd: float | None = None
    volatility: float | None = None


class RatingSystem(Protocol):
    """A rating system: its name on the command line, a title, and the rating function."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    def rate(self, games: Sequence[GameScore], start: PlayerStart = PlayerStart()) -> RatingState:
        """The player's state after ``games``, applied in order from ``start``."""
        ...


class RatingInputError(ValueError):
    """Input a rating system cannot use; the message names what is missing or wrong."""


def round_points(value: float) -> int:
    """The nearest whole rating point, halves away from zero.

    Seed 004 rounds 1256.5 up to 1257; away from zero also keeps a gain and the matching loss
    the same size, so two players' changes still sum to zero after rounding.
    """
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def check_games(games: Sequence[GameScore]) -> None:
    """Raise :class:`RatingInputError` naming the first game a rating system cannot use."""
    for number, game in enumerate(games, start=1):
        if not math.isfinite(game.opponent_rating):
            raise RatingInputError(
                f"game {number}: the opponent's rating must be a number, not {game.opponent_rating}"
            )
        if not 0.0 <= game.score <= 1.0:
            raise RatingInputError(
                f"game {number}: the score must be 1 (win), 0.5 (draw) or 0 (loss), "
                f"not {game.score}"
            )
        if game.opponent_rd is not None and not (
            math.isfinite(game.opponent_rd) and game.opponent_rd >= 0.0
        ):
            raise RatingInputError(
                f"game {number}: the opponent's rating deviation must be 0 or more, "
                f"not {game.opponent_rd}"
            )
