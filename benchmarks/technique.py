"""Won endings are won: how often an entry, to move, mates a bare king with a queen and with a
rook against full-strength Stockfish defending, and in how many moves. A draw there is one no
club player would give, so it would skew the rating of everyone who plays the entry (see
``engines/opponents/technique.py``). It prints figures; it asserts nothing.

Run: .venv/bin/python benchmarks/technique.py [--entries NAME ...] [--all] [--positions N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import chess
import chess.engine
from entries import chosen_entries

from engines.discovery import find_engine
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool, load_pool

MAX_MOVES = 50
"""The entry's moves per position before it counts as not having mated."""
DEFENDER = {"Threads": 1, "Hash": 16}
DEFENDER_LIMIT = chess.engine.Limit(nodes=200_000)
TARGET_FROM = 1200.0
"""Entries rated from here up are held to the targets: a club player of 1200 mates every time."""
TARGETS = {chess.QUEEN: 0.95, chess.ROOK: 0.90}
"""The share of positions to mate, per piece."""
NAMED = ("stockfish-elo-1350", "stockfish-nodes-1", "stockfish-elo-2250")
"""Stockfish entries that stand for each way the pool weakens it: UCI_Elo at the floor, the
shallowest node budget, and UCI_Elo at the top of the ladder."""


@dataclass(frozen=True)
class Ending:
    start: str
    """The position's FEN."""
    piece: chess.PieceType
    termination: chess.Termination | None
    """How the game ended; None when the entry had not mated within :data:`MAX_MOVES`."""
    moves: int
    """The entry's moves played."""
    line: str
    """The moves of both sides, in SAN."""

    @property
    def mated(self) -> bool:
        return self.termination is chess.Termination.CHECKMATE


def random_ending(piece: chess.PieceType, rng: random.Random) -> chess.Board:
    """A random legal king and ``piece`` against a bare king, the stronger side to move."""
    while True:
        attacker = rng.choice(chess.COLORS)
        king, extra, bare = rng.sample(chess.SQUARES, 3)
        board = chess.Board(None)
        board.set_piece_at(king, chess.Piece(chess.KING, attacker))
        board.set_piece_at(extra, chess.Piece(piece, attacker))
        board.set_piece_at(bare, chess.Piece(chess.KING, not attacker))
        board.turn = attacker
        # is_valid() rules out touching kings and a bare king in check with the attacker to
        # move; outcome() rules out a stalemate.
        if board.is_valid() and board.outcome() is None:
            return board


async def play_ending(
    player: EnginePlayer, defender: chess.engine.Protocol, board: chess.Board, game: int
) -> Ending:
    """The entry (to move in ``board``) against the defender, who claims a draw (threefold
    repetition, fifty moves) as soon as the rules let it, as a player in a rated game may."""
    start = board.copy()
    piece = chess.QUEEN if board.queens else chess.ROOK
    attacker = board.turn
    moves = 0
    # Only the defender claims: python-chess counts a claim the side to move could make with
    # its next move, and the winning side would never make one.
    while (outcome := board.outcome(claim_draw=board.turn != attacker)) is None:
        if board.turn == attacker:
            if moves == MAX_MOVES:
                break
            move = await player.play(board, None)
            moves += 1
        else:
            reply = await defender.play(board, DEFENDER_LIMIT, game=game)
            assert reply.move is not None
            move = reply.move
        board.push(move)
    termination = outcome.termination if outcome else None
    return Ending(start.fen(), piece, termination, moves, start.variation_san(board.move_stack))


def representative(pool: Pool) -> list[Opponent]:
    """The weakest entry, the Fairy-Stockfish skill entry nearest 1200, and :data:`NAMED`."""
    available = pool.available()
    fairy = [entry for entry in available if entry.command == "fairy-stockfish"]
    chosen = {available[0].name}
    if fairy:
        chosen.add(min(fairy, key=lambda entry: abs(entry.rating - TARGET_FROM)).name)
    chosen.update(NAMED)
    return [entry for entry in available if entry.name in chosen]


def share(endings: Sequence[Ending], piece: chess.PieceType) -> tuple[int, int]:
    of_piece = [ending for ending in endings if ending.piece == piece]
    return sum(ending.mated for ending in of_piece), len(of_piece)


def mean_moves(endings: Sequence[Ending], piece: chess.PieceType) -> str:
    moves = [ending.moves for ending in endings if ending.piece == piece and ending.mated]
    return f"{statistics.mean(moves):4.1f}" if moves else "   -"


def verdict(entry: Opponent, endings: Sequence[Ending]) -> str:
    if entry.rating < TARGET_FROM:
        return "(no target)"
    for piece, target in TARGETS.items():
        mated, total = share(endings, piece)
        if mated < target * total:
            return "MISSES"
    return "meets"


def report(entry: Opponent, endings: Sequence[Ending]) -> None:
    cells = []
    for piece in TARGETS:
        mated, total = share(endings, piece)
        cells.append(f"{mated:3d}/{total:<3d} {100 * mated / total:3.0f}%")
    drawn = {
        reason: sum(ending.termination is reason for ending in endings)
        for reason in (chess.Termination.THREEFOLD_REPETITION, chess.Termination.FIFTY_MOVES)
    }
    other = len(endings) - sum(ending.mated for ending in endings) - sum(drawn.values())
    print(
        f"{entry.name:36} {entry.rating:6.0f} {len(endings):5d}  {cells[0]}  {cells[1]}  "
        f"{mean_moves(endings, chess.QUEEN)} {mean_moves(endings, chess.ROOK)}  "
        f"{drawn[chess.Termination.THREEFOLD_REPETITION]:5d} "
        f"{drawn[chess.Termination.FIFTY_MOVES]:5d} {other:5d}  {verdict(entry, endings)}"
    )
    for ending in endings:
        if not ending.mated:
            how = ending.termination.name.lower() if ending.termination else "no mate"
            print(f"    not mated: {ending.start}  ({how} after {ending.moves} moves)")
            print(f"      {ending.line}")


async def measure(
    entry: Opponent, boards: Sequence[chess.Board], defender: chess.engine.Protocol
) -> list[Ending]:
    player = EnginePlayer(entry)
    await player.start()
    try:
        return [
            await play_ending(player, defender, board.copy(), game)
            for game, board in enumerate(boards)
        ]
    finally:
        await player.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--entries", nargs="+", metavar="NAME", help="entries to measure")
    which.add_argument(
        "--all", action="store_true", help=f"every available entry rated >= {TARGET_FROM:.0f}"
    )
    parser.add_argument("--positions", type=int, default=20, help="positions per piece")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pool = load_pool()
    if args.entries:
        entries = chosen_entries(pool, args.entries)
    elif args.all:
        entries = [entry for entry in pool.available() if entry.rating >= TARGET_FROM]
    else:
        entries = representative(pool)
    rng = random.Random(args.seed)
    boards = [random_ending(piece, rng) for piece in TARGETS for _ in range(args.positions)]
    stockfish = find_engine("stockfish")
    if stockfish is None:
        raise SystemExit("install the Debian package 'stockfish' to defend")

    print(
        f"Won endings: {args.positions} random K+Q v K and {args.positions} random K+R v K "
        f"positions (seed {args.seed}), the entry to move,\nagainst full-strength Stockfish "
        f"({DEFENDER_LIMIT.nodes:,} nodes a move), at most {MAX_MOVES} moves of the entry."
    )
    if not (args.entries or args.all):
        print(
            "Every entry hands these endings to the same full-strength search "
            "(engines/opponents/technique.py),\n"
            "so a few representative entries stand for the pool; "
            f"--all measures every entry rated >= {TARGET_FROM:.0f}."
        )
    print(
        f"\n{'entry':36} {'rating':>6} {'games':>5}  {'K+Q mated':>12}  {'K+R mated':>12}  "
        f"{'Q mv':>4} {'R mv':>4}  {'3fold':>5} {'fifty':>5} {'other':>5}"
    )
    _, defender = await chess.engine.popen_uci(str(stockfish))
    try:
        await defender.configure(DEFENDER)
        for entry in entries:
            report(entry, await measure(entry, boards, defender))
    finally:
        await defender.quit()
    targets = " and ".join(
        f">= {target:.0%} of {chess.piece_name(piece)} endings" for piece, target in TARGETS.items()
    )
    print("\nQ mv, R mv: mean moves of the entry to mate; other: stalemate, piece lost, no mate")
    print(f"targets for entries rated >= {TARGET_FROM:.0f}: mate {targets}")


if __name__ == "__main__":
    asyncio.run(main())
