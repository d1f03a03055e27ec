"""A yes/no question, such as "resign?" or "quit and lose this game?"."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmDialog(ModalScreen[bool]):
    """Dismisses with True when the player confirms; Escape or the other button is False."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(False)", "Cancel")]

    def __init__(self, title: str, question: str, *, confirm: str, cancel: str) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.confirm_label = confirm
        self.cancel_label = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.question, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(self.confirm_label, variant="error", id="confirm")
                yield Button(self.cancel_label, variant="primary", id="cancel")

    def on_mount(self) -> None:
        # The safe answer has the focus: Enter alone never ends a rated game.
        self.query_one("#cancel", Button).focus()

    @on(Button.Pressed, "#confirm")
    def confirmed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def cancelled(self) -> None:
        self.dismiss(False)


def quit_dialog() -> ConfirmDialog:
    return ConfirmDialog(
        "Leave the rated game?",
        "A rated game cannot be paused or saved. If you leave now, this game is scored as a loss.",
        confirm="Leave and lose",
        cancel="Keep playing",
    )


def resign_dialog() -> ConfirmDialog:
    return ConfirmDialog(
        "Resign?",
        "Resigning ends the game now and scores it as a loss.",
        confirm="Resign",
        cancel="Keep playing",
    )


def double_dialog(opponent: str, stake: str) -> ConfirmDialog:
    """The engine offers to double: refusing resigns, so the safe answer (focused) accepts."""
    return ConfirmDialog(
        "Double offered",
        f"{opponent} offers to double the stake to {stake}. Accept, and the right to double "
        "next is yours; refuse, and you resign the game.",
        confirm="Refuse and resign",
        cancel=f"Accept ({stake})",
    )
