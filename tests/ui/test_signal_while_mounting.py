"""A leaving signal (SIGTERM, SIGHUP) that comes while a screen is being put up ends the app
as a signal does: the ledger as the signal leaves it, exit status 128 + the signal's number,
and no traceback from the screen that was mounting when the app came down around it (the
game's after F5, the result's after a resignation, the review's after ``a``)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable

import pytest
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen

from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.screens.setup import SetupScreen
from tests.ui.driving import SIZE, answer, choose_weakest_opponent, resign, start_game


def signal_as_mounting(
    monkeypatch: pytest.MonkeyPatch, screen: type[Screen[None]], signum: int
) -> None:
    """The signal's handler runs in the event loop while ``screen`` is being put up, as the
    kernel delivered it 0.15 s after F5 or 0.05-0.4 s after a resignation was confirmed."""
    composed = screen.compose

    def signal_then_compose(self: Screen[None]) -> ComposeResult:
        assert isinstance(self.app, RatedPlayApp)
        self.app.leave_on_signal(signum)
        yield from composed(self)

    monkeypatch.setattr(screen, "compose", signal_then_compose)


async def until_ended(app: RatedPlayApp) -> None:
    """Not the pilot's pause, which waits for screens that are going away."""
    async with asyncio.timeout(20):
        while app.is_running:
            await asyncio.sleep(0.05)


async def start(pilot: Pilot[None]) -> None:
    await choose_weakest_opponent(pilot)
    setup = pilot.app.screen
    assert isinstance(setup, SetupScreen)
    # F5's action, without the pilot's wait for the screens to settle: the game starts at
    # once against the scripted opponent, and the app comes down while the pilot waits.
    setup.action_start()


async def resign_at_once(pilot: Pilot[None]) -> None:
    await choose_weakest_opponent(pilot)
    await start_game(pilot)
    await pilot.press("f8")
    await answer(pilot, "Resign")


async def analyse_the_result(pilot: Pilot[None]) -> None:
    await choose_weakest_opponent(pilot)
    await start_game(pilot)
    await resign(pilot)
    result = pilot.app.screen
    assert isinstance(result, ResultScreen)
    result.action_analyse()  # the key "a", without the pilot's wait for the screens to settle


Way = tuple[type[Screen[None]], Callable[[Pilot[None]], Awaitable[None]], GameStatus]
"""The screen the signal comes into, how the player gets there, and how the game stands."""

WAYS: list[Way] = [
    (GameScreen, start, GameStatus.ABANDONED),
    (ResultScreen, resign_at_once, GameStatus.FINISHED),
    (ReviewScreen, analyse_the_result, GameStatus.FINISHED),
]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
@pytest.mark.parametrize("case", WAYS, ids=["game", "result", "review"])
async def test_a_signal_as_a_screen_mounts_ends_the_app_as_a_signal(
    app: RatedPlayApp, ledger: Ledger, monkeypatch: pytest.MonkeyPatch, case: Way, signum: int
) -> None:
    screen, way, status = case
    signal_as_mounting(monkeypatch, screen, signum)
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await way(pilot)
        await until_ended(app)
    assert app.return_code == 128 + signum
    [game] = ledger.games()
    assert game.status is status
