"""How the app feels: start-up to the setup screen, move-to-redraw latency while the engine
thinks, and memory. Run as ``python benchmarks/ui.py``; it prints figures, it asserts nothing.

Games are played headless through Textual's test driver against the real Stockfish with a
real thinking budget (so the engine is busy while the board redraws); the player's moves come
from a second Stockfish at depth 1 and are typed in the move box, then entered a moment later,
as a person's Enter comes after their last keystroke has been drawn.

The latency runs from the Enter key to the end of the first frame that draws the new position
(the frame is drawn synchronously, so a watcher that wakes every half millisecond sees the
board's count go up only once the frame is done). The watcher only sleeps: it must not force
frames or walk the widgets, which would change what it measures. Beside the wall time it
prints the process's CPU time over the same span: on a machine busy with other work the wall
time is mostly waiting for a core, the CPU time is what the app itself spends.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess
import chess.engine
from textual.widgets import Checkbox, Input

from engines.discovery import find_engine
from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import Pool
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView

SIZE = (120, 40)
THINKING = Opponent(
    name="stockfish-bench",
    title="Stockfish (0.3 s a move)",
    command="stockfish",
    rating=2000.0,
    options={"Threads": 1, "Hash": 16},
    search=SearchLimit(movetime=0.3),
)
TYPING_GAP = 0.1
"""Seconds between the last character of a move and Enter: a quick typist's rhythm."""
WATCH_INTERVAL = 0.0005


async def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        await asyncio.sleep(WATCH_INTERVAL)


async def play_one_game(
    ledger: Ledger,
    human: chess.engine.Protocol,
    latencies: list[tuple[float, float]],
    wanted: int,
) -> float:
    """One game (until it ends or enough moves are measured); returns the start-up time."""
    started = time.perf_counter()
    app = RatedPlayApp(ledger, Pool([THINKING]), AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#card"))
        )
        startup = time.perf_counter() - started
        # The engine's own 0.3 s is the thinking measured against; no pace on top of it.
        app.screen.query_one("#believable-thinking", Checkbox).value = False
        await pilot.click("#start")
        await wait_for(lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # A person starts to type once the board is on the screen, and the clock with it.
        await wait_for(lambda: screen.game.clock_started)
        while len(latencies) < wanted:
            await wait_for(lambda: screen.game.is_over or screen.game.is_player_turn)
            if screen.game.is_over:
                # Leaving while the result screen arrives races Textual's header.
                await wait_for(lambda: isinstance(app.screen, ResultScreen))
                await pilot.pause()
                break
            latency = await enter_move(app, screen, human)
            if latency is not None:
                latencies.append(latency)
    return startup


async def enter_move(
    app: RatedPlayApp, screen: GameScreen, human: chess.engine.Protocol
) -> tuple[float, float] | None:
    """Type the human's move, press Enter, and time it until the board shows it: wall and
    CPU seconds (None when the move ends the game: the result screen comes instead)."""
    board = screen.game.board
    result = await human.play(board, chess.engine.Limit(depth=1))
    assert result.move is not None
    screen.query_one("#move-input", Input).value = board.san(result.move)
    await asyncio.sleep(TYPING_GAP)
    view = screen.query_one(BoardView)
    renders = view.renders
    entered, cpu = time.perf_counter(), time.process_time()
    # Not pilot.press: it waits until every queue is idle, engine reply included.
    app.simulate_key("enter")
    await wait_for(lambda: view.renders > renders or screen.game.is_over)
    if view.renders == renders:
        return None
    return time.perf_counter() - entered, time.process_time() - cpu


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at or above ``share`` of them."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100, help="player moves to measure")
    arguments = parser.parse_args()
    stockfish = find_engine("stockfish")
    assert stockfish is not None, "install stockfish"
    latencies: list[tuple[float, float]] = []
    startups: list[float] = []
    _, human = await chess.engine.popen_uci(str(stockfish))
    try:
        with tempfile.TemporaryDirectory() as directory:
            ledger = Ledger.open(DataDirectory(Path(directory)))
            ledger.create_profile("Bench")
            while len(latencies) < arguments.moves:
                startups.append(await play_one_game(ledger, human, latencies, arguments.moves))
            ledger.close()
    finally:
        await human.quit()
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_engines = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    wall = [latency * 1000 for latency, _ in latencies]
    cpu = [spent * 1000 for _, spent in latencies]
    print(f"start-up to the setup screen: {statistics.median(startups) * 1000:.0f} ms (median)")
    print(
        f"move entered → board redrawn (engine thinking), {len(wall)} moves: "
        f"p50 {percentile(wall, 0.5):.1f} ms, p95 {percentile(wall, 0.95):.1f} ms, "
        f"max {max(wall):.1f} ms (target: p95 ≤ 16 ms, a frame at 60 Hz)"
    )
    print(
        f"  the app's CPU time over the same span: p50 {percentile(cpu, 0.5):.1f} ms, "
        f"p95 {percentile(cpu, 0.95):.1f} ms, max {max(cpu):.1f} ms "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    print(f"peak RSS: app {peak_self:.0f} MiB, largest engine process {peak_engines:.0f} MiB")


if __name__ == "__main__":
    asyncio.run(main())
