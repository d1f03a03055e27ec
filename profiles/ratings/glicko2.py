"""Glicko-2, step by step as in Mark Glickman's "Example of the Glicko-2 system" (2013).

A rating comes with a rating deviation (RD, shown as ±) and a volatility.

Rating periods. The paper rates all the games of a rating period at once, from the rating the
player held when it began, as if it did not change during the period; it works best, it says,
with 10 to 15 games a period, and a period's length is "at the discretion of the
administrator". A rated game here shows its rating change the moment it ends, so each game is
its own period (as lichess rates): :meth:`Glicko2.rate` walks the games one period each, and
:meth:`Glicko2.rate_period` is the paper's period of many games. One period of many games is
one step from its start: step 7 moves the rating by φ'²·Σg·(s − E), evaluated at the start,
which overshoots when the start is far from the player's strength (a new player at 1500 who
draws twenty games with a 455 engine is sent below 100 by it, and twenty losses, unbounded,
read −69438). Bounds act inside the step, where they shape the result, not only on what is
shown: σ' is kept to the preset's maximum volatility before step 6, φ* to the maximum RD
before step 7, and the rating between the floor (:data:`profiles.ratings.base.RATING_FLOOR`)
and 4000 after it. Glickman's Glicko paper (1999, step 1) caps an RD at 350, the unrated
player's, which is the bound of :data:`GLICKMAN`.

An opponent without a rating deviation counts as exactly known (RD 0):
the engine pool's calibrated ratings are treated as fixed points, as the Elo systems treat them.

The default parameters are lichess's: τ = 0.75 (scalachess ``rating/.../glicko/model.scala``,
``Tau.default``), a new player at 1500 ± 500 with volatility 0.09, the RD kept within 45..500 and
the volatility at most 0.1 (lila ``modules/rating/src/main/Glicko.scala``: ``default``,
``minDeviation``, ``maxDeviation``, ``maxVolatility``), and a rating provisional while its RD is
110 or more (``provisionalDeviation``). Glickman's own example uses τ = 0.5 and no bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from profiles.ratings.base import (
    NEW_PLAYER,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    check_games,
    check_number,
    within_floor,
)
from profiles.ratings.visibility import is_provisional

GLICKO2_SCALE = 173.7178
"""Step 2: rating points per unit of the Glicko-2 scale (400 / ln 10)."""

CENTRE = 1500.0
CONVERGENCE = 0.000001
"""Step 5: the tolerance ε of the Illinois iteration."""


@dataclass(frozen=True)
class Glicko2Parameters:
    tau: float
    """τ: how much the volatility may change in a period (Glickman suggests 0.3 to 1.2)."""
    rating: float
    """A new player's rating."""
    rd: float
    """A new player's rating deviation."""
    volatility: float
    """A new player's volatility."""
    min_rd: float = 0.0
    max_rd: float = math.inf
    max_volatility: float = math.inf
    provisional_rd: float = math.inf
    """A rating with at least this RD is provisional (besides the first games)."""


TAU_RANGE = (0.3, 1.2)
"""τ as Glickman's paper (section "Example calculation") advises: between 0.3 and 1.2."""

GLICKMAN = Glicko2Parameters(tau=0.5, rating=1500.0, rd=350.0, volatility=0.06, max_rd=350.0)
"""The paper's example: τ 0.5, a new player at 1500 ± 350 with volatility 0.06, and no RD
above the unrated player's 350 (Glicko, step 1)."""

LICHESS = Glicko2Parameters(
    tau=0.75,
    rating=1500.0,
    rd=500.0,
    volatility=0.09,
    min_rd=45.0,
    max_rd=500.0,
    max_volatility=0.1,
    provisional_rd=110.0,
)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the volatility σ' by the Illinois algorithm (regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


@dataclass(frozen=True)
class Glicko2:
    parameters: Glicko2Parameters = LICHESS
    name: str = "glicko2"
    title: str = "Glicko-2 (lichess parameters)"

    def with_tau(self, tau: float) -> Glicko2:
        # Glickman's paper: "Reasonable choices are between 0.3 and 1.2".
        check_number(tau, "τ (--tau)", *TAU_RANGE)
        return replace(self, parameters=replace(self.parameters, tau=tau))

    def rate(self, games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> RatingState:
        """The state after ``games``, each its own rating period; no games: an idle period."""
        check_games(games, start)
        if not games:
            return self.rate_period([], start)
        state, history, deviations = start, [], []
        for game in games:
            result = self.rate_period([game], state)
            assert result.rd is not None  # every period gives a deviation
            history.append(result.rating)
            deviations.append(result.rd)
            state = PlayerStart(result.rating, result.games, result.rd, result.volatility)
        return replace(result, history=tuple(history), deviations=tuple(deviations))

    def rate_period(self, games: Sequence[GameScore], start: PlayerStart) -> RatingState:
        """The state after one rating period made of ``games`` (the paper's steps 1 to 8)."""
        check_games(games, start)
        p = self.parameters
        rating = p.rating if start.rating is None else start.rating
        rd = p.rd if start.rd is None else start.rd
        sigma = p.volatility if start.volatility is None else start.volatility
        if not (rd > 0 and sigma > 0):
            raise RatingInputError("the rating deviation and the volatility must be above 0")
        # Step 2: onto the Glicko-2 scale.
        mu = (rating - CENTRE) / GLICKO2_SCALE
        phi = rd / GLICKO2_SCALE
        if games:
            mu, phi, sigma = self._period(mu, phi, sigma, games)
        else:
            # Step 6 alone: an idle period only widens the deviation.
            phi = math.sqrt(phi * phi + sigma * sigma)
        # Step 8: back to the rating scale, within the preset's bounds.
        new_rd = min(p.max_rd, max(p.min_rd, phi * GLICKO2_SCALE))
        played = start.games + len(games)
        return RatingState(
            rating=within_floor(mu * GLICKO2_SCALE + CENTRE),
            games=played,
            provisional=is_provisional(played) or new_rd >= p.provisional_rd,
            rd=new_rd,
            volatility=min(p.max_volatility, sigma),
        )

    def _period(
        self, mu: float, phi: float, sigma: float, games: Sequence[GameScore]
    ) -> tuple[float, float, float]:
        opponents = [
            (
                (g.opponent_rating - CENTRE) / GLICKO2_SCALE,
                (g.opponent_rd or 0.0) / GLICKO2_SCALE,
                g.score,
            )
            for g in games
        ]
        # Step 3: the estimated variance v of the rating from the game outcomes alone.
        v = 1.0 / sum(
            _g(phi_j) ** 2 * _e(mu, mu_j, phi_j) * (1.0 - _e(mu, mu_j, phi_j))
            for mu_j, phi_j, _ in opponents
        )
        # Step 4: the estimated improvement Δ.
        improvement = sum(_g(phi_j) * (s - _e(mu, mu_j, phi_j)) for mu_j, phi_j, s in opponents)
        delta = v * improvement
        # Step 5: the new volatility, within the preset's bound before step 6 uses it.
        bounds = self.parameters
        sigma = min(bounds.max_volatility, new_volatility(sigma, phi, v, delta, bounds.tau))
        # Steps 6 and 7: the pre-period deviation (within the largest RD), then the new
        # deviation and rating.
        phi_star = min(math.sqrt(phi * phi + sigma * sigma), bounds.max_rd / GLICKO2_SCALE)
        phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu += phi * phi * improvement
        return mu, phi, sigma
