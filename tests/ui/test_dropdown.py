"""The setup screen's two choices, the profile and the time control, driven as a player drives
them: the keys and clicks of Textual's ``Select``, with the list made only when it opens."""

from __future__ import annotations

from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.setup import DEFAULT_PRESET
from rated_play.ui.widgets.dropdown import Dropdown, DropdownList
from tests.ui.driving import SIZE, shown


async def test_the_time_control_is_chosen_from_its_list_with_the_keys(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Judit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        preset = app.screen.query_one("#preset", Dropdown)
        assert not preset.query(DropdownList), "no list is made before it is opened"
        preset.focus()
        await pilot.press("enter")
        listing = preset.query_one(DropdownList)
        assert listing.has_focus and listing.highlighted == DEFAULT_PRESET

        await pilot.press("down", "enter")
        await pilot.pause()
        assert preset.value == DEFAULT_PRESET + 1
        assert not preset.query(DropdownList) and preset.has_focus
        assert f"Clock: {PRESETS[DEFAULT_PRESET + 1]} ·" in shown(app, "#time-control")

        # Escape closes the list and changes nothing.
        await pilot.press("space", "down", "escape")
        await pilot.pause()
        assert preset.value == DEFAULT_PRESET + 1 and not preset.query(DropdownList)
        assert preset.has_focus

        # Typing jumps to the option that holds what was typed.
        await pilot.press("up", "9", "0", "enter")
        await pilot.pause()
        chosen = PRESETS[preset.value or 0]
        assert str(chosen) == "90+30"
        assert "Classical" in shown(app, "#card")


async def test_a_click_opens_the_list_a_click_chooses_and_a_click_away_closes_it(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Judit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        preset = app.screen.query_one("#preset", Dropdown)
        await pilot.click("#preset")
        assert preset.query(DropdownList)
        await pilot.click("#card")
        await pilot.pause()
        assert not preset.query(DropdownList) and preset.value == DEFAULT_PRESET

        await pilot.click("#preset")
        await pilot.pause()
        listing = preset.query_one(DropdownList)
        await pilot.click(listing, offset=(2, 0))  # the first option: 3+2
        await pilot.pause()
        assert preset.value == 0 and not preset.query(DropdownList)
        assert f"Clock: {PRESETS[0]} ·" in shown(app, "#time-control")


async def test_the_profile_list_offers_every_profile_and_picks_one(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    judit = ledger.create_profile("Judit")
    garry = ledger.create_profile("Garry")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen.query_one("#profile", Dropdown)
        assert picker.value == judit.id and "Judit · Blitz" in shown(app, "#card")
        assert [label for label, _ in picker.options] == ["Judit", "Garry"]
        picker.focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert picker.value == garry.id and "Garry · Blitz" in shown(app, "#card")
