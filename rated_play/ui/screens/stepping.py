"""A finished game on a read-only board, stepped through with the keys: what the game viewer
and the review share.

←/→ step a ply, ↑/↓ a full move, Home/End go to the start and the end, a click on a move goes
there, and ``f`` turns the board round. The game comes through
:func:`profiles.player.past_games.past_game`, which refuses it while its profile has a game on; the
screen then says why and steps nothing.
"""

from __future__ import annotations

from typing import ClassVar

import chess
from textual import events, on
from textual.binding import Binding, BindingType
from textual.screen import Screen

from profiles.errors import UserError, printable
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord
from profiles.openings.names import Opening
from profiles.player.move_times import duration_words, move_times
from profiles.player.past_games import PastGame, past_game, result_words
from rated_play.session.decoration import Decorating
from rated_play.ui.display import display_options
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.material import material_line


def ending_text(record: GameRecord) -> str:
    """How the game ended: ``0-1 · Lost · resignation``."""
    return f"{record.result} · {result_words(record)} · {record.termination}"


_STEP = Binding.Group("Step")
_ENDS = Binding.Group("Ends")  # of the game: short, for the footer at 80 columns


class SteppedGameScreen(Screen[None]):
    # Grouped in the footer, which has room at 80 columns for the keys of the screen's own.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("left", "step(-1)", "Previous", group=_STEP),
        Binding("right", "step(1)", "Next", group=_STEP),
        Binding("up", "step(-2)", "Back a full move", show=False),
        Binding("down", "step(2)", "On a full move", show=False),
        Binding("home", "go_to(0)", "Start", group=_ENDS),
        Binding("end", "go_to(-1)", "End", group=_ENDS),
        Binding("f", "flip", "Flip"),
    ]

    def __init__(self, ledger: Ledger, game_id: int) -> None:
        super().__init__()
        self.ledger = ledger
        self.game_id = game_id
        self.game: PastGame | None = None
        self.refusal = ""
        try:
            self.game = past_game(ledger, game_id)
        except UserError as error:  # a game on, or a damaged ledger: said on the screen
            self.refusal = printable(error)
        self.named = f"game {game_id}" if self.game is None else f"game {self.game.record.number}"
        """The game as the player knows it, by its number among the profile's games (a game
        that cannot be read, by the ledger's id)."""
        self.sans = [] if self.game is None else self.game.sans()
        self.ply = len(self.sans)
        """How many moves are on the board: 0 is the starting position."""
        self.openings: list[Opening | None] = [None]
        self.naming_notes: list[str] = []
        """Why the openings go unnamed (a damaged table), said once the screen is up."""
        self.move_times: list[float | None] = []
        """The seconds each move took, ply by ply (None without a clock)."""
        if self.game is not None:
            # The names are decoration: a damaged table leaves the moves to step through.
            naming = Decorating(ledger.directory.root)
            self.openings = naming.openings_by_ply(self.game.moves)
            self.naming_notes = naming.notes
            clock = TimeControl.from_pgn(self.game.record.time_control)
            self.move_times = move_times(ledger.moves(game_id), clock)

    @on(events.Mount)
    def tell_of_unnamed_openings(self) -> None:
        for note in self.naming_notes:
            self.notify(note, severity="warning", markup=False)

    def board_view(self, id: str) -> BoardView:
        """The read-only board, from the player's side."""
        color = chess.WHITE if self.game is None else self.game.record.player_color
        return BoardView(orientation=color, id=id)

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help (the graph and the chart say their own)."""
        return (("Click", "a move in the list: go to it"),)

    def show_board(self, better: chess.Move | None = None) -> None:
        """The position after ``self.ply`` moves, the last one marked."""
        assert self.game is not None
        board = self.game.board_after(self.ply)
        last = self.game.moves[self.ply - 1] if self.ply else None
        self.query_one(BoardView).show(board, last, interactive=False, better=better)

    def facts_text(self, *, opening_only: bool = False) -> str:
        """The opening the game had reached by the move shown, the material then, and the
        time the move took (``opening_only``: where there is a line for the opening alone)."""
        assert self.game is not None
        opening = self.openings[self.ply]
        named = "No named opening yet" if opening is None else opening.label
        if opening_only:
            return named
        said = [
            named,
            material_line(
                self.game.board_after(self.ply), ascii_pieces=display_options(self).ascii_pieces
            ),
        ]
        spent = self.move_times[self.ply - 1] if self.ply else None
        if spent is not None:
            said.append(f"The move took {duration_words(spent)}")
        return "\n".join(said)

    def show_ply(self) -> None:
        """Show the game at ``self.ply``: the board and whatever the screen says of it."""
        raise NotImplementedError

    def action_step(self, plies: int) -> None:
        self.action_go_to(max(0, min(len(self.sans), self.ply + plies)))

    def action_go_to(self, ply: int) -> None:
        if self.game is None:
            return
        self.ply = len(self.sans) if ply < 0 else ply
        self.show_ply()

    def action_flip(self) -> None:
        self.query_one(BoardView).flip()

    def action_back(self) -> None:
        close(self)
