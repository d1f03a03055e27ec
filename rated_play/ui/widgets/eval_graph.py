"""The evaluation graph of an analysed game: White's winning chances, ply by ply.

Drawn as columns that rise from the middle line when White is better and fall from it when
Black is, in half-row steps, on the win-percent scale the marks are judged on (so a blunder is
a visible cliff, and a +9 and a +20 look alike, as they play alike). The plies with one of the
player's marks are coloured by the mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from profiles.analysis import AnalysedMove, Mark, win_percent

MARK_STYLES = {Mark.INACCURACY: "yellow", Mark.MISTAKE: "dark_orange", Mark.BLUNDER: "bold red"}


class EvalGraph(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"eval-graph--white", "eval-graph--black"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._percents: list[float] = []
        self._marks: list[Mark | None] = []

    def show(self, start_eval_cp: int, moves: Sequence[AnalysedMove]) -> None:
        self._percents = [win_percent(start_eval_cp)] + [win_percent(m.eval_cp) for m in moves]
        self._marks = [None, *(m.mark for m in moves)]
        self.refresh()

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        count = len(self._percents)
        if not count or width < 1 or height < 2:
            return Text("")
        half = height // 2
        # A short game is stretched across the width; a long one shows, in each column, the
        # ply at the column's left edge.
        columns = width if count < width else min(count, width)
        columns -= columns % count if count < width else 0
        picks = [column * count // columns for column in range(columns)]
        white = self.get_component_rich_style("eval-graph--white")
        black = self.get_component_rich_style("eval-graph--black")
        text = Text(no_wrap=True, overflow="crop")
        for row in range(2 * half):
            above = row < half
            step = half - row if above else row - half + 1
            for index in picks:
                level = round((self._percents[index] - 50) / 50 * 2 * half)
                reach = level if above else -level
                cell = "█" if reach >= 2 * step else ("▄" if above else "▀")
                if reach < 2 * step - 1:
                    cell = " "
                mark = self._marks[index]
                style = MARK_STYLES[mark] if mark is not None else (white if above else black)
                text.append(cell, style)
            if row < 2 * half - 1:
                text.append("\n")
        return text
