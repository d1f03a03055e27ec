"""The logistic maximum-likelihood fit (Bradley–Terry) on games with known answers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles.ratings import GameScore, RatingInputError, fit_ratings
from profiles.ratings.performance import PerformanceSystem, performance

LOG_ODDS_PER_POINT = math.log(10) / 400


def test_75_percent_against_one_anchor() -> None:
    """Solving 1/(1 + 10^(−d/400)) = 0.75 gives d = 400·log10(3) ≈ 190.85; the standard error is
    1/√(n·p·(1−p))·400/ln 10 (the inverse Fisher information of n games at p = 0.75)."""
    games = [("player", "anchor", 1.0)] * 3 + [("anchor", "player", 1.0)]
    fit = fit_ratings(games, {"anchor": 1500})
    player = fit["player"]
    assert player.rating == pytest.approx(1500 + 400 * math.log10(3), abs=1e-6)
    assert player.error == pytest.approx(1 / math.sqrt(4 * 0.75 * 0.25) / LOG_ODDS_PER_POINT)
    assert (player.games, player.score, player.anchor) == (4, 3.0, False)
    assert fit["anchor"].rating == 1500 and fit["anchor"].error == 0 and fit["anchor"].anchor
    assert fit.virtual_draws == frozenset()


def test_draws_count_half() -> None:
    """Two wins and two draws in four games is 75 %: the same fit as three wins and a loss."""
    games = [("p", "a", 1.0)] * 2 + [("p", "a", 0.5)] * 2
    assert fit_ratings(games, {"a": 2000})["p"].rating == pytest.approx(
        2000 + 400 * math.log10(3), abs=1e-6
    )


def test_chain_through_an_unanchored_player() -> None:
    """b scores 50 % against the anchor, c 75 % against b: c = anchor + 400·log10(3)."""
    games = [("b", "a", 1.0), ("a", "b", 1.0), *[("c", "b", 1.0)] * 3, ("b", "c", 1.0)]
    fit = fit_ratings(games, {"a": 1000})
    assert fit["b"].rating == pytest.approx(1000, abs=1e-6)
    assert fit["c"].rating == pytest.approx(1000 + 400 * math.log10(3), abs=1e-6)
    assert fit["c"].error > fit["b"].error  # c is one link further from the anchor


def test_recovers_known_ratings_from_expected_scores() -> None:
    """Games scored exactly at the model's expectation are the fit's fixed point: five players
    at known ratings, each pair playing a single game scored at p(Ri − Rj)."""
    truth = {"a": 1200.0, "b": 1450.0, "c": 1800.0, "d": 2100.0, "e": 2650.0}
    names = list(truth)
    games = [
        (white, black, 1 / (1 + 10 ** ((truth[black] - truth[white]) / 400)))
        for i, white in enumerate(names)
        for black in names[i + 1 :]
    ]
    fit = fit_ratings(games, {"a": 1200.0, "e": 2650.0})
    for name in "bcd":
        assert fit[name].rating == pytest.approx(truth[name], abs=1e-4)


def test_all_wins_are_finite() -> None:
    """Module docstring of fit.py: a perfect score gets one virtual draw, so 20 wins against a
    1500 anchor is 20.5 / 21 → 1500 + 400·log10(41), above 19½ / 20 = 1500 + 400·log10(39)."""
    wins = fit_ratings([("p", "a", 1.0)] * 20, {"a": 1500})
    assert wins["p"].rating == pytest.approx(1500 + 400 * math.log10(41), abs=1e-6)
    assert math.isfinite(wins["p"].error)
    assert wins.virtual_draws == {"p"}
    almost = fit_ratings([("p", "a", 1.0)] * 19 + [("p", "a", 0.5)], {"a": 1500})
    assert almost["p"].rating == pytest.approx(1500 + 400 * math.log10(39), abs=1e-6)
    assert wins["p"].rating > almost["p"].rating
    losses = fit_ratings([("p", "a", 0.0)] * 20, {"a": 1500})
    assert losses["p"].rating == pytest.approx(1500 - 400 * math.log10(41), abs=1e-6)


def test_a_group_that_wins_everything_is_finite() -> None:
    """x and y share their games but win every game against the anchored pool: neither has a
    perfect score in the fit's sense alone, yet together they would run off to infinity."""
    games = [("x", "y", 1.0), ("y", "x", 1.0), ("x", "a", 1.0), ("y", "b", 1.0), ("a", "b", 0.5)]
    fit = fit_ratings(games, {"a": 1500, "b": 1600})
    assert fit.virtual_draws == {"x", "y"}
    assert all(math.isfinite(fit[n].rating) and fit[n].rating > 1600 for n in "xy")


def test_disconnected_pool_is_an_error() -> None:
    games = [("a", "b", 1.0), ("c", "d", 0.5)]
    with pytest.raises(RatingInputError, match=r"'c', 'd'.*anchor one of them"):
        fit_ratings(games, {"a": 1500})
    with pytest.raises(RatingInputError, match="anchor"):
        fit_ratings([("a", "b", 1.0)], {})


def test_bad_games_are_errors() -> None:
    with pytest.raises(RatingInputError, match="game 2"):
        fit_ratings([("a", "b", 1.0), ("a", "b", 2.0)], {"a": 1500})
    with pytest.raises(RatingInputError, match="themself"):
        fit_ratings([("a", "a", 1.0)], {"a": 1500})
    with pytest.raises(RatingInputError, match="finite"):
        fit_ratings([("a", "b", 1.0)], {"a": math.nan})


def test_games_between_anchors_only_count_as_record() -> None:
    fit = fit_ratings([("a", "b", 1.0)] * 3, {"a": 1500, "b": 1400})
    assert fit["a"].rating == 1500 and fit["a"].games == 3 and fit["a"].score == 3


def test_performance_is_the_fit_against_the_opponents() -> None:
    """The product rule: "one piece of code for both". Opponents 1400, 1500, 1600, score 2/3:
    the performance solves Σ E = 2, which the fit with those anchors solves too."""
    games = [GameScore(1400, 1), GameScore(1500, 0), GameScore(1600, 1)]
    rating = performance(games).rating
    assert sum(1 / (1 + 10 ** ((g.opponent_rating - rating) / 400)) for g in games) == (
        pytest.approx(2.0)
    )
    fit = fit_ratings(
        [("me", "x", 1.0), ("me", "y", 0.0), ("me", "z", 1.0)], {"x": 1400, "y": 1500, "z": 1600}
    )
    assert fit["me"].rating == pytest.approx(rating)
    assert PerformanceSystem().rate(games).rating == pytest.approx(rating)


def test_performance_needs_games() -> None:
    with pytest.raises(RatingInputError):
        performance([])


opponents = st.lists(st.integers(min_value=800, max_value=2800), min_size=1, max_size=12)


@settings(max_examples=50)
@given(opponents, st.data())
def test_performance_is_monotone_and_finite(ratings: list[int], data: st.DataObject) -> None:
    scores = data.draw(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=len(ratings),
                                max_size=len(ratings)))  # fmt: skip
    games = [GameScore(r, s) for r, s in zip(ratings, scores, strict=True)]
    base = performance(games).rating
    assert math.isfinite(base)
    index = data.draw(st.integers(min_value=0, max_value=len(games) - 1))
    if scores[index] < 1.0:
        better = list(games)
        better[index] = GameScore(ratings[index], scores[index] + 0.5)
        assert performance(better).rating > base
