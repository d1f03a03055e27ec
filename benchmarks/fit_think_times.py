"""Refit the think-time model (``rated_play/session/think_times.json``) from people's clocked
games: for each class of time control, the coefficients of the logarithm of a move's seconds
on :data:`~rated_play.session.think_model.FEATURES`, and of the logarithm of the spread around
them on :data:`~rated_play.session.think_model.SPREAD_FEATURES`.

The clocks are read to the second (lichess) or the tenth (chess.com), so a move timed at
``q`` took between ``q - r`` and ``q + r`` (``r`` the resolution; 0 s is anything under one
tick). The fit treats the true time as unseen: a stochastic EM (Celeux and Diebolt, "The SEM
algorithm", Computational Statistics Quarterly 2, 1985) draws each move's time from its
posterior under the current fit (the log-normal times the chance the clocks read ``q``), then
fits the coefficients to the logarithms by maximum likelihood, and again; the last iterations'
estimates are averaged. With a scale that varies, the likelihood's maximum is found as Harvey
finds it ("Estimating regression models with multiplicative heteroscedasticity", Econometrica
44, 1976): least squares weighted by the scale for the median, a step of Fisher scoring for
the scale's coefficients, in turn. Every fifth game is held out
(:func:`clocked_games.held_out`), for ``benchmarks/think_times.py --held-out`` to report on.

The network's view of each position costs a few milliseconds, so the training games are
thinned at random to about ``--most-games`` of each time control and rating band (the band of
the two players' mean rating; :func:`clocked_games.control_and_band`, as the benchmark groups
them): a clock's few hundred games are all kept, the tens of thousands of bullet games of one
export are not. (Thinned by class, a rare clock of a class kept only its share of the class's
common one, and the fit saw too few of it: 45 games of 5+0 beside 3+0's thousands.)

Run: nice .venv/bin/python benchmarks/fit_think_times.py --games A.pgn [B.pgn ...]
     [--skip-player NAME ...] [--most-games 700] [--source TEXT] [--out FILE] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

import engines.maia  # noqa: F401 - before numpy: it sets numpy's one BLAS thread

# isort: split

import numpy as np
import numpy.typing as npt

from benchmarks.clocked_games import (
    ClockedMove,
    clocked_moves,
    control_and_band,
    count_games,
    held_out_game,
    sampled,
)
from benchmarks.people_games import people_arguments, read_games
from engines import schema
from profiles.laws.time_control import TimeClass
from rated_play.session.think_model import (
    FEATURES,
    SHIPPED_FIT,
    SPREAD_FEATURES,
    ClassFit,
    ThinkTimeFit,
    fitted_class,
    spread_values,
)

Array = npt.NDArray[np.float64]

ITERATIONS = 12
"""Rounds of the stochastic EM: the estimates settle within a few (each round moves every
drawn time a little), so the last half are averaged."""
SCORING_STEPS = 3
"""Rounds of weighted least squares and Fisher scoring each M-step: started from the last
round's estimates, they move little after the first."""
CANDIDATES = 16
"""Times proposed for each move in a round, one kept by its posterior weight."""
LONGEST = 3600.0
"""Moves timed longer (a player who left the board) are not a think the model should learn."""


@dataclass(frozen=True)
class Sample:
    """One class's moves, as arrays."""

    features: Array
    """One row of :data:`FEATURES` a move."""
    seconds: Array
    resolution: Array
    spread: Array | None = None
    """One row of :data:`SPREAD_FEATURES` a move; None: one scale for every move."""

    def spread_design(self) -> Array:
        """The columns the scale's logarithm is linear in: a constant, then :attr:`spread`."""
        constant = np.ones((len(self.seconds), 1))
        return constant if self.spread is None else np.column_stack([constant, self.spread])


def posterior_draw(
    seconds: Array,
    resolution: Array,
    location: Array,
    scale: Array | float,
    rng: np.random.Generator,
) -> Array:
    """A time for each move, drawn from its posterior: log-normal(``location``, ``scale``, the
    scale one for every move or one each) times the chance that a move of that length is read
    as ``seconds``.

    A clock read to ``r`` seconds times a move of ``t`` as ``q`` with the triangular chance
    ``1 - |t - q| / r`` (the two readings' fractions of a tick fall anywhere), so the
    candidates are drawn from that triangle (folded at 0) and weighed by the log-normal
    density; one is kept by its weight."""
    moves = len(seconds)
    spread = rng.random((moves, CANDIDATES)) - rng.random((moves, CANDIDATES))
    candidates = np.maximum(np.abs(seconds[:, None] + resolution[:, None] * spread), 1e-3)
    logs = np.log(candidates)
    scales = np.broadcast_to(np.asarray(scale, float), seconds.shape)[:, None]
    log_weights = -((logs - location[:, None]) ** 2) / (2 * scales**2) - logs
    weights = np.exp(log_weights - log_weights.max(axis=1, keepdims=True))
    cumulative = weights.cumsum(axis=1)
    chosen = (cumulative > rng.random((moves, 1)) * cumulative[:, -1:]).argmax(axis=1)
    return candidates[np.arange(moves), chosen]


def fit_class(sample: Sample, rng: np.random.Generator) -> tuple[Array, Array]:
    """The coefficients of one class's location and of its scale's logarithm (the first of
    those the constant, the rest :attr:`Sample.spread`'s; see the module's docstring)."""
    x, z = sample.features, sample.spread_design()
    start = np.log(np.maximum(sample.seconds, sample.resolution / 2))
    coefficients, spread = _maximum_likelihood(x, z, start, _constant_spread(x, z, start))
    kept: list[tuple[Array, Array]] = []
    for round_number in range(ITERATIONS):
        drawn = posterior_draw(
            sample.seconds, sample.resolution, x @ coefficients, np.exp(z @ spread), rng
        )
        coefficients, spread = _maximum_likelihood(x, z, np.log(drawn), spread)
        if round_number >= ITERATIONS // 2:
            kept.append((coefficients, spread))
    return (
        np.mean([c for c, _ in kept], axis=0),
        np.mean([s for _, s in kept], axis=0),
    )


def _constant_spread(x: Array, z: Array, y: Array) -> Array:
    """The scale's coefficients of ordinary least squares: one scale for every move."""
    coefficients, *_ = np.linalg.lstsq(x, y, rcond=None)
    spread = np.zeros(z.shape[1])
    spread[0] = np.log(np.sqrt(np.mean((y - x @ coefficients) ** 2)))
    return spread


def _maximum_likelihood(x: Array, z: Array, y: Array, spread: Array) -> tuple[Array, Array]:
    """The normal's maximum likelihood with a scale of ``exp(z @ spread)``, from ``spread``:
    the location by least squares weighted by the scale, the scale's coefficients by a step of
    Fisher scoring given the location (Harvey, Econometrica 44, 1976), in turn."""
    information = 2 * z.T @ z
    for _ in range(SCORING_STEPS):
        weights = np.exp(-z @ spread)
        coefficients, *_ = np.linalg.lstsq(x * weights[:, None], y * weights, rcond=None)
        standardized = (y - x @ coefficients) * weights
        spread = spread + np.linalg.solve(information, z.T @ (standardized**2 - 1))
    return coefficients, spread


def samples(moves: list[ClockedMove]) -> dict[TimeClass, Sample]:
    by_class: dict[TimeClass, list[ClockedMove]] = defaultdict(list)
    for move in moves:
        by_class[fitted_class(move.time_control)].append(move)
    return {
        time_class: Sample(
            features=np.array([move.features for move in chosen]),
            seconds=np.array([move.seconds for move in chosen]),
            resolution=np.array([move.resolution for move in chosen]),
            spread=np.array([spread_values(move.features) for move in chosen]),
        )
        for time_class, chosen in by_class.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    people_arguments(parser)
    parser.add_argument(
        "--most-games", type=int, default=700, help="games a time control and band, about"
    )
    parser.add_argument("--source", default="", help="where the games come from, for the file")
    parser.add_argument("--out", type=Path, default=SHIPPED_FIT)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    thinned = sampled(
        count_games(arguments.games, control_and_band),
        control_and_band,
        arguments.most_games,
        arguments.seed,
    )
    moves = [
        move
        for move in clocked_moves(
            read_games(arguments.games),
            arguments.skip_player,
            chosen=lambda number, game: not held_out_game(number) and thinned(number, game),
        )
        if move.seconds <= LONGEST
    ]
    rng = np.random.default_rng(arguments.seed)
    classes = {}
    for time_class, sample in sorted(samples(moves).items()):
        coefficients, spread = fit_class(sample, rng)
        scale = float(np.exp(spread[0]))
        classes[time_class.value] = ClassFit(
            location=tuple(round(float(c), 6) for c in coefficients),
            scale=round(scale, 6),
            spread=tuple(round(float(c), 6) for c in spread[1:]),
            moves=len(sample.seconds),
        )
        print(
            f"{time_class.value}: {len(sample.seconds)} moves, scale {scale:.3f}, spread "
            + " ".join(f"{c:+.3f}" for c in spread[1:]),
            file=sys.stderr,
        )
    given = sys.argv[1:]
    if "--out" in given:  # where this copy went is not how it was made
        del given[given.index("--out") : given.index("--out") + 2]
    command = " ".join(["benchmarks/fit_think_times.py", *given])
    fit = ThinkTimeFit(
        source=arguments.source or ", ".join(path.name for path in arguments.games),
        method=(
            "log-normal think times: the logarithm of each move's seconds linear in the "
            "features, the logarithm of its scale linear in the spread features, fitted by "
            "maximum likelihood per class of time control in a stochastic EM over the clocks' "
            "whole seconds or tenths; every fifth game held out, the others thinned to about "
            "--most-games of each time control and band. Made by: " + command
        ),
        features=tuple(FEATURES),
        spread_features=SPREAD_FEATURES,
        classes=classes,
    )
    arguments.out.write_text(json.dumps(schema.write(fit), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
