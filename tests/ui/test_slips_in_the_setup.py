"""The slips a club player found on the setup screen (issue 28): the Clock line that went
stale, the informative band read without colour, and a remembered opponent moved without a
word. A real ledger and the real pool of fast Stockfish opponents."""

from __future__ import annotations

from textual.widgets import Input

from profiles.ledger.ledger import Ledger
from profiles.setup import Setup
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import record_game
from tests.ui.driving import SIZE, screen_text, shown, start_game, type_custom, wait_until


async def test_the_clock_line_follows_the_custom_field_and_none_starts_as_suggested(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """After 1+0 was changed to 3+2.5 the line still said 1+0; the refusal suggested none,
    and none was then refused with "press Enter"."""
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await type_custom(pilot, "1+0")
        assert "Clock: 1+0 · Rated in Bullet" in shown(app, "#time-control")
        await type_custom(pilot, "3+2.5")
        line = shown(app, "#time-control")
        assert "1+0" not in line and "'3+2.5' is not a time control yet" in line
        await pilot.press("f5")
        await pilot.pause()
        refusal = shown(app, "#time-control-error")
        assert "Not started" in refusal and "'none'" in refusal
        await type_custom(pilot, "none")
        assert "Clock: none" in shown(app, "#time-control")
        assert app.screen.query_one("#custom", Input).value == "none"
        screen = await start_game(pilot)
        assert isinstance(app.screen, GameScreen)
        assert screen.game.time_control.untimed
        await wait_until(pilot, lambda: bool(ledger.games(profile.id)))


async def test_the_informative_band_reads_without_colour(app: RatedPlayApp, ledger: Ledger) -> None:
    """The band within 400 of the player was drawn in a colour alone."""
    profile = ledger.create_profile("Magnus")
    for score in (1.0, 0.0, 1.0):
        record_game(ledger, profile, score, moves=["e4"], opponent_rating=1200)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slider = app.screen.query_one(StrengthSlider)
        assert slider.informative is not None
        slider.value = sum(slider.informative) / 2
        await pilot.pause()
        [row] = [line for line in screen_text(app) if "●" in line]
        track = row[slider.content_region.x : slider.content_region.right]
        assert track.count("[") == 1 and track.count("]") == 1
        start, end = track.index("["), track.index("]")
        width = len(track) - 1
        low, high = slider.informative
        for edge, value in ((start, low), (end, high)):
            at = round((value - slider.low) / (slider.high - slider.low) * width)
            assert edge == max(0, min(width, at)), "where the band ends, or the track does"
        assert start < track.index("●") < end


async def test_a_remembered_opponent_moved_by_the_results_is_said_why(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """On relaunch the remembered opponent moved (1134 to 722 after three losses) without a
    word; then the word named a figure ("your results now (1215)") it did not explain."""
    profile = ledger.create_profile("Magnus")
    for _ in range(3):
        record_game(ledger, profile, 0.0, moves=["e4"], opponent_rating=700)
    ledger.save_setup(profile.id, Setup(strength=1500.0, time_control="300+3", doubling=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slider = app.screen.query_one(StrengthSlider)
        assert slider.value < 1500
        said = " ".join(shown(app, "#opponent").split())
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        estimate = screen.estimate()
        assert estimate is not None
        # The figure is said for what it is: "your results now (1215)" explained nothing.
        assert (
            "Your last choice, 1500, is more than 400 above what your first 3 games performed "
            f"at, {estimate:.0f}, where" in said
        )
        slider.focus()
        await pilot.press("right")
        await pilot.pause()
        assert "Your last choice" not in shown(app, "#opponent"), "said until it is moved"
