"""The setup remembers each profile's last choices across launches of the app."""

from __future__ import annotations

from textual.widgets import Checkbox

from engines.opponents.pool import Pool
from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import DEFAULT_PRESET, SetupScreen
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.strength import StrengthSlider
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    start_game,
    wait_until,
)


async def test_strength_clock_and_doubling_are_remembered_per_profile(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Judit")
    garry = ledger.create_profile("Garry")
    fifteen = 3
    assert fifteen != DEFAULT_PRESET
    first = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with first.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        weakest = first.screen.query_one(StrengthSlider).value
        first.screen.query_one("#preset", Dropdown).value = fifteen
        first.screen.query_one("#doubling", Checkbox).value = True
        await pilot.pause()
        await start_game(pilot)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(first.screen, ResultScreen))

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SetupScreen)
        assert screen.profile is not None and screen.profile.name == "Judit"
        assert screen.query_one(StrengthSlider).value == weakest
        assert screen.query_one("#preset", Dropdown).value == fifteen
        assert screen.time_control == PRESETS[fifteen]
        assert screen.query_one("#doubling", Checkbox).value
        # Garry never played: his setup is the default one, not Judit's.
        screen.query_one("#profile", Dropdown).value = garry.id
        await pilot.pause()
        assert screen.profile == garry
        assert not screen.query_one("#doubling", Checkbox).value
        assert screen.time_control == PRESETS[DEFAULT_PRESET]
