"""Recompute every rating system over a ledger of 100,000 games: prints the time per system.

Run: python benchmarks/ratings_recompute.py
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from profiles.ratings import SYSTEMS
from profiles.ratings.from_ledger import game_score, rated_games

GAMES = 100_000


def fill(ledger: Ledger, rng: random.Random, games: int = GAMES) -> None:
    """Write the games straight in one transaction: the write API commits (and fsyncs) per
    game, which is right for play and far too slow for 100,000 games here."""
    profile = ledger.create_profile("Benchmark")
    blitz = TimeControl.parse("5+3")
    rows = []
    for n in range(games):
        opponent = rng.choice(range(1000, 2600, 50))
        score = rng.choice((0.0, 0.5, 1.0))
        rows.append(
            (profile.id, GameStatus.FINISHED.value, "white" if n % 2 == 0 else "black",
             f"engine {opponent}", "Engine", float(opponent), blitz.pgn,
             blitz.time_class.value, "*", score, "test", "2025-03-01T12:00:00+00:00",
             "2025-03-01T12:10:00+00:00")
        )  # fmt: skip
    db = ledger._db
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO games(profile_id, status, player_color, opponent_name, opponent_title, "
        "opponent_rating, time_control, time_class, result, player_score, termination, "
        "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.execute("COMMIT")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        ledger = Ledger.open(DataDirectory(Path(directory)))
        fill(ledger, random.Random(7))
        started = time.perf_counter()
        records = ledger.games()
        scores = [game_score(g) for g in rated_games(records, TimeClass.BLITZ)]
        print(f"read and convert {len(scores):,} games: {time.perf_counter() - started:.2f} s")
        for name, system in SYSTEMS.items():
            started = time.perf_counter()
            state = system.rate(scores)
            elapsed = time.perf_counter() - started
            print(f"{name:>15}: {elapsed * 1000:7.0f} ms  (rating {state.rating:.0f})")
        ledger.close()


if __name__ == "__main__":
    main()
