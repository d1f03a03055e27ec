"""How well fitted ratings explain the games they were fitted to, and what a match measures.

A fit always returns numbers; whether one list of numbers can explain the games is a separate
question. Results between engines of different families need not be transitive (one may crush
another that does as well as it against everyone else), and then no rating list fits. So each
pairing's score is compared with the score its two fitted ratings predict:

- the **deviance** ``2·Σ [S·ln(S/E) + (n−S)·ln((n−S)/(n−E))]`` of the binomial model that
  counts a draw as half a point (McCullagh and Nelder, *Generalized Linear Models*, §4.4.3);
- a **Pearson χ²** whose per-game variance allows for draws, ``p(1−p) − d/4`` with ``d`` the
  pairing's share of draws: a draw moves a score less than a win or a loss, so without this
  a pool that draws a lot would look to fit better than it does;
- both against ``pairings − fitted ratings`` degrees of freedom; and each pairing's
  standardised residual ``z = (S − E)/σ``, the worst first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from profiles.ratings.expected import logistic_expected
from profiles.ratings.fit import FitResult, Game

Z_95 = 1.959964
"""The two-sided 95% point of the normal distribution."""


@dataclass(frozen=True)
class PairingRecord:
    """The games between two players, from the side of ``first``."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2


@dataclass(frozen=True)
class Residual:
    record: PairingRecord
    expected: float
    """``first``'s expected points under the fit."""
    z: float
    """The standardised residual, ``(points − expected) / σ``."""


@dataclass(frozen=True)
class GoodnessOfFit:
    deviance: float
    pearson: float
    degrees_of_freedom: int
    p_value: float
    """The chance of a Pearson χ² at least this large if the ratings were the truth."""
    residuals: tuple[Residual, ...]
    """Every pairing, the largest ``|z|`` first."""


def pairing_records(games: Iterable[Game]) -> list[PairingRecord]:
    """Win/draw/loss counts per pair of players, the first name in alphabetical order."""
    counts: dict[tuple[str, str], list[int]] = {}
    for white, black, score in games:
        first, second = sorted((white, black))
        first_score = score if white == first else 1.0 - score
        tally = counts.setdefault((first, second), [0, 0, 0])
        tally[0 if first_score == 1.0 else 1 if first_score == 0.5 else 2] += 1
    return [PairingRecord(first, second, *tally) for (first, second), tally in counts.items()]


def goodness_of_fit(games: Iterable[Game], fit: FitResult) -> GoodnessOfFit:
    records = pairing_records(games)
    deviance = 0.0
    residuals = []
    for record in records:
        p = logistic_expected(fit[record.first].rating, fit[record.second].rating)
        n, points = record.games, record.points
        expected = n * p
        deviance += 2.0 * (_xlogy(points, expected) + _xlogy(n - points, n - expected))
        residuals.append(Residual(record, expected, (points - expected) / _sigma(record, p)))
    fitted = sum(1 for player in fit.players.values() if not player.anchor)
    freedom = max(len(records) - fitted, 1)
    pearson = sum(residual.z**2 for residual in residuals)
    residuals.sort(key=lambda residual: -abs(residual.z))
    return GoodnessOfFit(
        deviance=deviance,
        pearson=pearson,
        degrees_of_freedom=freedom,
        p_value=chi_square_survival(pearson, freedom),
        residuals=tuple(residuals),
    )


def _sigma(record: PairingRecord, p: float) -> float:
    draw_share = record.draws / record.games
    # Never below a tenth of the draw-free variance: a pairing of all draws is not exact.
    variance = max(p * (1.0 - p) - draw_share / 4.0, p * (1.0 - p) / 10.0)
    return math.sqrt(record.games * variance)


def _xlogy(x: float, y: float) -> float:
    """``x·ln(x/y)``, 0 when x is 0."""
    return 0.0 if x <= 0.0 else x * math.log(x / y)


def chi_square_survival(statistic: float, freedom: int) -> float:
    """P(χ²_k ≥ statistic) by the Wilson–Hilferty cube-root normal approximation, accurate to
    about a percent for k ≥ 3, which is all a test of fit needs."""
    if statistic <= 0.0:
        return 1.0
    k = float(freedom)
    z = ((statistic / k) ** (1.0 / 3.0) - (1.0 - 2.0 / (9.0 * k))) / math.sqrt(2.0 / (9.0 * k))
    return 0.5 * math.erfc(z / math.sqrt(2.0))


@dataclass(frozen=True)
class MeasuredDifference:
    """A match's result as a rating difference (first − second), with its 95% interval."""

    difference: float
    low: float
    high: float


def measured_difference(record: PairingRecord) -> MeasuredDifference:
    """The rating difference that the score implies, and the difference at each end of the
    score's 95% interval (normal approximation with the match's own win/draw/loss spread, as
    cutechess-cli and Ordo report a match). A 0% or 100% score has an open end."""
    n = record.games
    score = record.points / n
    spread = (
        record.wins * (1.0 - score) ** 2
        + record.draws * (0.5 - score) ** 2
        + record.losses * score**2
    ) / n
    margin = Z_95 * math.sqrt(spread / n)
    return MeasuredDifference(
        difference=difference_for_score(score),
        low=difference_for_score(score - margin),
        high=difference_for_score(score + margin),
    )


def difference_for_score(score: float) -> float:
    """The rating difference at which the logistic model expects ``score``; ±inf at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)
