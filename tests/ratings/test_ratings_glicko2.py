"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from profiles.ratings import GameScore, PlayerStart
from profiles.ratings.glicko2 import GLICKMAN, LICHESS, Glicko2, new_volatility

EXAMPLE_GAMES = [GameScore(1400, 1, 30), GameScore(1550, 0, 100), GameScore(1700, 0, 300)]
EXAMPLE_START = PlayerStart(1500, rd=200, volatility=0.06)


def test_glickman_example_every_output() -> None:
    """Glickman's example: a player 1500 / RD 200 / σ 0.06, τ = 0.5, beats 1400 (RD 30), loses to
    1550 (RD 100) and 1700 (RD 300): r' = 1464.06, RD' = 151.52, σ' = 0.05999.

    The paper works with 4-digit intermediates (μ' = −0.2069 gives its 1464.06; the exact μ'
    gives 1464.051) and prints σ' cut to five decimals (exactly 0.0599960), so the tolerances
    are one unit of the last printed digit.
    """
    state = Glicko2(GLICKMAN).rate_period(EXAMPLE_GAMES, EXAMPLE_START)
    assert state.rating == pytest.approx(1464.06, abs=0.01)
    assert state.rd == pytest.approx(151.52, abs=0.01)
    assert state.volatility == pytest.approx(0.05999, abs=0.00001)
    assert state.games == 3
    assert state.history == ()
    walked = Glicko2(GLICKMAN).rate(EXAMPLE_GAMES, EXAMPLE_START)
    assert walked.games == 3 and len(walked.history) == 3, "rate() makes each game a period"


def test_glickman_example_volatility_step() -> None:
    """Glickman's example, step 5 from the paper's own intermediate values: φ = 1.1513,
    v = 1.7785, Δ = −0.4834, σ = 0.06, τ = 0.5 → σ' = 0.05999."""
    assert new_volatility(0.06, 1.1513, 1.7785, -0.4834, 0.5) == pytest.approx(0.05999, abs=1e-5)


def test_glickman_example_within_lichess_bounds() -> None:
    """The example's results lie inside lichess's bounds (RD 45..500, σ ≤ 0.1), so the lichess
    preset with the paper's τ gives the same three numbers."""
    state = Glicko2(LICHESS).with_tau(0.5).rate_period(EXAMPLE_GAMES, EXAMPLE_START)
    assert state.rating == pytest.approx(1464.06, abs=0.01)
    assert state.rd == pytest.approx(151.52, abs=0.01)
    assert state.volatility == pytest.approx(0.05999, abs=0.00001)


def test_idle_period_widens_the_deviation() -> None:
    """Glickman, step 6 for a player who does not compete: φ' = √(φ² + σ²), rating unchanged."""
    state = Glicko2(GLICKMAN).rate([], EXAMPLE_START)
    assert state.rating == 1500
    assert state.rd == pytest.approx(173.7178 * math.hypot(200 / 173.7178, 0.06))
    assert state.volatility == 0.06


def test_lichess_preset() -> None:
    """lila modules/rating/src/main/Glicko.scala: default Glicko(1500, 500, 0.09), minDeviation
    45, maxDeviation 500, maxVolatility 0.1; scalachess glicko/model.scala: Tau.default 0.75,
    provisionalDeviation 110."""
    assert (LICHESS.tau, LICHESS.rating, LICHESS.rd, LICHESS.volatility) == (0.75, 1500, 500, 0.09)
    assert (LICHESS.min_rd, LICHESS.max_rd, LICHESS.max_volatility) == (45, 500, 0.1)
    assert LICHESS.provisional_rd == 110
    first = Glicko2().rate([GameScore(1500, 1)])
    assert first.rating > 1500 and first.rd is not None and first.rd < 500 and first.provisional


ratings = st.floats(min_value=800, max_value=2800)
rds = st.floats(min_value=30, max_value=350)


@given(ratings, rds, ratings, rds)
def test_monotone_in_the_result(rating: float, rd: float, opponent: float, opp_rd: float) -> None:
    start = PlayerStart(rating, rd=rd, volatility=0.06)
    after = [Glicko2().rate([GameScore(opponent, s, opp_rd)], start).rating for s in (0, 0.5, 1)]
    assert after == sorted(after)


@given(ratings, rds, ratings, rds)
def test_symmetric_for_equal_players(rating: float, rd: float, _o: float, _r: float) -> None:
    """Two players with the same rating and RD: a win moves one up exactly as far as the loss
    moves the other down."""
    start = PlayerStart(rating, rd=rd, volatility=0.06)
    win = Glicko2().rate([GameScore(rating, 1, rd)], start).rating
    loss = Glicko2().rate([GameScore(rating, 0, rd)], start).rating
    assert win - rating == pytest.approx(rating - loss)
