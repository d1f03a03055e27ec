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

And per player, its results against each *group* of opponents (an engine family): a fitted
rating makes a player's points equal their expectation over all its games, so the groups'
residuals can only disagree with each other; ``Σ z²`` over the groups, on ``groups − 1``
degrees of freedom, says whether they do beyond chance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
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
    return math.sqrt(_variance(record, p))


def _variance(record: PairingRecord, p: float) -> float:
    draw_share = record.draws / record.games
    # Never below a tenth of the draw-free variance: a pairing of all draws is not exact.
    return record.games * max(p * (1.0 - p) - draw_share / 4.0, p * (1.0 - p) / 10.0)


@dataclass(frozen=True)
class GroupResidual:
    """A player's games against one group of opponents."""

    group: str
    games: int
    points: float
    expected: float
    z: float


@dataclass(frozen=True)
class Consistency:
    """Whether a player's results against the groups of its opponents agree with each other."""

    player: str
    groups: tuple[GroupResidual, ...]
    """Against each group, the largest ``|z|`` first."""
    chi_square: float
    degrees_of_freedom: int
    p_value: float


def consistency(
    games: Iterable[Game], fit: FitResult, group_of: Mapping[str, str]
) -> list[Consistency]:
    """Each player that met two or more groups (``group_of``: player → group; players not in
    it are left out), the least consistent first."""
    tallies: dict[tuple[str, str], list[float]] = {}
    for record in pairing_records(games):
        p = logistic_expected(fit[record.first].rating, fit[record.second].rating)
        variance = _variance(record, p)
        sides = (
            (record.first, record.second, record.points, record.games * p),
            (record.second, record.first, record.games - record.points, record.games * (1 - p)),
        )
        for player, opponent, points, expected in sides:
            if player in group_of and opponent in group_of:
                tally = tallies.setdefault((player, group_of[opponent]), [0.0, 0.0, 0.0, 0.0])
                tally[0] += record.games
                tally[1] += points
                tally[2] += expected
                tally[3] += variance
    by_player: dict[str, list[GroupResidual]] = {}
    for (player, group), (games_, points, expected, variance) in tallies.items():
        z = (points - expected) / math.sqrt(variance) if variance > 0 else 0.0
        by_player.setdefault(player, []).append(
            GroupResidual(group, int(games_), points, expected, z)
        )
    verdicts = []
    for player, groups in by_player.items():
        if len(groups) < 2:
            continue
        statistic = sum(group.z**2 for group in groups)
        freedom = len(groups) - 1
        verdicts.append(
            Consistency(
                player,
                tuple(sorted(groups, key=lambda group: -abs(group.z))),
                statistic,
                freedom,
                chi_square_survival(statistic, freedom),
            )
        )
    verdicts.sort(key=lambda verdict: verdict.p_value)
    return verdicts


def _xlogy(x: float, y: float) -> float:
    """``x·ln(x/y)``, 0 when x is 0."""
    return 0.0 if x <= 0.0 else x * math.log(x / y)


def chi_square_survival(statistic: float, freedom: int) -> float:
    """P(χ²_k ≥ statistic), exactly: the closed forms of the χ² distribution's survival function
    for whole ``k`` (Abramowitz and Stegun, *Handbook of Mathematical Functions*, 26.4.4–5)."""
    if statistic <= 0.0:
        return 1.0
    half = statistic / 2.0
    if freedom % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, freedom // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    root = math.sqrt(statistic)
    term, total = root, 0.0
    for i in range(1, (freedom + 1) // 2):
        total += term
        term *= statistic / (2 * i + 1)
    return math.erfc(root / math.sqrt(2.0)) + math.sqrt(2.0 / math.pi) * math.exp(-half) * total


@dataclass(frozen=True)
class MeasuredDifference:
    """A match's result as a rating difference (first − second), with its 95% interval."""

    difference: float
    low: float
    high: float


def measured_difference(record: PairingRecord) -> MeasuredDifference:
    """The rating difference that the score implies, and the difference at each end of the
    score's 95% interval (normal approximation with the match's own win/draw/loss spread, as
    cutechess-cli and Ordo report a match). A 0% or 100% score has an open end; a match of one
    result only has Wilson's interval, its own spread being nil."""
    n = record.games
    score = record.points / n
    spread = (
        record.wins * (1.0 - score) ** 2
        + record.draws * (0.5 - score) ** 2
        + record.losses * score**2
    ) / n
    if spread > 0.0:
        margin = Z_95 * math.sqrt(spread / n)
        low, high = score - margin, score + margin
    else:
        # Every game the same result: the match's own spread is nil, and its interval a single
        # point ([-inf, -inf] for ten losses, so any prediction missed; [0, 0] for ten draws).
        # Wilson's interval for the score, which keeps a finite end beside a 0% or 100%.
        low, high = wilson(score, n)
    return MeasuredDifference(
        difference=difference_for_score(score),
        low=difference_for_score(low),
        high=difference_for_score(high),
    )


def wilson(share: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a ``share`` of ``trials`` (Wilson, JASA 1927): unlike
    share ± 1.96·sd it stays inside 0..1 and is honest for small counts and shares near 0 or 1."""
    z2 = Z_95**2
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials**2)) / (1 + z2 / trials)
    # At a 0% or 100% score one end is the score itself, which rounding must not move.
    low = 0.0 if share <= 0.0 else centre - half
    high = 1.0 if share >= 1.0 else centre + half
    return low, high


def difference_for_score(score: float) -> float:
    """The rating difference at which the logistic model expects ``score``; ±inf at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)
