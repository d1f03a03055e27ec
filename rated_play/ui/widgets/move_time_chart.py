"""The time each move took, as lichess's move-time chart shows it: a column per ply over the
width, White's moves rising above the middle line and Black's falling below it, in half-row
steps.

It reads without colour: the rows next to the middle line name the side, the middle line
carries the move numbers (as the evaluation graph's does), the scale is written at both edges,
the ply on the board is a line through the chart (a gap where it crosses a bar), and a click on
a column chooses its ply.

The scale is not the longest move's: one long think would flatten every other bar. It is the
longest move up to :data:`SCALE_OVER_MEDIAN` times the median move (of the moves that took any
time); a move longer than that reaches the edge and ends in a mark (▲ above, ▼ below), and the
edges' label says the scale ends there (``20s+``).
"""

from __future__ import annotations

from itertools import groupby
from statistics import median

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from rated_play.ui.widgets.eval_graph import Columns, EvalGraph, zero_line

SCALE_OVER_MEDIAN = 4.0
"""How many median moves the chart's height stands for, at most: a long think beyond it is cut
and marked, and a move of median length still rises a quarter of the way."""

GUTTER = 6
"""Columns left of the chart for the scale and the sides' names (``White ``, ``20s+ ``)."""

_REVERSE = Style(reverse=True)
_BOLD = Style(bold=True)
_SIDES = ("White", "Black")


def chart_scale(times: list[float]) -> tuple[float, bool]:
    """The seconds the chart's height stands for, and whether a move went beyond them."""
    taken = [spent for spent in times if spent > 0]
    if not taken:
        return 0.0, False
    longest = max(taken)
    scale = min(longest, SCALE_OVER_MEDIAN * median(taken))
    return scale, longest > scale


def seconds_label(seconds: float) -> str:
    """``20s``, ``0.5s``, ``14m``: short enough for the gutter with a ``+``."""
    if seconds >= 600:
        return f"{seconds / 60:.0f}m"
    return f"{seconds:.0f}s" if seconds >= 1 else f"{seconds:.1f}s"


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

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help."""
        return (("Click", "the move-time chart: go to that move"),)

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
        scale, cut = chart_scale(self._times)
        if columns is None or half < 1 or scale <= 0:
            said = "" if y else "No clock: no move times."
            return Strip([Segment(said, base)]).crop_extend(0, width, base)
        if y > 2 * half:
            return Strip.blank(width, base)
        cursor = columns.cursor_column(self.cursor)
        if y == half:
            line = zero_line(columns)
            crossing = line[cursor] if line[cursor].isdigit() else "┼"
            segments = [
                Segment(" 0".ljust(GUTTER) + line[:cursor], base),
                Segment(crossing, base + (_REVERSE if crossing != "┼" else _BOLD)),
                Segment(line[cursor + 1 :], base),
            ]
            return Strip(segments, width)
        above = y < half
        step = half - y if above else y - half
        if step == half:
            label = seconds_label(scale) + ("+" if cut else "")
        elif step == 1:
            label = _SIDES[0] if above else _SIDES[1]
        else:
            label = ""
        cells: list[tuple[str, Style]] = [(label.ljust(GUTTER), base)]
        for column in range(columns.width):
            ply = columns.ply_at(column)
            spent = self._times[ply]
            # White's moves are the odd plies: above the line; Black's below.
            mine = (ply % 2 == 1) == above
            reach = round(min(spent, scale) / scale * 2 * half) if mine else 0
            if mine and spent > scale and step == half:
                cell = "▲" if above else "▼"  # beyond the scale: cut here
            elif reach >= 2 * step:
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
