"""Expected scores against the figures their sources print."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from profiles.ratings.expected import GAP_CAP, logistic_expected, table_bands, table_expected

ratings = st.floats(min_value=0, max_value=3500, allow_nan=False)


@pytest.mark.parametrize(
    ("difference", "percent"),
    [(0, 50), (50, 57), (100, 64), (150, 70), (200, 76), (300, 85), (400, 91)],
)
def test_logistic_matches_the_win_probability_table_of_sudoku_corner(
    difference: int, percent: int
) -> None:
    """Sudoku Corner's rating rules, "Win Probability by Rating Difference": the stronger player's
    win %."""
    assert round(100 * logistic_expected(1200 + difference, 1200)) == percent
    assert round(100 * logistic_expected(1200, 1200 + difference)) == 100 - percent


def test_logistic_400_points_is_about_ten_to_one() -> None:
    """ChessTrophies' Elo calculator's FAQ: "A 400-point difference gives the favourite an expected
    score of about
    0.91"; the odds are exactly 10 to 1 by the formula's construction."""
    expected = logistic_expected(2000, 1600)
    assert round(expected, 2) == 0.91
    assert expected / (1 - expected) == pytest.approx(10.0)


def test_table_kasparov_short() -> None:
    """FIDE's rating regulations: Kasparov 2838 against Short 2675, difference 163: "a win
    expectancy of 72%"."""
    assert table_expected(2838, 2675) == 0.72
    assert table_expected(2675, 2838) == 0.28


def test_table_chess_scotland_example() -> None:
    """Chess Scotland's grading rules: 1475 against 1660, difference 185: 0.26 for the lower, 0.74
    for the higher."""
    assert table_expected(1475, 1660) == 0.26
    assert table_expected(1660, 1475) == 0.74


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0.50), (3, 0.50), (4, 0.51), (91, 0.62), (92, 0.63), (344, 0.88), (345, 0.89),
     (411, 0.92), (619, 0.98), (620, 0.99), (735, 0.99), (736, 1.0), (2000, 1.0)],
)  # fmt: skip
def test_table_band_edges(difference: int, expected: float) -> None:
    """FIDE's table 8.1(b) (FIDE Handbook B.02, used by article 8.55), both ends of several bands
    and the "> 735 → 1.0" row."""
    assert table_expected(2000 + difference, 2000) == expected


def test_table_has_every_band_of_fides_table() -> None:
    """FIDE's table 8.1(b) (FIDE Handbook B.02, used by article 8.55): 50 bands from 0-3 (.50) to
    620-735 (.99), with no gaps."""
    bands = table_bands()
    assert len(bands) == 50
    assert bands[0] == (0, 3, 0.50)
    assert bands[-1] == (620, 735, 0.99)
    assert all(low == previous[1] + 1 for previous, (low, _, _) in itertools.pairwise(bands))


def test_cap_counts_large_gaps_as_400() -> None:
    """Chess Scotland's grading rules: "a 1600 plays a 2200. For the 1600 the game is considered as
    being against a
    2000"; the cap applies to both curves."""
    assert table_expected(1600, 2200, cap=GAP_CAP) == table_expected(1600, 2000)
    assert logistic_expected(2200, 1600, cap=GAP_CAP) == logistic_expected(2000, 1600)


@given(ratings, ratings)
def test_expected_scores_are_symmetric(rating: float, opponent: float) -> None:
    assert logistic_expected(rating, opponent) + logistic_expected(opponent, rating) == (
        pytest.approx(1.0)
    )
    assert table_expected(rating, opponent) + table_expected(opponent, rating) == (
        pytest.approx(1.0)
    )


@given(ratings, ratings, ratings)
def test_expected_scores_rise_with_rating(low: float, high: float, opponent: float) -> None:
    low, high = min(low, high), max(low, high)
    assert logistic_expected(low, opponent) <= logistic_expected(high, opponent)
    assert table_expected(low, opponent) <= table_expected(high, opponent)
