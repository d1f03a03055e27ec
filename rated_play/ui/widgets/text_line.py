"""Updating a line of text without laying the whole screen out again when its size stays."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def show_text(line: Static, text: str | Text) -> None:
    """Show ``text`` in ``line``. Textual lays the screen out again on every update, which
    redraws all of it; that is only needed when the line's height changes, so only then is
    it done (a move's frame then redraws what the move changed, and little else)."""
    if line.content == text:
        return
    line.update(text, layout=False)
    needed = line.get_content_height(line.size, line.app.size, line.content_region.width)
    minimum = line.styles.min_height
    if minimum is not None:  # a line kept two rows high need not move for a one-row text
        needed = max(needed, int(minimum.resolve(line.size, line.app.size)))
    if needed != line.content_region.height:
        line.refresh(layout=True)
