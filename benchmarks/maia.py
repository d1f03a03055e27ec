"""The Maia networks: how fast the numpy forward pass is, what a network costs to load and to
hold, and how often each opponent plays the move a person played.

Speed: the forward pass of each shipped network over positions of the shipped calibration games
(median and 95th percentile, one BLAS thread as the engine runs it), the time to load a network
and the memory it holds. Move matching: for positions of real games between people (plies 11–80,
the game's moves before them as history), the share where an opponent's move is the one the
person played, by the mover's rating band, with a 95% interval (Wilson), the Maia entries beside
the pool's other entries of like strength. The people's games are not shipped: give a PGN with
``WhiteElo``/``BlackElo`` headers (for example a month of the lichess open database, CC0).

Run: .venv/bin/python benchmarks/maia.py [--games HUMAN.pgn] [--positions N] [--entries NAME ...]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import io
import math
import random
import statistics
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn

import engines.maia  # noqa: F401 - first: it sets numpy's one BLAS thread, as the engine runs
from engines.calibration.stored import SHIPPED_GAMES
from engines.launch import close_engine, open_engine
from engines.maia.choice import move_probabilities
from engines.maia.network import evaluate
from engines.maia.networks import SHIPPED_RATINGS, network_path, shipped_name
from engines.maia.planes import input_planes
from engines.maia.weights import NetworkWeights, load_network
from engines.opponents.pool import load_pool

FIRST_PLY, LAST_PLY = 11, 80
BANDS = ((0, 1200), (1200, 1400), (1400, 1600), (1600, 1800), (1800, 2000), (2000, 4000))
COMPARED = (
    "fairy-stockfish-skill-minus1",
    "stockfish-elo-1350",
    "stockfish-elo-1500",
    "stockfish-elo-1700",
    "fairy-stockfish-skill-4",
    "stockfish-nodes-1",
    "stockfish-nodes-300",
)
"""The pool's entries the people's moves were first compared with, from 1100 to 1900."""


@dataclass(frozen=True)
class Position:
    board: chess.Board
    """With the game's moves before it on its stack."""
    played: chess.Move
    rating: int
    """The mover's rating."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=Path, help="people's games (PGN) for move matching")
    parser.add_argument("--positions", type=int, default=1000, help="positions to match")
    parser.add_argument("--entries", nargs="*", default=list(COMPARED))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--skip-player",
        action="append",
        default=[],
        metavar="NAME",
        help="leave out this player's moves (one who dominates the sample); repeatable",
    )
    arguments = parser.parse_args()
    speed()
    if arguments.games is not None:
        positions = sample_positions(
            arguments.games, arguments.positions, arguments.seed, set(arguments.skip_player)
        )
        matching(positions, arguments.entries)


def speed() -> None:
    boards = [p.board for p in _positions(_shipped_games(), random.Random(0), 300)]
    print(f"forward pass over {len(boards)} positions of the calibration games, one BLAS thread")
    print("network     load ms  memory MB  median ms  p95 ms  planes ms")
    for rating in SHIPPED_RATINGS:
        name = shipped_name(rating)
        tracemalloc.start()
        started = time.perf_counter()
        network = load_network(network_path(name))
        loaded = time.perf_counter() - started
        memory = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        planes_times, pass_times = [], []
        for board in boards:
            started = time.perf_counter()
            planes = input_planes(board)
            planes_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            evaluate(network, planes)
            pass_times.append(time.perf_counter() - started)
        print(
            f"{name:10}  {loaded * 1000:7.1f}  {memory / 2**20:9.1f}  "
            f"{statistics.median(pass_times) * 1000:9.2f}  {_p95(pass_times) * 1000:6.2f}  "
            f"{statistics.median(planes_times) * 1000:9.2f}"
        )


def matching(positions: list[Position], entries: Sequence[str]) -> None:
    plies = f"plies {FIRST_PLY}–{LAST_PLY}"
    print(f"\nmove matching: {len(positions)} positions of people's games, {plies}")
    hits: dict[str, dict[tuple[int, int], list[bool]]] = defaultdict(lambda: defaultdict(list))
    for rating in SHIPPED_RATINGS:
        name = shipped_name(rating)
        network = load_network(network_path(name))
        for position in positions:
            hits[name][_band(position.rating)].append(
                _network_move(network, position.board) == position.played
            )
    for name in entries:
        moves = asyncio.run(_engine_moves(name, positions))
        for position, move in zip(positions, moves, strict=True):
            hits[name][_band(position.rating)].append(move == position.played)
    counts = {band: sum(_band(p.rating) == band for p in positions) for band in BANDS}
    header = "".join(f"  {low:>4}–{high if high < 4000 else '':<4}" for low, high in BANDS)
    print(f"{'entry':36}{header}   all")
    print(
        f"{'positions':36}"
        + "".join(f"  {counts[band]:>9}" for band in BANDS)
        + f"  {len(positions):>5}"
    )
    for name, by_band in hits.items():
        cells = "".join(f"  {_share(by_band[band]):>9}" for band in BANDS)
        every = [hit for band in BANDS for hit in by_band[band]]
        print(f"{name:36}{cells}  {_share(every, interval=True)}")
    print("cells: the share of positions where the entry played the person's move")
    print("all: the share over every band, with its 95% interval (Wilson)")


def _network_move(network: NetworkWeights, board: chess.Board) -> chess.Move:
    probabilities = move_probabilities(board, evaluate(network, input_planes(board)))
    return max(probabilities, key=probabilities.__getitem__)


async def _engine_moves(name: str, positions: list[Position]) -> list[chess.Move | None]:
    opponent = load_pool().get(name)
    engine = await open_engine(opponent)
    moves: list[chess.Move | None] = []
    try:
        for position in positions:
            result = await engine.play(position.board, opponent.search.limit(), game=position)
            moves.append(result.move)
    finally:
        await close_engine(engine)
    return moves


def sample_positions(path: Path, count: int, seed: int, skipped: set[str]) -> list[Position]:
    with path.open(encoding="utf-8", errors="replace") as handle:
        games = list(_games(handle))
    return _positions(games, random.Random(seed), count, rated=True, skipped=skipped)


def _positions(
    games: list[chess.pgn.Game],
    rng: random.Random,
    count: int,
    *,
    rated: bool = False,
    skipped: set[str] | None = None,
) -> list[Position]:
    """One position a game, at a random ply of 11–80 whose mover is rated (when ``rated``)
    and not ``skipped``, until ``count``."""
    rng.shuffle(games)
    chosen = []
    for game in games:
        moves = list(game.mainline_moves())
        plies = [
            ply
            for ply in range(FIRST_PLY, min(LAST_PLY, len(moves)) + 1)
            if _mover_counts(game, ply, rated, skipped or set())
        ]
        if not plies:
            continue
        ply = rng.choice(plies)
        board = game.board()
        for move in moves[: ply - 1]:
            board.push(move)
        rating = game.headers.get("WhiteElo" if ply % 2 else "BlackElo", "?")
        chosen.append(Position(board, moves[ply - 1], int(rating) if rating.isdigit() else 0))
        if len(chosen) == count:
            break
    return chosen


def _mover_counts(game: chess.pgn.Game, ply: int, rated: bool, skipped: set[str]) -> bool:
    """Whether the player who made move ``ply`` (1: White's first) is one to measure."""
    side = "White" if ply % 2 else "Black"
    if game.headers.get(side, "?") in skipped:
        return False
    return not rated or game.headers.get(f"{side}Elo", "?").isdigit()


def _games(handle: io.TextIOBase | io.TextIOWrapper) -> Iterator[chess.pgn.Game]:
    while (game := chess.pgn.read_game(handle)) is not None:
        if not game.errors:
            yield game


def _shipped_games() -> list[chess.pgn.Game]:
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as handle:
        games = []
        for game in _games(handle):
            games.append(game)
            if len(games) == 2000:
                break
    return games


def _band(rating: int) -> tuple[int, int]:
    return next(band for band in BANDS if band[0] <= rating < band[1])


def _share(hits: list[bool], interval: bool = False) -> str:
    if not hits:
        return "—"
    share = sum(hits) / len(hits)
    if not interval:
        return f"{share:.0%}"
    low, high = _wilson(sum(hits), len(hits))
    return f"{share:.1%} [{low:.1%}, {high:.1%}]"


def _wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    return centre - margin / (1 + z * z / trials), centre + margin / (1 + z * z / trials)


def _p95(times: list[float]) -> float:
    return sorted(times)[max(0, math.ceil(0.95 * len(times)) - 1)]


if __name__ == "__main__":
    main()
