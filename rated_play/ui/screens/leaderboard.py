"""The season leaderboard (Sudoku Corner's rating rules: a season a month): this month's standings
of every profile, per class."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from profiles.errors import printable
from profiles.ledger.ledger import Ledger
from profiles.player.seasons import SEASON_SYSTEM_TITLE, Season, leaderboard
from profiles.ratings.visibility import PROVISIONAL_GAMES
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.title_bar import TitleBar


class LeaderboardScreen(Screen[None]):
    CSS_PATH = "leaderboard.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape", "close", "Close"),
        # Priority: the focused standings scroll binds ←/→ too (hidden), which took the month
        # keys out of the footer although they still worked.
        Binding("left", "month(-1)", "Previous month", priority=True),
        Binding("right", "month(1)", "Next month", priority=True),
    ]

    def __init__(self, ledger: Ledger, season: Season | None = None) -> None:
        super().__init__()
        self.ledger = ledger
        self.season = season or Season.current()

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="season", classes="title")
        yield VerticalScroll(id="standings")
        yield KeysFooter()

    async def on_mount(self) -> None:
        self.sub_title = "Leaderboard"
        await self.show_season()

    async def show_season(self) -> None:
        self.query_one("#season", Static).update(
            f"Season {self.season} · {SEASON_SYSTEM_TITLE} · "
            f"shown after {PROVISIONAL_GAMES} rated games"
        )
        standings = self.query_one("#standings", VerticalScroll)
        await standings.remove_children()
        table_by_class = leaderboard(self.ledger, self.season)
        if not table_by_class:
            await standings.mount(Static(f"No rated games in {self.season}.", classes="empty"))
            return
        for time_class, rows in table_by_class.items():
            table: DataTable[str] = DataTable(cursor_type="none", zebra_stripes=True)
            table.add_columns("#", "Profile", "Rating", "Games", "+", "=", "−")
            for rank, s in enumerate(rows, start=1):
                table.add_row(
                    str(rank), printable(s.profile), s.shown, str(s.games),
                    str(s.wins), str(s.draws), str(s.losses),
                )  # fmt: skip
            await standings.mount(Static(time_class.label, classes="division"), table)

    async def action_month(self, step: int) -> None:
        self.season = self.season.shifted(step)
        await self.show_season()

    def action_close(self) -> None:
        close(self)
