"""The resignation hazard (:mod:`engines.opponents.resignation`) fitted to people's lost games,
and checked on the games held out.

Reads the walks ``benchmarks/resignation_walks.py`` wrote: each lost game's last turns of the
loser that the judge saw lost, the last of a resigned game being its resignation. The model is
a discrete-time hazard with a cure fraction: a loser is one to resign with the band's share,
and one to resign resigns on each lost turn with the logistic hazard of the turn's features.
Fitted by EM (Farewell, Biometrics 38, 1982; the weights of the logistic regression are each
game's chance of being a resigner's given that it was not resigned), on the games not held
out; a resigned game whose last position the judge did not see lost is no turn of the model's
and is left out of the fit (counted below).

On the held-out games it prints, by band, people's figures beside the model's on the same
turns, with 95% intervals: the resignations on the walked turns, observed and as the model
expects them (on each turn the game reached, the chance that the player still playing is one
to resign, times the hazard: summed, the count a right model matches, as a survival model's
cumulative hazard matches its events), and the evaluation at resignation, the median (people's:
of their resignations seen lost; ours: over the turns, each weighed by that chance).

Run: nice .venv/bin/python benchmarks/resignation_hazard.py --walks walks.jsonl [--json]
It prints figures (and the coefficients to ship); it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.people_games import BANDS, band_name, wilson
from engines.opponents import resignation
from engines.opponents.resignation import LostTurn
from profiles.accuracy import CEILING

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Game:
    band: int
    resigned: bool
    """The loser resigned on the last of ``turns``."""
    turns: list[LostTurn]
    centipawns: list[int]
    held_out: bool


def read_walks(path: Path) -> tuple[list[Game], dict[tuple[int, bool], dict[str, int]]]:
    """The games with a lost turn, and by band and side of the split the count of each ending
    among all walked games (with resignations the judge did not see lost apart)."""
    games: list[Game] = []
    counts: dict[tuple[int, bool], dict[str, int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        walk = json.loads(line)
        band = BANDS.index(tuple(walk["band"]))
        tally = counts.setdefault((band, walk["held_out"]), {})
        ending = walk["ending"]
        if ending == "resignation" and not walk["turns"]:
            ending = "resignation not lost"
        tally[ending] = tally.get(ending, 0) + 1
        if not walk["turns"]:
            continue
        turns = [
            LostTurn(
                turn["centipawns"],
                turn["lost_turns"],
                turn["material"],
                turn["seconds"],
                float(walk["rating"]),
            )
            for turn in walk["turns"]
        ]
        cps = [turn["centipawns"] for turn in walk["turns"]]
        games.append(Game(band, walk["ending"] == "resignation", turns, cps, walk["held_out"]))
    return games, counts


def hazards(game: Game, beta: Matrix) -> Matrix:
    rows = np.array([resignation.features(turn) for turn in game.turns])
    return np.asarray(1.0 / (1.0 + np.exp(-rows @ beta)), dtype=np.float64)


def fit(games: Sequence[Game], rounds: int = 60) -> tuple[Matrix, list[float]]:
    """EM for the cure model: the shares by band and the hazard's coefficients."""
    rows = np.array([resignation.features(t) for g in games for t in g.turns])
    owner = np.array([i for i, g in enumerate(games) for _ in g.turns])
    event = np.array(
        [float(g.resigned and k == len(g.turns) - 1) for g in games for k in range(len(g.turns))]
    )
    bands = np.array([g.band for g in games])
    resigned = np.array([g.resigned for g in games])
    beta = np.zeros(rows.shape[1])
    shares = [0.7] * len(BANDS)
    for _ in range(rounds):
        h = 1.0 / (1.0 + np.exp(-rows @ beta))
        survive = np.exp(np.bincount(owner, np.log1p(-np.minimum(h, 1 - 1e-12)), len(games)))
        share = np.array([shares[b] for b in bands])
        weight = np.where(resigned, 1.0, share * survive / ((1 - share) + share * survive))
        shares = [float(weight[bands == b].mean()) if (bands == b).any() else 0.7 for b in range(4)]
        beta = _logistic(rows, event, weight[owner], beta)
    return beta, shares


def _logistic(x: Matrix, y: Matrix, w: Matrix, beta: Matrix, steps: int = 8) -> Matrix:
    """Weighted logistic regression by Newton's method from ``beta`` (a little ridge keeps a
    band without resignations finite)."""
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ beta))
        gradient = x.T @ (w * (y - p)) - 1e-3 * beta
        hessian = (x * (w * p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(len(beta))
        beta = beta + np.linalg.solve(hessian, gradient)
    return beta


def weighted_median(values: Sequence[float], weights: Sequence[float]) -> float:
    pairs = sorted(zip(values, weights, strict=True))
    half, running = sum(weights) / 2, 0.0
    for value, weight in pairs:
        running += weight
        if running >= half:
            return value
    return pairs[-1][0]


def median_interval(values: Sequence[float]) -> tuple[float, float]:
    """A distribution-free 95% interval of the median: the order statistics at n/2 ± 0.98√n."""
    ordered = sorted(values)
    n = len(ordered)
    low = max(0, math.floor(n / 2 - 0.98 * math.sqrt(n)))
    high = min(n - 1, math.ceil(n / 2 + 0.98 * math.sqrt(n)))
    return ordered[low], ordered[high]


def capped(centipawns: int) -> float:
    return float(max(-CEILING, min(CEILING, centipawns)))


@dataclass(frozen=True)
class BandCheck:
    """One band's held-out games: people's figures beside the model's on the same turns."""

    band: str
    games: int
    people_resigned: int
    ours_resigned: float
    """The model's expected resignations within the same walked turns."""
    people_cp: list[float]
    """People's evaluations at their resignations that the judge saw lost (capped)."""
    ours_median_cp: float | None
    """The median of the model's evaluation at resignation, each turn weighed by its chance."""
    resigned_not_lost: int
    """People's resignations where the judge did not see them lost (the model never makes one)."""
    resigned: int
    mated: int

    def as_json(self) -> dict[str, object]:
        people = statistics.median(self.people_cp) if self.people_cp else None
        return {
            "band": self.band,
            "games": self.games,
            "people_resigned": self.people_resigned,
            "ours_resigned": round(self.ours_resigned, 1),
            "people_median_cp": people,
            "ours_median_cp": self.ours_median_cp,
            "resigned_not_lost": self.resigned_not_lost,
            "resigned": self.resigned,
            "mated": self.mated,
        }


def check(
    games: Sequence[Game],
    counts: dict[tuple[int, bool], dict[str, int]],
    beta: Matrix,
    shares: Sequence[float],
) -> list[BandCheck]:
    checks: list[BandCheck] = []
    for band in range(len(BANDS)):
        held = [g for g in games if g.held_out and g.band == band]
        tally = counts.get((band, True), {})
        expected = 0.0
        ours_cp: list[float] = []
        ours_weight: list[float] = []
        share = shares[band]
        for game in held:
            survived = 1.0  # a resigner's chance of no resignation before this turn
            for k, hazard in enumerate(hazards(game, beta)):
                # The chance that the player still playing is a resigner, times the hazard: the
                # model's chance of a resignation on this turn given the game reached it.
                resigner = share * survived / ((1 - share) + share * survived)
                ours_cp.append(capped(game.centipawns[k]))
                ours_weight.append(resigner * hazard)
                expected += resigner * hazard
                survived *= 1 - hazard
        not_lost = tally.get("resignation not lost", 0)
        checks.append(
            BandCheck(
                band_name(BANDS[band]),
                len(held),
                sum(g.resigned for g in held),
                expected,
                [capped(g.centipawns[-1]) for g in held if g.resigned],
                weighted_median(ours_cp, ours_weight) if ours_cp else None,
                not_lost,
                tally.get("resignation", 0) + not_lost,
                tally.get("mate", 0),
            )
        )
    return checks


def print_checks(checks: Sequence[BandCheck]) -> None:
    print("\nheld out, by the loser's band: people's beside ours on the same lost turns")
    print(
        f"{'band':10}{'games':>6}  {'resigned: people [95%]':>22}  {'ours':>6}   "
        f"{'median cp: people [95%]':>24}  {'ours':>6}   resigned, the judge not seeing it lost"
    )
    for band in checks:
        low, high = wilson(band.people_resigned, band.games) if band.games else (0.0, 0.0)
        resigned = f"{band.people_resigned} [{low * band.games:.0f}–{high * band.games:.0f}]"
        people_cp = "—"
        if band.people_cp:
            first, last = median_interval(band.people_cp)
            people_cp = f"{statistics.median(band.people_cp):.0f} [{first:.0f}, {last:.0f}]"
        ours_cp = "—" if band.ours_median_cp is None else f"{band.ours_median_cp:.0f}"
        print(
            f"{band.band:10}{band.games:>6}  {resigned:>22}  {band.ours_resigned:>6.1f}   "
            f"{people_cp:>24}  {ours_cp:>6}   {band.resigned_not_lost} of {band.resigned}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walks", type=Path, required=True)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    games, counts = read_walks(arguments.walks)
    fitted = [g for g in games if not g.held_out]
    beta, shares = fit(fitted)
    checks = check(games, counts, beta, shares)
    if arguments.json:
        bands = [band.as_json() for band in checks]
        print(json.dumps({"hazard": list(beta), "shares": shares, "bands": bands}, indent=1))
        return
    turns = sum(len(g.turns) for g in fitted)
    print(f"fitted on {len(fitted)} lost games, {turns} lost turns of the loser")
    print("HAZARD =", "(" + ", ".join(f"{b:.2f}" for b in beta) + ")")
    print("RESIGNING_SHARE =", "(" + ", ".join(f"{s:.2f}" for s in shares) + ")")
    print_checks(checks)


if __name__ == "__main__":
    main()
