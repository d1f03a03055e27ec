"""No opponent replays a game: a player who repeats the moves of a game against an entry should
soon meet a different answer, or one win learnt by heart would beat the entry every time (see
``engines/opponents/variation.py``). For each entry it records one game against a fixed "human"
(Stockfish at depth 1), then replays the human's moves against fresh players of the entry and
counts the replays in which the entry leaves its recorded moves within its first moves. It
prints figures; it asserts nothing.

Run: .venv/bin/python benchmarks/replay.py [--entries NAME ...] [--tries N] [--moves N]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
from collections.abc import Sequence

import chess
import chess.engine
from entries import chosen_entries

from engines.calibration.calibrate import MOVETIME, as_calibrated
from engines.discovery import find_engine
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool

HUMAN_LIMIT = chess.engine.Limit(depth=1)
HUMAN = {"Threads": 1, "Hash": 16}
PASS_SHARE = 0.9
"""An entry passes when at least this share of the replays leave the recorded game."""


async def record_game(
    entry: Opponent, colour: chess.Color, human: chess.engine.Protocol, moves: int
) -> list[chess.Move]:
    """Both sides' moves of a game from the start until the entry has made ``moves`` moves
    (or the game is over)."""
    player = EnginePlayer(entry)
    await player.start()
    board = chess.Board()
    made = 0
    try:
        while made < moves and board.outcome(claim_draw=True) is None:
            if board.turn == colour:
                move = await player.play(board, None)
                made += 1
            else:
                reply = await human.play(board, HUMAN_LIMIT, game=entry.name)
                assert reply.move is not None
                move = reply.move
            board.push(move)
    finally:
        await player.close()
    return board.move_stack


async def first_deviation(
    entry: Opponent, colour: chess.Color, recorded: Sequence[chess.Move]
) -> int | None:
    """The move number at which a fresh player of the entry, given the human's recorded moves,
    first plays other than it did; None when it replays the whole record."""
    player = EnginePlayer(entry)
    await player.start()
    board = chess.Board()
    try:
        for move in recorded:
            if board.turn == colour and await player.play(board, None) != move:
                return board.fullmove_number
            board.push(move)
    finally:
        await player.close()
    return None


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--entries", nargs="+", metavar="NAME", help="default: every entry")
    parser.add_argument("--tries", type=int, default=10, help="replays per entry")
    parser.add_argument("--moves", type=int, default=12, help="the entry's moves compared")
    args = parser.parse_args()
    pool = load_pool()
    entries = chosen_entries(pool, args.entries) if args.entries else list(pool.available())
    stockfish = find_engine("stockfish")
    if stockfish is None:
        raise SystemExit("install the Debian package 'stockfish' to play the human")
    needed = math.ceil(PASS_SHARE * args.tries)

    print(
        f"Replays: one game of each entry against Stockfish at depth 1, then {args.tries} "
        "replays of the human's moves;\na deviation is a replay in which the entry leaves its "
        f"recorded moves within its first {args.moves} moves.\nEntries play as calibrated (the "
        f"unleashed engine at {MOVETIME:g} s a move).\n'by itself': the engine's own weakening "
        "is random; 'variation': engines/opponents/variation.py varies it.\n"
    )
    print(
        f"{'entry':36} {'rating':>6} {'colour':6} {'varied by':10} {'tries':>5} "
        f"{'deviations':>10} {'median move':>11}"
    )
    _, human = await chess.engine.popen_uci(str(stockfish))
    passed = deviations = 0
    try:
        await human.configure(HUMAN)
        for index, entry in enumerate(entries):
            playing = as_calibrated(entry, MOVETIME)
            colour = chess.WHITE if index % 2 == 0 else chess.BLACK
            recorded = await record_game(playing, colour, human, args.moves)
            found = [
                number
                for _ in range(args.tries)
                if (number := await first_deviation(playing, colour, recorded)) is not None
            ]
            median = f"{statistics.median(found):11.1f}" if found else f"{'-':>11}"
            verdict = "PASS" if len(found) >= needed else "FAIL"
            passed += verdict == "PASS"
            deviations += len(found)
            varied = "by itself" if entry.varies_by_itself else "variation"
            print(
                f"{entry.name:36} {entry.rating:6.0f} {chess.COLOR_NAMES[colour]:6} "
                f"{varied:10} {args.tries:5d} {len(found):10d} {median}  {verdict}",
                flush=True,
            )
    finally:
        await human.quit()
    print(
        f"\ntotal: {passed} of {len(entries)} entries pass (>= {needed} deviations in "
        f"{args.tries} replays); {deviations} of {len(entries) * args.tries} replays deviate"
    )


if __name__ == "__main__":
    asyncio.run(main())
