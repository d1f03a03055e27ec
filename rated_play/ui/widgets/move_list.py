"""The moves of the game so far, numbered, in SAN."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from rated_play.ui.widgets.text_line import show_text


def numbered_moves(san_moves: list[str]) -> str:
    """``1. e4 e5`` one move pair per line; games always start from the initial position."""
    lines = []
    for index in range(0, len(san_moves), 2):
        pair = " ".join(san_moves[index : index + 2])
        lines.append(f"{index // 2 + 1:>3}. {pair}")
    return "\n".join(lines)


class MoveList(VerticalScroll, can_focus=False):
    """Scrolls to the latest move as the game goes on."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Held, not queried: the game screen shows the moves before this child is mounted.
        self._text = Static(markup=False)

    def compose(self) -> ComposeResult:
        yield self._text

    def show(self, san_moves: list[str]) -> None:
        show_text(self._text, numbered_moves(san_moves))
        self.scroll_end(animate=False)
