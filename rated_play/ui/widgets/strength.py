"""The strength slider: a rating between the pool's weakest opponent and the strongest one the
player's results reach, with the informative band (within 400 of the player) marked."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

STEP = 25
"""Rating points per arrow key press: the keys stop on multiples of it, so that from anywhere
(the weakest opponent's 215, the strongest's 3544) 500 or 1800 can be had."""
PAGE = 200
"""Rating points per page key press."""
ROUND = (100, 50, STEP)
"""What a click lands on: the roundest rating its column holds."""


class StrengthSlider(Widget, can_focus=True):
    """Left/right (or a click on the track) moves the wanted rating; posts :class:`Changed`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "nudge(-1)", "Weaker", show=False),
        Binding("right", "nudge(1)", "Stronger", show=False),
        Binding("pagedown", f"nudge(-{PAGE // STEP})", f"{PAGE} weaker", show=False),
        Binding("pageup", f"nudge({PAGE // STEP})", f"{PAGE} stronger", show=False),
        Binding("home", "to_end(-1)", "Weakest", show=False),
        Binding("end", "to_end(1)", "Strongest", show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "slider--track",
        "slider--filled",
        "slider--thumb",
        "slider--band",
    }

    value: reactive[float] = reactive(0.0)

    @dataclass
    class Changed(Message):
        slider: StrengthSlider
        value: float

    def __init__(self, low: float, high: float, value: float, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.low = low
        self.high = max(high, low)
        self.informative: tuple[float, float] | None = None
        self.set_reactive(StrengthSlider.value, self._clamp(value))

    def set_range(self, low: float, high: float, informative: tuple[float, float] | None) -> None:
        """Follow the player's results: new ends and band; the value is kept within them."""
        self.low, self.high, self.informative = low, max(high, low), informative
        self.value = self._clamp(self.value)
        self.refresh()

    def _clamp(self, value: float) -> float:
        return min(self.high, max(self.low, value))

    def validate_value(self, value: float) -> float:
        return self._clamp(value)

    def watch_value(self, value: float) -> None:
        self.post_message(self.Changed(self, value))

    def action_nudge(self, steps: int) -> None:
        """``steps`` multiples of :data:`STEP` up or down, the first to the next multiple (from
        215, → gives 225, not 240)."""
        grid = self.value / STEP
        start = math.floor(grid) if steps > 0 else math.ceil(grid)
        self.value = (start + steps) * STEP

    def action_to_end(self, direction: int) -> None:
        """The weakest opponent's rating, or the strongest's."""
        self.value = self.high if direction > 0 else self.low

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help."""
        return (("Click", "the slider: that strength"),)

    @property
    def _width(self) -> int:
        return max(3, self.content_size.width)

    def column(self, value: float) -> int:
        """The column of the track ``value`` is drawn at."""
        span = self.high - self.low
        fraction = 0.0 if span <= 0 else (value - self.low) / span
        return round(fraction * (self._width - 1))

    def value_at(self, column: int) -> float:
        """What a click on ``column`` asks for: the value there, where the thumb stands on it
        (a click on the thumb leaves it), the end at an end, else the roundest rating drawn
        at that column (a click where 1800 is drawn gives 1800, never 1734)."""
        last = self._width - 1
        column = min(last, max(0, column))
        if column == self.column(self.value):
            return self.value
        if column in (0, last):
            return self.low if column == 0 else self.high
        per_column = (self.high - self.low) / last
        centre = self.low + column * per_column
        for unit in ROUND:
            nearest = round(centre / unit) * unit
            if self.column(nearest) == column:
                return float(nearest)
        return centre

    def on_click(self, event: events.Click) -> None:
        self.value = self.value_at(event.x)

    def render(self) -> Text:
        width = self._width
        span = self.high - self.low
        thumb = self.column(self.value)
        track = ["━"] * thumb + ["●"] + ["─"] * (width - thumb - 1)
        band = None
        if self.informative is not None and span > 0:
            start, end = (
                max(0, min(width - 1, round((edge - self.low) / span * (width - 1))))
                for edge in self.informative
            )
            band = (start, end)
            # Its ends drawn as brackets, so that it reads without colour too (a monochrome
            # terminal, a screen reader's text); the thumb stays drawn where it stands on one.
            for edge, bracket in ((start, "["), (end, "]")):
                if edge != thumb:
                    track[edge] = bracket
        text = Text.assemble(
            ("".join(track[:thumb]), self.get_component_rich_style("slider--filled")),
            ("●", self.get_component_rich_style("slider--thumb")),
            ("".join(track[thumb + 1 :]), self.get_component_rich_style("slider--track")),
        )
        if band is not None:
            # The band is drawn under the track and the thumb, in its own colour.
            text.stylize(self.get_component_rich_style("slider--band"), band[0], band[1] + 1)
        return text
