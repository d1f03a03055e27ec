"""Planning a calibration: how many games each pairing needs so that every rating, and every
difference that matters to a player, is measured to a stated precision, for the least machine
time.

The covariance a fit will have is known before the games are played: it is the inverse of the
expected Fisher information of the schedule (:func:`profiles.ratings.fit.planned_covariance`).
Adding ``k`` games between ``a`` and ``b`` adds ``k·c²·p(1−p)`` information along ``e_a − e_b``,
a rank-one update, so the effect of every candidate batch on every target variance follows from
the Sherman–Morrison formula without refitting. The planner adds, one batch at a time, the games
that remove the most excess variance per second of play, until the targets are met.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engines.calibration.gauntlet import Pairing
from engines.opponents.opponent import Opponent
from profiles.ratings.expected import LOG_ODDS_PER_POINT, logistic_expected
from profiles.ratings.fit import planned_covariance

RATING_ERROR = 35.0
"""The largest standard error of a shipped rating (against the anchor)."""
DIFFERENCE_ERROR = 25.0
"""The largest standard error of the difference between two entries rated within…"""
DIFFERENCE_SPAN = 300.0
"""…this many points of each other: the opponents one player meets."""
BATCH = 10
"""Games added to a pairing at a time: five openings, each with both colours."""
NODES_PER_SECOND = 600_000
"""About what one core of the reference machine searches; only the planner's cost model."""
OVERHEAD_SECONDS = 0.4
"""Starting the engines and the moves' round trips, per game."""


@dataclass(frozen=True)
class Plan:
    games: dict[Pairing, int]
    """Games per pairing in all, those already played included."""
    rating_error: float
    """The largest planned standard error of a rating."""
    difference_error: float
    """The largest planned standard error of a difference within :data:`DIFFERENCE_SPAN`."""
    seconds: float
    """Estimated machine time of the games still to play (one core)."""


def seconds_per_move(opponent: Opponent, movetime: float) -> float:
    search = opponent.search
    if search.nodes is not None:
        return search.nodes / NODES_PER_SECOND + 0.002
    if search.movetime is not None or search.is_empty:
        return search.movetime or movetime
    return 0.004 * (search.depth or 1)


def game_seconds(first: Opponent, second: Opponent, movetime: float) -> float:
    """A game of about 60 moves each, the cost model of the planner."""
    return OVERHEAD_SECONDS + 60 * (
        seconds_per_move(first, movetime) + seconds_per_move(second, movetime)
    )


def plan_games(
    ladder: Sequence[Opponent],
    candidates: Sequence[Pairing],
    played: Mapping[Pairing, int],
    anchors: Mapping[str, float],
    *,
    minimum: int,
    movetime: float,
    limit: int = 100_000,
    scale: Callable[[str], str] = lambda name: "",
) -> Plan:
    """Games per candidate pairing: at least ``minimum`` (and at least what was ``played``),
    plus batches where they buy the most precision per second, until every target is met or
    ``limit`` games are planned. ``ladder`` carries the ratings to plan with; ``scale`` names
    the scale of each rating, and only differences on one scale are targets (a rating against
    engines less one against person-like opponents predicts no game).

    On numpy arrays: a batch weighs every candidate against every target at once, which a
    pool measured by kind (a person-like entry is two players to the plan) needs: 80 players
    and 400 candidates took minutes a batch in pure Python."""
    # Imported here: the app's start-up does not load numpy for the calibration's planner.
    import numpy as np  # noqa: PLC0415

    by_name = {opponent.name: opponent for opponent in ladder}
    ratings = {opponent.name: opponent.rating for opponent in ladder}
    games = {pair: max(minimum, played.get(pair, 0)) for pair in candidates}
    fitted = sorted({name for pair in games for name in pair} - set(anchors))
    index = {name: i for i, name in enumerate(fitted)}
    targets = _targets(fitted, ratings, index, scale)
    costs = np.array(
        [game_seconds(by_name[a], by_name[b], movetime) for a, b in candidates], dtype=float
    )
    covariance = np.array(_matrix(planned_covariance(games, ratings, anchors), fitted))
    covariance = covariance.reshape(len(fitted), len(fitted))
    directions = np.zeros((len(fitted), len(candidates)))
    for column, (first, second) in enumerate(candidates):
        for row, value in _contrast(index, first, second).items():
            directions[row, column] = value
    chances = np.array([logistic_expected(ratings[a], ratings[b]) for a, b in candidates])
    weights = BATCH * LOG_ODDS_PER_POINT**2 * chances * (1.0 - chances)
    vectors = np.zeros((len(targets), len(fitted)))
    for row, (vector, _) in enumerate(targets):
        for column, value in vector.items():
            vectors[row, column] = value
    bounds = np.array([bound for _, bound in targets]) ** 2
    while sum(games.values()) < limit and candidates:
        excess = np.einsum("kn,nm,km->k", vectors, covariance, vectors) - bounds
        over = excess > 0
        if not over.any():
            break
        spreads = covariance @ directions
        along = np.einsum("nm,nm->m", directions, spreads)
        reach = vectors[over] @ spreads
        gained = np.minimum(
            weights * reach**2 / (1.0 + weights * along), excess[over][:, np.newaxis]
        )
        gains = gained.sum(axis=0) / (BATCH * costs)
        best = int(np.argmax(gains))
        if gains[best] <= 0.0:
            break
        games[candidates[best]] += BATCH
        # Sherman–Morrison: the covariance after the batch, without inverting again.
        spread = spreads[:, best]
        factor = weights[best] / (1.0 + weights[best] * along[best])
        covariance = covariance - factor * np.outer(spread, spread)
    rating_error, difference_error = _worst(covariance.tolist(), targets)
    seconds = sum(
        float(costs[i]) * (games[pair] - played.get(pair, 0)) for i, pair in enumerate(candidates)
    )
    return Plan(games, rating_error, difference_error, seconds)


Vector = dict[int, float]
"""A sparse vector over the fitted ratings."""


def _contrast(index: Mapping[str, int], first: str, second: str) -> Vector:
    vector: Vector = {}
    if first in index:
        vector[index[first]] = 1.0
    if second in index:
        vector[index[second]] = vector.get(index[second], 0.0) - 1.0
    return vector


def _targets(
    fitted: Sequence[str],
    ratings: Mapping[str, float],
    index: Mapping[str, int],
    scale: Callable[[str], str],
) -> list[tuple[Vector, float]]:
    targets = [(_contrast(index, name, ""), RATING_ERROR) for name in fitted]
    names = sorted(ratings, key=ratings.__getitem__)
    for low, first in enumerate(names):
        for second in names[low + 1 :]:
            if ratings[second] - ratings[first] > DIFFERENCE_SPAN:
                break
            if scale(first) == scale(second):
                targets.append((_contrast(index, first, second), DIFFERENCE_ERROR))
    return [(vector, bound) for vector, bound in targets if vector]


def _matrix(
    covariance: Mapping[tuple[str, str], float], fitted: Sequence[str]
) -> list[list[float]]:
    return [[covariance[a, b] for b in fitted] for a in fitted]


def _times(matrix: list[list[float]], vector: Vector) -> list[float]:
    return [sum(row[i] * value for i, value in vector.items()) for row in matrix]


def _dot(vector: Vector, dense: list[float]) -> float:
    return sum(value * dense[i] for i, value in vector.items())


def _variance(matrix: list[list[float]], vector: Vector) -> float:
    return _dot(vector, _times(matrix, vector))


def _worst(
    matrix: list[list[float]], targets: Sequence[tuple[Vector, float]]
) -> tuple[float, float]:
    rating = difference = 0.0
    for vector, bound in targets:
        error = math.sqrt(max(_variance(matrix, vector), 0.0))
        if bound == RATING_ERROR and len(vector) == 1:
            rating = max(rating, error)
        else:
            difference = max(difference, error)
    return rating, difference
