"""Elo: after each game the rating moves by ``K·(score − expected)``, in whole points.

The systems differ in their K policy, their expected score and where a new player starts:

- ``elo`` (Elo's formula as calculators give it): one K for everyone (32 unless told), new
  players at 1200 (Sudoku Corner's rating rules).
- ``club`` (Sudoku Corner's rating rules, https://www.sudoku-corner.com/elo): K 40 for the first
  30 games, then 20; new players at 1200.
- ``fide-classic`` (FIDE Handbook B.02, article 8.56, as it stood until July 2011): K 25 for the
  first 30 games, 15 below 2400, 10 from 2400; expected scores from the FIDE table. FIDE raised
  the new player's K to 30 in July 2011 and to 40 in July 2014.
- ``fide`` (the product default; FIDE Handbook B.02, article 8.56 since July 2014): K 40 for
  the first 30 games, 20 below 2400, 10 once 2400 has been reached; logistic expected score with
  gaps over 400 counted as 400.

The 400-point rule and its exception. FIDE's article 8.3.1 counts "a difference in rating of
more than 400 points ... as though it were a difference of 400 points", and now adds (the 2022
regulations, https://handbook.fide.com/chapter/B022022, as scalachess quotes them in
https://github.com/lichess-org/scalachess/blob/master/core/src/main/scala/Elo.scala): "In any
tournament, a player may benefit from only one upgrade under this rule, for the game in which the
rating difference is greatest." This app caps every game's gap and does not apply the exception,
on purpose: it has no tournaments. Each rated game is rated on its own the moment it ends, so
each game is the whole event and its one upgrade is the only one; and a period rated at once
(:meth:`EloSystem.rate_period`, the calculator's) is not a tournament either, so every game in
it is capped.

The two FIDE systems rate a new player the FIDE way: provisional for the first
:data:`PROVISIONAL_GAMES` games, with the performance over the games so far as the provisional
value, and the performance over those games as the initial rating.

Rounding: every change is rounded to a whole point (halves away from zero) and added to the
rating, and the initial rating is the performance rounded to a whole point, so a rating that
starts whole stays whole. Rating a period (:meth:`EloSystem.rate_period`) rounds once, the sum
of the period's changes, as FIDE does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from profiles.ratings.base import (
    NEW_PLAYER,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    check_games,
    check_number,
    check_rating,
    round_points,
    within_floor,
)
from profiles.ratings.expected import GAP_CAP, logistic_expected, table_expected
from profiles.ratings.performance import performance
from profiles.ratings.visibility import PROVISIONAL_GAMES, is_provisional

NEW_PLAYER_GAMES = 30
"""Sudoku Corner's rating rules and FIDE's regulations old and new (B.02, article 8.56) give a
higher K until this many games are behind a rating."""

MASTER_RATING = 2400.0
"""FIDE's lowest K applies from this rating."""

CLUB_START_RATING = 1200.0
"""Sudoku Corner's rating rules: "Every new player starts at 1200"."""

K_RANGE = (0.0, 100.0)
"""K above 0 and at most 100 points a game: FIDE's largest is 40, and a larger K moves a rating
by more than a strong player's whole lead over a beginner in one game."""

DEFAULT_K = 32.0
"""The K of the ``elo`` system unless told another: the usual default of Elo calculators for
casual and club play (ChessTrophies' calculator said "Most casual and club systems use 32"; that
page could not be found again to link, so the rule is stated here), between FIDE's 20 and 40."""

PLAIN_ELO = "Plain Elo"
"""What :func:`calculate` computes, as the calculators label it: Elo's formula alone, one K
and no cap on the gap, whatever system the ratings are kept in."""

ExpectedScore = Callable[[float, float], float]
"""``(rating, opponent's rating) -> expected score``."""


@dataclass(frozen=True)
class Standing:
    """What a K policy looks at before a game."""

    rating: float
    games: int
    """Rated games already played."""
    peak: float
    """The highest rating held so far (FIDE keeps K 10 once 2400 has been reached)."""


KPolicy = Callable[[Standing], float]
"""``standing before a game -> K``."""


def flat_k(k: float) -> KPolicy:
    """One K for every game, as in Elo's own formula."""
    check_number(k, "K", *K_RANGE, low_open=True)
    return lambda _standing: k


def club_k(standing: Standing) -> float:
    """Sudoku Corner's rating rules (https://www.sudoku-corner.com/elo): 40 for a new player
    (under 30 games), 20 for an established one."""
    return 40.0 if standing.games < NEW_PLAYER_GAMES else 20.0


def fide_classic_k(standing: Standing) -> float:
    """FIDE Handbook B.02, article 8.56 as it stood until July 2011: 25 under 30 games, then 15
    below 2400 and 10 at or above it."""
    if standing.games < NEW_PLAYER_GAMES:
        return 25.0
    return 15.0 if standing.rating < MASTER_RATING else 10.0


def fide_k(standing: Standing) -> float:
    """FIDE Handbook B.02, article 8.56 since July 2014: 40 under 30 games, then 20, and 10 for
    good once 2400 has been reached. (FIDE also gives 40 to a player under 18 rated under 2300;
    a profile has no age, so this K does not.)"""
    if standing.games < NEW_PLAYER_GAMES:
        return 40.0
    return 20.0 if standing.peak < MASTER_RATING else 10.0


def fide_expected(rating: float, opponent: float) -> float:
    """FIDE's 400-point rule (article 8.3.1) on every game, without its once-a-tournament
    exception: see the module's docstring for why."""
    return logistic_expected(rating, opponent, cap=GAP_CAP)


def elo_change(k: float, score: float, expected: float) -> int:
    """``K·(score − expected)`` in whole points."""
    return round_points(k * (score - expected))


@dataclass(frozen=True)
class EloCalculation:
    """What one game is worth, as an Elo calculator shows it."""

    expected: float
    """The player's expected score (a draw counts half)."""
    change: int
    """The rating change, in whole points."""
    new_rating: float
    k: float
    """The K the change was worked out with."""


def calculate(rating: float, opponent: float, score: float, k: float = DEFAULT_K) -> EloCalculation:
    """One game by Elo's formula (Elo, The Rating of Chessplayers, Past and Present, 1978):
    logistic expected score with no cap on the gap, one K, ``new = R + K·(S − E)``."""
    check_rating(rating)
    check_rating(opponent, "the opponent's rating")
    check_games([GameScore(opponent, score)])
    game = flat_elo(k).game(Standing(rating, 0, rating), opponent, score)
    # Elo's formula knows no floor: that is this app's rule, for the ratings it keeps.
    return replace(game, new_rating=rating + game.change)


@dataclass(frozen=True)
class EloSystem:
    name: str
    title: str
    k_factor: KPolicy
    expected: ExpectedScore
    start_rating: float | None
    """Where a new player starts; None rates them by performance over their first games."""

    def rate(self, games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> RatingState:
        """Apply ``games`` one after another from ``start``."""
        check_games(games, start)
        history: list[float] = []
        remaining = games
        if start.rating is not None:
            rating, played = float(start.rating), start.games
        elif start.games:
            raise RatingInputError("a player with games behind them needs their rating")
        elif self.start_rating is not None:
            rating, played = self.start_rating, 0
        else:
            if not games:
                raise RatingInputError(
                    f"{self.name} rates a new player from their games: give at least one"
                )
            history = _provisional_values(games)
            if is_provisional(len(games)):
                return RatingState(
                    rating=history[-1],
                    games=len(games),
                    provisional=True,
                    history=tuple(history),
                )
            rating, played = history[-1], PROVISIONAL_GAMES
            remaining = games[PROVISIONAL_GAMES:]
        peak = rating
        for game in remaining:
            peak = max(peak, rating)
            standing = Standing(rating, played, peak)
            rating = self.game(standing, game.opponent_rating, game.score).new_rating
            played += 1
            history.append(rating)
        return RatingState(
            rating=rating,
            games=played,
            provisional=is_provisional(played),
            history=tuple(history),
        )

    def game(self, standing: Standing, opponent: float, score: float) -> EloCalculation:
        """One game from ``standing``: the system's expected score (its cap on the gap
        included), the K its policy gives the standing, the change in whole points, and the
        new rating, never under the floor. Every game :meth:`rate` rates is rated here."""
        expected = self.expected(standing.rating, opponent)
        k = self.k_factor(standing)
        change = elo_change(k, score, expected)
        new_rating = within_floor(standing.rating + change)
        return EloCalculation(expected=expected, change=change, new_rating=new_rating, k=k)

    def next_standing(self, state: RatingState) -> Standing:
        """Where the game after ``state`` (a rated player's, as :meth:`rate` left it from a
        new player) is rated from: the peak is the highest rating held, the first included,
        as :meth:`rate` keeps it."""
        if self.start_rating is None:  # the first rating is the performance after 20 games
            held = state.history[PROVISIONAL_GAMES - 1 :]
        else:
            held = (self.start_rating, *state.history)
        return Standing(state.rating, state.games, max((*held, state.rating)))

    def rate_period(self, games: Sequence[GameScore], start: PlayerStart) -> RatingState:
        """Rate every game from the rating at the start of the period, and add the changes.

        FIDE Handbook B.02 rates a tournament or a rating period so: the rating change is K
        times the sum over its games of score minus expected score, all from the rating at its
        start. For example ten games at K 10, 6 points against an expected 7.2: one change of
        10 × (6 − 7.2) = −12.
        """
        check_games(games)
        rating = start.rating if start.rating is not None else self.start_rating
        if rating is None:
            raise RatingInputError(
                f"rating a period in {self.name} needs the rating at its start: a new player's "
                f"first rating comes from their first {PROVISIONAL_GAMES} games"
            )
        k = self.k_factor(Standing(rating, start.games, rating))
        change = sum(k * (g.score - self.expected(rating, g.opponent_rating)) for g in games)
        played = start.games + len(games)
        return RatingState(
            rating=within_floor(rating + round_points(change)),
            games=played,
            provisional=is_provisional(played),
        )


def _provisional_values(games: Sequence[GameScore]) -> list[float]:
    """The performance after each of the first games, in whole points."""
    return list(_performances_after_each(tuple(games[:PROVISIONAL_GAMES])))


@functools.lru_cache(maxsize=64)
def _performances_after_each(first: tuple[GameScore, ...]) -> tuple[float, ...]:
    # Up to twenty rating fits; the same first games come again and again (a profile card
    # and the preview of a win, a draw and a loss share them), so they are fitted once.
    return tuple(
        float(round_points(performance(first[:n]).rating)) for n in range(1, len(first) + 1)
    )


def flat_elo(k: float = DEFAULT_K) -> EloSystem:
    """Elo's formula as a system: one K for every game."""
    return EloSystem(
        name="elo",
        title=f"Elo, K = {k:g}",
        k_factor=flat_k(k),
        expected=logistic_expected,
        start_rating=CLUB_START_RATING,
    )


CLUB = EloSystem(
    name="club",
    title="Club Elo (K 40 for 30 games, then 20)",
    k_factor=club_k,
    expected=logistic_expected,
    start_rating=CLUB_START_RATING,
)

FIDE_CLASSIC = EloSystem(
    name="fide-classic",
    title="FIDE classic (K 25/15/10, FIDE table)",
    k_factor=fide_classic_k,
    expected=table_expected,
    start_rating=None,
)

FIDE = EloSystem(
    name="fide",
    title="FIDE (K 40/20/10, 400-point cap)",
    k_factor=fide_k,
    expected=fide_expected,
    start_rating=None,
)
