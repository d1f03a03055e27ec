"""The Elo systems against ChessTrophies' calculator, Sudoku Corner's rules and FIDE's regulations,
and the FIDE default's provisional rule."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from profiles.ratings import PROVISIONAL_GAMES, GameScore, PlayerStart, RatingInputError
from profiles.ratings.elo import (
    CLUB,
    FIDE,
    FIDE_CLASSIC,
    MASTER_RATING,
    Standing,
    calculate,
    elo_change,
    flat_elo,
)
from profiles.ratings.expected import GAP_CAP, table_expected
from profiles.ratings.performance import performance

ESTABLISHED = 100
"""Games behind a rating well past every new-player K."""


def change(system_k: float, rating: float, opponent: float, score: float) -> float:
    state = flat_elo(system_k).rate([GameScore(opponent, score)], PlayerStart(rating, ESTABLISHED))
    return state.rating - rating


@pytest.mark.parametrize(
    ("difference", "stronger_wins", "weaker_wins"),
    [(0, 10, 10), (50, 9, 11), (100, 7, 13), (150, 6, 14), (200, 5, 15), (300, 3, 17),
     (400, 2, 18)],
)  # fmt: skip
def test_season_k20_table(difference: int, stronger_wins: int, weaker_wins: int) -> None:
    """Sudoku Corner's rating rules, "Win Probability by Rating Difference" at K = 20: "If Stronger
    Wins" and
    "If Weaker Wins" columns, each as +gain / −loss."""
    stronger, weaker = 1200 + difference, 1200
    assert change(20, stronger, weaker, 1) == stronger_wins
    assert change(20, weaker, stronger, 0) == -stronger_wins
    assert change(20, weaker, stronger, 1) == weaker_wins
    assert change(20, stronger, weaker, 0) == -weaker_wins


@pytest.mark.parametrize(
    ("rating", "opponent", "score", "after"),
    [
        (1200, 1200, 1, 1210), (1200, 1200, 0, 1190),  # Example 1: Alice and Bob
        (1400, 1100, 1, 1403), (1100, 1400, 0, 1097),  # Example 2: Carlos wins
        (1100, 1400, 1, 1117), (1400, 1100, 0, 1383),  # Example 2: Diana wins
        (1300, 1200, 1, 1307), (1200, 1300, 0, 1193),  # Example 3: Eva wins
        (1200, 1300, 1, 1213), (1300, 1200, 0, 1287),  # Example 3: Frank wins
    ],
)  # fmt: skip
def test_season_examples_established(
    rating: float, opponent: float, score: float, after: float
) -> None:
    """Sudoku Corner's rating rules, Examples 1–3: "All examples assume both players are
    established (K=20)"."""
    state = CLUB.rate([GameScore(opponent, score)], PlayerStart(rating, games=30))
    assert state.rating == after
    assert state.history == (after,)


def test_season_example_4_new_player() -> None:
    """Sudoku Corner's rating rules, Example 4: Grace 1200, new (K = 40), against Henry 1350:
    "Grace wins (upset):
    Grace +28 → 1228", "Grace loses: Grace -12 → 1188"."""
    assert CLUB.rate([GameScore(1350, 1)], PlayerStart(1200, games=0)).rating == 1228
    assert CLUB.rate([GameScore(1350, 0)], PlayerStart(1200, games=0)).rating == 1188


def test_season_new_players_start_at_1200_and_k_drops_at_30_games() -> None:
    """Sudoku Corner's rating rules: "Every new player starts at 1200"; K 40 under 30 games, 20
    from 30."""
    assert CLUB.rate([GameScore(1200, 1)]).rating == 1220
    assert CLUB.rate([GameScore(1500, 1)], PlayerStart(1500, games=29)).rating == 1520
    assert CLUB.rate([GameScore(1500, 1)], PlayerStart(1500, games=30)).rating == 1510


def test_calculator_calculator() -> None:
    """ChessTrophies' Elo calculator: "you + K · (S − E), rounded to the nearest whole point", K 32
    by default; with
    Sudoku Corner's rating rules's Example 4 numbers at K 40: expected ≈ 0.30 (1/(1+10^(150/400))),
    +28 and −12."""
    win = calculate(1200, 1350, 1, k=40)
    assert win.expected == pytest.approx(1 / (1 + 10 ** (150 / 400)))
    assert (win.change, win.new_rating) == (28, 1228)
    assert calculate(1200, 1350, 0, k=40).new_rating == 1188
    assert calculate(1200, 1200, 0.5).change == 0
    assert calculate(1200, 1200, 1).change == 16  # K 32 by default: 32·(1 − 0.5)
    with pytest.raises(RatingInputError):
        calculate(1200, 1200, 1, k=0)


def test_fide_counts_a_gap_over_400_as_400() -> None:
    """FIDE Handbook B.02, 8.3.1: "A difference in rating of more than 400 points shall be
    counted for rating purposes as though it were a difference of 400 points": 1500 against
    166 (1334 apart) is rated as against 1100. The app's FIDE system reads the expected score
    from the logistic curve at the capped gap, 0.909: +4 for a win at K 40, −36 for a loss."""
    new_player = Standing(1500, 0, 1500)
    win = FIDE.game(new_player, 166, 1.0)
    assert win == FIDE.game(new_player, 1100, 1.0)
    assert win.expected == pytest.approx(1 / (1 + 10 ** (-400 / 400)))
    assert (win.k, win.change, win.new_rating) == (40, 4, 1504)
    assert FIDE.game(new_player, 166, 0.0).change == -36
    # FIDE's table at the capped gap says 0.92 (+3 at K 40): the app's system uses the curve.
    assert table_expected(1500, 166, cap=GAP_CAP) == 0.92 and elo_change(40, 1.0, 0.92) == 3
    # Elo's formula alone counts the whole gap: nothing to win, all of K to lose.
    plain = calculate(1500, 166, 1.0, k=40)
    assert round(plain.expected, 3) == 1.0 and plain.change == 0
    assert calculate(1500, 166, 0.0).change == -32  # K 32 unless told


def test_the_next_game_is_rated_from_the_standing_the_games_left() -> None:
    """A player who reached 2400 and fell back keeps FIDE's K 10: the standing the calculator
    starts from rates the next game exactly as rating the whole ledger again does."""
    games = [GameScore(2450, 0.5)] * 20 + [GameScore(2400, 1.0)] * 5 + [GameScore(2300, 0.0)] * 12
    standing = FIDE.next_standing(FIDE.rate(games))
    assert standing.rating < MASTER_RATING <= standing.peak
    for score in (1.0, 0.5, 0.0):
        next_game = FIDE.game(standing, 2200, score)
        assert next_game.k == 10
        assert next_game.new_rating == FIDE.rate([*games, GameScore(2200, score)]).rating


def test_fide_kasparov_short_match() -> None:
    """FIDE's rating regulations: a 10-game match, Kasparov 2838 scoring 6 against an expected 7.2,
    K = 10:
    "ΔR = 10 (6 - 7.2) = -12 points" → 2826; Short: "+12 points" → 2687."""
    kasparov = [GameScore(2675, 1)] * 6 + [GameScore(2675, 0)] * 4
    short = [GameScore(2838, 1)] * 4 + [GameScore(2838, 0)] * 6
    assert FIDE_CLASSIC.rate_period(kasparov, PlayerStart(2838, ESTABLISHED)).rating == 2826
    assert FIDE_CLASSIC.rate_period(short, PlayerStart(2675, ESTABLISHED)).rating == 2687


def test_fide_k_factors() -> None:
    """FIDE's rating regulations: K = 25 under 30 games, 15 below 2400, 10 at or above 2400 (table
    expectation
    0.50 for equal ratings, so a win moves K/2 after rounding)."""
    assert FIDE_CLASSIC.rate([GameScore(2000, 1)], PlayerStart(2000, 29)).rating == 2013  # 12.5
    assert FIDE_CLASSIC.rate([GameScore(2000, 1)], PlayerStart(2000, 30)).rating == 2008  # 7.5
    assert FIDE_CLASSIC.rate([GameScore(2400, 1)], PlayerStart(2400, 30)).rating == 2405


def test_fide_k_stays_10_once_2400_reached() -> None:
    """FIDE rating regulations 8.3.3: K = 10 "once a player's published rating has reached
    2400 and remains at that level subsequently, even if the rating drops below 2400"."""
    games = [GameScore(2395, 1), GameScore(2500, 0), GameScore(2390, 1)]
    state = FIDE.rate(games, PlayerStart(2390, ESTABLISHED))
    # 2390 + 20·0.507 → 2400; then K 10 for good: −10·0.360 → 2396; +10·0.486 → 2401.
    assert state.history == (2400, 2396, 2401)


def test_fide_new_player_is_rated_by_performance() -> None:
    """The product's rule: provisional for 20 games with the performance so far
    as the value; at 20 games the initial rating is the performance over them; then Elo with
    K 40 (FIDE: under 30 games). Performance of 15/20 against 1500s: 1500 + 400·log10(3)."""
    games = [GameScore(1500, 1)] * 15 + [GameScore(1500, 0)] * 5 + [GameScore(1691, 1)]
    state = FIDE.rate(games)
    assert all(math.isfinite(value) for value in state.history)
    assert state.history[0] == round(performance(games[:1]).rating)
    assert state.history[PROVISIONAL_GAMES - 1] == round(1500 + 400 * math.log10(3)) == 1691
    assert state.history[-1] == 1691 + 20
    assert (state.games, state.provisional) == (21, False)
    provisional = FIDE.rate(games[:19])
    assert provisional.provisional and provisional.games == 19


def test_fide_new_player_needs_games_and_period_needs_a_rating() -> None:
    with pytest.raises(RatingInputError):
        FIDE.rate([])
    with pytest.raises(RatingInputError, match="needs the rating at its start"):
        FIDE.rate_period([GameScore(1500, 1)], PlayerStart())


def test_fide_caps_the_gap_at_400() -> None:
    """FIDE rating regulations 8.3.1: a gap over 400 counts as 400."""
    far = FIDE.rate([GameScore(1000, 1)], PlayerStart(2000, ESTABLISHED)).rating
    near = FIDE.rate([GameScore(1600, 1)], PlayerStart(2000, ESTABLISHED)).rating
    assert far == near == 2002


# Above the rating floor by more than any one change: at the floor a loss costs nothing, so the
# two players' changes no longer sum to zero (as under every federation's floor).
ratings = st.integers(min_value=200, max_value=3000)
scores = st.sampled_from([0.0, 0.5, 1.0])


@given(ratings, ratings, scores, st.integers(min_value=1, max_value=60))
def test_flat_elo_is_zero_sum(rating: int, opponent: int, score: float, k: int) -> None:
    assert change(k, rating, opponent, score) == -change(k, opponent, rating, 1 - score)


@given(ratings, ratings, st.integers(min_value=0, max_value=100))
def test_elo_is_monotone_in_the_result(rating: int, opponent: int, games: int) -> None:
    for system in (flat_elo(), CLUB, FIDE_CLASSIC, FIDE):
        after = [
            system.rate([GameScore(opponent, s)], PlayerStart(rating, games)).rating
            for s in (0.0, 0.5, 1.0)
        ]
        assert after == sorted(after)


@given(ratings, ratings, ratings)
def test_beating_a_stronger_player_is_worth_more(rating: int, weak: int, strong: int) -> None:
    weak, strong = min(weak, strong), max(weak, strong)
    assert change(32, rating, strong, 1) >= change(32, rating, weak, 1)
