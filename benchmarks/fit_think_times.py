"""Refit the think-time model (``rated_play/session/think_times.json``) from people's clocked
games: for each class of time control, the coefficients of the logarithm of a move's seconds
on :data:`~rated_play.session.think_model.FEATURES`, and the spread around them.

The clocks are read to the second (lichess) or the tenth (chess.com), so a move timed at
``q`` took between ``q - r`` and ``q + r`` (``r`` the resolution; 0 s is anything under one
tick). The fit treats the true time as unseen: a stochastic EM (Celeux and Diebolt, "The SEM
algorithm", Computational Statistics Quarterly 2, 1985) draws each move's time from its
posterior under the current fit (the log-normal times the chance the clocks read ``q``), then
fits the coefficients by least squares on the logarithms, and again; the last iterations'
estimates are averaged. Every fifth game is held out (:func:`clocked_games.held_out`), for
``benchmarks/think_times.py --held-out`` to report on.

The network's view of each position costs a few milliseconds, so the training games are
thinned at random to about ``--most-games`` in each cell of time-control class and rating band
(the band of the two players' mean rating): a cell's few hundred games are all kept, the
tens of thousands of bullet games of one export are not.

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

import chess.pgn
import numpy as np
import numpy.typing as npt

from benchmarks.clocked_games import (
    ClockedMove,
    clocked_moves,
    count_games,
    held_out_game,
    sampled,
    time_control,
)
from benchmarks.people_games import band_of, people_arguments, read_games
from engines import schema
from profiles.laws.time_control import TimeClass
from rated_play.session.think_model import (
    FEATURES,
    SHIPPED_FIT,
    ClassFit,
    ThinkTimeFit,
    fitted_class,
)

Array = npt.NDArray[np.float64]

ITERATIONS = 12
"""Rounds of the stochastic EM: the estimates settle within a few (each round moves every
drawn time a little), so the last half are averaged."""
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


def posterior_draw(
    seconds: Array, resolution: Array, location: Array, scale: float, rng: np.random.Generator
) -> Array:
    """A time for each move, drawn from its posterior: log-normal(``location``, ``scale``)
    times the chance that a move of that length is read as ``seconds``.

    A clock read to ``r`` seconds times a move of ``t`` as ``q`` with the triangular chance
    ``1 - |t - q| / r`` (the two readings' fractions of a tick fall anywhere), so the
    candidates are drawn from that triangle (folded at 0) and weighed by the log-normal
    density; one is kept by its weight."""
    moves = len(seconds)
    spread = rng.random((moves, CANDIDATES)) - rng.random((moves, CANDIDATES))
    candidates = np.maximum(np.abs(seconds[:, None] + resolution[:, None] * spread), 1e-3)
    logs = np.log(candidates)
    log_weights = -((logs - location[:, None]) ** 2) / (2 * scale**2) - logs
    weights = np.exp(log_weights - log_weights.max(axis=1, keepdims=True))
    cumulative = weights.cumsum(axis=1)
    chosen = (cumulative > rng.random((moves, 1)) * cumulative[:, -1:]).argmax(axis=1)
    return candidates[np.arange(moves), chosen]


def fit_class(sample: Sample, rng: np.random.Generator) -> tuple[Array, float]:
    """The coefficients and scale of one class (see the module's docstring)."""
    x = sample.features
    start = np.log(np.maximum(sample.seconds, sample.resolution / 2))
    coefficients, scale = _least_squares(x, start)
    kept: list[tuple[Array, float]] = []
    for round_number in range(ITERATIONS):
        drawn = posterior_draw(sample.seconds, sample.resolution, x @ coefficients, scale, rng)
        coefficients, scale = _least_squares(x, np.log(drawn))
        if round_number >= ITERATIONS // 2:
            kept.append((coefficients, scale))
    return (
        np.mean([c for c, _ in kept], axis=0),
        float(np.mean([s for _, s in kept])),
    )


def _least_squares(x: Array, y: Array) -> tuple[Array, float]:
    coefficients, *_ = np.linalg.lstsq(x, y, rcond=None)
    residuals = y - x @ coefficients
    return coefficients, float(np.sqrt(np.mean(residuals**2)))


def samples(moves: list[ClockedMove]) -> dict[TimeClass, Sample]:
    by_class: dict[TimeClass, list[ClockedMove]] = defaultdict(list)
    for move in moves:
        by_class[fitted_class(move.time_control)].append(move)
    return {
        time_class: Sample(
            features=np.array([move.features for move in chosen]),
            seconds=np.array([move.seconds for move in chosen]),
            resolution=np.array([move.resolution for move in chosen]),
        )
        for time_class, chosen in by_class.items()
    }


def cell(headers: chess.pgn.Headers) -> tuple[TimeClass, int] | None:
    """A game's class of time control and the band of its players' mean rating."""
    control = time_control(headers)
    ratings = [
        int(value)
        for value in (headers.get("WhiteElo", ""), headers.get("BlackElo", ""))
        if value.isdigit()
    ]
    if control is None or not ratings:
        return None
    return fitted_class(control), band_of(sum(ratings) // len(ratings))[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    people_arguments(parser)
    parser.add_argument("--most-games", type=int, default=700, help="games a cell, about")
    parser.add_argument("--source", default="", help="where the games come from, for the file")
    parser.add_argument("--out", type=Path, default=SHIPPED_FIT)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    thinned = sampled(
        count_games(arguments.games, cell), cell, arguments.most_games, arguments.seed
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
        coefficients, scale = fit_class(sample, rng)
        classes[time_class.value] = ClassFit(
            location=tuple(round(float(c), 6) for c in coefficients),
            scale=round(scale, 6),
            moves=len(sample.seconds),
        )
        print(
            f"{time_class.value}: {len(sample.seconds)} moves, scale {scale:.3f}", file=sys.stderr
        )
    given = sys.argv[1:]
    if "--out" in given:  # where this copy went is not how it was made
        del given[given.index("--out") : given.index("--out") + 2]
    command = " ".join(["benchmarks/fit_think_times.py", *given])
    fit = ThinkTimeFit(
        source=arguments.source or ", ".join(path.name for path in arguments.games),
        method=(
            "log-normal think times: least squares of the logarithm of each move's seconds on "
            "the features, per class of time control, by a stochastic EM over the clocks' "
            "whole seconds or tenths; every fifth game held out. Made by: " + command
        ),
        features=tuple(FEATURES),
        classes=classes,
    )
    arguments.out.write_text(json.dumps(schema.write(fit), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
