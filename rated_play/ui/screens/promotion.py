"""Which piece a pawn reaching the last rank becomes."""

from __future__ import annotations

from typing import ClassVar

import chess
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

CHOICES = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)


class PromotionDialog(ModalScreen[chess.PieceType | None]):
    """Dismisses with the piece type chosen, or None (Escape) to choose another move."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel"),
        *(Binding(chess.piece_symbol(piece), f"choose({piece})", show=False) for piece in CHOICES),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = "Promote to"
            yield Static("Press Q, R, B or N, or pick a piece:", classes="question")
            with Horizontal(classes="buttons"):
                for piece in CHOICES:
                    yield Button(
                        chess.piece_name(piece).capitalize(),
                        id=chess.piece_name(piece),
                        variant="primary" if piece == chess.QUEEN else "default",
                    )

    def on_mount(self) -> None:
        self.query_one("#queen", Button).focus()

    def action_choose(self, piece: chess.PieceType) -> None:
        self.dismiss(piece)

    @on(Button.Pressed)
    def chosen(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(chess.PIECE_NAMES.index(event.button.id))
