"""What the game screen shows at its start: who the opponent is, and that the clock runs."""

from __future__ import annotations

import chess

from engines.pool import Pool
from profiles.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.widgets.clock import ClockView
from tests.ui.conftest import long_named
from tests.ui.driving import wait_until


async def test_the_opponents_colour_and_rating_survive_a_long_name_at_80x24(
    ledger: Ledger,
) -> None:
    ledger.create_profile("Magnus")
    app = RatedPlayApp(ledger, Pool([long_named()]), AppOptions(handle_signals=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")  # the Start button lies below the fold at 80x24
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: bool(screen.query("#opponent-clock")))
        await pilot.pause()
        clock = screen.query_one("#opponent-clock", ClockView)
        assert str(clock.border_title).startswith("Black · 455 · Fairy-Stockfish")
        rated = str(screen.query_one("#rated").render())
        assert "Fairy-Stockfish 11.1 at Skill Level -9 (455)" in rated.replace("\n", " ")
        await wait_until(
            pilot, lambda: "clock is running" in str(screen.query_one("#status").render())
        )
        assert "started with the game" in str(screen.query_one("#status").render())
        assert screen.game.clock.running == chess.WHITE
