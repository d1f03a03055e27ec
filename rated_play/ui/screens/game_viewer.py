"""One past game, stepped through with the keys: the board (read-only), the moves with the one
on the board highlighted, and the game's headers; ``a`` opens its analysis.

The game comes through :func:`profiles.past_games.past_game`, which refuses it while its
profile has a game on; the analysis goes through the analysis screen's own gate.
"""

from __future__ import annotations

from typing import ClassVar

import chess
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from profiles.card import money
from profiles.errors import UserError, printable
from profiles.ledger import Ledger
from profiles.past_games import PastGame, past_game, result_words
from profiles.time_control import TimeControl
from rated_play.ui.screens.analysis import AnalysisScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.move_list import MoveList
from rated_play.ui.widgets.title_bar import TitleBar


def headers_text(game: PastGame, player: str) -> str:
    """Who played whom, when, at what, and how it ended, as the PGN's headers say it."""
    record = game.record
    opponent = f"{printable(record.opponent_title)} ({record.opponent_rating:.0f})"
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
        f"White: {white}\nBlack: {black}\n"
        f"{clock.label} · {when} · game {record.id}\n"
        f"{record.result} · {result_words(record)} · {record.termination}{stake}{rerated}"
    )


class GameViewerScreen(Screen[None]):
    CSS_PATH = "game_viewer.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Close"),
        Binding("left", "step(-1)", "Previous"),
        Binding("right", "step(1)", "Next"),
        Binding("up", "step(-2)", "Back a full move", show=False),
        Binding("down", "step(2)", "On a full move", show=False),
        Binding("home", "go_to(0)", "Start"),
        Binding("end", "go_to(-1)", "End"),
        Binding("a", "analyse", "Analyse"),
    ]

    def __init__(
        self, ledger: Ledger, game_id: int, player: str, *, ascii_pieces: bool = False
    ) -> None:
        super().__init__()
        self.ledger = ledger
        self.game_id = game_id
        self.player = player
        self.ascii_pieces = ascii_pieces
        self.game: PastGame | None = None
        self.refusal = ""
        try:
            self.game = past_game(ledger, game_id)
        except UserError as error:  # a game on, or a damaged ledger: said on the screen
            self.refusal = printable(error)
        self.sans = [] if self.game is None else self.game.sans()
        self.ply = len(self.sans)
        """How many moves are on the board: 0 is the starting position."""

    def compose(self) -> ComposeResult:
        color = chess.WHITE if self.game is None else self.game.record.player_color
        yield TitleBar()
        with Horizontal(id="viewer"):
            yield BoardView(orientation=color, ascii_pieces=self.ascii_pieces, id="viewer-board")
            with Vertical(id="viewer-side"):
                yield Static("", id="viewer-headers", markup=False)
                yield MoveList(id="viewer-moves")
                yield Static("", id="viewer-position", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Game {self.game_id}"
        if self.game is None:
            self.query_one("#viewer-headers", Static).update(
                f"Game {self.game_id} cannot be shown: {self.refusal}."
            )
            return
        self.query_one("#viewer-headers", Static).update(headers_text(self.game, self.player))
        self.show_ply()

    def show_ply(self) -> None:
        assert self.game is not None
        board = self.game.board_after(self.ply)
        last = self.game.moves[self.ply - 1] if self.ply else None
        self.query_one(BoardView).show(board, last, interactive=False)
        self.query_one(MoveList).show(self.sans, self.ply)
        total = len(self.sans)
        if not total:
            where = "The game ended before a move was played."
        elif not self.ply:
            where = f"Start position · {total} plies: → to step"
        else:
            number = (self.ply + 1) // 2
            san = self.sans[self.ply - 1]
            move = f"{number}. {san}" if self.ply % 2 else f"{number}… {san}"
            where = f"{move} · ply {self.ply} of {total}"
        self.query_one("#viewer-position", Static).update(where)

    def action_step(self, plies: int) -> None:
        self.action_go_to(max(0, min(len(self.sans), self.ply + plies)))

    def action_go_to(self, ply: int) -> None:
        if self.game is None:
            return
        self.ply = len(self.sans) if ply < 0 else ply
        self.show_ply()

    def action_analyse(self) -> None:
        if self.game is not None:
            self.app.push_screen(AnalysisScreen(self.ledger, self.game_id))

    def action_back(self) -> None:
        self.app.pop_screen()
