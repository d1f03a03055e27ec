"""The person-like entries' cost: the forward pass one position at a time against a batch, the
search's positions a second, and each person-like entry's time a move beside the time a person
takes over it at a blitz clock (the pace the opponent keeps on a clock, rated_play/session/
thinking.py), so the strongest of them is seen to fit the pacing budget.

Everything is measured side by side in one run, over positions of the shipped calibration games
(past the varied opening moves): the machine is shared and noisy, so the ratios say more than
the times. One BLAS thread, as the engine runs.

Run: .venv/bin/python benchmarks/person_like.py [--positions N] [--clock 180+2]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import io
import random
import statistics
import time

import chess
import chess.pgn
import numpy as np

import engines.maia  # noqa: F401 - first: it sets numpy's one BLAS thread, as the engine runs
from engines.calibration.stored import SHIPPED_GAMES
from engines.maia.network import evaluate, evaluate_batch
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.search import BATCH, search
from engines.maia.weights import load_network
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.pool import load_pool
from engines.opponents.turn import ClockReading
from profiles.laws.time_control import TimeControl
from profiles.opponent_kind import OpponentKind
from rated_play.session.thinking import think_time

FIRST_MOVE = 13
"""Past the varied opening moves, where the networks draw their move and do not search."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--clock", default="180+2", help="the clock of the pace (PGN form)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    boards = _positions(arguments.positions, random.Random(arguments.seed))
    forward_pass(boards)
    search_speed(boards)
    asyncio.run(move_times(boards, TimeControl.from_pgn(arguments.clock)))


def forward_pass(boards: list[chess.Board]) -> None:
    network = load_network(network_path("maia-1900"))
    planes = np.stack([input_planes(board) for board in boards])
    single, batched = [], []
    for _ in range(3):  # interleaved rounds, so both see the same machine
        started = time.perf_counter()
        for one in planes:
            evaluate(network, one)
        single.append(len(planes) / (time.perf_counter() - started))
        started = time.perf_counter()
        for first in range(0, len(planes), BATCH):
            evaluate_batch(network, planes[first : first + BATCH])
        batched.append(len(planes) / (time.perf_counter() - started))
    one, many = statistics.median(single), statistics.median(batched)
    print(f"forward pass of maia-1900 over {len(planes)} positions, one BLAS thread")
    print(f"  one at a time      {one:7.0f} positions a second")
    print(f"  batches of {BATCH:<3}     {many:7.0f} positions a second  ({many / one:.2f}×)")


def search_speed(boards: list[chess.Board]) -> None:
    network = load_network(network_path("maia-1900"))
    print("\nthe search (engines/maia/search.py): positions a second, the planes and the")
    print("moves' bookkeeping included")
    for nodes in (16, 64):
        total, spent = 0, 0.0
        for board in boards:
            started = time.perf_counter()
            evaluation = evaluate(network, input_planes(board))
            result = search(network, board, evaluation, nodes, set(board.legal_moves))
            spent += time.perf_counter() - started
            total += 0 if result is None else result.nodes
        print(f"  {nodes:3} nodes a move  {total / spent:7.0f} positions a second")


async def move_times(boards: list[chess.Board], clock: TimeControl) -> None:
    pool = load_pool()
    entries = [o for o in pool.opponents if o.kind is OpponentKind.PERSON_LIKE and o.offered]
    base, increment = float(clock.base_seconds), float(clock.increment_seconds)
    print(f"\neach person-like entry's move, beside a person's think time at {clock}")
    print(f"(with half the clock left: {base / 2:.0f} s; median and 95th percentile, seconds)")
    print(f"{'entry':28} {'rating':>6} {'move':>6} {'p95':>6}   {'person':>6}")
    for opponent in entries:
        player = EnginePlayer(opponent)
        await player.start()
        times, paces = [], []
        try:
            for board in boards:
                reading = ClockReading(base / 2, base / 2, increment)
                started = time.perf_counter()
                choice = await player.choose(board, reading)
                times.append(time.perf_counter() - started)
                paces.append(
                    think_time(
                        board, choice.move, base / 2, increment, base=base, rating=opponent.rating
                    )
                )
        finally:
            await player.close()
        print(
            f"{opponent.name:28} {opponent.rating:6.0f} {statistics.median(times):6.2f} "
            f"{_p95(times):6.2f}   {statistics.median(paces):6.2f}"
        )
    print("move: the entry's own time to choose (the network, its search, the judge's veto);")
    print("person: the time the opponent takes over that move on a clock, its pace")


def _positions(count: int, rng: random.Random) -> list[chess.Board]:
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as handle:
        text = handle.read()
    reader = io.StringIO(text)
    boards: list[chess.Board] = []
    while len(boards) < count * 5 and (game := chess.pgn.read_game(reader)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            if board.fullmove_number >= FIRST_MOVE and not board.is_game_over():
                boards.append(board.copy())
    return rng.sample(boards, min(count, len(boards)))


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


if __name__ == "__main__":
    main()
