"""The rating fit on 50 players and 100,000 games: prints the time it takes.

Run: python benchmarks/fit.py
"""

from __future__ import annotations

import random
import time

from profiles.ratings.fit import fit_ratings

PLAYERS = 50
GAMES = 100_000
DRAW_SHARE = 0.3


def simulated_games(rng: random.Random) -> tuple[dict[str, float], list[tuple[str, str, float]]]:
    truth = {f"engine {i:02d}": rng.uniform(800, 3200) for i in range(PLAYERS)}
    names = list(truth)
    games = []
    for _ in range(GAMES):
        white, black = rng.sample(names, 2)
        expected = 1 / (1 + 10 ** ((truth[black] - truth[white]) / 400))
        # Draws take DRAW_SHARE of the games' weight without moving the expectation.
        draw = DRAW_SHARE * min(expected, 1 - expected) * 2
        roll = rng.random()
        score = 0.5 if roll < draw else (1.0 if roll < draw + expected - draw / 2 else 0.0)
        games.append((white, black, score))
    return truth, games


def main() -> None:
    truth, games = simulated_games(random.Random(2024))
    anchors = {name: truth[name] for name in list(truth)[:2]}
    started = time.perf_counter()
    fit = fit_ratings(games, anchors)
    elapsed = time.perf_counter() - started
    worst = max(abs(fit[name].rating - truth[name]) for name in truth)
    error = max(fit[name].error for name in truth if name not in anchors)
    print(f"fit_ratings: {PLAYERS} players, {GAMES:,} games: {elapsed * 1000:.0f} ms")
    print(
        f"  largest miss against the true ratings {worst:.1f}, largest standard error {error:.1f}"
    )


if __name__ == "__main__":
    main()
