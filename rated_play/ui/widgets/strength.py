"""The strength slider: a rating between the pool's weakest opponent and the strongest one the
player's results reach, with the informative band (within 400 of the player) marked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

STEP = 25
"""Rating points per arrow key press."""
PAGE = 200
"""Rating points per page key press."""


class StrengthSlider(Widget, can_focus=True):
    """Left/right (or a click on the track) moves the wanted rating; posts :class:`Changed`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "nudge(-1)", "Weaker", show=False),
        Binding("right", "nudge(1)", "Stronger", show=False),
        Binding("pagedown", f"nudge(-{PAGE // STEP})", f"{PAGE} weaker", show=False),
        Binding("pageup", f"nudge({PAGE // STEP})", f"{PAGE} stronger", show=False),
        Binding("home", "nudge(-1000)", "Weakest", show=False),
        Binding("end", "nudge(1000)", "Strongest", show=False),
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
        self.value = self.value + steps * STEP

    def mouse_help(self) -> tuple[tuple[str, str], ...]:
        """What a click does here, for the help."""
        return (("Click", "the slider: that strength"),)

    def on_click(self, event: events.Click) -> None:
        track = max(1, self.content_size.width - 1)
        fraction = min(1.0, max(0.0, event.x / track))
        self.value = self.low + fraction * (self.high - self.low)

    def render(self) -> Text:
        width = max(3, self.content_size.width)
        span = self.high - self.low
        fraction = 0.0 if span <= 0 else (self.value - self.low) / span
        thumb = round(fraction * (width - 1))
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
