"""The fit of a large pool (:mod:`profiles.ratings.fit_arrays`): the same maximum and the same
errors as the pure-Python fit, on inputs whose answer is known in closed form or that both
fits can take.

A chain of pairings (a tree) decouples: each link's rating difference is the logit of its
score, ``400·log10(s / (1 − s))``, and its variance the inverse Fisher information
``1 / (n·s·(1 − s)·c²)`` with ``c = ln 10 / 400``. A rating is the anchor's plus the differences
along the path to it, and its variance the sum of the links' variances on that path (the
differences of a tree are independent), so errors grow along the chain as the root of a sum.
"""

from __future__ import annotations

import gzip
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engines.calibration.calibrate import scored_games
from engines.calibration.pgn_games import parse_headers
from profiles.ratings import RatingInputError, fit_arrays
from profiles.ratings import fit as fit_module
from profiles.ratings.fit import FitResult, Game, fit_counted, fit_ratings
from profiles.ratings.goodness import goodness_of_fit

C = math.log(10) / 400
ROOT = Path(__file__).parents[2]

# Four games a link, as the later player of the link scored them: every score strictly
# between 0 and 4, so every link has a finite fit of its own.
LINK_RESULTS = (
    (1.0, 0.0, 0.0, 0.5),  # 1½
    (1.0, 1.0, 0.0, 0.5),  # 2½
    (1.0, 0.5, 0.5, 0.0),  # 2
    (1.0, 1.0, 1.0, 0.0),  # 3
    (0.0, 0.0, 0.0, 1.0),  # 1
)


def _chain(players: int, seed: int) -> tuple[list[Game], list[float]]:
    """Games along p0 – p1 – … and each link's score fraction for the later player."""
    rng = random.Random(seed)
    games: list[Game] = []
    fractions = []
    for k in range(players - 1):
        results = rng.choice(LINK_RESULTS)
        for number, later in enumerate(results):
            # Colours alternate; the white player's score is what a game records.
            if number % 2:
                games.append((f"p{k + 1}", f"p{k}", later))
            else:
                games.append((f"p{k}", f"p{k + 1}", 1.0 - later))
        fractions.append(sum(results) / len(results))
    return games, fractions


def test_a_chain_of_2000_players_fits_to_the_closed_form_at_every_link() -> None:
    """The issue's shape (each player meets the next), anchored in the middle so the errors
    grow both ways; far more players than the pure-Python fit takes."""
    players, anchor = 2000, 1000
    assert players > fit_module.ARRAY_FIT_FROM
    games, fractions = _chain(players, seed=18)
    fit = fit_ratings(games, {f"p{anchor}": 1500.0})
    assert fit.virtual_draws == frozenset()
    rating, variance = {anchor: 1500.0}, {anchor: 0.0}
    for k in range(anchor, players - 1):  # p(k+1) from p(k)
        s = fractions[k]
        rating[k + 1] = rating[k] + 400 * math.log10(s / (1 - s))
        variance[k + 1] = variance[k] + 1 / (4 * s * (1 - s) * C * C)
    for k in range(anchor, 0, -1):  # p(k−1) from p(k)
        s = fractions[k - 1]
        rating[k - 1] = rating[k] - 400 * math.log10(s / (1 - s))
        variance[k - 1] = variance[k] + 1 / (4 * s * (1 - s) * C * C)
    for k in range(players):
        assert fit[f"p{k}"].rating == pytest.approx(rating[k], abs=1e-6)
        assert fit[f"p{k}"].error == pytest.approx(math.sqrt(variance[k]), rel=1e-9)
    # The ends are about 22 links' worth of error from the anchor, not one link's.
    assert fit["p0"].error > 20 * math.sqrt(variance[anchor + 1])
    # Covariances: neighbours share the path to the anchor, so their difference has the
    # link's own error.
    for k in (0, 500, 999, 1000, 1998):
        link = 1 / (4 * fractions[k] * (1 - fractions[k]) * C * C)
        assert fit.difference_error(f"p{k}", f"p{k + 1}") == pytest.approx(math.sqrt(link))
    assert list(fit.players) == [f"p{k}" for k in range(players)]


def _both_fits(
    games: list[Game], anchors: dict[str, float], monkeypatch: pytest.MonkeyPatch
) -> tuple[FitResult, FitResult]:
    """The pool fitted in pure Python, then on arrays (the switch moved either way)."""
    with monkeypatch.context() as patch:
        patch.setattr(fit_module, "ARRAY_FIT_FROM", 10**9)
        pure = fit_ratings(games, anchors)
    with monkeypatch.context() as patch:
        patch.setattr(fit_module, "ARRAY_FIT_FROM", 1)
        arrays = fit_ratings(games, anchors)
    return pure, arrays


def _assert_same_fit(pure: FitResult, arrays: FitResult, tolerance: float) -> None:
    assert list(arrays.players) == list(pure.players)
    assert arrays.virtual_draws == pure.virtual_draws
    for name, expected in pure.players.items():
        got = arrays[name]
        assert (got.games, got.score, got.anchor) == (expected.games, expected.score,
                                                      expected.anchor)  # fmt: skip
        assert got.rating == pytest.approx(expected.rating, abs=tolerance)
        assert got.error == pytest.approx(expected.error, abs=tolerance)
    for key, value in pure.covariance.items():
        assert arrays.covariance[key] == pytest.approx(value, rel=tolerance, abs=tolerance * 100)


def test_the_shipped_calibration_games_fit_the_same_on_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """24,700 games of 56 players, anchored as the shipped calibration is. The two maximisers
    agree to about 3e-5 points at the bottom of the ladder, where the weakest entries' few
    decisive games leave the likelihood flattest and the pure Newton's step halving ends on
    a floating-point tie: 1e-4 points, a thousandth of the tenth a rating is shown to."""
    text = gzip.decompress(
        (ROOT / "engines" / "calibration" / "calibration-games.pgn.gz").read_bytes()
    )
    path = Path("calibration-games.pgn")
    games = scored_games(parse_headers(text.decode(), path, ("White", "Black", "Result")))
    pure, arrays = _both_fits(games, {"stockfish-elo-1800": 1800.0}, monkeypatch)
    assert len(pure.players) > 30
    _assert_same_fit(pure, arrays, tolerance=1e-4)
    assert goodness_of_fit(games, arrays).pearson == pytest.approx(
        goodness_of_fit(games, pure).pearson, rel=1e-7
    )


def test_perfect_scores_get_the_same_virtual_draws_on_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A random pool of 80 with one player who won every game and two who won every game
    against everyone else: both fits give the same players a virtual draw, and the same
    finite ratings."""
    rng = random.Random(5)
    names = [f"e{i}" for i in range(80)]
    truth = {name: rng.uniform(1000, 2600) for name in names}
    games: list[Game] = []
    for _ in range(2400):
        white, black = rng.sample(names, 2)
        p = 1 / (1 + 10 ** ((truth[black] - truth[white]) / 400))
        roll = rng.random()
        games.append((white, black, 1.0 if roll < 0.8 * p else 0.5 if roll < 0.8 * p + 0.2 else 0))
    games += [("winner", rng.choice(names), 1.0) for _ in range(12)]
    games += [("x", "y", 1.0), ("y", "x", 0.5), ("x", "e1", 1.0), ("e2", "y", 0.0)]
    pure, arrays = _both_fits(games, {"e0": truth["e0"], "e1": truth["e1"]}, monkeypatch)
    assert pure.virtual_draws == {"winner", "x", "y"}
    _assert_same_fit(pure, arrays, tolerance=1e-4)


def test_an_ill_conditioned_pool_fits_the_same_on_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    """Links of 1 or 2 games beside links of 1,000 or 5,000, and short cycles across them:
    too ill-conditioned for conjugate gradients, so the fit on arrays solves its Newton steps
    densely, and still lands where the pure-Python fit does."""
    rng = random.Random(11)
    players = 120
    record: list[tuple[str, str, int, float]] = []
    for k in range(players - 1):
        games = rng.choice([1, 2, 1000, 5000])
        points = rng.randint(1, 2 * games - 1) / 2 if games > 1 else 0.5
        record.append((f"p{k}", f"p{k + 1}", games, points))
    for k in rng.sample(range(players - 10), 15):
        record.append((f"p{k}", f"p{k + rng.randint(2, 9)}", rng.choice([1, 3, 400]), 0.5))
    dense_steps = []
    solve_densely = fit_arrays._solve_densely
    monkeypatch.setattr(
        fit_arrays, "_solve_densely", lambda *args: dense_steps.append(1) or solve_densely(*args)
    )
    with monkeypatch.context() as patch:
        patch.setattr(fit_module, "ARRAY_FIT_FROM", 10**9)
        pure = fit_counted(record, {"p0": 1500.0})
    arrays = fit_counted(record, {"p0": 1500.0})
    assert dense_steps
    _assert_same_fit(pure, arrays, tolerance=1e-6)


def test_a_large_pool_not_linked_to_an_anchor_is_refused() -> None:
    games, _ = _chain(200, seed=1)
    games += [("q0", "q1", 1.0), ("q1", "q0", 0.5)]
    with pytest.raises(RatingInputError, match=r"'q0', 'q1'.*anchor one of them"):
        fit_ratings(games, {"p0": 1500.0})


def test_a_performance_rating_does_not_load_numpy() -> None:
    """The app's first screen rates the player's first games by performance (one fitted
    player): it must not pay for numpy's import."""
    code = (
        "import sys\n"
        "from profiles.ratings.base import GameScore\n"
        "from profiles.ratings.performance import performance\n"
        "performance([GameScore(1500.0, 1.0), GameScore(1600.0, 0.5)])\n"
        "print('numpy' in sys.modules)\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "False"
