"""The calculator, the expected-score table and the leaderboard, driven in a small host app."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Input, RadioButton, Static

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.player.seasons import game_season
from profiles.ratings import GameScore, PlayerStart
from profiles.ratings.elo import FIDE
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.leaderboard import LeaderboardScreen
from rated_play.ui.screens.rating_table import RatingTableScreen
from rated_play.ui.widgets.title_bar import TitleBar
from tests.builders import record_game
from tests.ui.driving import Host


def outcome_of(screen: Screen[None]) -> str:
    return str(screen.query_one("#outcome", Static).render())


async def type_ratings(app: Host, pilot: Pilot[None], rating: str, opponent: str) -> Screen[None]:
    """The calculator with the two ratings typed in, recomputed."""
    screen = app.screen
    assert isinstance(screen, CalculatorScreen)
    screen.query_one("#rating", Input).value = rating
    screen.query_one("#opponent", Input).value = opponent
    await pilot.pause()
    return screen


async def test_calculator_recomputes_as_you_type() -> None:
    """Sudoku Corner's rating rules, Example 4: Grace 1200 (K 40) against Henry 1350: win +28 →
    1228, loss −12; the app's system gives a new player the same K 40."""
    app = Host(CalculatorScreen())
    async with app.run_test() as pilot:
        screen = await type_ratings(app, pilot, "1200", "1350")
        outcome = outcome_of(screen)
        assert "+28" in outcome and "1228" in outcome and "0.297" in outcome
        assert screen.query_one("#k", Input).value == "40"
        await pilot.click("#result-loss")
        await pilot.pause()
        assert screen.query_one("#result-loss", RadioButton).value
        outcome = outcome_of(screen)
        assert "-12" in outcome and "1188" in outcome
        await pilot.click("#plain")
        await pilot.pause()
        screen.query_one("#k", Input).value = ""
        await pilot.pause()
        assert "type a number" in outcome_of(screen)
        await pilot.press("escape")
        assert not isinstance(app.screen, CalculatorScreen)


async def test_calculator_rates_as_the_app_does_and_plain_elo_one_choice_away() -> None:
    """1500 against 166: the app's system counts the 1334 points as 400 (FIDE Handbook B.02,
    8.3.1), expected 0.909, +4 at K 40, as rating the game does; plain Elo counts them all,
    expected 1.000, +0, and a loss costs all of K (32 typed: −32, as ``rated-play calc``)."""
    app = Host(CalculatorScreen())
    async with app.run_test() as pilot:
        screen = await type_ratings(app, pilot, "1500", "166")
        rated = FIDE.rate([GameScore(166, 1.0)], PlayerStart(1500, 0)).rating
        outcome = outcome_of(screen)
        assert "0.909" in outcome and "+4" in outcome and f"{rated:g}" in outcome
        assert str(screen.query_one("#app", RadioButton).label).endswith(FIDE.title)
        await pilot.click("#plain")
        await pilot.pause()
        outcome = outcome_of(screen)
        assert "1.000" in outcome and "+0" in outcome and "1500" in outcome
        screen.query_one("#k", Input).value = "32"
        await pilot.click("#result-loss")
        await pilot.pause()
        assert "-32" in outcome_of(screen) and "1468" in outcome_of(screen)
        assert "Plain Elo: K 32" in str(screen.query_one("#k-reason", Static).render())


async def test_rating_table_rows() -> None:
    """FIDE's table 8.1(b) (FIDE Handbook B.02, used by article 8.55) beside the logistic curve: at
    +400, 0.909 and 0.92."""
    app = Host(RatingTableScreen())
    async with app.run_test() as pilot:
        table = app.screen.query_one("#scores", DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        assert ["+400", "0.909", "0.92"] in rows
        assert ["+0", "0.500", "0.50"] in rows
        await pilot.press("escape")
        assert not isinstance(app.screen, RatingTableScreen)


async def test_leaderboard_shows_the_season(tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path))
    try:
        for name, score in (("Ann", 1.0), ("Bob", 0.0)):
            profile = ledger.create_profile(name)
            record_game(ledger, profile, score, opponent_rating=1200, opponent="engine")
        season = game_season(ledger.games()[0])
        app = Host(LeaderboardScreen(ledger, season))
        async with app.run_test() as pilot:
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            # One game each: the 20-game rule withholds both season ratings.
            assert [table.get_row_at(i)[1:3] for i in range(table.row_count)] == [
                ["Ann", "19 to rated"],
                ["Bob", "19 to rated"],
            ]
            assert "shown after 20 rated games" in str(app.screen.query_one("#season").render())
            # The title bar every screen has: the app's title and this screen's.
            assert str(app.screen.query_one(TitleBar).render()).endswith("Leaderboard")
            # What the footer shows: the month keys, not the standings' own (hidden) scrolling.
            footer = {key: active.binding for key, active in app.screen.active_bindings.items()}
            assert footer["left"].action == "month(-1)" and footer["left"].show
            assert footer["right"].action == "month(1)" and footer["right"].show
            await pilot.press("left")
            await pilot.pause()
            assert not app.screen.query(DataTable)
            await pilot.press("escape")
            assert not isinstance(app.screen, LeaderboardScreen)
    finally:
        ledger.close()
