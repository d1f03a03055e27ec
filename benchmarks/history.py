"""Looking back over a long career: the rating history of one class (the rating after every
game) in every system, beside the card (the rating now) over the same games, for 1,000 and
5,000 rated games; and the games list and the per-opponent table.

The history screen computes a class's history when it opens and when the system is changed,
on the app's event loop, so these are the pauses a player sees. Systems that rate game by game
give every point in the one pass the card needs; the performance rating and Chess Scotland's
first grade are refitted after each game from the games counted so far (one fit over the
opponents' ratings each, not over the games).

Run: python benchmarks/history.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ratings_recompute import fill

from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.player.card import class_card
from profiles.player.head_to_head import head_to_head
from profiles.player.history import class_history
from profiles.player.past_games import game_lines
from profiles.player.seasons import game_score, rated_games
from profiles.ratings import SYSTEMS

SIZES = (1_000, 5_000)


def timed(work: Callable[..., object], *args: object) -> float:
    started = time.perf_counter()
    work(*args)
    return time.perf_counter() - started


def measure(size: int, directory: Path) -> None:
    ledger = Ledger.open(DataDirectory(directory))
    fill(ledger, random.Random(7), size)
    profile = ledger.profile("Benchmark")
    games = ledger.games(profile.id)
    scores = [game_score(g) for g in rated_games(games, TimeClass.BLITZ)]
    print(f"{size:,} rated blitz games")
    print(f"  {'system':>15}  {'card':>9}  {'history':>9}  ratio")
    for name in SYSTEMS:
        card = timed(class_card, TimeClass.BLITZ, scores, name)
        history = timed(class_history, games, TimeClass.BLITZ, name)
        print(
            f"  {name:>15}  {card * 1000:7.0f} ms  {history * 1000:7.0f} ms  {history / card:5.1f}"
        )
    chosen = class_history(games, TimeClass.BLITZ)
    table = timed(head_to_head, chosen.games, chosen.card)
    opponents = len(head_to_head(chosen.games, chosen.card))
    print(f"  per-opponent table ({opponents} opponents): {table * 1000:.0f} ms")
    print(f"  games list, every class: {timed(game_lines, ledger, profile) * 1000:.0f} ms")
    ledger.close()


def main() -> None:
    for size in SIZES:
        with tempfile.TemporaryDirectory() as directory:
            measure(size, Path(directory))


if __name__ == "__main__":
    main()
