"""Chess Scotland grading against Chess Scotland's grading rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from profiles.ratings import GameScore, PlayerStart
from profiles.ratings.chess_scotland import (
    ChessScotland,
    counts,
    expected,
    grading_difference,
    season_grade,
)

SCOTLAND = ChessScotland()


def test_chess_scotland_season_example() -> None:
    """Chess Scotland's grading rules: "a player with an old grade of 1770: plays 84 games, scores
    55 points, expected
    to score 50.338. New Grade = 1770 + (800 * (55-50.338)/84) ... = 1814"."""
    assert season_grade(1770, 84, 55, 50.338) == 1814


def test_chess_scotland_expected_scores() -> None:
    """Chess Scotland's grading rules: 1475 against 1660, "the expected score for the lower graded
    player is 0.26 and
    the higher player 0.74"."""
    assert expected(1475, 1660) == 0.26
    assert expected(1660, 1475) == 0.74


def test_chess_scotland_maximum_gap() -> None:
    """Chess Scotland's grading rules: "a 1600 plays a 2200. For the 1600 the game is considered as
    being against a
    2000. For the 2200 the game is considered a game against an 1800"."""
    assert expected(1600, 2200) == expected(1600, 2000) == 0.08
    assert expected(2200, 1600) == expected(2200, 1800) == 0.92


def test_chess_scotland_void_gaps() -> None:
    """Chess Scotland's grading rules: "If the grading gap is over 735 points the game is void
    unless the higher
    player fails to win"."""
    assert not counts(2500, 1700, 1)
    assert counts(2500, 1700, 0.5)
    assert counts(2500, 1700, 0)
    assert not counts(1700, 2500, 0)
    assert counts(1700, 2500, 0.5)
    assert counts(2435, 1700, 1)  # a gap of exactly 735 is not over 735


def test_chess_scotland_minimum_sample_of_30() -> None:
    """Chess Scotland's grading rules: "The number of games applied ... is the actual number of
    games played or 30
    whichever is higher": one win over an equal player is 800·0.5/30 ≈ 13 points."""
    state = SCOTLAND.rate([GameScore(1500, 1)], PlayerStart(1500, 40))
    assert state.rating == 1513


def test_season_skips_void_games() -> None:
    """Chess Scotland's grading rules's void rule inside a season: a win over a player 800 below
    changes nothing."""
    assert SCOTLAND.rate([GameScore(1200, 1)], PlayerStart(2000, 40)).rating == 2000
    assert SCOTLAND.rate([GameScore(1200, 0)], PlayerStart(2000, 40)).rating < 2000


def test_minimum_grade_is_100() -> None:
    """Chess Scotland's grading rules: "No grade is published below 100"."""
    assert season_grade(110, 30, 0, 15) == 100


def test_first_grade_from_average_score() -> None:
    """Chess Scotland's grading rules, ungraded steps 1–6: 75 % against 1500s → the table's .75
    band (189–197, middle
    193) above the average opposition; 50 % → the average opposition."""
    assert grading_difference(0.75) == 193
    assert grading_difference(0.25) == -193
    assert grading_difference(0.5) == 0
    games = [GameScore(1500, 1)] * 6 + [GameScore(1500, 0)] * 2
    assert SCOTLAND.rate(games).rating == 1693
    assert SCOTLAND.rate([GameScore(1400, 0.5), GameScore(1600, 0.5)]).rating == 1500


def test_perfect_first_season_is_finite() -> None:
    state = SCOTLAND.rate([GameScore(1500, 1)] * 10)
    assert state.rating == 1900


grades = st.integers(min_value=100, max_value=2800)


@given(grades, grades)
def test_monotone_in_the_result(grade: int, opponent: int) -> None:
    after = [
        SCOTLAND.rate([GameScore(opponent, s)], PlayerStart(grade, 40)).rating for s in (0, 0.5, 1)
    ]
    assert after == sorted(after)
