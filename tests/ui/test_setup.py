"""The setup screen: profiles, the profile card, the strength slider and the time controls."""

from __future__ import annotations

import chess
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.leaderboard import LeaderboardScreen
from rated_play.ui.screens.rating_table import RatingTableScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import contrast_ratio
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.profile_card import ProfileCardView
from rated_play.ui.widgets.strength import StrengthSlider
from tests.ui.driving import SIZE, shown


async def submit(app: RatedPlayApp, pilot: Pilot[None], selector: str, text: str) -> None:
    box = app.screen.query_one(selector, Input)
    box.focus()
    box.value = text
    await pilot.press("enter")


async def test_profiles_are_created_and_bad_names_explained(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        assert "Pick a profile" in shown(app, "#card")
        await pilot.click("#start")
        assert "Pick a profile or create one" in shown(app, "#profile-error")

        for name, says in (("   ", "needs a name"), ("x" * 41, "at most 40")):
            await submit(app, pilot, "#new-profile", name)
            assert says in shown(app, "#profile-error")
        assert ledger.profiles() == []

        await submit(app, pilot, "#new-profile", "Judit [GM]")
        assert shown(app, "#profile-error") == ""
        card = shown(app, "#card")
        assert "Judit [GM] · Blitz" in card
        assert "Provisional: 0 of 20 games" in card
        assert "Won 0 · Drawn 0 · Lost 0\nScore – · Purse $1,000" in card
        assert "You play White this game" in card

        await submit(app, pilot, "#new-profile", "judit [gm]")
        assert "exists already" in shown(app, "#profile-error")
        assert [p.name for p in ledger.profiles()] == ["Judit [GM]"]

        await submit(app, pilot, "#new-profile", "Garry")
        assert "Garry" in shown(app, "#card")
        app.screen.query_one("#profile", Dropdown).value = ledger.profile("Judit [GM]").id
        await pilot.pause()
        assert "Judit [GM]" in shown(app, "#card")


async def test_the_card_follows_the_ledger_and_the_time_class(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    profile = ledger.create_profile("Magnus")
    ledger.open_game(
        profile,
        opponent_name="x",
        opponent_title="X",
        opponent_rating=1500,
        time_control=PRESETS[0],
        rating_before=None,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        card = shown(app, "#card")
        assert "You play Black this game" in card, "the pending game took White"
        assert ledger.next_color(profile.id) == chess.BLACK


async def test_custom_time_controls_and_their_errors(app: RatedPlayApp, ledger: Ledger) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "5+3 · Rated in Blitz" in shown(app, "#time-control")

        await submit(app, pilot, "#custom", "15+0")
        assert "15+0 · Rated in Rapid" in shown(app, "#time-control")
        assert "Rapid" in shown(app, "#card")

        for text, says in (
            ("abc", "is not a time control"),
            ("0+5", "no time on the clock"),
            ("5+900", "at most 600 seconds"),
        ):
            await submit(app, pilot, "#custom", text)
            assert says in shown(app, "#time-control-error"), text
            assert str(screen.time_control) == "15+0", "nothing changes"
            # The line says what the field holds, never the clock chosen before it.
            assert f"Clock: {text!r} is not a time control yet" in shown(app, "#time-control")

        await submit(app, pilot, "#custom", "90+30")
        assert shown(app, "#time-control-error") == ""
        assert screen.query_one("#preset", Dropdown).value == 5, "a preset typed is the preset"
        assert "Classical" in shown(app, "#card")

        await pilot.click("#no-clock")
        clock_line = "Clock: none · Rated in its own class"
        assert shown(app, "#time-control") == clock_line
        assert "No clock" in shown(app, "#card")
        assert screen.time_control.untimed
        await pilot.click("#no-clock")
        assert str(screen.time_control) == "90+30", "the clock chosen before comes back"


async def test_the_slider_shows_the_nearest_opponent_and_unleashed_the_strongest(
    app: RatedPlayApp,
) -> None:
    """Each opponent's title is its engine's own setting, its number the calibration's
    measurement (or a guess), and the line says which is which."""
    async with app.run_test(size=SIZE) as pilot:
        slider = app.screen.query_one(StrengthSlider)
        slider.focus()
        await pilot.press("home")
        assert "Stockfish (50 nodes) (engine setting): measured 700 ± 60" in shown(app, "#opponent")
        await pilot.press("right", "right", "right", "right")
        assert slider.value == 800
        assert "Stockfish (skill 0) (engine setting): measured 800 ± 80" in shown(app, "#opponent")
        await pilot.press("end")
        assert "Stockfish (20000 nodes) (engine setting): 1500, not measured" in shown(
            app, "#opponent"
        )

        await pilot.press("home")
        await pilot.click("#unleashed")
        assert app.screen.query_one("#unleashed", Checkbox).value
        assert slider.disabled
        assert "Stockfish (20000 nodes) (engine setting): ≈1500, not measured" in shown(
            app, "#opponent"
        )
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.opponent.name == "stockfish-nodes-20000"


async def test_the_other_screens_open_from_setup(app: RatedPlayApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        for key, screen_type in (
            ("f2", CalculatorScreen),
            ("f3", RatingTableScreen),
            ("f4", LeaderboardScreen),
        ):
            await pilot.press(key)
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            assert isinstance(app.screen, SetupScreen)
        assert isinstance(app.screen.query_one("#card"), ProfileCardView)


async def test_the_calculator_opens_on_the_game_to_be_played(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """It once opened at 1500 v 1500 with K 32, while the app rates with FIDE's 40/20/10: now
    it has the chosen opponent and, for a player with no rating yet, says which of the first
    20 games this is instead of a change no K gives them (see tests/ui/test_calculator.py)."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one(StrengthSlider).focus()
        await pilot.press("home")
        await pilot.press("f2")
        screen = app.screen
        assert isinstance(screen, CalculatorScreen)
        assert screen.query_one("#opponent", Input).value == "700"
        assert screen.query_one("#rating", Input).value == "1500"
        await pilot.pause()
        outcome = str(screen.query_one("#outcome").render())
        assert outcome.startswith("Whatever the result, this is game 1 of 20.")
        assert "New rating" not in outcome


async def test_the_name_box_with_the_focus_stands_out_and_a_name_typed_past_it_is_kept(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """A first run: the name box had the focus but looked like every other box (background
    235 against 234), a Tab put the focus on Create, "Walker" went nowhere and Enter said
    the profile needed a name."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        name_box = app.screen.query_one("#new-profile", Input)
        custom = app.screen.query_one("#custom", Input)
        assert app.focused is name_box
        focused, blurred = name_box.rich_style, custom.rich_style
        assert focused.bgcolor is not None and blurred.bgcolor is not None
        assert focused.color is not None
        # WCAG 2.2, 2.4.13 Focus Appearance: 3:1 between the focused and unfocused states.
        assert contrast_ratio(focused.bgcolor, blurred.bgcolor) >= 3
        assert contrast_ratio(focused.color, focused.bgcolor) >= 4.5, "the name stays legible"

        await pilot.press("W", "tab", *"alker", "space", *"Hugh")  # g, h: no screen's keys
        assert name_box.value == "Walker Hugh"
        assert app.focused is name_box
        await pilot.press("tab", "enter")  # Enter on Create
        assert [profile.name for profile in ledger.profiles()] == ["Walker Hugh"]
