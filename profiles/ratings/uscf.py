"""The USCF system as Steve Lopez's ChessBase Workshop of 8 June 2006 explains it (the Elo system
as the USCF ran it in 1999).

Provisional period (the first :data:`PROVISIONAL_GAMES` games): each game gives a *factor* —
the opponent's rating + 400 for a win, the opponent's rating for a draw, − 400 for a loss — and
the provisional rating is the running average, the previous (rounded) rating standing for the
games before: ``(1490·3 + 556) / 4 = 1256.5``, rounded up to 1257.

Established: ``Rn = Ro + 0.04·(Ropp − Ro) ± base``, the 4 % term rounded to a whole point
(``0.04·122 = 4.88`` is 5 in the article), the base 16, 12 from 2100, 8 from 2400, added for a win,
subtracted for a loss, dropped for a draw. A win gains 1 to 32 points and a loss costs 1 to 32;
a draw moves at most 32 either way and may move nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from profiles.ratings.base import (
    NEW_PLAYER,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    check_games,
    round_points,
    within_floor,
)
from profiles.ratings.visibility import is_provisional

FACTOR_SPREAD = 400.0
"""A provisional win counts as the opponent's rating + 400, a loss as − 400."""

DRIFT = 0.04
"""The share of the rating gap a game moves an established rating."""

LARGEST_CHANGE = 32
SMALLEST_DECISIVE_CHANGE = 1


def base_points(rating: float) -> int:
    """The ChessBase Workshop (Lopez, 2006): 16, but 12 for 2100–2399 and 8 from 2400."""
    if rating >= 2400:
        return 8
    if rating >= 2100:
        return 12
    return 16


def established_change(rating: float, opponent: float, score: float) -> int:
    """The points one game moves an established rating."""
    drift = round_points(DRIFT * (opponent - rating))
    change = drift + round_points(base_points(rating) * (2.0 * score - 1.0))
    if score > 0.5:
        return max(SMALLEST_DECISIVE_CHANGE, min(LARGEST_CHANGE, change))
    if score < 0.5:
        return max(-LARGEST_CHANGE, min(-SMALLEST_DECISIVE_CHANGE, change))
    return max(-LARGEST_CHANGE, min(LARGEST_CHANGE, change))


def provisional_factor(opponent: float, score: float) -> float:
    return opponent + FACTOR_SPREAD * (2.0 * score - 1.0)


@dataclass(frozen=True)
class UscfClassic:
    name: str = "uscf-classic"
    title: str = "USCF classic (1999 rules)"

    def rate(self, games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> RatingState:
        check_games(games, start)
        if start.rating is None and start.games:
            raise RatingInputError("a player with games behind them needs their rating")
        rating = None if start.rating is None else float(start.rating)
        played = start.games
        history: list[float] = []
        for game in games:
            if rating is None:
                rating = float(round_points(provisional_factor(game.opponent_rating, game.score)))
            elif is_provisional(played):
                factor = provisional_factor(game.opponent_rating, game.score)
                rating = float(round_points((rating * played + factor) / (played + 1)))
            else:
                rating += established_change(rating, game.opponent_rating, game.score)
            rating = within_floor(rating)
            played += 1
            history.append(rating)
        if rating is None:
            raise RatingInputError("uscf-classic rates a new player from their games: give one")
        return RatingState(
            rating=rating,
            games=played,
            provisional=is_provisional(played),
            history=tuple(history),
        )
