"""An engine's failure reaches the user once, as raised, and stopping an engine's search never
swallows the caller's own cancellation.

The hung engine is the real Stockfish frozen with SIGSTOP, as a deadlock would leave it: alive,
silent, using no CPU. Nothing is faked; the test only chooses the moment the caller is cancelled
(while its search is being stopped), which no engine can be asked to produce.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.engine
import pytest

from engines.calibration.engine_game import play_match_game
from engines.calibration.openings import load_openings
from engines.calibration.roster import Roster
from engines.errors import CalibrationError, EngineUnavailableError
from engines.opponents.engine_player import EngineCrashError, EnginePlayer
from engines.uci.server import serve_uci
from rated_play.cli import build_parser, said
from tests.builders import SHORT_HANG_WINDOW, fast_opponent, shorten_the_hang_window

DEADLINE = 60.0
"""Seconds within which each step ends on a loaded machine (it takes a few)."""


@pytest.fixture(autouse=True)
def _short_hang_window(monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_the_hang_window(monkeypatch)


@contextlib.contextmanager
def _frozen(pid: int | None) -> Iterator[None]:
    """The engine process stopped as a deadlock would leave it, and killed afterwards."""
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):  # closing it has killed it already
            os.kill(pid, signal.SIGKILL)


async def _running_task(coroutine_name: str) -> asyncio.Task[object]:
    """The task of ours running the coroutine function named ``coroutine_name`` (its
    ``__qualname__``), once it has been created."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while loop.time() < deadline:
        for task in asyncio.all_tasks():
            if getattr(task.get_coro(), "__qualname__", None) == coroutine_name:
                return task
        await asyncio.sleep(0.01)
    raise AssertionError(f"no task ran {coroutine_name}")


def _children() -> set[int]:
    """The processes this test process has started and not yet reaped."""
    own = os.getpid()
    children = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text(encoding="ascii").rpartition(")")[2].split()
                if int(stat[1]) == own and stat[0] != "Z":
                    children.add(int(entry.name))
    return children


@pytest.mark.engine
async def test_an_engine_that_hangs_in_a_calibration_game_ends_it_saying_at_which_move() -> None:
    opponent = fast_opponent()
    async with Roster() as roster:
        player = await roster.take(opponent)
        await roster.give_back(player)
        with _frozen(player.pid):
            # The game takes the frozen player back from the roster: it is alive, so kept.
            game = play_match_game(opponent, fast_opponent(100), load_openings()[0], None, roster)
            with pytest.raises(EngineCrashError) as raised:
                await asyncio.wait_for(game, timeout=DEADLINE)
    # The error the game raises is the one the player raised, not a copy with more words.
    assert str(raised.value).startswith(f"{opponent.title} failed at move ")
    assert str(raised.value).endswith(f"used no CPU for {SHORT_HANG_WINDOW:.0f} s while thinking")


@pytest.mark.engine
async def test_a_caller_cancelled_while_a_hung_search_is_stopped_is_cancelled() -> None:
    player = EnginePlayer(fast_opponent())
    await player.start()
    try:
        with _frozen(player.pid):
            caller = asyncio.ensure_future(player.play(chess.Board(), None))
            search = await _running_task(chess.engine.UciProtocol.play.__qualname__)
            # The hang is found, the search is stopped, and while the player waits for it to
            # end, whoever asked for the move is cancelled: that must reach them, not the crash.
            search.add_done_callback(lambda _: caller.cancel())
            await asyncio.wait({caller}, timeout=DEADLINE)
            assert caller.done(), "the player still waits for a search it stopped"
            assert caller.cancelled(), f"the cancellation was lost: {caller.exception()!r}"
    finally:
        await player.close()


@pytest.mark.engine
async def test_a_caller_cancelled_while_its_engines_close_is_cancelled_and_leaves_none() -> None:
    roster = Roster()
    players = [await roster.take(fast_opponent(nodes)) for nodes in (1000, 2000)]
    for player in players:
        await roster.give_back(player)
    pids = [player.pid for player in players]
    with _frozen(pids[0]), _frozen(pids[1]):
        # Neither frozen engine answers "quit": the caller is cancelled while the first is
        # waited for, and both must still be gone when the cancellation reaches it.
        closing = asyncio.ensure_future(roster.close())
        await _running_task(chess.engine.UciProtocol.quit.__qualname__)
        closing.cancel()
        await asyncio.wait({closing}, timeout=DEADLINE)
        assert closing.done(), "closing still waits for an engine that will not quit"
        assert closing.cancelled(), f"the cancellation was lost: {closing.exception()!r}"
        for _ in range(100):  # a killed process takes a moment to be gone
            if not _children() & set(pids):
                break
            await asyncio.sleep(0.05)
        assert not _children() & set(pids), "a closed roster left an engine running"


@pytest.mark.engine
async def test_a_uci_server_cancelled_while_it_stops_a_search_ends_cancelled_and_closed() -> None:
    children_before = _children()
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb") as commands, os.fdopen(write_end, "wb") as typed:
        # A search of a billion nodes: still going when the server is told to quit.
        server = asyncio.ensure_future(
            serve_uci(fast_opponent(nodes=1_000_000_000), commands, output=io.StringIO())
        )
        typed.write(b"go\n")
        typed.flush()
        thinking = await _running_task("UciServer.think")
        thinking.add_done_callback(lambda _: server.cancel())
        typed.write(b"quit\n")
        typed.flush()
        await asyncio.wait({server}, timeout=DEADLINE)
        assert server.done(), "the server still waits for the search it stopped"
        assert server.cancelled(), f"the cancellation was lost: {server.exception()!r}"
    assert _children() <= children_before, "the server left its engine running"


@pytest.mark.parametrize(
    ("command", "advice"),
    [
        (
            ["engines", "calibrate"],
            "the finished games are kept: fix it and run the command again to resume",
        ),
        (["engines", "check"], "run the check again"),
    ],
)
def test_a_command_says_what_to_do_after_an_engine_fails_and_nothing_else(
    command: list[str], advice: str
) -> None:
    args = build_parser().parse_args(command)
    crash = EngineCrashError("Stockfish failed at move 12: the engine process is gone")
    assert said(crash, args) == f"Stockfish failed at move 12: the engine process is gone; {advice}"
    # Errors of other kinds say what to do themselves; before a command is read there is none.
    settings = CalibrationError("--games must be at least 2")
    assert said(settings, args) == "--games must be at least 2"
    assert said(EngineUnavailableError("gone"), None) == "gone"
