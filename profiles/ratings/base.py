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
from typing import Protocol, runtime_checkable

from profiles.errors import UserError


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
    deviations: tuple[float, ...] = ()
    """The rating deviation after each game, beside :attr:`history`, for systems with one."""
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


Record = dict[float, tuple[int, float]]
"""A player's games counted per opponent rating: ``rating -> (games, points)``."""


def record_of(games: Sequence[GameScore]) -> Record:
    record: Record = {}
    for game in games:
        count(record, game)
    return record


def count(record: Record, game: GameScore) -> None:
    """Add ``game`` to ``record``."""
    played, points = record.get(game.opponent_rating, (0, 0.0))
    record[game.opponent_rating] = (played + 1, points + game.score)


@runtime_checkable
class RatedFromRecord(Protocol):
    """A system whose rating of a new player depends only on the games counted per opponent
    rating, not on their order (a performance, a first grade): it can rate a record kept up
    game by game, where rating every run of games again would grow with their square."""

    def rate_record(self, record: Record) -> float:
        """The rating a new player holds after the games counted in ``record``."""
        ...


class RatingInputError(UserError, ValueError):
    """Input a rating system cannot use; the message names what is missing or wrong."""


class UnpinnedRatingsError(RatingInputError):
    """A maximum-likelihood fit whose games leave the ratings free: its information matrix is
    singular, whichever solver (:mod:`profiles.ratings.fit` or its numpy arrays) found it."""

    def __init__(self) -> None:
        super().__init__(
            "the games do not pin the ratings down (the information matrix is singular): add "
            "games between the players"
        )


def round_points(value: float) -> int:
    """The nearest whole rating point, halves away from zero.

    the ChessBase Workshop (Lopez, 2006) rounds 1256.5 up to 1257; away from zero also keeps a gain
    and the matching loss
    the same size, so two players' changes still sum to zero after rounding.
    """
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


RATING_RANGE = (0.0, 4000.0)
"""Every rating a person can give: the strongest engine of the pool plays near 3500 on this
scale and no rating list goes below 0, so a number outside is a typing mistake."""

RD_RANGE = (0.0, 500.0)
"""Rating deviations from 0 to 500, the most lichess allows (``Glicko.scala``, ``maxDeviation``);
Glickman's paper gives an unrated player 350."""

VOLATILITY_RANGE = (0.0, 1.0)
"""Volatility above 0 (Glickman's step 5 takes its logarithm) and at most 1, far above the 0.06
of the paper's example and lichess's cap of 0.1."""

RATING_FLOOR = 100.0
"""No system rates anyone below this: the absolute floor of the US Chess rating system. A run
of losses only says a player is well below their opponents; a number under the floor (or under
zero, as an unbounded fit or a one-step Glicko-2 update gives) would mean nothing to a player."""


def within_floor(rating: float) -> float:
    """``rating`` kept from :data:`RATING_FLOOR` up to the top of :data:`RATING_RANGE`."""
    return min(RATING_RANGE[1], max(RATING_FLOOR, rating))


GAMES_LIMIT = 1_000_000
"""More rated games than anyone plays in a lifetime."""


def check_number(
    value: float, what: str, low: float, high: float, *, low_open: bool = False
) -> None:
    """Raise :class:`RatingInputError` unless ``low <= value <= high`` (``low < value`` when
    ``low_open``), saying the range; NaN and infinities are outside every range."""
    inside = (low < value if low_open else low <= value) and value <= high
    if not inside:
        above = "above" if low_open else "from"
        raise RatingInputError(f"{what} must be a number {above} {low:g} to {high:g}, not {value}")


def check_rating(value: float, what: str = "the rating") -> None:
    check_number(value, what, *RATING_RANGE)


def check_games(games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> None:
    """Raise :class:`RatingInputError` naming the first input a rating system cannot use: the
    starting state, then each game."""
    if start.rating is not None:
        check_rating(start.rating)
    if not 0 <= start.games <= GAMES_LIMIT:
        raise RatingInputError(
            f"the games behind the rating must be 0 to {GAMES_LIMIT:,}, not {start.games}"
        )
    if start.rd is not None:
        check_number(start.rd, "the rating deviation", *RD_RANGE, low_open=True)
    if start.volatility is not None:
        check_number(start.volatility, "the volatility", *VOLATILITY_RANGE, low_open=True)
    for number, game in enumerate(games, start=1):
        check_rating(game.opponent_rating, f"game {number}: the opponent's rating")
        if not 0.0 <= game.score <= 1.0:
            raise RatingInputError(
                f"game {number}: the score must be 1 (win), 0.5 (draw) or 0 (loss), "
                f"not {game.score}"
            )
        if game.opponent_rd is not None:
            check_number(game.opponent_rd, f"game {number}: the opponent's RD", *RD_RANGE)
