"""The interface every rating system implements: pure functions from results to a rating.

Ratings are derived data. A system takes a player's games in the order they were played (and
where it needs one, the state the player starts from) and returns the state after them; the
ledger is the truth and any system can be recomputed from it at any time.
"""

from __future__ import annotations

import datetime as dt
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
