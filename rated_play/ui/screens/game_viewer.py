"""One past game, stepped through with the keys: the board (read-only), the moves with the one
on the board highlighted, and the game's headers; ``a`` opens its review.

The game comes through :func:`profiles.player.past_games.past_game`, which refuses it while its
profile has a game on; the analysis goes through the review screen's own gate.
"""

from __future__ import annotations

from typing import ClassVar

import chess
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from profiles.errors import printable
from profiles.laws.endings import side_name
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.player.card import money
from profiles.player.past_games import PastGame
from rated_play.ui.messages import ReviewWanted
from rated_play.ui.screens.stepping import SteppedGameScreen, ending_text
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.move_list import MoveList, numbered_line
from rated_play.ui.widgets.title_bar import TitleBar


def headers_text(game: PastGame, player: str) -> str:
    """Who played whom, when, at what, and how it ended, as the PGN's headers say it."""
    record = game.record
    opponent = printable(record.against(record.opponent_rating))
    white, black = (player, opponent) if record.player_color == chess.WHITE else (opponent, player)
    clock = TimeControl.from_pgn(record.time_control)
    when = record.started_at.astimezone().strftime("%Y-%m-%d %H:%M")
    today = record.opponent_rating_today
    rerated = (
        f"\nThe opponent is rated {today:.0f} today; ratings use that."
        if round(today) != round(record.opponent_rating)
        else ""
    )
    stake = f" · stake {money(record.stake)}" if record.stake else ""
    return (
        f"{side_name(chess.WHITE)}: {white}\n{side_name(chess.BLACK)}: {black}\n"
        f"{clock.label} · {when} · game {record.number}\n"
        f"{ending_text(record)}{stake}{rerated}"
    )


class GameViewerScreen(SteppedGameScreen):
    CSS_PATH = "game_viewer.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "analyse", "Analyse")]

    def __init__(self, ledger: Ledger, game_id: int, player: str) -> None:
        super().__init__(ledger, game_id)
        self.player = player

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="viewer"):
            yield self.board_view("viewer-board")
            with Vertical(id="viewer-side"):
                yield Static("", id="viewer-headers", markup=False)
                yield MoveList(id="viewer-moves")
                yield Static("", id="viewer-position", markup=False)
                yield Static("", id="viewer-facts", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = self.named.capitalize()
        if self.game is None:
            self.query_one("#viewer-headers", Static).update(
                f"{self.named.capitalize()} cannot be shown: {self.refusal}."
            )
            return
        self.query_one("#viewer-headers", Static).update(headers_text(self.game, self.player))
        self.show_ply()

    def show_ply(self) -> None:
        self.show_board()
        self.query_one(MoveList).show(self.sans, self.ply)
        total = len(self.sans)
        if not total:
            where = "The game ended before a move was played."
        elif not self.ply:
            where = f"Start position · {total} plies: → to step"
        else:
            move = numbered_line(self.ply, self.sans[self.ply - 1 : self.ply])
            where = f"{move} · ply {self.ply} of {total}"
        self.query_one("#viewer-position", Static).update(where)
        self.query_one("#viewer-facts", Static).update(self.facts_text())

    def action_analyse(self) -> None:
        if self.game is not None:
            # The analysis opens at the move viewed.
            self.app.post_message(ReviewWanted(self.game_id, ply=self.ply))
