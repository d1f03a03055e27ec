"""How long lichess's opening table (profiles/openings/data) takes to read into its named
positions, once per process when the first game is named (when its PGN is written at the end),
and how long naming a game then takes. It prints figures; it asserts nothing.

Run: .venv/bin/python benchmarks/opening_table.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

import chess

from profiles.openings.names import named_positions, opening_of

GAME = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    loads = []
    for _ in range(runs):
        named_positions.cache_clear()
        started = time.perf_counter()
        positions = named_positions()
        loads.append(time.perf_counter() - started)
    board = chess.Board()
    moves = [board.push_san(san) for san in GAME.split()]
    started = time.perf_counter()
    for _ in range(100):
        opening = opening_of(moves)
    naming = (time.perf_counter() - started) / 100
    print(f"table: {len(positions)} named positions")
    median, most = statistics.median(loads), max(loads)
    print(f"read once: median {median:.3f} s, max {most:.3f} s ({runs} runs)")
    print(f"a {len(moves)}-ply game named after that: {naming * 1000:.2f} ms ({opening})")


if __name__ == "__main__":
    main()
