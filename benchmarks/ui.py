"""How the app feels: start-up to the setup screen, a Tab there, move-to-redraw latency and the
longest frames while the engine thinks, and memory. Run as ``python benchmarks/ui.py``; it prints
figures, it asserts nothing. ``--compare REF`` measures a git ref's tree too (``main``, say),
checked out in a temporary worktree, in rounds taking turns with this tree, and prints the two
side by side.

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

Every frame the game screen draws while the game is on (the player's moves, the engine's, the
clocks' ticks) is timed too, in the CPU time of the thread drawing it, and so is every garbage
collection meanwhile, in a frame or between two (it stops the event loop either way). The
collector is handled as the command line handles it (:func:`rated_play.ui.launch.collect_again`:
what the process made until the first screen is painted is frozen, once a process).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import chess
import chess.engine
from textual.screen import Screen
from textual.widgets import Checkbox, Input
from worktree import HERE, checked_out

from engines.discovery import find_engine
from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import Pool
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.launch import collect_again
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
TABS = 10
"""Tabs pressed at the setup before each game: the focus walked along its controls."""
WATCH_INTERVAL = 0.0005
FRAME_BUDGET_MS = 16.0
"""A frame at 60 Hz."""


@dataclass
class Figures:
    """What one run measured, in seconds (milliseconds once printed)."""

    startups: list[float] = field(default_factory=list)
    tabs: list[float] = field(default_factory=list)
    """CPU seconds of each Tab at the setup screen, from the key to the screen idle again."""
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """Move entered → board redrawn: wall and CPU seconds."""
    frames: list[float] = field(default_factory=list)
    """CPU seconds of each frame of the game screen while the game is on."""
    collections: list[float] = field(default_factory=list)
    """CPU seconds of each garbage collection while a game is on, in a frame or not."""
    peak_app_mib: float = 0.0
    peak_engine_mib: float = 0.0
    load: float = 0.0


class FrameWatch:
    """Times the game screen's frames and the collector's pauses while a game is on.

    A frame is Textual's screen update (``Screen._on_timer_update``: the layout when one is
    due, then the compositor's render of what changed, written to the terminal); timed in
    place, it is neither forced nor delayed.
    """

    def __init__(self, figures: Figures) -> None:
        self.figures = figures
        self.game: GameScreen | None = None
        """The screen of the game on, once its clock has started."""
        self._collection_started = 0.0

    def in_play(self) -> bool:
        return self.game is not None and not self.game.game.is_over

    @contextmanager
    def watching(self) -> Iterator[None]:
        update = Screen._on_timer_update
        watch = self

        def timed_update(screen: Screen[object]) -> None:
            timed = screen is watch.game and watch.in_play()
            started = time.thread_time()
            update(screen)
            if timed:
                watch.figures.frames.append(time.thread_time() - started)

        Screen._on_timer_update = timed_update  # type: ignore[method-assign, assignment]
        gc.callbacks.append(self._collected)
        try:
            yield
        finally:
            gc.callbacks.remove(self._collected)
            Screen._on_timer_update = update  # type: ignore[method-assign]

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._collection_started = time.thread_time()
        elif self.in_play():
            self.figures.collections.append(time.thread_time() - self._collection_started)


def first_paint_once() -> Callable[[], None]:
    """The command line's ``on_first_paint`` for the process's first app only: the real app
    freezes what start-up made once, and the games played after it are collected as usual."""
    done = False

    def first_paint() -> None:
        nonlocal done
        if not done:
            done = True
            collect_again()

    return first_paint


async def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        await asyncio.sleep(WATCH_INTERVAL)


async def play_one_game(
    ledger: Ledger,
    human: chess.engine.Protocol,
    watch: FrameWatch,
    wanted: int,
    first_paint: Callable[[], None],
) -> float:
    """One game (until it ends or enough moves are measured); returns the start-up time."""
    latencies = watch.figures.latencies
    started = time.perf_counter()
    options = AppOptions(handle_signals=False, on_first_paint=first_paint)
    app = RatedPlayApp(ledger, Pool([THINKING]), options)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#card"))
        )
        startup = time.perf_counter() - started
        for _ in range(TABS):
            cpu = time.process_time()
            await pilot.press("tab")  # the focus moves on, and the screen shows where
            watch.figures.tabs.append(time.process_time() - cpu)
        # The engine's own 0.3 s is the thinking measured against; no pace on top of it.
        app.screen.query_one("#believable-thinking", Checkbox).value = False
        await pilot.click("#start")
        await wait_for(lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # A person starts to type once the board is on the screen, and the clock with it.
        await wait_for(lambda: screen.game.clock_started)
        watch.game = screen
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
        watch.game = None
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


async def measure(moves: int) -> Figures:
    """Games against the thinking engine until ``moves`` of the player's are measured."""
    stockfish = find_engine("stockfish")
    assert stockfish is not None, "install stockfish"
    figures = Figures()
    watch = FrameWatch(figures)
    first_paint = first_paint_once()
    _, human = await chess.engine.popen_uci(str(stockfish))
    try:
        with tempfile.TemporaryDirectory() as directory, watch.watching():
            ledger = Ledger.open(DataDirectory(Path(directory)))
            ledger.create_profile("Bench")
            while len(figures.latencies) < moves:
                figures.startups.append(
                    await play_one_game(ledger, human, watch, moves, first_paint)
                )
            ledger.close()
    finally:
        await human.quit()
    figures.peak_app_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures.peak_engine_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    figures.load = os.getloadavg()[0]
    return figures


def merged(runs: list[Figures]) -> Figures:
    """The runs' figures as one: every move, frame and collection; the largest peaks."""
    return Figures(
        startups=[s for run in runs for s in run.startups],
        tabs=[tab for run in runs for tab in run.tabs],
        latencies=[latency for run in runs for latency in run.latencies],
        frames=[frame for run in runs for frame in run.frames],
        collections=[pause for run in runs for pause in run.collections],
        peak_app_mib=max(run.peak_app_mib for run in runs),
        peak_engine_mib=max(run.peak_engine_mib for run in runs),
        load=max(run.load for run in runs),
    )


def spread(seconds: list[float]) -> str:
    if not seconds:
        return "none"
    ms = [s * 1000 for s in seconds]
    return f"p50 {percentile(ms, 0.5):.1f}, p95 {percentile(ms, 0.95):.1f}, max {max(ms):.1f}"


def summary(figures: Figures) -> dict[str, str]:
    """Each figure printed, by what it is (the same labels for every run, so that runs can
    be printed side by side)."""
    wall = [latency for latency, _ in figures.latencies]
    cpu = [spent for _, spent in figures.latencies]
    long_frames = sum(1 for frame in figures.frames if frame * 1000 > FRAME_BUDGET_MS)
    return {
        "start-up to the setup screen (median)": (
            f"{statistics.median(figures.startups) * 1000:.0f} ms"
        ),
        "a Tab at the setup, the app's CPU": f"{spread(figures.tabs)} ({len(figures.tabs)})",
        "move entered → board redrawn, wall": f"{spread(wall)} ({len(wall)} moves)",
        "  the app's CPU time over the same span": spread(cpu),
        "frames while the game is on, CPU": f"{spread(figures.frames)} ({len(figures.frames)})",
        f"  frames over {FRAME_BUDGET_MS:g} ms of CPU": str(long_frames),
        "garbage collections while the game is on": (
            f"{spread(figures.collections)} ({len(figures.collections)})"
        ),
        "peak RSS: app, largest engine process": (
            f"{figures.peak_app_mib:.0f} MiB, {figures.peak_engine_mib:.0f} MiB"
        ),
        "load average (highest seen)": f"{figures.load:.1f} on {os.cpu_count()} cores",
    }


def print_side_by_side(columns: dict[str, Figures]) -> None:
    summaries = {name: summary(figures) for name, figures in columns.items()}
    labels = list(next(iter(summaries.values())))
    label_width = max(len(label) for label in labels)
    widths = {
        name: max(len(name), *(len(value) for value in lines.values()))
        for name, lines in summaries.items()
    }
    header = (f"{name:{widths[name]}}" for name in summaries)
    print("   ".join([" " * label_width, *header]).rstrip())
    for label in labels:
        values = (f"{lines[label]:{widths[name]}}" for name, lines in summaries.items())
        print("   ".join([f"{label:{label_width}}", *values]).rstrip())
    print(f"(milliseconds; target: no frame over {FRAME_BUDGET_MS:g} ms of CPU, a frame at 60 Hz)")


def run_tree(tree: Path, moves: int) -> Figures:
    """This benchmark, on the code of ``tree`` (its rated_play, engines and profiles), in a
    process of its own."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, __file__, "--moves", str(moves), "--json"],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    loaded = Path(answer.pop("loaded_from"))
    assert loaded.is_relative_to(tree.resolve()), f"{loaded} is not the code of {tree}"
    answer["latencies"] = [tuple(latency) for latency in answer["latencies"]]
    return Figures(**answer)


def compare(reference: str, moves: int, rounds: int) -> None:
    """``rounds`` rounds, each measuring this tree and ``reference``'s, taking turns at going
    first, ``moves / rounds`` moves each a round."""
    per_round = max(1, math.ceil(moves / rounds))
    with checked_out(reference) as other:
        trees = {"this tree": HERE, reference: other}
        runs: dict[str, list[Figures]] = {name: [] for name in trees}
        for round_ in range(rounds):
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
            for name in order:
                runs[name].append(run_tree(trees[name], per_round))
            print(f"round {round_ + 1}/{rounds} done", file=sys.stderr)
    print(f"{rounds} rounds, taking turns, {per_round} moves each a round:")
    print_side_by_side({name: merged(figures) for name, figures in runs.items()})


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100, help="player moves to measure")
    parser.add_argument(
        "--compare",
        metavar="REF",
        help="also measure this git ref's tree, in rounds taking turns with this one",
    )
    parser.add_argument("--rounds", type=int, default=4, help="rounds of --compare")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.compare:
        compare(arguments.compare, arguments.moves, arguments.rounds)
        return
    figures = await measure(arguments.moves)
    if arguments.json:
        import rated_play  # noqa: PLC0415

        print(json.dumps({**asdict(figures), "loaded_from": rated_play.__file__}))
    else:
        print_side_by_side({"this tree": figures})


if __name__ == "__main__":
    asyncio.run(main())
