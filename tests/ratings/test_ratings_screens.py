"""The calculator, the expected-score table and the leaderboard, driven in a small host app."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Input, RadioButton, Static

from profiles.ledger import Ledger
from profiles.seasons import game_season
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.leaderboard import LeaderboardScreen
from rated_play.ui.screens.rating_table import RatingTableScreen
from rated_play.ui.widgets.title_bar import TitleBar
from tests.ledger_games import record_game


class Host(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


async def test_calculator_recomputes_as_you_type() -> None:
    """Sudoku Corner's rating rules, Example 4: Grace 1200 (K 40) against Henry 1350: win +28 →
    1228, loss −12."""
    app = Host(CalculatorScreen())
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, CalculatorScreen)
        screen.query_one("#rating", Input).value = "1200"
        screen.query_one("#opponent", Input).value = "1350"
        screen.query_one("#k", Input).value = "40"
        await pilot.pause()
        outcome = str(screen.query_one("#outcome", Static).render())
        assert "+28" in outcome and "1228" in outcome and "0.297" in outcome
        await pilot.click("#result-loss")
        await pilot.pause()
        assert screen.query_one("#result-loss", RadioButton).value
        outcome = str(screen.query_one("#outcome", Static).render())
        assert "-12" in outcome and "1188" in outcome
        screen.query_one("#k", Input).value = ""
        await pilot.pause()
        assert "type a number" in str(screen.query_one("#outcome", Static).render())
        await pilot.press("escape")
        assert not isinstance(app.screen, CalculatorScreen)


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
    ledger = Ledger.open(tmp_path / "ledger.sqlite3")
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
