"""Planning a calibration: the planned games meet the precision targets, and a fit of games
played to the plan has the errors the plan promised."""

from __future__ import annotations

import random
from dataclasses import replace

from engines.calibration.gauntlet import network_pairings
from engines.calibration.plan import DIFFERENCE_ERROR, RATING_ERROR, plan_games
from profiles.ratings.expected import logistic_expected
from profiles.ratings.fit import fit_ratings
from tests.builders import weak_fairy


def test_the_plan_meets_every_target_and_a_fit_of_its_games_keeps_the_promise() -> None:
    ladder = [replace(weak_fairy(skill), rating=1000 + 100 * skill) for skill in range(8)]
    anchors = {ladder[3].name: ladder[3].rating}
    pairs = network_pairings(ladder, 300)
    plan = plan_games(ladder, pairs, {}, anchors, minimum=10, movetime=0.1)
    assert plan.rating_error <= RATING_ERROR
    assert plan.difference_error <= DIFFERENCE_ERROR
    assert all(count >= 10 for count in plan.games.values())
    assert plan.seconds > 0
    # Play the plan with simulated results at the true ratings and fit it.
    rng = random.Random(7)
    true = {opponent.name: opponent.rating for opponent in ladder}
    games = [
        (first, second, 1.0 if rng.random() < logistic_expected(true[first], true[second]) else 0.0)
        for (first, second), count in plan.games.items()
        for _ in range(count)
    ]
    fit = fit_ratings(games, anchors)
    worst = max(player.error for player in fit.players.values())
    assert worst <= RATING_ERROR * 1.1
    near = [(a, b) for a in true for b in true if a < b and abs(true[a] - true[b]) <= 300]
    assert max(fit.difference_error(a, b) for a, b in near) <= DIFFERENCE_ERROR * 1.1


def test_games_already_played_are_counted_not_planned_again() -> None:
    ladder = [replace(weak_fairy(skill), rating=1000 + 100 * skill) for skill in range(4)]
    anchors = {ladder[0].name: 1000.0}
    pairs = network_pairings(ladder, 300)
    fresh = plan_games(ladder, pairs, {}, anchors, minimum=10, movetime=0.1)
    played = dict.fromkeys(pairs, 500)
    resumed = plan_games(ladder, pairs, played, anchors, minimum=10, movetime=0.1)
    assert resumed.games == played
    assert resumed.seconds == 0
    assert fresh.seconds > 0
