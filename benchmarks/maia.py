"""The opponents that play like people, beside people: how often each plays the move a person
played, by the person's rating band; how fast each answers; and how fast the numpy forward pass
of the shipped Maia networks is.

Move matching: positions of real games between people (plies 11–80, one a game, the game's
moves before them as history), up to ``--positions`` in each of four bands of the mover's
rating (under 1200, 1200–1600, 1600–2000, 2000 and over; ``people_games.sample_positions``), or
with ``--beginner-bands`` in the four bands under 1200 (under 600, 600–800, 800–1000,
1000–1200: the beginner entries beside the engines of their strength).
Every person-like entry of the pool (served by ``rated-play-maia``) plays every band as a
rated game plays it (``EnginePlayer``: its engine with its options and search, the judge's veto
where it has one; a Maia entry draws its move through move 12, as in a game); beside them, for
each band, the ``--like`` engine entries whose ratings lie nearest the band's middle. Each cell
is a share with its 95% interval (Wilson). The people's games are not shipped: give PGNs with
``WhiteElo``/``BlackElo`` headers (``docs/engine-pool.md`` names the samples measured and
where to get them).

Speed: each entry's median time a move as the player asks for it, and its nodes a second from
its ``info`` lines where it searches more than one node; and the forward pass of each shipped
network over positions of the shipped calibration games (median and 95th percentile, one BLAS
thread as the engine runs it), the time to load a network and the memory it holds.

Run: nice .venv/bin/python benchmarks/maia.py [--games A.pgn B.pgn ...] [--positions N]
     [--skip-player NAME ...] [--entries NAME ...] [--like N] [--from-rating R]
     [--beginner-bands]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import math
import random
import statistics
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import chess.pgn
from people_games import (
    BANDS,
    BEGINNER_BANDS,
    FIRST_PLY,
    LAST_PLY,
    Position,
    band_among,
    band_name,
    read_games,
    sample_positions,
    share_text,
)

import engines.maia  # noqa: F401 - first: it sets numpy's one BLAS thread, as the engine runs
from engines.calibration.stored import SHIPPED_GAMES
from engines.errors import EngineUnavailableError
from engines.maia.network import evaluate
from engines.maia.networks import SHIPPED_RATINGS, network_path, shipped_name
from engines.maia.planes import input_planes
from engines.maia.weights import load_network
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool

Band = tuple[int, int]
STARTS = 3
"""Tries to start an entry's engine: on a machine busy enough, a start can miss the handshake's
timeout (engines/launch.py) once without anything being wrong."""
MAIA_COMMAND = "rated-play-maia"
"""The command every person-like entry is served by."""
BAND_MIDDLE: dict[Band, float] = {
    (0, 1200): 1000,
    (1200, 1600): 1400,
    (1600, 2000): 1800,
    (2000, 4000): 2200,
    (0, 600): 500,
    (600, 800): 700,
    (800, 1000): 900,
    (1000, 1200): 1100,
}
"""Where the engine entries compared on a band are taken from: the band's middle, the open bands
closed where most of the people in them are (800 and 2400)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=Path, nargs="*", default=[], help="people's games (PGN)")
    parser.add_argument("--positions", type=int, default=300, help="positions in each band")
    parser.add_argument("--entries", nargs="*", help="only these entries, on every band")
    parser.add_argument("--like", type=int, default=3, help="engine entries beside each band")
    parser.add_argument("--leave-out", nargs="*", default=[], help="entries not played this time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--from-rating",
        type=float,
        default=0.0,
        help="only positions whose mover is rated this or more (the bands above, for less time)",
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the forward-pass figures")
    parser.add_argument(
        "--beginner-bands",
        action="store_true",
        help="the four bands under 1200 (under 600, 600–800, 800–1000, 1000–1200) instead",
    )
    parser.add_argument(
        "--skip-player",
        action="append",
        default=[],
        metavar="NAME",
        help="leave out this player's moves (one who dominates the sample); repeatable",
    )
    arguments = parser.parse_args()
    if not arguments.no_speed:
        speed()
    if arguments.games:
        bands = BEGINNER_BANDS if arguments.beginner_bands else BANDS
        positions = sample_positions(
            read_games(arguments.games),
            arguments.positions,
            random.Random(arguments.seed),
            arguments.skip_player,
            arguments.from_rating,
            bands=bands,
        )
        matching(positions, bands, arguments.entries, arguments.like, set(arguments.leave_out))


def speed() -> None:
    rng = random.Random(0)
    boards = []
    for game in _shipped_games()[:300]:
        moves = list(game.mainline_moves())
        board = game.board()
        for move in moves[: rng.randint(0, max(0, min(len(moves), LAST_PLY) - 1))]:
            board.push(move)
        boards.append(board)
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


def matching(
    positions: dict[Band, list[Position]],
    bands: tuple[Band, ...],
    entries: Sequence[str] | None,
    like: int,
    left_out: set[str],
) -> None:
    """Every person-like entry on every band; beside it, for each band, the ``like`` engine
    entries whose ratings lie nearest the band's middle. Each entry plays through its engine
    with its options, as the pool runs it."""
    pool = load_pool()
    people_like = [o.name for o in pool.opponents if o.command == MAIA_COMMAND]
    bands_of: dict[str, list[Band]] = {name: list(bands) for name in people_like}
    for band in bands:
        engines_ = [o for o in pool.opponents if o.command != MAIA_COMMAND]
        engines_.sort(key=lambda o: abs(o.rating - BAND_MIDDLE[band]))
        for opponent in engines_[:like]:
            bands_of.setdefault(opponent.name, []).append(band)
    if entries is not None:
        bands_of = {name: bands_of.get(name, list(bands)) for name in entries}
    bands_of = {name: bands for name, bands in bands_of.items() if name not in left_out}
    print(f"\nmove matching: positions of people's games, plies {FIRST_PLY}–{LAST_PLY}, one a game")
    header = "".join(f"{band_name(band):>13}" for band in bands)
    print(f"{'entry':36}{'rating':>6}{header}")
    counts = "".join(f"{len(positions[band]):>13}" for band in bands)
    print(f"{'positions':42}{counts}")
    speeds: list[tuple[str, float, float | None]] = []
    for name in sorted(bands_of, key=lambda n: (n not in people_like, pool.get(n).rating, n)):
        opponent = pool.get(name)
        asked = [position for band in bands_of[name] for position in positions[band]]
        if not asked:  # an engine near only a band the sample has no positions of
            continue
        played = asyncio.run(_engine_moves(opponent, asked))
        cells = ""
        for band in bands:
            if band not in bands_of[name]:
                cells += f"{'':>13}"
                continue
            hits = [
                move == p.played
                for p, move in zip(asked, played.moves, strict=True)
                if band_among(p.rating, bands) == band
            ]
            cells += f"{share_text(sum(hits), len(hits)):>13}"
        print(f"{name:36}{opponent.rating:>6.0f}{cells}".rstrip(), flush=True)
        speeds.append((name, statistics.median(played.seconds), played.nodes_per_second()))
    print("cells: the share of the band's positions where the entry played the person's move,")
    print("with its 95% interval (Wilson); a blank: an engine entry not near that band")
    print("\nspeed: a move as a rated game asks for it (no clock)")
    print(f"{'entry':36}{'median ms':>10}{'nodes/s':>10}")
    for name, seconds, nps in speeds:
        nps_text = f"{nps:>10.0f}" if nps is not None else f"{'—':>10}"
        print(f"{name:36}{seconds * 1000:>10.1f}{nps_text}")
    print("nodes/s: from the entry's info lines, where it searches more than one node a move")


@dataclass
class Played:
    moves: list[chess.Move] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    """Wall time of each move, from the request to the answer."""
    nodes: int = 0
    search_seconds: float = 0.0
    """The ``time`` of the info lines, summed: the engine's own count."""
    searched: bool = False
    """Whether any move searched more than one node."""

    def nodes_per_second(self) -> float | None:
        if not self.searched or self.search_seconds <= 0:
            return None
        return self.nodes / self.search_seconds


async def _engine_moves(opponent: Opponent, positions: list[Position]) -> Played:
    """The entry's move in each position, chosen by the player a rated game uses
    (:class:`EnginePlayer`: its engine with its options and search, and the judge's technique,
    veto and variation where the entry has them), each position a new game without a clock."""
    player = EnginePlayer(opponent)
    for attempt in range(STARTS):
        try:
            await player.start()
            break
        except EngineUnavailableError:
            if attempt + 1 == STARTS:
                raise
    played = Played()
    try:
        for position in positions:
            player.new_game()
            started = time.perf_counter()
            choice = await player.choose(position.board, None)
            played.seconds.append(time.perf_counter() - started)
            played.moves.append(choice.move)
            nodes, spent = choice.search.get("nodes"), choice.search.get("time")
            if nodes is not None and spent is not None:
                played.nodes += nodes
                played.search_seconds += spent
                played.searched = played.searched or nodes > 1
    finally:
        await player.close()
    return played


def _shipped_games() -> list[chess.pgn.Game]:
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as handle:
        games = []
        while (game := chess.pgn.read_game(handle)) is not None:
            if not game.errors:
                games.append(game)
            if len(games) == 2000:
                break
    return games


def _p95(times: list[float]) -> float:
    return sorted(times)[max(0, math.ceil(0.95 * len(times)) - 1)]


if __name__ == "__main__":
    main()
