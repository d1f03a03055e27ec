"""The box a move is typed in."""

from __future__ import annotations

from textual.widgets import Input


class MoveBox(Input):
    """An input that costs the frame showing a move as little as possible.

    Textual's input lays the whole screen out again whenever the width of its content
    changes, that is on every keystroke and when it is emptied after a move: a redraw of
    everything in the frame that should show the move. A move is far shorter than the
    placeholder, so the content is as wide as the placeholder until a longer text is typed.

    Its cursor does not blink: a blinking cursor is redrawn twice a second, and the Enter
    that plays a move showed it again, in a frame of its own that the move's frame then had
    to wait for (a sixtieth of a second). A steady cursor is also the calmer one to read.

    It is not selected on focus, so a move begun on the board goes on in the box.
    """

    def __init__(self, *, placeholder: str, id: str) -> None:
        super().__init__(placeholder=placeholder, select_on_focus=False, id=id)
        self.cursor_blink = False

    @property
    def content_width(self) -> int:
        return max(super().content_width, len(self.placeholder) + 1)
