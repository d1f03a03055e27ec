"""The moves of a game, numbered, in SAN; the move on the board can be highlighted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from rated_play.ui.widgets.text_line import show_text


def numbered_moves(
    san_moves: list[str], current: int | None = None, highlight: Style | None = None
) -> Text:
    """``1. e4 e5`` one move pair per line; games always start from the initial position.
    The ``current``-th ply (1 for White's first move) is drawn in ``highlight``. With a
    ``current`` ply, a game looked back at, a click on a move runs its screen's ``go_to``
    with the move's ply."""
    text = Text()
    for index in range(0, len(san_moves), 2):
        if index:
            text.append("\n")
        text.append(f"{index // 2 + 1:>3}.")
        for ply, san in enumerate(san_moves[index : index + 2], start=index + 1):
            text.append(" ")
            text.append(san, None if current is None else _go_to(ply))
            if ply == current and highlight is not None:
                text.stylize(highlight, len(text) - len(san))
    return text


def _go_to(ply: int) -> Style:
    """A click that takes the stepping screen to ``ply`` (Textual's ``@click`` action link)."""
    return Style.from_meta({"@click": f"screen.go_to({ply})"})


def numbered_line(first_ply: int, san_moves: Sequence[str]) -> str:
    """Moves as players write them, from ply ``first_ply`` (1 for White's first move) on:
    ``7. Bd3 Nf6 8. O-O``, or ``7… Nf6 8. O-O`` from a Black move."""
    words = []
    for ply, san in enumerate(san_moves, start=first_ply):
        number = (ply + 1) // 2
        if ply % 2:
            words.append(f"{number}. {san}")
        else:
            words.append(f"{number}… {san}" if ply == first_ply else san)
    return " ".join(words)


class MoveList(VerticalScroll, can_focus=False):
    """Scrolls to the latest move as the game goes on, or to the move shown."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-list--current"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Held, not queried: the game screen shows the moves before this child is mounted.
        self._text = Static(markup=False)
        self._at_the_latest = True
        """Showing the latest move: kept in view however the list's height changes."""
        self._current_line = 0
        """The line of the move shown, when it is not the latest: kept in the middle."""

    def compose(self) -> ComposeResult:
        yield self._text

    def show(self, san_moves: list[str], current: int | None = None) -> None:
        """Show the moves; ``current`` highlights that ply and scrolls it into view (None:
        the latest move, without a highlight)."""
        self._at_the_latest = current is None
        if current is None:
            show_text(self._text, numbered_moves(san_moves))
            # Once the new line is laid out: scrolled to the end before, the list stopped a
            # line short of the move just played.
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
            return
        style = self.get_component_rich_style("move-list--current")
        self._text.update(numbered_moves(san_moves, current, style))
        # After the new text is laid out, so the list can scroll as far as the move, and at
        # the list's height then (what is said below the list may have changed it).
        self._current_line = (current - 1) // 2 if current else 0
        self.call_after_refresh(self._centre_current)

    def _centre_current(self) -> None:
        self.scroll_to(
            y=max(0, self._current_line - self.size.height // 2), animate=False, immediate=True
        )

    def on_resize(self) -> None:
        """A longer message below shrinks the list, a larger terminal grows it: the latest move,
        or the move shown, stays in view (scrolled for the old height, a grown list showed the
        moves before the one shown and a blank line where it was)."""
        if self._at_the_latest:
            self.scroll_end(animate=False, immediate=True)
        else:
            self.call_after_refresh(self._centre_current)
