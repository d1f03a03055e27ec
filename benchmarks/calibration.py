"""Calibration throughput: how many calibration games a core plays a minute, over the whole
ladder and in each third of it, so that the wall time of a calibration can be planned and a
slower player (technique, variation, a new entry) is seen. The games are played as the
calibration plays them (``play_match_game``, no clock, each entry as calibrated) between
neighbours on the ladder. It prints figures; it asserts nothing.

Run: .venv/bin/python benchmarks/calibration.py [--games N] [--workers N] [--seed N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engines.calibrate import MOVETIME, as_calibrated, machine
from engines.match import play_match_game
from engines.openings import Opening, load_openings
from engines.opponent import Opponent
from engines.pool import load_pool

THIRDS = ("bottom", "middle", "top")


@dataclass(frozen=True)
class Pairing:
    white: Opponent
    black: Opponent
    third: int
    """Which third of the ladder (by rating) the pairing sits in: 0 bottom, 1 middle, 2 top."""
    opening: Opening


@dataclass(frozen=True)
class Played:
    pairing: Pairing
    plies: int
    """Plies the engines played (after the opening)."""
    seconds: float
    """Wall time of the game."""
    cpu: float | None
    """CPU seconds of the game, this process and the engines; None when games overlapped."""


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the engines, once quit)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    engines = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + engines.ru_utime + engines.ru_stime


def sample_pairings(
    ladder: Sequence[Opponent], games: int, openings: Sequence[Opening], rng: random.Random
) -> list[Pairing]:
    """``games`` games between neighbours on ``ladder``, spread evenly from its bottom to its
    top, colours alternating, each from a random opening."""
    rungs = len(ladder) - 1
    pairings = []
    for game in range(games):
        # The middle rung of the game's equal slice of the ladder.
        rung = (2 * game + 1) * rungs // (2 * games)
        weaker, stronger = ladder[rung], ladder[rung + 1]
        white, black = (weaker, stronger) if game % 2 == 0 else (stronger, weaker)
        pairings.append(Pairing(white, black, 3 * rung // rungs, rng.choice(openings)))
    return pairings


async def play(pairing: Pairing, slots: asyncio.Semaphore, alone: bool) -> Played:
    async with slots:
        started, cpu = time.monotonic(), cpu_seconds()
        game = await play_match_game(pairing.white, pairing.black, pairing.opening, None)
        seconds = time.monotonic() - started
        plies = len(list(game.mainline_moves())) - len(pairing.opening.moves)
        played = Played(pairing, plies, seconds, cpu_seconds() - cpu if alone else None)
    print(
        f"  {pairing.white.name} - {pairing.black.name}: {game.headers['Result']}, "
        f"{plies} plies, {seconds:.1f} s",
        flush=True,
    )
    return played


def row(label: str, games: Sequence[Played], per_core_minute: float, cpu: float | None) -> str:
    per_cpu_minute = f"{60 * len(games) / cpu:10.2f}" if cpu else f"{'-':>10}"
    return (
        f"{label:8} {len(games):5d} {statistics.mean(game.plies for game in games):6.0f} "
        f"{per_core_minute:10.2f} {per_cpu_minute}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1, help="games played at once")
    parser.add_argument("--seed", type=int, default=1, help="chooses the openings")
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers need at least 1")
    ladder = [as_calibrated(entry, MOVETIME) for entry in load_pool().available()]
    if len(ladder) < 2:
        raise SystemExit("the calibration needs two available entries")
    pairings = sample_pairings(ladder, args.games, load_openings(), random.Random(args.seed))
    alone = args.workers == 1

    print(
        f"Calibration throughput: {args.games} games between neighbours on the ladder of "
        f"{len(ladder)} entries,\nno clock (the unleashed engine at {MOVETIME:g} s a move), "
        f"{args.workers} at a time,\non {machine()}, load average {os.getloadavg()[0]:.1f} at "
        "the start."
    )
    slots = asyncio.Semaphore(args.workers)
    started, cpu = time.monotonic(), cpu_seconds()
    played = await asyncio.gather(*(play(pairing, slots, alone) for pairing in pairings))
    elapsed, cpu = time.monotonic() - started, cpu_seconds() - cpu

    print(
        f"\n{'ladder':8} {'games':>5} {'plies':>6} {'/min/core':>10} {'/CPU-min':>10}\n"
        "(plies: mean per game after the opening; /min/core: games a minute of wall time, per "
        "core;\n/CPU-min: games a minute of CPU time, engines included: other load on the "
        "machine\nslows the first, not the second)"
    )
    for third, label in enumerate(THIRDS):
        games = [game for game in played if game.pairing.third == third]
        if games:
            # Each game keeps about one core busy: its two engines take turns.
            per_core = 60 * len(games) / sum(game.seconds for game in games)
            third_cpu = sum(game.cpu for game in games if game.cpu is not None) if alone else None
            print(row(label, games, per_core, third_cpu))
    print(row("overall", played, 60 * len(played) / elapsed / args.workers, cpu))


if __name__ == "__main__":
    asyncio.run(main())
