"""How long the analysis of a 40-move game takes at the default depth, against its budget of
20 seconds, and how long the second look (read from the ledger) takes; then how long the review
screen takes to open on a game already analysed, against its budget of 0.3 seconds.

The game is played here: Stockfish against itself at a few thousand nodes a move, both sides
varying their node budget, until 80 plies (a game that ends sooner is played again). It is
written to a temporary ledger as a finished game and analysed through the same call the command
and the result screen use. It prints figures; it asserts nothing.

The review is opened headless through Textual's test driver at 120×40, as the games list opens
it: the time runs from pushing the screen to the end of the frame that draws the evaluation graph
(the analysis shown).

Run: .venv/bin/python benchmarks/analysis.py [--runs N] [--depth D] [--plies N] [--reviews N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import chess
import chess.engine

from engines.discovery import find_engine
from engines.evaluation import DEPTH, MOVE_TIME_CAP, AnalysisLimit
from engines.opponents.pool import load_pool
from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.session.review import analyse_game
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.widgets.eval_graph import EvalGraph

BUDGET = 20.0
"""Seconds the analysis of a 40-move game may take (issue 11)."""


async def play_game(plies: int) -> list[chess.Move]:
    path = find_engine("stockfish")
    assert path is not None, "install the Debian package 'stockfish'"
    _, engine = await chess.engine.popen_uci(str(path))
    await engine.configure({"Threads": 1, "Hash": 16})
    try:
        while True:
            board = chess.Board()
            while len(board.move_stack) < plies and board.outcome(claim_draw=True) is None:
                limit = chess.engine.Limit(nodes=random.randint(2000, 6000))
                result = await engine.play(board, limit)
                assert result.move is not None
                board.push(result.move)
            if len(board.move_stack) == plies:
                return board.move_stack
    finally:
        await engine.quit()


def record(ledger: Ledger, moves: list[chess.Move]) -> int:
    profiles = ledger.profiles()
    profile = profiles[0] if profiles else ledger.create_profile("Benchmark")
    game = ledger.open_game(
        profile,
        opponent_name="sf",
        opponent_title="Stockfish",
        opponent_rating=1500,
        time_control=TimeControl.parse("5+3"),
        rating_before=None,
    )
    for ply, move in enumerate(moves, start=1):
        ledger.record_move(game.id, ply, move.uci(), None)
    drawn = GameResult(Ending(Termination.DRAW_AGREED, None), game.player_color)
    ledger.close_game(game.id, drawn, pgn="", rating_after=None)
    return game.id


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="games analysed (default 3)")
    parser.add_argument("--depth", type=int, default=DEPTH, help=f"default {DEPTH}")
    parser.add_argument("--plies", type=int, default=80, help="plies a game (default 80)")
    parser.add_argument(
        "--time-cap", type=float, default=MOVE_TIME_CAP, help="seconds a position at most"
    )
    parser.add_argument("--reviews", type=int, default=10, help="reviews opened (default 10)")
    args = parser.parse_args()
    limit = AnalysisLimit(depth=args.depth, time_cap=args.time_cap)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print(f"depth {limit.depth}, at most {limit.time_cap} s a position, budget {BUDGET:.0f} s")
    firsts, seconds = [], []
    with tempfile.TemporaryDirectory() as directory:
        ledger = Ledger.open(DataDirectory(Path(directory)))
        try:
            for run in range(1, args.runs + 1):
                game_id = record(ledger, await play_game(args.plies))
                start = time.perf_counter()
                analysis = await analyse_game(ledger, game_id, limit=limit)
                first = time.perf_counter() - start
                start = time.perf_counter()
                await analyse_game(ledger, game_id, limit=limit)
                second = time.perf_counter() - start
                firsts.append(first)
                seconds.append(second)
                marks = len(analysis.marks)
                print(
                    f"game {run}: {len(analysis.moves)} plies analysed in {first:.1f} s "
                    f"({first / BUDGET:.0%} of the budget), {marks} marks; "
                    f"second look {second * 1000:.1f} ms"
                )
        finally:
            ledger.close()
    worst = max(firsts)
    print(
        f"analysis: median {statistics.median(firsts):.1f} s, worst {worst:.1f} s = "
        f"{worst / BUDGET:.2f} × the {BUDGET:.0f} s budget; second look at most "
        f"{max(seconds) * 1000:.1f} ms"
    )

    await review_opening(args.reviews, args.plies)


REVIEW_BUDGET = 0.3
"""Seconds from opening the review of an analysed game to its analysis on the screen."""


async def review_opening(runs: int, plies: int) -> None:
    """The review of a game already analysed, opened ``runs`` times."""
    with tempfile.TemporaryDirectory() as directory:
        ledger = Ledger.open(DataDirectory(Path(directory)))
        try:
            game_id = record(ledger, await play_game(plies))
            await analyse_game(ledger, game_id)
            app = RatedPlayApp(ledger, load_pool(), AppOptions(handle_signals=False))
            times: list[float] = []
            async with app.run_test(size=(120, 40)) as pilot:
                for _ in range(runs):
                    start = time.perf_counter()
                    screen = ReviewScreen(ledger, game_id)
                    await app.push_screen(screen)
                    graph = screen.query_one(EvalGraph)
                    # Drawn in the frame that shows the analysis; the watcher only sleeps.
                    while not graph.drawn:
                        await asyncio.sleep(0.0005)
                    times.append(time.perf_counter() - start)
                    app.pop_screen()
                    await pilot.pause()
        finally:
            ledger.close()
    worst = max(times)
    print(
        f"review of an analysed {plies}-ply game opened: median "
        f"{statistics.median(times) * 1000:.0f} ms, worst {worst * 1000:.0f} ms = "
        f"{worst / REVIEW_BUDGET:.2f} × the {REVIEW_BUDGET} s budget ({runs} opened)"
    )


if __name__ == "__main__":
    asyncio.run(main())
