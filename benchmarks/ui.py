"""How the app feels: start-up to the setup screen, move-to-redraw latency while the engine
thinks, and memory. Run as ``python benchmarks/ui.py``; it prints figures, it asserts nothing.

The game is played headless through Textual's test driver against the real Stockfish with a
real thinking budget (so the engine is busy while the board redraws); the player's moves come
from a second Stockfish at depth 1 and are typed in the move box.
"""

from __future__ import annotations

import asyncio
import resource
import statistics
import tempfile
import time
from pathlib import Path

import chess
import chess.engine
from textual.widgets import Input

from engines.discovery import find_engine
from engines.opponent import Opponent, SearchLimit
from engines.pool import Pool
from profiles.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView

PLAYER_MOVES = 30
SIZE = (120, 40)
THINKING = Opponent(
    name="stockfish-bench",
    title="Stockfish (0.3 s a move)",
    command="stockfish",
    rating=2000.0,
    options={"Threads": 1, "Hash": 16},
    search=SearchLimit(movetime=0.3),
)


async def wait_for(condition: object, pilot: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        await pilot.pause(0.001)  # type: ignore[attr-defined]


async def main() -> None:
    stockfish = find_engine("stockfish")
    assert stockfish is not None, "install stockfish"
    with tempfile.TemporaryDirectory() as directory:
        ledger = Ledger.open(Path(directory) / "ledger.sqlite3")
        ledger.create_profile("Bench")
        started = time.perf_counter()
        app = RatedPlayApp(ledger, Pool([THINKING]), AppOptions(handle_signals=False))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(
                lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#card"), pilot
            )
            startup = time.perf_counter() - started
            await pilot.click("#start")
            await wait_for(lambda: isinstance(app.screen, GameScreen), pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            # The game begins (White's clock starts) once the board is drawn, as a person sees.
            await wait_for(lambda: screen.game.clock_started, pilot)
            _, human = await chess.engine.popen_uci(str(stockfish))
            latencies = []
            try:
                for _ in range(PLAYER_MOVES):
                    await wait_for(lambda: screen.game.is_over or screen.game.is_player_turn, pilot)
                    if screen.game.is_over:
                        break
                    board = screen.game.board
                    result = await human.play(board, chess.engine.Limit(depth=1))
                    assert result.move is not None
                    box = screen.query_one("#move-input", Input)
                    box.value = board.san(result.move)
                    view = screen.query_one(BoardView)
                    renders = view.renders
                    entered = time.perf_counter()
                    # Not pilot.press: it waits until every queue is idle, engine reply included.
                    app.simulate_key("enter")
                    await wait_for(lambda v=view, r=renders: v.renders > r, pilot)
                    latencies.append(time.perf_counter() - entered)
            finally:
                await human.quit()
        ledger.close()
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_engines = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"start-up to the setup screen: {startup * 1000:.0f} ms")
    print(
        f"move entered → board redrawn (engine thinking), {len(latencies)} moves: "
        f"median {statistics.median(latencies) * 1000:.1f} ms, "
        f"worst {max(latencies) * 1000:.1f} ms"
    )
    print(f"peak RSS: app {peak_self:.0f} MiB, largest engine process {peak_engines:.0f} MiB")


if __name__ == "__main__":
    asyncio.run(main())
