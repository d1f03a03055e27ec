"""The rating after each rated game of a class, drawn as a line in half-row steps, with the
± band behind it where the rating system keeps a deviation (Glicko-2's RD).

Each column is one game, or, when there are more games than columns, the last game of the
columns's share, so the right edge is always the rating now. A vertical step joins each column
to the one before, so a big change reads as a cliff. Before the class's 20th rated game there
is no rating to draw: the widget shows the count toward 20 instead, and nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from profiles.player.history import RatingPoint
from profiles.ratings.visibility import (
    PROVISIONAL_GAMES,
    RATING_GAME,
    games_until_rated,
    of_the_first,
)

AXIS_WIDTH = 6
"""Columns of the rating labels at the left: "2400 ┤"."""
MIN_SPAN = 60.0
"""The smallest range of ratings the height stands for, so that a few points of change do not
fill the graph from top to bottom."""


def _nice_bounds(low: float, high: float) -> tuple[float, float]:
    """The range to draw: at least :data:`MIN_SPAN`, widened to whole tens."""
    if high - low < MIN_SPAN:
        middle = (low + high) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    return math.floor(low / 10) * 10, math.ceil(high / 10) * 10


class RatingGraph(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "rating-graph--line",
        "rating-graph--band",
        "rating-graph--axis",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.points: tuple[RatingPoint, ...] = ()
        """What is drawn, one point per rated game from the 20th on."""
        self.games = 0
        """Rated games in the class, for the count toward 20."""

    def show(self, points: Sequence[RatingPoint], games: int) -> None:
        self.points = tuple(points)
        self.games = games
        self.refresh()

    def render(self) -> Text:
        if not self.points:
            return self._progress()
        width, height = self.size.width - AXIS_WIDTH, self.size.height - 1
        if width < 1 or height < 2:
            return Text("")
        return self._plot(width, height)

    def _progress(self) -> Text:
        """The count toward the 20th game, as a bar and in words: never a number that could be
        read as a rating."""
        remaining = games_until_rated(self.games)
        done = PROVISIONAL_GAMES - remaining
        text = Text(no_wrap=False)
        text.append("■" * done, self.get_component_rich_style("rating-graph--line"))
        text.append("□" * remaining, self.get_component_rich_style("rating-graph--axis"))
        text.append(
            f"\n{of_the_first(done)} rated games: the graph begins with the rating "
            f"the {RATING_GAME} game gives."
        )
        return text

    def _columns(self, width: int) -> list[RatingPoint]:
        """The point drawn in each column (stretched when the games are fewer)."""
        count = len(self.points)
        columns = width if count < width else min(count, width)
        columns -= columns % count if count < width else 0
        return [self.points[(column + 1) * count // columns - 1] for column in range(columns)]

    def _plot(self, width: int, height: int) -> Text:
        points = self._columns(width)
        low, high = _nice_bounds(
            min(p.rating - (p.rd or 0.0) for p in self.points),
            max(p.rating + (p.rd or 0.0) for p in self.points),
        )
        levels = 2 * height  # two half rows a cell

        def level(rating: float) -> int:
            return round((rating - low) / (high - low) * (levels - 1))

        # Partial styles: the line over the band keeps its colour and takes the band's ground.
        line = self.get_component_rich_style("rating-graph--line", partial=True)
        band = self.get_component_rich_style("rating-graph--band", partial=True)
        axis = self.get_component_rich_style("rating-graph--axis", partial=True)
        # Each column's lit half rows: from the previous column's level to its own.
        spans = []
        previous = level(points[0].rating)
        for point in points:
            here = level(point.rating)
            spans.append((min(previous, here), max(previous, here)))
            previous = here
        bands = [(level(p.rating - p.rd), level(p.rating + p.rd)) if p.rd else None for p in points]
        # A label every fourth row or so, the top and the bottom always.
        step = max(1, (height - 1) // max(2, (height - 1) // 4))
        labels = {
            row: high - (high - low) * row / (height - 1)
            for row in range(0, height - 2, step)  # none crowding the bottom's
        } | {height - 1: low}
        text = Text(no_wrap=True, overflow="crop")
        for row in range(height):
            label = labels.get(row)
            text.append(f"{label:>4.0f} ┤" if label is not None else "     │", axis)
            top, bottom = 2 * (height - 1 - row) + 1, 2 * (height - 1 - row)
            for (first, last), spread in zip(spans, bands, strict=True):
                upper, lower = first <= top <= last, first <= bottom <= last
                cell = "█" if upper and lower else "▀" if upper else "▄" if lower else " "
                inside = spread is not None and spread[0] <= top and bottom <= spread[1]
                text.append(cell, line + band if inside else line)
            text.append("\n")
        first_game, last_game = f"game {self.points[0].number}", f"{self.points[-1].number}"
        gap = max(1, len(points) - len(first_game) - len(last_game))
        text.append(" " * AXIS_WIDTH + first_game + " " * gap + last_game, axis)
        return text
