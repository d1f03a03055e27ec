"""A gauntlet worker keeps its engines between games: real engines, real games."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from engines.calibration.engine_game import play_match_game
from engines.calibration.openings import load_openings
from engines.calibration.roster import Roster
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool

pytestmark = pytest.mark.engine
"""Every test here runs a real engine (or a tool scripts/setup --test installs)."""


def _entry(name: str) -> Opponent:
    return load_pool().get(name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A quit engine may linger as a zombie until it is reaped; a zombie is not running.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"


async def test_games_through_a_roster_reuse_the_engines_and_close_the_longest_idle() -> None:
    weak, strong = _entry("stockfish-nodes-1"), _entry("stockfish-nodes-300")
    opening = load_openings()[0]
    async with Roster(capacity=2) as roster:
        first = await play_match_game(weak, strong, opening, None, roster)
        weak_player = await roster.take(weak)
        pid = weak_player.pid
        await roster.give_back(weak_player)
        second = await play_match_game(strong, weak, opening, None, roster)
        strong_player = await roster.take(strong)
        strong_pid = strong_player.pid
        await roster.give_back(strong_player)
        again = await roster.take(weak)
        assert again.pid == pid  # the same process played both games
        await roster.give_back(again)
        # A third entry leaves room for two: the longest idle (the strong one) is closed.
        third = await roster.take(_entry("stockfish-nodes-600"))
        await roster.give_back(third)
        assert pid is not None and _alive(pid)
        assert strong_pid is not None and not _alive(strong_pid)
    assert not _alive(pid)
    for game in (first, second):
        assert game.headers["Result"] in {"1-0", "0-1", "1/2-1/2"}
        assert game.end().board().is_valid()


async def test_an_engine_that_died_while_idle_is_replaced() -> None:
    weak, strong = _entry("stockfish-nodes-1"), _entry("stockfish-nodes-300")
    async with Roster() as roster:
        player = await roster.take(weak)
        await roster.give_back(player)
        assert player.pid is not None
        os.kill(player.pid, signal.SIGKILL)
        while player.running:  # the event loop learns of the death
            await asyncio.sleep(0.01)
        game = await play_match_game(weak, strong, load_openings()[0], None, roster)
        assert game.headers["Result"] in {"1-0", "0-1", "1/2-1/2"}
        fresh = await roster.take(weak)
        assert fresh is not player and fresh.running
        await roster.give_back(fresh)
