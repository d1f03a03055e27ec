"""Every screen at 80×24, the smallest terminal the app is made for: nothing cut off, and the
state of every tick box and radio button readable without colour."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Checkbox, Footer, RadioButton, Static

from profiles.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.setup import SetupScreen
from tests.ui.driving import wait_until

SMALL = (80, 24)


async def test_the_setup_labels_wrap_and_their_ticks_show_without_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        for box in screen.query(Checkbox):
            painted = " ".join(strip.text for strip in box.render_lines(Region(0, 0, *box.size)))
            assert " ".join(str(box.label).split()) in " ".join(painted.split()), box.id
            assert painted[1] == ("X" if box.value else " "), f"{box.id} reads without colour"
        box = screen.query_one("#doubling", Checkbox)
        was = box.render().plain
        box.value = not box.value
        await pilot.pause()
        assert box.render().plain != was


async def test_the_calculator_fits_and_shows_the_chosen_result_without_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        await pilot.pause()
        screen = app.screen
        outcome = screen.query_one("#outcome", Static)
        assert "New rating" in str(outcome.render())
        footer = screen.query_one(Footer)
        assert outcome.region.bottom <= footer.region.y, "the outcome is above the footer"
        assert screen.query_one("#calculator").region.y >= 0
        marks = {button.id: button.render().plain[1] for button in screen.query(RadioButton)}
        assert marks == {
            "app": "●",
            "plain": " ",
            "result-win": "●",
            "result-draw": " ",
            "result-loss": " ",
        }
