"""Calibration throughput: how many calibration games a core plays a minute, over the whole
ladder and in each third of it, so that the wall time of a calibration can be planned and a
slower player (technique, variation, a new entry) is seen. The games are played as the
calibration plays them (``play_match_game``, no clock, each entry as calibrated) between
neighbours on the ladder, two a pairing with colours swapped, one game at a time.

The same games are played twice, side by side: with the engines kept running between games (a
:class:`~engines.calibration.roster.Roster`, as the calibration plays) and with two engines and
their judges started for every game. It prints figures; it asserts nothing.

Run: .venv/bin/python benchmarks/calibration.py [--games N] [--seed N]
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

from engines.calibration.calibrate import MOVETIME, as_calibrated, machine
from engines.calibration.engine_game import play_match_game
from engines.calibration.openings import Opening, load_openings
from engines.calibration.roster import Roster
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool

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


@dataclass(frozen=True)
class Run:
    label: str
    games: list[Played]
    seconds: float
    cpu: float
    """CPU seconds of the run, this process and every engine (all closed by its end)."""


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the engines, once quit)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    engines = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + engines.ru_utime + engines.ru_stime


def sample_pairings(
    ladder: Sequence[Opponent], games: int, openings: Sequence[Opening], rng: random.Random
) -> list[Pairing]:
    """``games`` games between neighbours on ``ladder``, two a pairing (colours swapped, one
    opening) as the calibration's schedule has them, spread evenly from its bottom to its top."""
    rungs = len(ladder) - 1
    pairs = (games + 1) // 2
    pairings = []
    for pair in range(pairs):
        # The middle rung of the pairing's equal slice of the ladder.
        rung = (2 * pair + 1) * rungs // (2 * pairs)
        weaker, stronger = ladder[rung], ladder[rung + 1]
        opening = rng.choice(openings)
        for white, black in ((weaker, stronger), (stronger, weaker)):
            pairings.append(Pairing(white, black, 3 * rung // rungs, opening))
    return pairings[:games]


async def play(pairings: Sequence[Pairing], roster: Roster | None, label: str) -> Run:
    """Play ``pairings`` one after another, through ``roster`` (closed at the end) or with
    engines started for each game."""
    started, cpu = time.monotonic(), cpu_seconds()
    played = []
    for pairing in pairings:
        begun = time.monotonic()
        game = await play_match_game(pairing.white, pairing.black, pairing.opening, None, roster)
        seconds = time.monotonic() - begun
        plies = len(list(game.mainline_moves())) - len(pairing.opening.moves)
        played.append(Played(pairing, plies, seconds))
        print(
            f"  {label}: {pairing.white.name} - {pairing.black.name}: "
            f"{game.headers['Result']}, {plies} plies, {seconds:.1f} s",
            flush=True,
        )
    if roster is not None:
        await roster.close()
    return Run(label, played, time.monotonic() - started, cpu_seconds() - cpu)


def row(label: str, games: Sequence[Played]) -> str:
    per_minute = 60 * len(games) / sum(game.seconds for game in games)
    return (
        f"{label:8} {len(games):5d} {statistics.mean(game.plies for game in games):6.0f} "
        f"{per_minute:10.2f}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games each way")
    parser.add_argument("--seed", type=int, default=1, help="chooses the openings")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games needs at least 1")
    ladder = [as_calibrated(entry, MOVETIME) for entry in load_pool().available()]
    if len(ladder) < 2:
        raise SystemExit("the calibration needs two available entries")
    pairings = sample_pairings(ladder, args.games, load_openings(), random.Random(args.seed))

    print(
        f"Calibration throughput: {len(pairings)} games between neighbours on the ladder of "
        f"{len(ladder)} entries,\nno clock (the unleashed engine at {MOVETIME:g} s a move), "
        f"one at a time,\non {machine()}, load average {os.getloadavg()[0]:.1f} at the start."
    )
    runs = [
        await play(pairings, Roster(), "roster"),
        await play(pairings, None, "fresh"),
    ]
    print(
        "\nroster: engines kept running between games (as the calibration plays);\n"
        "fresh: two engines and their judges started for every game.\n"
        "/min: games a minute of wall time, one game at a time (other load on the machine\n"
        "slows it); /CPU-min: games a minute of CPU time, engines included (load does not)."
    )
    for run in runs:
        print(f"\n{run.label}\n{'ladder':8} {'games':>5} {'plies':>6} {'/min':>10}")
        for third, label in enumerate(THIRDS):
            games = [game for game in run.games if game.pairing.third == third]
            if games:
                print(row(label, games))
        print(f"{row('overall', run.games)}   {60 * len(run.games) / run.cpu:.2f} /CPU-min")
    roster, fresh = runs
    print(
        f"\nCPU a game: roster {roster.cpu / len(roster.games):.2f} s, fresh "
        f"{fresh.cpu / len(fresh.games):.2f} s: the roster plays {fresh.cpu / roster.cpu:.2f}x "
        "the games per CPU-second"
    )


if __name__ == "__main__":
    asyncio.run(main())
