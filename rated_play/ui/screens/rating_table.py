"""Expected score against rating difference: the logistic curve and FIDE's table 8.1(b) (FIDE
Handbook B.02)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from profiles.ratings.expected import score_table
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.title_bar import TitleBar


class RatingTableScreen(Screen[None]):
    CSS_PATH = "rating_table.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("Expected score by rating difference (you − opponent)", classes="title")
        yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Expected scores"
        table = self.query_one("#scores", DataTable)
        table.add_columns("Difference", "Expected", "FIDE table")
        for difference, logistic, fide in score_table():
            table.add_row(f"{difference:+d}", f"{logistic:.3f}", f"{fide:.2f}")
        table.move_cursor(row=len(score_table()) // 2)

    def action_close(self) -> None:
        close(self)
