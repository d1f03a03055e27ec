"""The resignation hazard's fit (benchmarks/resignation_hazard.py) recovers the shares and the
coefficients of lost games drawn from a cure model it is given, and its held-out count matches
the resignations such games have."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from benchmarks.resignation_hazard import BandCheck, Game, check, fit
from engines.opponents import resignation
from engines.opponents.resignation import LostTurn
from profiles.accuracy import centipawns_at

TRUE_HAZARD = np.array([-1.5, 0.2, 0.4, 0.8, -2.5, 0.0, 0.3, -0.2, -1.5])
TRUE_SHARES = [0.6, 0.7, 0.8, 0.9]
RATINGS = [1000.0, 1400.0, 1800.0, 2200.0]


def drawn_games(count: int, rng: random.Random, *, held_out: bool = False) -> list[Game]:
    """``count`` lost games a band: up to 12 lost turns each, each turn's chances, material and
    clock at random; a resigner (the band's share) resigns each turn at the true hazard."""
    games = []
    for band, rating in enumerate(RATINGS):
        for _ in range(count):
            resigner = rng.random() < TRUE_SHARES[band]
            turns: list[LostTurn] = []
            resigned = False
            for lost in range(1, rng.randint(2, 12) + 1):
                chances = rng.uniform(0.03, resignation.LOST_CHANCES)
                centipawns = round(centipawns_at(2 * chances - 1))
                seconds = rng.choice([None, rng.uniform(0.0, 60.0)])
                turn = LostTurn(centipawns, lost, -rng.randint(0, 15), seconds, rating)
                turns.append(turn)
                logit = float(TRUE_HAZARD @ np.array(resignation.features(turn)))
                if resigner and rng.random() < 1 / (1 + math.exp(-logit)):
                    resigned = True
                    break
            cps = [turn.centipawns for turn in turns]
            games.append(Game(band, resigned, turns, cps, held_out))
    return games


def test_the_fit_recovers_the_shares_and_the_hazard_it_was_drawn_from() -> None:
    """The turn's own features are recovered closely; a band's share and its hazard trade off
    (a cure model tells "fewer resign" from "they resign later" only by how long the games go
    on), so the shares are recovered more loosely and the band terms not checked."""
    beta, shares = fit(drawn_games(1500, random.Random(3)), rounds=150)
    assert shares == pytest.approx(TRUE_SHARES, abs=0.12)
    # The chances, the turns lost, the material and the clock.
    for index in (4, 6, 7, 8):
        assert beta[index] == pytest.approx(TRUE_HAZARD[index], abs=0.25), index


def test_the_expected_resignations_match_the_drawn_ones_under_the_true_model() -> None:
    """The check's count (the cumulative hazard, each turn weighed by the chance that the one
    still playing is a resigner) is what a right model expects: within a binomial interval."""
    games = drawn_games(600, random.Random(4), held_out=True)
    checks: list[BandCheck] = check(games, {}, TRUE_HAZARD, TRUE_SHARES)
    for band in checks:
        spread = 3.3 * math.sqrt(band.ours_resigned)
        assert band.people_resigned == pytest.approx(band.ours_resigned, abs=spread), band.band
