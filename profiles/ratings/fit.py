"""Ratings fitted to a set of games by maximum likelihood, as Ordo and BayesElo do.

The model is Bradley–Terry on the Elo scale: a player rated ``Ri`` is expected to score
``1 / (1 + 10^((Rj − Ri)/400))`` against one rated ``Rj``, and a draw counts as half a point
(each game contributes ``s·ln p + (1 − s)·ln(1 − p)`` to the log-likelihood). Anchored players
keep their ratings; every other player gets the rating that makes the games most likely, with
a standard error from the inverse of the Fisher information at that rating.

Games are first aggregated into one count per pairing, so the work grows with the number of
pairings and of players, never with the number of games. A small pool is fitted here in pure
Python (a dense Cholesky per Newton step, n³ operations): the calibration's 40 players and
20,000 games fit in a fraction of a second, and a performance rating (one player) never loads
numpy, which the app's start-up would pay for. From :data:`ARRAY_FIT_FROM` players on, the same
maximisation runs on numpy arrays (:mod:`profiles.ratings.fit_arrays`): 2,000 players and
100,000 games in seconds, where this Newton would take hours.

Perfect scores. Where the results leave some player (or group of players) with every point, or
with none, against everyone linked to the anchors, the maximum-likelihood rating is infinite.
Each such player is given one virtual draw, spread over their opponents in proportion to the
games played with each (the prior BayesElo uses, applied only where it is needed): so twenty
wins against 1500-rated opponents fit at ``1500 + 400·log10(41)`` ≈ 2145, a little above the
``1500 + 400·log10(39)`` of 19½ out of 20. Every other player's fit is exact.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from profiles.ratings.base import RatingInputError, UnpinnedRatingsError
from profiles.ratings.expected import LOG_ODDS_PER_POINT, logistic_expected

_CONVERGED = 1e-7
"""Rating points: Newton stops once no rating moves by more than this in a step."""

_MAX_STEP = 800.0
"""Rating points: the largest move of one rating in one Newton step, so a far-off start cannot
overshoot into a region where the expected scores round to exactly 0 or 1."""

_MAX_ITERATIONS = 200

ARRAY_FIT_FROM = 48
"""Fitted players from which :mod:`profiles.ratings.fit_arrays` maximises instead. Below it the
pure-Python Newton is as quick as the arrays once numpy's import (0.15 to 0.3 s) is counted:
48 players with 60 games each took 0.17 s here against 0.04 s on arrays (the calibration's
pool of 39 stays here), while 400 players took 46 s against 0.55 s (``benchmarks/fit.py``)."""

Game = tuple[str, str, float]
"""``(white, black, white's score)``: the score is 1, 0.5 or 0 (any value in 0..1 is accepted)."""

Counted = tuple[str, str, int, float]
"""``(first, second, games, first's points)``: the games of one pairing, counted."""


@dataclass(frozen=True)
class FittedRating:
    """One player's place in the fit."""

    name: str
    rating: float
    error: float
    """The standard error of :attr:`rating` in rating points (0 for an anchor)."""
    games: int
    """Games the player took part in (games between two anchors included)."""
    score: float
    """Points the player scored in those games (virtual draws not included)."""
    anchor: bool
    """True when the rating was given, not fitted."""


@dataclass(frozen=True)
class FitResult:
    """Every player of the games (and every anchor), by name, in order of first appearance."""

    players: Mapping[str, FittedRating]
    virtual_draws: frozenset[str]
    """Players whose results alone put them at an infinite rating, and who were therefore given
    one virtual draw (see the module docstring); empty when every rating is the exact fit."""
    covariance: Mapping[tuple[str, str], float] = field(default_factory=dict)
    """The covariance of two fitted ratings (squared rating points), both orders; anchors
    have none."""

    def __getitem__(self, name: str) -> FittedRating:
        return self.players[name]

    def difference_error(self, first: str, second: str) -> float:
        """The standard error of ``rating(first) − rating(second)``: smaller than the two
        errors combined when both were measured against the same opponents."""
        variance = (
            self.covariance.get((first, first), 0.0)
            + self.covariance.get((second, second), 0.0)
            - 2.0 * self.covariance.get((first, second), 0.0)
        )
        return math.sqrt(max(variance, 0.0))


@dataclass
class _Pairing:
    """The games between two players, from the side of ``first``."""

    first: str
    second: str
    games: float
    first_score: float


def fit_ratings(games: Iterable[Game], anchors: Mapping[str, float]) -> FitResult:
    """Fit a rating to every player of ``games`` that ``anchors`` does not fix.

    ``games`` are ``(white, black, white's score)``; colour plays no part in the model.
    ``anchors`` map names to fixed ratings; an anchor need not have played.

    Raises :class:`RatingInputError` for a score outside 0..1, a player paired with themself,
    an anchor rating that is not a finite number, or players whose games never link them to an
    anchor (a disconnected pool: their ratings could be shifted together by any amount).
    """
    return fit_counted(_counted(games), anchors)


def _counted(games: Iterable[Game]) -> Iterator[Counted]:
    """Each game as a pairing of one game, checked with its number for the message."""
    for number, (white, black, white_score) in enumerate(games, start=1):
        if white == black:
            raise RatingInputError(f"game {number}: {white!r} cannot play themself")
        if not 0.0 <= white_score <= 1.0:
            raise RatingInputError(
                f"game {number}: white's score must be 1, 0.5 or 0, not {white_score}"
            )
        yield white, black, 1, white_score


def fit_counted(record: Iterable[Counted], anchors: Mapping[str, float]) -> FitResult:
    """:func:`fit_ratings` of games already counted per pairing: the same fit, in time that
    grows with the pairings, not the games (a rating after each of many games refits often).

    ``record`` holds ``(first, second, games, first's points)``; a pairing may come more than
    once, and its counts add up.
    """
    _check_anchor_ratings(anchors)
    pairings: dict[tuple[str, str], _Pairing] = {}
    games_by_player: dict[str, int] = {}
    score_by_player: dict[str, float] = {}
    for first, second, games, points in record:
        if first == second:
            raise RatingInputError(f"{first!r} cannot play themself")
        if games < 1 or not 0.0 <= points <= games:
            raise RatingInputError(
                f"{first!r} against {second!r}: {points} points in {games} games is no score"
            )
        key = (first, second) if first < second else (second, first)
        pairing = pairings.get(key)
        if pairing is None:
            pairing = pairings[key] = _Pairing(key[0], key[1], 0.0, 0.0)
        pairing.games += games
        pairing.first_score += points if first == key[0] else games - points
        games_by_player[first] = games_by_player.get(first, 0) + games
        games_by_player[second] = games_by_player.get(second, 0) + games
        score_by_player[first] = score_by_player.get(first, 0.0) + points
        score_by_player[second] = score_by_player.get(second, 0.0) + games - points
    return _fit(list(pairings.values()), games_by_player, score_by_player, anchors)


def _fit(
    pairings: list[_Pairing],
    games_by_player: dict[str, int],
    score_by_player: dict[str, float],
    anchors: Mapping[str, float],
) -> FitResult:
    names = list(games_by_player)
    names += [name for name in anchors if name not in games_by_player]
    fitted = [name for name in games_by_player if name not in anchors]
    _check_anchored(fitted, pairings, anchors)

    informative = [p for p in pairings if p.first not in anchors or p.second not in anchors]
    virtual = _players_without_finite_fit(fitted, informative, anchors)
    weighted = _with_virtual_draws(informative, virtual, games_by_player)
    covariance: Mapping[tuple[str, str], float]
    if len(fitted) >= ARRAY_FIT_FROM:
        # Imported here: numpy's import is paid only by a fit this large (see fit_arrays).
        from profiles.ratings import fit_arrays  # noqa: PLC0415

        ratings, covariance = fit_arrays.maximise(
            fitted,
            [(p.first, p.second, p.games, p.first_score) for p in weighted],
            anchors,
            max_step=_MAX_STEP,
            converged=_CONVERGED,
            max_iterations=_MAX_ITERATIONS,
        )
    else:
        ratings, covariance = _maximise(fitted, weighted, anchors)

    players = {
        name: FittedRating(
            name=name,
            rating=anchors[name] if name in anchors else ratings[name],
            error=0.0 if name in anchors else math.sqrt(covariance[name, name]),
            games=games_by_player.get(name, 0),
            score=score_by_player.get(name, 0.0),
            anchor=name in anchors,
        )
        for name in names
    }
    return FitResult(players=players, virtual_draws=frozenset(virtual), covariance=covariance)


def _check_anchor_ratings(anchors: Mapping[str, float]) -> None:
    for name, rating in anchors.items():
        if not math.isfinite(rating):
            raise RatingInputError(f"the anchor {name!r} needs a finite rating, not {rating}")


def planned_covariance(
    games: Mapping[tuple[str, str], float],
    ratings: Mapping[str, float],
    anchors: Mapping[str, float],
) -> dict[tuple[str, str], float]:
    """The covariance a fit would have if ``games[(a, b)]`` games were played between each
    pair and the players were as strong as ``ratings`` say: how a calibration is planned
    before a game is played (the expected Fisher information of the schedule)."""
    fitted = sorted({name for pair in games for name in pair} - set(anchors))
    expected = [
        _Pairing(a, b, count, count * logistic_expected(ratings[a], ratings[b]))
        for (a, b), count in games.items()
    ]
    index = {name: i for i, name in enumerate(fitted)}
    _, information = _gradient_and_information(expected, ratings, anchors, index)
    return _covariance(fitted, information)


def _check_anchored(
    fitted: list[str], pairings: list[_Pairing], anchors: Mapping[str, float]
) -> None:
    """Every fitted player must be linked to an anchor through games."""
    opponents: dict[str, list[str]] = {}
    for pairing in pairings:
        opponents.setdefault(pairing.first, []).append(pairing.second)
        opponents.setdefault(pairing.second, []).append(pairing.first)
    linked = _reachable(anchors, opponents)
    loose = [name for name in fitted if name not in linked]
    if loose:
        shown = ", ".join(repr(name) for name in loose[:5])
        more = f" and {len(loose) - 5} more" if len(loose) > 5 else ""
        raise RatingInputError(
            f"no game links {shown}{more} to an anchored player, so their ratings have no "
            "fixed point: anchor one of them, or add games against an anchored player"
        )


def _players_without_finite_fit(
    fitted: list[str], pairings: list[_Pairing], anchors: Mapping[str, float]
) -> set[str]:
    """Players outside the strongly connected component of the anchors.

    With every anchor merged into one node and an edge u → v whenever u took points from v,
    the likelihood has a finite maximum exactly when the graph is strongly connected (Zermelo,
    Ford): otherwise some group can be moved off to infinity while the likelihood still rises.
    """
    anchor_node = ""
    took_points_from: dict[str, set[str]] = {name: set() for name in fitted}
    took_points_from[anchor_node] = set()
    lost_points_to: dict[str, set[str]] = {name: set() for name in took_points_from}

    def node(name: str) -> str:
        return anchor_node if name in anchors else name

    for pairing in pairings:
        first, second = node(pairing.first), node(pairing.second)
        if pairing.first_score > 0.0:
            took_points_from[first].add(second)
            lost_points_to[second].add(first)
        if pairing.first_score < pairing.games:
            took_points_from[second].add(first)
            lost_points_to[first].add(second)
    strong = _reachable([anchor_node], took_points_from)
    strong &= _reachable([anchor_node], lost_points_to)
    return {name for name in fitted if name not in strong}


def _reachable(starts: Iterable[str], edges: Mapping[str, Collection[str]]) -> set[str]:
    seen = set(starts)
    frontier = list(seen)
    while frontier:
        for following in edges.get(frontier.pop(), ()):
            if following not in seen:
                seen.add(following)
                frontier.append(following)
    return seen


def _with_virtual_draws(
    pairings: list[_Pairing], virtual: set[str], games_by_player: Mapping[str, int]
) -> list[_Pairing]:
    if not virtual:
        return pairings
    weighted = []
    for pairing in pairings:
        extra = sum(
            pairing.games / games_by_player[name]
            for name in (pairing.first, pairing.second)
            if name in virtual
        )
        weighted.append(
            _Pairing(
                pairing.first,
                pairing.second,
                pairing.games + extra,
                pairing.first_score + extra / 2,
            )
        )
    return weighted


def _log_likelihood(
    pairings: list[_Pairing], ratings: Mapping[str, float], anchors: Mapping[str, float]
) -> float:
    total = 0.0
    for pairing in pairings:
        first = anchors.get(pairing.first, ratings.get(pairing.first, 0.0))
        second = anchors.get(pairing.second, ratings.get(pairing.second, 0.0))
        logit = LOG_ODDS_PER_POINT * (first - second)
        # ln p and ln(1 − p) written to stay finite for any rating gap.
        log_first = -_softplus(-logit)
        log_second = -_softplus(logit)
        total += pairing.first_score * log_first
        total += (pairing.games - pairing.first_score) * log_second
    return total


def _softplus(x: float) -> float:
    """ln(1 + e^x) without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _maximise(
    fitted: list[str], pairings: list[_Pairing], anchors: Mapping[str, float]
) -> tuple[dict[str, float], dict[tuple[str, str], float]]:
    """Newton's method on the concave log-likelihood, with step halving; then the covariance
    of the ratings (the inverse of the Fisher information)."""
    if not fitted:
        return {}, {}
    index = {name: i for i, name in enumerate(fitted)}
    start = sum(anchors.values()) / len(anchors)
    ratings = dict.fromkeys(fitted, start)
    likelihood = _log_likelihood(pairings, ratings, anchors)
    for _ in range(_MAX_ITERATIONS):
        gradient, information = _gradient_and_information(pairings, ratings, anchors, index)
        step = _solve(information, gradient)
        largest = max(abs(x) for x in step)
        if largest > _MAX_STEP:
            step = [x * _MAX_STEP / largest for x in step]
            largest = _MAX_STEP
        while True:
            trial = {name: ratings[name] + step[index[name]] for name in fitted}
            trial_likelihood = _log_likelihood(pairings, trial, anchors)
            if trial_likelihood >= likelihood or largest < _CONVERGED:
                break
            step = [x / 2 for x in step]
            largest /= 2
        ratings, likelihood = trial, trial_likelihood
        if largest < _CONVERGED:
            break
    _, information = _gradient_and_information(pairings, ratings, anchors, index)
    return ratings, _covariance(fitted, information)


def _covariance(fitted: list[str], information: list[list[float]]) -> dict[tuple[str, str], float]:
    inverse = _inverse(information)
    return {
        (first, second): inverse[i][j]
        for i, first in enumerate(fitted)
        for j, second in enumerate(fitted)
    }


def _gradient_and_information(
    pairings: list[_Pairing],
    ratings: Mapping[str, float],
    anchors: Mapping[str, float],
    index: Mapping[str, int],
) -> tuple[list[float], list[list[float]]]:
    """The score vector and the Fisher information, both in rating points."""
    size = len(index)
    gradient = [0.0] * size
    information = [[0.0] * size for _ in range(size)]
    for pairing in pairings:
        first = anchors.get(pairing.first, ratings.get(pairing.first, 0.0))
        second = anchors.get(pairing.second, ratings.get(pairing.second, 0.0))
        p = logistic_expected(first, second)
        surplus = LOG_ODDS_PER_POINT * (pairing.first_score - pairing.games * p)
        weight = LOG_ODDS_PER_POINT * LOG_ODDS_PER_POINT * pairing.games * p * (1.0 - p)
        i = index.get(pairing.first)
        j = index.get(pairing.second)
        if i is not None:
            gradient[i] += surplus
            information[i][i] += weight
        if j is not None:
            gradient[j] -= surplus
            information[j][j] += weight
        if i is not None and j is not None:
            information[i][j] -= weight
            information[j][i] -= weight
    return gradient, information


def _cholesky(matrix: list[list[float]]) -> list[list[float]]:
    """Lower-triangular L with L·Lᵀ = matrix (the information is symmetric positive definite
    once every player is linked to an anchor)."""
    size = len(matrix)
    lower = [[0.0] * size for _ in range(size)]
    for i in range(size):
        row_i = lower[i]
        for j in range(i + 1):
            row_j = lower[j]
            total = matrix[i][j] - sum(row_i[k] * row_j[k] for k in range(j))
            if i == j:
                if total <= 0.0:
                    raise UnpinnedRatingsError()
                row_i[i] = math.sqrt(total)
            else:
                row_i[j] = total / row_j[j]
    return lower


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    lower = _cholesky(matrix)
    size = len(vector)
    forward = [0.0] * size
    for i in range(size):
        forward[i] = (vector[i] - sum(lower[i][k] * forward[k] for k in range(i))) / lower[i][i]
    solution = [0.0] * size
    for i in reversed(range(size)):
        tail = sum(lower[k][i] * solution[k] for k in range(i + 1, size))
        solution[i] = (forward[i] - tail) / lower[i][i]
    return solution


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """M⁻¹ = L⁻ᵀ·L⁻¹ for M = L·Lᵀ."""
    lower = _cholesky(matrix)
    size = len(matrix)
    # Column ``column`` of L⁻¹, found by forward substitution; it is zero above ``column``.
    inverse_lower = [[0.0] * size for _ in range(size)]
    for column in range(size):
        for i in range(column, size):
            target = 1.0 if i == column else 0.0
            total = sum(lower[i][k] * inverse_lower[k][column] for k in range(column, i))
            inverse_lower[i][column] = (target - total) / lower[i][i]
    return [
        [
            sum(inverse_lower[k][i] * inverse_lower[k][j] for k in range(max(i, j), size))
            for j in range(size)
        ]
        for i in range(size)
    ]
