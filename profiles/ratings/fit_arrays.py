"""The maximisation of :mod:`profiles.ratings.fit` for a large pool, on numpy arrays.

The same Newton's method with capped steps and step halving, to the same maximum of the same
log-likelihood, and the same covariance (the inverse of the Fisher information at the
fitted ratings); only the linear algebra differs, so that 2,000 players fit in seconds where the
pure-Python Newton of :mod:`profiles.ratings.fit` takes minutes (its dense Cholesky is n³
interpreted operations on every step):

- each Newton step is solved by conjugate gradients preconditioned by the information's diagonal
  (Hestenes and Stiefel, 1952), whose work per iteration grows with the pairings, not with n²:
  15 to 40 iterations a step for 400 or 2,000 players with 10,000 to 100,000 games. Where they
  do not converge within :data:`_SOLVE_ITERATIONS` (a pool whose pairings are long cycles with
  a thousand times more games on some links than on others is that ill-conditioned), the
  step and every later one are solved densely instead, so Newton keeps its quadratic
  convergence;
- the start is a walk out from the anchors (:meth:`_Pool.start`), exact for a pool whose
  pairings form a tree, so a chain of 2,000 players does not take Newton's capped steps one by one;
- the covariance comes from the one dense factorisation, at the fitted ratings: an error
  relative to the anchors depends on every pairing between the player and the anchors (along a
  chain the link variances add up), so no diagonal or sparse approximation will do. With
  ``I = L·Lᵀ`` (Cholesky, LAPACK) the covariance is ``I⁻¹ = L⁻ᵀ·L⁻¹``: a variance is the
  squared length of a column of ``L⁻¹``, and any one covariance is the product of two columns,
  read when asked for. ``L⁻¹`` is found by halves in matrix products (:func:`_lower_inverse`),
  so the work is n³ multiply-adds in BLAS, against about 2·n³ for :func:`numpy.linalg.inv`
  and its full matrix: 2,000 players in about a second instead of three (measured on 2 cores).

numpy is imported only by this module, which :mod:`profiles.ratings.fit` loads only for a pool
this large: a performance rating (one player against anchors) and the app's start-up never pay
for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence

if "numpy" not in sys.modules:
    # One BLAS thread unless the user chose otherwise: on a busy machine (other processes on
    # every core) OpenBLAS's threads wait on each other, and the 2,000-player factorisation
    # took 3-4 times longer with two threads than with one (benchmarks/fit.py, 2 cores).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt

from profiles.ratings.base import UnpinnedRatingsError
from profiles.ratings.expected import ELO_SCALE, LOG_ODDS_PER_POINT

Vector = npt.NDArray[np.float64]

_SOLVE_TOLERANCE = 1e-10
"""Conjugate gradients stop once the residual is this fraction of the gradient."""

_SOLVE_ITERATIONS = 250
"""Conjugate gradient iterations before a Newton step is solved densely: ten times what a
well-linked pool of 2,000 needs, and the dense solve costs about as much as this many
iterations over 100,000 pairings."""

_LIKELIHOOD_SLACK = 1e-13
"""A step that changes the log-likelihood by less than this fraction of it is not a step down:
near the maximum the change is below the rounding of a sum over 100,000 pairings, and refusing
such a step would halve it to nothing and stop short of the maximum."""


class CovarianceMatrix(Mapping[tuple[str, str], float]):
    """The covariance of the fitted ratings by pair of names, each entry computed when it is read
    (a dict of 2,000² entries would take longer to build than the fit): ``inverse_factor`` is
    ``L⁻¹`` for the information ``L·Lᵀ``, and the covariance of players i and j is the product
    of its columns i and j."""

    def __init__(self, names: Sequence[str], inverse_factor: npt.NDArray[np.float64]) -> None:
        self._names = list(names)
        self._index = {name: i for i, name in enumerate(self._names)}
        # Row i is column i of L⁻¹, so that a covariance reads two contiguous rows.
        self._columns = np.ascontiguousarray(inverse_factor.T)
        self._variances = np.einsum("ij,ij->i", self._columns, self._columns)

    def __getitem__(self, key: tuple[str, str]) -> float:
        first, second = (self._index[name] for name in key)
        if first == second:
            return float(self._variances[first])
        return float(self._columns[first] @ self._columns[second])

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return ((first, second) for first in self._names for second in self._names)

    def __len__(self) -> int:
        return len(self._names) ** 2


class _Pool:
    """The pairings as arrays: ``first`` and ``second`` index the extended rating vector, the
    fitted players first (0..n−1) and then the anchors, whose ratings never move."""

    def __init__(
        self,
        fitted: Sequence[str],
        pairings: Sequence[tuple[str, str, float, float]],
        anchors: Mapping[str, float],
    ) -> None:
        index = {name: i for i, name in enumerate(fitted)}
        anchored = [name for name in anchors if name not in index]
        index.update({name: len(fitted) + i for i, name in enumerate(anchored)})
        self.size = len(fitted)
        self.fixed = np.array([anchors[name] for name in anchored], dtype=np.float64)
        self.first = np.array([index[p[0]] for p in pairings], dtype=np.intp)
        self.second = np.array([index[p[1]] for p in pairings], dtype=np.intp)
        self.games = np.array([p[2] for p in pairings], dtype=np.float64)
        self.first_score = np.array([p[3] for p in pairings], dtype=np.float64)
        self.extended = self.size + len(anchored)

    def start(self) -> Vector:
        """Ratings to start Newton from: walking out from the anchors breadth first, each player
        reached is put at the rating its score implies against a player reached before it
        (``400·log10(s / (n − s))``; a whole score, or none, as if one more game had been
        drawn). Where the pairings form a tree (a chain) this is already the maximum; elsewhere
        Newton corrects it, but it starts near and needs no long run of capped steps."""
        games, points = self.games, self.first_score
        inside = (points > 0.0) & (points < games)
        won = np.where(inside, points, games * (points + 0.5) / (games + 1.0))
        gap = ELO_SCALE * np.log10(won / (games - won))
        # Both directions of every pairing, grouped by the player they leave from.
        leaving = np.concatenate((self.first, self.second))
        order = np.argsort(leaving, kind="stable")
        leaving = leaving[order]
        arriving = np.concatenate((self.second, self.first))[order]
        change = np.concatenate((-gap, gap))[order]
        bounds = np.searchsorted(leaving, np.arange(self.extended + 1))
        ratings = np.concatenate((np.zeros(self.size), self.fixed))
        reached = np.zeros(self.extended, dtype=bool)
        reached[self.size :] = True
        frontier = np.arange(self.size, self.extended)
        while frontier.size:
            counts = bounds[frontier + 1] - bounds[frontier]
            ends = np.cumsum(counts)
            edges = np.repeat(bounds[frontier] - ends + counts, counts) + np.arange(ends[-1])
            edges = edges[~reached[arriving[edges]]]
            # One edge per newly reached player: the first found.
            frontier, first_edge = np.unique(arriving[edges], return_index=True)
            edges = edges[first_edge]
            ratings[frontier] = ratings[leaving[edges]] + change[edges]
            reached[frontier] = True
        start: Vector = ratings[: self.size]
        return start

    def logits(self, ratings: Vector) -> Vector:
        """The natural log-odds of ``first`` scoring against ``second``, per pairing."""
        everyone = np.concatenate((ratings, self.fixed))
        return LOG_ODDS_PER_POINT * (everyone[self.first] - everyone[self.second])

    def log_likelihood(self, ratings: Vector) -> float:
        logit = self.logits(ratings)
        # ln p = −ln(1 + e^−x) and ln(1 − p) = −ln(1 + e^x), finite for any rating gap.
        return -float(
            np.sum(
                self.first_score * np.logaddexp(0.0, -logit)
                + (self.games - self.first_score) * np.logaddexp(0.0, logit)
            )
        )

    def gradient_and_weights(self, ratings: Vector) -> tuple[Vector, Vector]:
        """The score vector (rating points) and each pairing's share of the Fisher information,
        ``c²·n·p·(1 − p)``."""
        logit = self.logits(ratings)
        # p and p·(1 − p) from e^−|x|, which never overflows.
        small = np.exp(-np.abs(logit))
        p = np.where(logit >= 0.0, 1.0 / (1.0 + small), small / (1.0 + small))
        spread = small / (1.0 + small) ** 2
        surplus = LOG_ODDS_PER_POINT * (self.first_score - self.games * p)
        weights = LOG_ODDS_PER_POINT * LOG_ODDS_PER_POINT * self.games * spread
        return self._apply(surplus), weights

    def _apply(self, per_pairing: Vector) -> Vector:
        """``Σ value·(e_first − e_second)`` over the pairings, fitted players only."""
        gained = np.bincount(self.first, per_pairing, self.extended)
        lost = np.bincount(self.second, per_pairing, self.extended)
        return (gained - lost)[: self.size].astype(np.float64, copy=False)

    def diagonal(self, weights: Vector) -> Vector:
        both = np.bincount(self.first, weights, self.extended)
        both += np.bincount(self.second, weights, self.extended)
        return both[: self.size].astype(np.float64, copy=False)

    def times(self, weights: Vector, vector: Vector) -> Vector:
        """The information matrix times ``vector``, from the pairings (never the matrix)."""
        everyone = np.concatenate((vector, np.zeros(self.extended - self.size)))
        return self._apply(weights * (everyone[self.first] - everyone[self.second]))

    def information(self, weights: Vector) -> npt.NDArray[np.float64]:
        """The Fisher information as a dense matrix, fitted players only."""
        matrix = np.zeros((self.extended, self.extended))
        np.add.at(matrix, (self.first, self.second), -weights)
        np.add.at(matrix, (self.second, self.first), -weights)
        size = self.size
        fitted: npt.NDArray[np.float64] = matrix[:size, :size]
        fitted[np.diag_indices(size)] = self.diagonal(weights)
        return fitted


def maximise(
    fitted: Sequence[str],
    pairings: Sequence[tuple[str, str, float, float]],
    anchors: Mapping[str, float],
    *,
    max_step: float,
    converged: float,
    max_iterations: int,
) -> tuple[dict[str, float], CovarianceMatrix]:
    """:func:`profiles.ratings.fit._maximise` on arrays: the ratings of ``fitted`` that make the
    ``(first, second, games, first's points)`` pairings most likely, and their covariance."""
    pool = _Pool(fitted, pairings, anchors)
    ratings = pool.start()
    likelihood = pool.log_likelihood(ratings)
    dense = False
    for _ in range(max_iterations):
        gradient, weights = pool.gradient_and_weights(ratings)
        if dense:
            step = _solve_densely(pool.information(weights), gradient)
        else:
            step, solved = _conjugate_gradients(pool, weights, gradient)
            dense = not solved
        largest = float(np.max(np.abs(step)))
        if largest > max_step:
            step *= max_step / largest
            largest = max_step
        while True:
            trial = ratings + step
            trial_likelihood = pool.log_likelihood(trial)
            slack = _LIKELIHOOD_SLACK * abs(likelihood)
            if trial_likelihood >= likelihood - slack or largest < converged:
                break
            step /= 2
            largest /= 2
        ratings, likelihood = trial, trial_likelihood
        if largest < converged:
            break
    _, weights = pool.gradient_and_weights(ratings)
    inverse_factor = _lower_inverse(_cholesky(pool.information(weights)))
    ratings_by_name = dict(zip(fitted, ratings.tolist(), strict=True))
    return ratings_by_name, CovarianceMatrix(fitted, inverse_factor)


def _conjugate_gradients(pool: _Pool, weights: Vector, gradient: Vector) -> tuple[Vector, bool]:
    """The Newton step: the information matrix solved against ``gradient`` by conjugate
    gradients, preconditioned by the matrix's diagonal; and whether they converged (if not,
    the step is still one up the likelihood, from the iterations made)."""
    diagonal = pool.diagonal(weights)
    if not np.all(diagonal > 0.0):
        raise UnpinnedRatingsError()
    solution = np.zeros(pool.size)
    residual = gradient.copy()
    target = (_SOLVE_TOLERANCE * float(np.linalg.norm(gradient))) ** 2
    preconditioned = residual / diagonal
    direction = preconditioned.copy()
    product = float(residual @ preconditioned)
    for _ in range(_SOLVE_ITERATIONS):
        if float(residual @ residual) <= target:
            return solution, True
        image = pool.times(weights, direction)
        curvature = float(direction @ image)
        if curvature <= 0.0:
            raise UnpinnedRatingsError()
        length = product / curvature
        solution += length * direction
        residual -= length * image
        preconditioned = residual / diagonal
        following = float(residual @ preconditioned)
        direction = preconditioned + (following / product) * direction
        product = following
    return solution, float(residual @ residual) <= target


def _solve_densely(information: npt.NDArray[np.float64], gradient: Vector) -> Vector:
    try:
        return np.linalg.solve(information, gradient).astype(np.float64, copy=False)
    except np.linalg.LinAlgError:
        raise UnpinnedRatingsError() from None


def _cholesky(information: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    try:
        lower = np.linalg.cholesky(information)
    except np.linalg.LinAlgError:
        raise UnpinnedRatingsError() from None
    return lower.astype(np.float64, copy=False)


_SMALL_BLOCK = 128
"""Triangular blocks this small are inverted by LAPACK directly."""


def _lower_inverse(lower: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``L⁻¹`` for a lower-triangular ``L``, by halves: for ``L = [[A, 0], [B, C]]``,
    ``L⁻¹ = [[A⁻¹, 0], [−C⁻¹·B·A⁻¹, C⁻¹]]`` (Golub and Van Loan, *Matrix Computations*, §3.1)."""
    size = lower.shape[0]
    if size <= _SMALL_BLOCK:
        return np.linalg.inv(lower).astype(np.float64, copy=False)
    half = size // 2
    top = _lower_inverse(lower[:half, :half])
    bottom = _lower_inverse(lower[half:, half:])
    inverse = np.zeros_like(lower)
    inverse[:half, :half] = top
    inverse[half:, half:] = bottom
    inverse[half:, :half] = -(bottom @ lower[half:, :half]) @ top
    return inverse
