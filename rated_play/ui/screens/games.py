"""A profile's games, newest first; Enter opens one in the viewer, ``a`` its review.

Reached from the setup screen only, so never while a game is on; the viewer refuses the games
of a profile with a game on in any case (:func:`profiles.player.past_games.past_game`). The list and
its rating column are :func:`profiles.player.past_games.game_lines`.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from profiles.errors import printable
from profiles.laws.endings import side_name
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from profiles.player.past_games import GameLine, ended_words, game_lines, result_words
from profiles.ratings import DEFAULT_SYSTEM, get_system
from rated_play.ui.messages import PastGameWanted, ReviewWanted
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.fitted_table import FittedTable
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.title_bar import TitleBar


def line_cells(line: GameLine) -> tuple[str, ...]:
    record = line.record
    return (
        str(record.number),
        record.started_at.astimezone().strftime("%Y-%m-%d"),
        side_name(record.player_color),
        str(TimeControl.from_pgn(record.time_control)),
        result_words(record),
        ended_words(record),
        line.rating_words,
        f"{record.opponent_rating_today:.0f}",
        printable(record.opponent_short),
    )


LABELS = ("#", "Date", "Colour", "Clock", "Result", "Ended", "Rating", "Opp.", "Opponent")


class GamesScreen(Screen[None]):
    CSS_PATH = "games.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        # Before the table's own Enter, so the footer shows it.
        Binding("enter", "open_game", "Open game", priority=True),
        Binding("a", "review", "Review"),
    ]

    def __init__(self, ledger: Ledger, profile: Profile) -> None:
        super().__init__()
        self.ledger = ledger
        self.profile = profile
        self.lines: list[GameLine] = []

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="games-status", markup=False)
        yield FittedTable(id="games")
        yield Static("", id="games-detail", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Games of {printable(self.profile.name)}"
        self.lines = game_lines(self.ledger, self.profile)
        table = self.query_one(FittedTable)
        table.fill(
            LABELS,
            [line_cells(line) for line in self.lines],
            [str(line.record.id) for line in self.lines],
        )
        system = get_system(DEFAULT_SYSTEM).title
        self.query_one("#games-status", Static).update(
            f"{len(self.lines)} game{'' if len(self.lines) == 1 else 's'}, newest first · "
            f"ratings in {system}"
            if self.lines
            else "No games yet: play a rated game from the setup screen."
        )
        table.focus()

    @on(DataTable.RowHighlighted, "#games")
    def row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The whole of the highlighted game's opponent, which the table may cut."""
        if event.cursor_row < len(self.lines):
            record = self.lines[event.cursor_row].record
            self.query_one("#games-detail", Static).update(
                f"Game {record.number}: {side_name(record.player_color)} against "
                + printable(record.against(record.opponent_rating_today))
            )

    @on(DataTable.RowSelected, "#games")
    def row_chosen(self, event: DataTable.RowSelected) -> None:
        """A row clicked twice (Enter is the binding's)."""
        if event.row_key.value is not None:
            self.open(int(event.row_key.value))

    def action_open_game(self) -> None:
        if self.lines:
            self.open(self.chosen())

    def action_review(self) -> None:
        if self.lines:
            self.app.post_message(ReviewWanted(self.chosen()))

    def chosen(self) -> int:
        """The id of the game the table's cursor is on."""
        return self.lines[self.query_one(FittedTable).cursor_row].record.id

    def open(self, game_id: int) -> None:
        self.app.post_message(PastGameWanted(game_id, self.profile.name))

    def action_back(self) -> None:
        close(self)
