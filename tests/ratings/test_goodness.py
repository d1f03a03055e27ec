"""Goodness of fit and match intervals, against numbers worked out by hand."""

from __future__ import annotations

import math
import random

import pytest

from profiles.ratings.expected import logistic_expected
from profiles.ratings.fit import fit_ratings
from profiles.ratings.goodness import (
    PairingRecord,
    chi_square_survival,
    consistency,
    goodness_of_fit,
    measured_difference,
)


def _games(
    true: dict[str, float], pairs: list[tuple[str, str]], n: int, seed: int
) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    games = []
    for white, black in pairs:
        p = logistic_expected(true[white], true[black])
        for _ in range(n):
            games.append((white, black, 1.0 if rng.random() < p else 0.0))
    return games


def test_transitive_results_fit_and_a_rock_paper_scissors_pool_does_not() -> None:
    true = {"a": 1500.0, "b": 1600.0, "c": 1700.0, "d": 1800.0}
    pairs = [("a", "b"), ("b", "c"), ("c", "d"), ("a", "c"), ("b", "d"), ("a", "d")]
    games = _games(true, pairs, 200, seed=1)
    fit = fit_ratings(games, {"a": 1500.0})
    good = goodness_of_fit(games, fit)
    assert good.degrees_of_freedom == 6 - 3
    assert good.p_value > 0.01
    # c crushes b, though b and c do equally well against everyone else: not transitive.
    cyclic = [g for g in games if {g[0], g[1]} != {"b", "c"}]
    cyclic += [("c", "b", 1.0)] * 180 + [("c", "b", 0.0)] * 20
    fit = fit_ratings(cyclic, {"a": 1500.0})
    bad = goodness_of_fit(cyclic, fit)
    assert bad.p_value < 1e-6
    worst = bad.residuals[0]
    assert {worst.record.first, worst.record.second} == {"b", "c"}
    assert abs(worst.z) > 3


def test_draws_narrow_the_spread_a_score_is_judged_by() -> None:
    fit = fit_ratings([("a", "b", 0.5)] * 10 + [("a", "b", 1.0)] * 10, {"b": 0.0})
    # a scores 15/20 = 75%, fitted at 400·log10(3); with half the games drawn the per-game
    # variance is p(1−p) − d/4 = 0.1875 − 0.125.
    residual = goodness_of_fit([("a", "b", 0.5)] * 10 + [("a", "b", 1.0)] * 10, fit).residuals[0]
    assert residual.expected == pytest.approx(15.0, abs=1e-6)
    assert residual.z == pytest.approx(0.0, abs=1e-6)


def test_a_match_result_becomes_a_difference_with_its_95_percent_interval() -> None:
    # 60 points of 100 with no draws: score 0.6, sd of the mean sqrt(0.24/100) = 0.049.
    measured = measured_difference(PairingRecord("a", "b", 60, 0, 40))
    assert measured.difference == pytest.approx(-400 * math.log10(1 / 0.6 - 1))
    margin = 1.959964 * math.sqrt(0.24 / 100)
    assert measured.low == pytest.approx(-400 * math.log10(1 / (0.6 - margin) - 1))
    assert measured.high == pytest.approx(-400 * math.log10(1 / (0.6 + margin) - 1))
    whitewash = measured_difference(PairingRecord("a", "b", 10, 0, 0))
    assert whitewash.difference == math.inf == whitewash.high


def test_a_match_of_one_result_keeps_an_interval_with_a_finite_end() -> None:
    """Ten losses in a ten-game check gave [-inf, -inf]: every prediction missed, and the
    check failed on a pairing 300 points apart that loses ten in a row one time in five.
    With no spread of its own, the match takes Wilson's interval: 0 to 3.84/13.84 of a point
    a game for ten losses, about 0.24 to 0.76 for ten draws."""
    lost = measured_difference(PairingRecord("a", "b", 0, 0, 10))
    ceiling = -400 * math.log10(1 / (1.959964**2 / (10 + 1.959964**2)) - 1)
    assert lost.difference == lost.low == -math.inf
    assert lost.high == pytest.approx(ceiling, abs=0.5) and lost.high < -150
    won = measured_difference(PairingRecord("a", "b", 10, 0, 0))
    assert won.low == pytest.approx(-ceiling, abs=0.5)
    drawn = measured_difference(PairingRecord("a", "b", 0, 10, 0))
    assert drawn.difference == 0.0 and drawn.low == pytest.approx(-drawn.high) and drawn.high > 150


@pytest.mark.parametrize(
    ("statistic", "freedom", "expected"),
    # Upper tail of χ² (standard tables): the 95% points on 1, 2, 3, 10 and 100 degrees of
    # freedom, the 99% points on 1 and 10.
    [
        (3.841, 1, 0.05),
        (6.635, 1, 0.01),
        (5.991, 2, 0.05),
        (7.815, 3, 0.05),
        (18.307, 10, 0.05),
        (23.209, 10, 0.01),
        (124.342, 100, 0.05),
    ],
)
def test_the_chi_square_tail_matches_the_tables(
    statistic: float, freedom: int, expected: float
) -> None:
    assert chi_square_survival(statistic, freedom) == pytest.approx(expected, rel=2e-3)


def test_an_entry_that_plays_one_family_better_than_another_is_found() -> None:
    # Two families of opponents, each spread around x; x's results against each fit its rating.
    true = {"x": 1600.0, "a1": 1500.0, "a2": 1700.0, "b1": 1550.0, "b2": 1650.0}
    family = {"x": "x's", "a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    pairs = [(x, y) for x in true for y in true if x < y]
    games = _games(true, pairs, 100, seed=2)
    fit = fit_ratings(games, {"a1": 1500.0})
    verdicts = {verdict.player: verdict for verdict in consistency(games, fit, family)}
    assert verdicts["x"].degrees_of_freedom == 1 and verdicts["x"].p_value > 0.01
    # Now x is 150 points stronger against family A than against family B.
    skewed = [g for g in games if "x" not in g[:2]]
    for opponent in ("a1", "a2", "b1", "b2"):
        edge = 75.0 if family[opponent] == "A" else -75.0
        strong = {"x": true["x"] + edge, opponent: true[opponent]}
        skewed += _games(strong, [("x", opponent)], 300, seed=3)
    fit = fit_ratings(skewed, {"a1": 1500.0})
    # (x's opponents look a little inconsistent too: each met a skewed x.)
    worst = {verdict.player: verdict for verdict in consistency(skewed, fit, family)}["x"]
    assert worst.p_value < 1e-3
    by_group = {group.group: group for group in worst.groups}
    assert by_group["A"].z > 2 > -2 > by_group["B"].z
    assert by_group["A"].games == by_group["B"].games == 600
    assert by_group["A"].points + by_group["B"].points == pytest.approx(
        by_group["A"].expected + by_group["B"].expected, abs=0.05
    )  # a fitted rating balances the player's points over all its games
