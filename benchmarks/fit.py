"""The rating fit (``rated-play engines fit``'s, and the calibration's), with every player's
standard error, on pools from 50 to 2,000 players: prints players, pairings, games and seconds,
the pure-Python Newton beside the fit on arrays where the former finishes in reasonable time,
and how far apart their answers are.

- 50 players, 100,000 games: a calibration-sized pool with many games per pairing;
- 400 players, 20,000 games: the pure-Python Newton took 9.3 s here (issue 18);
- a chain of 2,000 players, each meeting the next once (issue 18: killed at 120 s);
- 2,000 players, 100,000 games between random pairs, nearly every game its own pairing: the
  target is 5 s.

Run: python benchmarks/fit.py [--pure-up-to N]   (the pure-Python fit is timed up to N players,
400 by default; it grows as n³, so 2,000 would take hours)
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from profiles.ratings import fit as fit_module
from profiles.ratings.fit import FitResult, Game, fit_ratings
from profiles.ratings.goodness import goodness_of_fit

DRAW_SHARE = 0.3


@dataclass(frozen=True)
class Pool:
    label: str
    truth: dict[str, float]
    games: list[Game]
    anchors: dict[str, float]


def _result(rng: random.Random, white: float, black: float) -> float:
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    # Draws take DRAW_SHARE of the games' weight without moving the expectation.
    draw = DRAW_SHARE * min(expected, 1 - expected) * 2
    roll = rng.random()
    return 0.5 if roll < draw else (1.0 if roll < draw + expected - draw / 2 else 0.0)


def random_pool(players: int, games: int, seed: int) -> Pool:
    rng = random.Random(seed)
    truth = {f"engine {i:04d}": rng.uniform(800, 3200) for i in range(players)}
    names = list(truth)
    played = []
    for _ in range(games):
        white, black = rng.sample(names, 2)
        played.append((white, black, _result(rng, truth[white], truth[black])))
    anchors = {name: truth[name] for name in names[:2]}
    return Pool(f"{players} players, random pairs", truth, played, anchors)


def chain_pool(players: int, seed: int) -> Pool:
    rng = random.Random(seed)
    truth = {"link 0000": 1500.0}
    names = ["link 0000"]
    for i in range(1, players):
        names.append(f"link {i:04d}")
        truth[names[i]] = truth[names[i - 1]] + rng.gauss(0, 100)
    played = [
        (names[i], names[i + 1], _result(rng, truth[names[i]], truth[names[i + 1]]))
        for i in range(players - 1)
    ]
    return Pool(f"a chain of {players}", truth, played, {names[0]: 1500.0})


def timed_fit(pool: Pool, array_fit_from: int) -> tuple[FitResult, float]:
    saved = fit_module.ARRAY_FIT_FROM
    fit_module.ARRAY_FIT_FROM = array_fit_from
    try:
        started = time.perf_counter()
        fit = fit_ratings(pool.games, pool.anchors)
        return fit, time.perf_counter() - started
    finally:
        fit_module.ARRAY_FIT_FROM = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure-up-to", type=int, default=400, metavar="N")
    args = parser.parse_args()
    pools = [
        random_pool(50, 100_000, 2024),
        random_pool(400, 20_000, 400),
        chain_pool(2000, 18),
        random_pool(2000, 100_000, 2000),
    ]
    # numpy's import is paid once per process, by the first large fit: count it apart.
    started = time.perf_counter()
    from profiles.ratings import fit_arrays  # noqa: F401, PLC0415

    print(f"numpy imported in {time.perf_counter() - started:.2f} s (once per process)\n")
    print(
        f"{'pool':28} {'players':>7} {'pairings':>8} {'games':>7} {'arrays s':>8} "
        f"{'pure s':>7} {'ratio':>6} {'max Δ rating':>12} {'max Δ error':>11} "
        f"{'goodness s':>10} {'max error':>9}"
    )
    for pool in pools:
        fit, seconds = timed_fit(pool, array_fit_from=1)
        pairings = len({tuple(sorted((white, black))) for white, black, _ in pool.games})
        pure_cells = f"{'—':>7} {'—':>6} {'—':>12} {'—':>11}"
        if len(pool.truth) <= args.pure_up_to:
            pure, pure_seconds = timed_fit(pool, array_fit_from=10**9)
            rating = max(abs(fit[name].rating - pure[name].rating) for name in pool.truth)
            error = max(abs(fit[name].error - pure[name].error) for name in pool.truth)
            pure_cells = (
                f"{pure_seconds:7.2f} {pure_seconds / seconds:5.0f}× {rating:12.1e} {error:11.1e}"
            )
        started = time.perf_counter()
        goodness_of_fit(pool.games, fit)
        goodness = time.perf_counter() - started
        largest = max(player.error for player in fit.players.values())
        print(
            f"{pool.label:28} {len(pool.truth):7d} {pairings:8d} {len(pool.games):7d} "
            f"{seconds:8.2f} {pure_cells} {goodness:10.2f} {largest:9.0f}"
        )


if __name__ == "__main__":
    main()
