"""The evaluation graph of an analysed game: White's winning chances, ply by ply.

Drawn as columns that rise from the zero line when White is better and fall from it when Black
is, in half-row steps, on the win-percent scale the marks are judged on (so a blunder is a
visible cliff, and a +9 and a +20 look alike, as they play alike); the ±10 pawns the scale is
capped at fill the height. The plies are stretched over the whole width (a long game is
sampled); the zero line carries the move numbers, the left edge the pawns a row stands for.
The ply on the board is a vertical line through the graph (a gap where it crosses a bar),
which reads without colour; a click on a column chooses its ply. The plies with a mark,
either side's as lichess marks both, are coloured by the mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from profiles.accuracy import CEILING, GameAnalysis, centipawns_at, winning_chances
from profiles.marks import Mark

MARK_STYLES = {Mark.INACCURACY: "yellow", Mark.MISTAKE: "dark_orange", Mark.BLUNDER: "bold red"}

GUTTER = 5
"""Columns left of the graph for the pawn labels (``+0.9 ``, ``+10 ``)."""

_TOP = winning_chances(CEILING)
_MARK_LOOKS = {mark: Style.parse(style) for mark, style in MARK_STYLES.items()}
_NUMBER_STEPS = (1, 2, 5, 10, 20, 50, 100, 200)
_REVERSE = Style(reverse=True)
_BOLD = Style(bold=True)


def pawn_label(chances: float) -> str:
    """The evaluation at a row's edge, in pawns: ``+0.9``, ``+3``, ``-10``."""
    pawns = centipawns_at(chances) / 100
    return f"{pawns:+.0f}" if abs(pawns) >= 1.5 else f"{pawns:+.1f}"


@dataclass(frozen=True)
class Columns:
    """Which ply each column of the graph shows: ``count`` points (the start and every ply)
    spread over ``width`` columns, each ply on one or more columns when they fit."""

    count: int
    width: int

    def ply_at(self, column: int) -> int:
        return column * self.count // self.width

    def of_ply(self, ply: int) -> range:
        """The columns that show ``ply``: at least one, even when plies are sampled."""
        first = -(-ply * self.width // self.count)
        last = -(-(ply + 1) * self.width // self.count)
        return range(first, last) if last > first else range(first - 1, first)

    def cursor_column(self, ply: int) -> int:
        """The one column the cursor is drawn in: the middle of the ply's."""
        shown = self.of_ply(ply)
        return shown[len(shown) // 2]


class EvalGraph(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "eval-graph--white",
        "eval-graph--black",
        "eval-graph--axis",
    }

    @dataclass
    class PlyChosen(Message):
        """A column was clicked: the ply it shows (0: the starting position)."""

        ply: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._chances: list[float] = []
        self._marks: list[Mark | None] = []
        self.cursor: int | None = None
        """The ply on the board, drawn as a line through the graph."""
        self.placeholder = ""
        """Said in place of the graph while there is none."""
        self._strips: list[Strip] | None = None
        self.drawn = 0
        """The plies (and the start) in the picture last drawn, 0 for none: the benchmark of
        the review waits for the graph on the screen."""

    def show(self, analysis: GameAnalysis) -> None:
        self._chances = [winning_chances(cp) / _TOP for cp in analysis.evals]
        self._marks = [None, *analysis.judgements]
        self._redraw()

    def move_cursor(self, ply: int) -> None:
        if ply != self.cursor:
            self.cursor = ply
            self._redraw()

    def say(self, placeholder: str) -> None:
        self.placeholder = placeholder
        self._redraw()

    def _redraw(self) -> None:
        self._strips = None
        self.refresh()

    @property
    def columns(self) -> Columns | None:
        width = self.size.width - GUTTER
        if not self._chances or width < 1:
            return None
        return Columns(len(self._chances), width)

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help."""
        return (("Click", "the graph: go to that move"),)

    def on_click(self, event: events.Click) -> None:
        columns = self.columns
        if columns is not None and GUTTER <= event.x < GUTTER + columns.width:
            self.post_message(self.PlyChosen(columns.ply_at(event.x - GUTTER)))

    def on_resize(self) -> None:
        # Drawn again at the new size: the lines drawn at the old one may already have been
        # asked for by the time the resize arrives, and nothing else would ask again.
        self._strips = None
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._draw()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def _draw(self) -> list[Strip]:
        """Every row of the graph, each a few runs of one look (a long game would otherwise
        be thousands of one-character pieces, drawn again at every step of the cursor)."""
        base = self.rich_style
        width = self.size.width
        columns = self.columns
        half = (self.size.height - 1) // 2
        if columns is None or half < 1:
            self.drawn = 0
            return [Strip([Segment(self.placeholder, base)]).crop_extend(0, width, base)]
        self.drawn = columns.count
        white = base + self.get_component_rich_style("eval-graph--white", partial=True)
        black = base + self.get_component_rich_style("eval-graph--black", partial=True)
        axis = base + self.get_component_rich_style("eval-graph--axis", partial=True)
        marked = {mark: base + look for mark, look in _MARK_LOOKS.items()}
        plies = [columns.ply_at(column) for column in range(columns.width)]
        cursor = None if self.cursor is None else columns.cursor_column(self.cursor)
        levels = [round(chances * 2 * half) for chances in self._chances]
        strips = []
        for row in range(2 * half + 1):
            if row == half:
                line = zero_line(columns)
                if cursor is None:
                    strips.append(Strip([Segment(" 0".ljust(GUTTER) + line, axis)], width))
                    continue
                # The line crosses the zero line, or a move number drawn in reverse there.
                crossing = line[cursor] if line[cursor].isdigit() else "┼"
                segments = [
                    Segment(" 0".ljust(GUTTER) + line[:cursor], axis),
                    Segment(crossing, axis + (_REVERSE if crossing != "┼" else _BOLD)),
                    Segment(line[cursor + 1 :], axis),
                ]
                strips.append(Strip(segments, width))
                continue
            above = row < half
            step = half - row if above else row - half
            edge = step / half * (1 if above else -1)
            cells: list[tuple[str, Style]] = [(pawn_label(edge * _TOP).ljust(GUTTER), axis)]
            for column, ply in enumerate(plies):
                reach = levels[ply] if above else -levels[ply]
                if reach >= 2 * step:
                    cell = "█"
                elif reach == 2 * step - 1:
                    cell = "▄" if above else "▀"
                else:
                    cell = " "
                mark = self._marks[ply]
                look = marked[mark] if mark is not None else (white if above else black)
                if column == cursor:  # a line through the empty part, a gap through the bar
                    cell, look = ("│", axis + _BOLD) if cell == " " else (cell, look + _REVERSE)
                cells.append((cell, look))
            segments = [
                Segment("".join(cell for cell, _ in run), look)
                for look, run in groupby(cells, key=lambda cell: cell[1])
            ]
            strips.append(Strip(segments, width))
        return strips


def zero_line(columns: Columns) -> str:
    """The zero line, with the number of every k-th move where White's move starts."""
    line = ["─"] * columns.width
    moves = columns.count // 2
    room = len(str(moves)) + 2
    per_move = 2 * columns.width / columns.count
    step = next((k for k in _NUMBER_STEPS if k * per_move >= room), _NUMBER_STEPS[-1])
    free = 0
    for move in range(step, moves + 1, step):
        start = columns.of_ply(2 * move - 1).start
        label = str(move)
        if start >= free and start + len(label) <= columns.width:
            line[start : start + len(label)] = label
            free = start + len(label) + 1
    return "".join(line)
