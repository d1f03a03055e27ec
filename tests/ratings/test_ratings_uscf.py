"""USCF classic against every figure of the ChessBase Workshop of 8 June 2006 (Fred Patzer's
examples)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from profiles.ratings import GameScore, PlayerStart
from profiles.ratings.uscf import UscfClassic, established_change

USCF = UscfClassic()


def test_uscf_first_tournament() -> None:
    """The ChessBase Workshop (Lopez, 2006): loses to 1600 → 1200; beats 1326 (factor 1726) → (1200
    + 1726)/2 = 1463; draws
    1544 → (1463 + 1463 + 1544)/3 = 4470/3 = 1490; loses to 956 (factor 556) →
    5026/4 = 1256.5 "rounded up to 1257"."""
    games = [GameScore(1600, 0), GameScore(1326, 1), GameScore(1544, 0.5), GameScore(956, 0)]
    state = USCF.rate(games)
    assert state.history == (1200, 1463, 1490, 1257)
    assert (state.rating, state.games, state.provisional) == (1257, 4, True)


def test_uscf_first_game_factors() -> None:
    """The ChessBase Workshop (Lopez, 2006): against 1600, "Should Fred win ... 2000. If he draws
    it will be 1600, and if he
    loses it will be 1200"."""
    assert [USCF.rate([GameScore(1600, s)]).rating for s in (1, 0.5, 0)] == [2000, 1600, 1200]


def test_uscf_twentieth_game_ends_the_provisional_period() -> None:
    """The ChessBase Workshop (Lopez, 2006): provisional 1472 after 19 games, draws 1320: (1472·19
    + 1320)/20 = 1464.4
    "rounded down to 1464. Fred Patzer's first official rating is 1464"."""
    state = USCF.rate([GameScore(1320, 0.5)], PlayerStart(1472, games=19))
    assert (state.rating, state.games, state.provisional) == (1464, 20, False)


def test_uscf_established_game_both_sides() -> None:
    """The ChessBase Workshop (Lopez, 2006): Fred 1464 against 1586: win 1464 + 5 + 16 = 1485
    (opponent 1565); loss
    1464 + 5 − 16 = 1453 (opponent 1597); draw 1469 (opponent 1581)."""
    for score, fred, opponent in ((1, 1485, 1565), (0, 1453, 1597), (0.5, 1469, 1581)):
        assert USCF.rate([GameScore(1586, score)], PlayerStart(1464, 20)).rating == fred
        assert USCF.rate([GameScore(1464, 1 - score)], PlayerStart(1586, 20)).rating == opponent


def test_uscf_limits_against_masters() -> None:
    """The ChessBase Workshop (Lopez, 2006): Fred (1485) against a master (2200+) "has the
    possibility of gaining 32 points
    if he wins and will only drop one rating point in the event of a loss"."""
    assert established_change(1485, 2200, 1) == 32
    assert established_change(1485, 2200, 0) == -1


def test_uscf_weak_tournament() -> None:
    """The ChessBase Workshop (Lopez, 2006): a four-round event against players under 1100, Fred
    1485 "will only gain 4
    points total ... and can lose as many as 128 points on the day if he loses every game"."""
    wins = USCF.rate([GameScore(1000, 1)] * 4, PlayerStart(1485, 20))
    losses = USCF.rate([GameScore(1000, 0)] * 4, PlayerStart(1485, 20))
    assert wins.rating - 1485 == 4
    assert losses.rating - 1485 == -128


def test_uscf_playing_up() -> None:
    """The ChessBase Workshop (Lopez, 2006): against opponents 400+ higher, "a chance to gain 32
    points each game for a win
    while only dropping a single point should you lose", so one win in 25 games still gains;
    "a draw in such a case is worth 14 points" (0.04 × a gap of 350)."""
    assert established_change(1500, 1900, 1) == 32
    assert established_change(1500, 1900, 0) == -1
    assert established_change(1500, 1850, 0.5) == 14


def test_base_points_by_rating() -> None:
    """The ChessBase Workshop (Lopez, 2006): base 16, "12 is used ... between 2100-2399", "2400 and
    above use 8"."""
    assert established_change(2099, 2099, 1) == 16
    assert established_change(2100, 2100, 1) == 12
    assert established_change(2400, 2400, 1) == 8


ratings = st.integers(min_value=100, max_value=3000)


@given(ratings, ratings)
def test_every_change_is_within_1_to_32(rating: int, opponent: int) -> None:
    assert 1 <= established_change(rating, opponent, 1) <= 32
    assert -32 <= established_change(rating, opponent, 0) <= -1
    assert -32 <= established_change(rating, opponent, 0.5) <= 32


@given(ratings, ratings)
def test_monotone_in_the_result(rating: int, opponent: int) -> None:
    changes = [established_change(rating, opponent, s) for s in (0, 0.5, 1)]
    assert changes == sorted(changes)


@given(st.integers(min_value=100, max_value=2099), st.integers(min_value=100, max_value=2099))
def test_zero_sum_below_2100_within_the_limits(rating: int, opponent: int) -> None:
    """Both players on base 16 and no clamp reached: one's gain is the other's loss."""
    for score in (0, 0.5, 1):
        mine = established_change(rating, opponent, score)
        theirs = established_change(opponent, rating, 1 - score)
        if 1 < abs(mine) < 32 and 1 < abs(theirs) < 32:
            assert mine == -theirs
