"""Every screen's styles stay on that screen: the result screen is whole after all the others."""

from __future__ import annotations

from textual.widgets import Button, Static

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    start_game,
    wait_until,
)


async def test_the_result_screen_is_whole_after_every_other_screen_was_opened(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The calculator's ``#result`` rule once laid out the result screen's ``#result`` too
    (Textual applies every screen's CSS app-wide) and hid all but its first two lines."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        for key in ("f2", "f3", "f4", "g", "h"):
            app.screen.set_focus(None)  # the letters are keys, not a name being typed
            await pilot.press(key)
            await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        screen = app.screen
        for selector in ("#ending", "#score", "#summary", "#rating", "#archive"):
            widget = screen.query_one(selector, Static)
            assert widget.region.height > 0, f"{selector} is not on the screen"
        assert "19 games until rated" in str(screen.query_one("#rating", Static).render())
        summary = str(screen.query_one("#summary", Static).render())
        assert "the game ended before a move was played" in summary and "plies" not in summary
        button = screen.query_one("#next-game", Button)
        assert button.region.height > 0 and button.region.width > 0
        assert screen.region.contains_region(button.region)
