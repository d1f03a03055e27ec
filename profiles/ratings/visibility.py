"""Who is rated and what is shown: the one policy every rating, card, season, history, screen
and command asks.

No rating is shown until :data:`PROVISIONAL_GAMES` rated games are complete in a time-control
class; the game that completes them makes the first rating. Every rating system keeps a player
provisional at least that long, and every count toward it, and every sentence that says it,
is worded here, so that two places cannot disagree about who is rated or say it two ways.
"""

from __future__ import annotations

from typing import Final

from profiles.ratings.base import RATING_FLOOR

PROVISIONAL_GAMES: Final = 20
"""No rating is shown until this many rated games are complete in a time-control class."""


def is_provisional(games: int) -> bool:
    """Whether a rating after ``games`` rated games is still provisional (never shown)."""
    return games < PROVISIONAL_GAMES


def games_until_rated(games: int) -> int:
    """The rated games still to play, after ``games``, before the rating is shown."""
    return max(0, PROVISIONAL_GAMES - games)


def shown_rating(games: int, rating: float | None) -> float | None:
    """``rating`` (a system's value after ``games`` rated games) as it may be shown: None
    while provisional."""
    return None if rating is None or is_provisional(games) else rating


def at_floor(rating: float | None) -> bool:
    """The shown ``rating`` is the floor: the results lie below anything the games measure.
    Every system keeps its ratings at or above the floor
    (:func:`profiles.ratings.base.within_floor`), so this is the one comparison with it."""
    return rating is not None and rating <= RATING_FLOOR


def ordinal(number: int) -> str:
    """``"1st"``, ``"2nd"``, ``"3rd"``, ``"11th"``, ``"20th"``, ``"22nd"``: English ordinals."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


RATING_GAME: Final = ordinal(PROVISIONAL_GAMES)
"""The game that makes the first rating, as a sentence names it: "the 20th"."""


def of_the_first(number: int) -> str:
    """``"7 of 20"``: a provisional game's place, or a count of them, among the first games."""
    return f"{number} of {PROVISIONAL_GAMES}"


def until_rated_words(remaining: int, *, short: bool = False) -> str:
    """ "19 games until rated (1 of 20 played)", "1 game until rated (19 of 20 played)"; in a
    table's column (``short``) "19 to rated"."""
    if short:
        return f"{remaining} to rated"
    games = "game" if remaining == 1 else "games"
    played = of_the_first(PROVISIONAL_GAMES - remaining)
    return f"{remaining} {games} until rated ({played} played)"
