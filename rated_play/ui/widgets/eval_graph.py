"""The evaluation graph of an analysed game: White's winning chances, ply by ply.

Drawn as columns that rise from the zero line when White is better and fall from it when Black
is, in half-row steps, on the win-percent scale the marks are judged on (so a blunder is a
visible cliff, and a +9 and a +20 look alike, as they play alike); the ±10 pawns the scale is
capped at fill the height. The plies are stretched over the whole width (a long game is
sampled); the zero line carries the move numbers, the left edge the pawns a row stands for.
The ply on the board is a vertical line through the graph (a gap where it crosses a bar),
which reads without colour; a click on a column chooses its ply. The plies with one of the
player's marks are coloured by the mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from profiles.analysis import CEILING, GameAnalysis, Mark, centipawns_at, winning_chances

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
        """The ply on the board, drawn in reverse."""
        self.placeholder = ""
        """Said in place of the graph while there is none."""

    def show(self, analysis: GameAnalysis) -> None:
        self._chances = [winning_chances(cp) / _TOP for cp in analysis.evals]
        self._marks = [None, *(move.mark for move in analysis.moves)]
        self.refresh()

    def move_cursor(self, ply: int) -> None:
        self.cursor = ply
        self.refresh()

    def say(self, placeholder: str) -> None:
        self.placeholder = placeholder
        self.refresh()

    @property
    def columns(self) -> Columns | None:
        width = self.size.width - GUTTER
        if not self._chances or width < 1:
            return None
        return Columns(len(self._chances), width)

    def on_click(self, event: events.Click) -> None:
        columns = self.columns
        if columns is not None and GUTTER <= event.x < GUTTER + columns.width:
            self.post_message(self.PlyChosen(columns.ply_at(event.x - GUTTER)))

    def render(self) -> Text:
        columns = self.columns
        half = (self.size.height - 1) // 2
        if columns is None or half < 1:
            return Text(self.placeholder)
        white = self.get_component_rich_style("eval-graph--white")
        black = self.get_component_rich_style("eval-graph--black")
        axis = self.get_component_rich_style("eval-graph--axis")
        plies = [columns.ply_at(column) for column in range(columns.width)]
        cursor = None if self.cursor is None else columns.cursor_column(self.cursor)
        levels = [round(chances * 2 * half) for chances in self._chances]
        text = Text(no_wrap=True, overflow="crop")
        for row in range(2 * half + 1):
            if row:
                text.append("\n")
            if row == half:
                text.append(" 0".ljust(GUTTER), axis)
                line = self._zero_line(columns)
                if cursor is not None:
                    line = line[:cursor] + "┼" + line[cursor + 1 :]
                text.append(line, axis)
                continue
            above = row < half
            step = half - row if above else row - half
            edge = step / half * (1 if above else -1)
            text.append(pawn_label(edge * _TOP).ljust(GUTTER), axis)
            for column, ply in enumerate(plies):
                reach = levels[ply] if above else -levels[ply]
                if reach >= 2 * step:
                    cell = "█"
                elif reach == 2 * step - 1:
                    cell = "▄" if above else "▀"
                else:
                    cell = " "
                mark = self._marks[ply]
                look = _MARK_LOOKS[mark] if mark is not None else (white if above else black)
                if column == cursor:  # a line through the empty part, a gap through the bar
                    cell, look = ("│", axis + _BOLD) if cell == " " else (cell, look + _REVERSE)
                text.append(cell, look)
        return text

    def _zero_line(self, columns: Columns) -> str:
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
