"""The time each move took, as lichess's move-time chart shows it: a column per ply over the
width, White's moves rising above the middle line and Black's falling below it, as tall as the
move was long against the game's longest, in half-row steps.

It reads without colour: the side is the half a bar stands in, the longest time is written at
both edges, the ply on the board is a line through the chart (a gap where it crosses a bar),
and a click on a column chooses its ply.
"""

from __future__ import annotations

from itertools import groupby

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from rated_play.ui.widgets.eval_graph import GUTTER, Columns, EvalGraph

_REVERSE = Style(reverse=True)
_BOLD = Style(bold=True)


class MoveTimeChart(Widget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._times: list[float] = []
        self.cursor = 0

    def show(self, times: list[float | None], cursor: int) -> None:
        """``times``: each ply's seconds (a move without a clock reading counts as none)."""
        self._times = [0.0, *(spent or 0.0 for spent in times)]
        self.cursor = cursor
        self.refresh()

    def move_cursor(self, ply: int) -> None:
        if ply != self.cursor:
            self.cursor = ply
            self.refresh()

    @property
    def columns(self) -> Columns | None:
        width = self.size.width - GUTTER
        return Columns(len(self._times), width) if len(self._times) > 1 and width > 0 else None

    def on_click(self, event: events.Click) -> None:
        columns = self.columns
        if columns is not None and GUTTER <= event.x < GUTTER + columns.width:
            # The graph's message: a ply chosen on either reads the same to the review.
            self.post_message(EvalGraph.PlyChosen(columns.ply_at(event.x - GUTTER)))

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        columns = self.columns
        half = (self.size.height - 1) // 2
        longest = max(self._times, default=0.0)
        if columns is None or half < 1 or longest <= 0:
            said = "" if y else "No clock: no move times."
            return Strip([Segment(said, base)]).crop_extend(0, width, base)
        if y > 2 * half:
            return Strip.blank(width, base)
        cursor = columns.cursor_column(self.cursor)
        if y == half:
            line = "─" * columns.width
            line = f"{line[:cursor]}┼{line[cursor + 1 :]}"
            return Strip([Segment(" 0".ljust(GUTTER) + line, base)], width)
        above = y < half
        step = half - y if above else y - half
        label = f"{longest:.0f}s" if longest >= 1 else f"{longest:.1f}s"
        label = label if step == half else ""
        cells: list[tuple[str, Style]] = [(label.ljust(GUTTER), base)]
        for column in range(columns.width):
            ply = columns.ply_at(column)
            # White's moves are the odd plies: above the line; Black's below.
            reach = round(self._times[ply] / longest * 2 * half) if (ply % 2 == 1) == above else 0
            if reach >= 2 * step:
                cell = "█"
            elif reach == 2 * step - 1:
                cell = "▄" if above else "▀"
            else:
                cell = " "
            look = base
            if column == cursor:
                cell, look = ("│", base + _BOLD) if cell == " " else (cell, base + _REVERSE)
            cells.append((cell, look))
        segments = [
            Segment("".join(cell for cell, _ in run), look)
            for look, run in groupby(cells, key=lambda cell: cell[1])
        ]
        return Strip(segments, width)
