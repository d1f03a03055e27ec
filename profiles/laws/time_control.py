"""Time controls and the time-control classes ("divisions") ratings are kept in."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum

from profiles.errors import UserError


class TimeClass(StrEnum):
    """The division a game is rated in; ratings in one class never mix with another's."""

    BULLET = "bullet"
    BLITZ = "blitz"
    RAPID = "rapid"
    CLASSICAL = "classical"
    UNTIMED = "untimed"

    @property
    def label(self) -> str:
        return "No clock" if self is TimeClass.UNTIMED else self.value.capitalize()

    @classmethod
    def parse(cls, text: str) -> TimeClass:
        """A class by its name or its label, in any case: ``"blitz"``, ``"No clock"``."""
        wanted = text.strip().casefold()
        for time_class in cls:
            if wanted in (time_class.value, time_class.label.casefold()):
                return time_class
        raise TimeControlError(
            f"{text!r} is not a time-control class: choose one of "
            f"{', '.join(time_class.value for time_class in cls)}"
        )


class TimeControlError(UserError, ValueError):
    """A time control that cannot be read; the message says what is accepted."""


# Estimated game length = base + 40 × increment (the common convention of online servers),
# bounded in seconds: under 3 min bullet, under 8 blitz, under 25 rapid, then classical.
_CLASS_BOUNDS: tuple[tuple[int, TimeClass], ...] = (
    (180, TimeClass.BULLET),
    (480, TimeClass.BLITZ),
    (1500, TimeClass.RAPID),
)
_MAX_BASE_SECONDS = 6 * 3600
_MAX_INCREMENT_SECONDS = 600

_PATTERN = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+)\s*$", re.ASCII)


@dataclass(frozen=True)
class TimeControl:
    """A Fischer time control, or no clock at all."""

    base_seconds: float
    """Time on each clock at the start, in seconds (0 when untimed)."""
    increment_seconds: float
    """Seconds added after each move of the side that moved (Fischer increment)."""
    untimed: bool = False
    """True for a game without a clock."""

    @classmethod
    def no_clock(cls) -> TimeControl:
        return cls(0, 0, untimed=True)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``"5+3"`` (minutes + seconds), ``"0.5+0"`` or ``"none"`` / ``"-"`` for no clock."""
        cleaned = text.strip().lower()
        if cleaned in {"-", "none", "no clock", "untimed"}:
            return cls.no_clock()
        match = _PATTERN.match(cleaned)
        if match is None:
            raise TimeControlError(
                f"{text!r} is not a time control: write minutes+increment seconds, "
                "such as 5+3 or 90+30, or 'none' for no clock"
            )
        base = round(float(match.group(1)) * 60)
        increment = int(match.group(2))
        if base <= 0:
            raise TimeControlError(f"{text!r} gives no time on the clock: the base must be above 0")
        if base > _MAX_BASE_SECONDS:
            raise TimeControlError(f"{text!r}: the base may be at most {_MAX_BASE_SECONDS // 60}")
        if increment > _MAX_INCREMENT_SECONDS:
            raise TimeControlError(
                f"{text!r}: the increment may be at most {_MAX_INCREMENT_SECONDS} seconds"
            )
        return cls(base, increment)

    @classmethod
    def from_pgn(cls, tag: str) -> TimeControl:
        """Read a PGN ``TimeControl`` tag as written by :attr:`pgn`: seconds + increment
        seconds (``"300+3"``, ``"10+0.1"``, ``"60"`` for no increment) or ``"-"``."""
        if tag.strip() == "-":
            return cls.no_clock()
        base, _, increment = tag.partition("+")
        try:
            control = cls(float(base), float(increment or 0))
        except ValueError:
            raise TimeControlError(
                f"{tag!r} is not a time control in seconds such as 300+3 or 10+0.1"
            ) from None
        # Written so that nan fails too: every comparison with nan is false.
        if not (0 < control.base_seconds < math.inf and 0 <= control.increment_seconds < math.inf):
            raise TimeControlError(
                f"{tag!r} needs a base time above 0 seconds and an increment of 0 or more"
            )
        return control

    @property
    def time_class(self) -> TimeClass:
        if self.untimed:
            return TimeClass.UNTIMED
        estimate = self.base_seconds + 40 * self.increment_seconds
        for bound, time_class in _CLASS_BOUNDS:
            if estimate < bound:
                return time_class
        return TimeClass.CLASSICAL

    @property
    def pgn(self) -> str:
        """The PGN ``TimeControl`` tag value (seconds+increment, ``-`` when untimed)."""
        return "-" if self.untimed else f"{self.base_seconds:g}+{self.increment_seconds:g}"

    @property
    def label(self) -> str:
        """The clock and its class, each said once: ``5+3 · Blitz``; without a clock the
        class is the clock's absence, ``No clock``."""
        if self.untimed:
            return self.time_class.label
        return f"{self} · {self.time_class.label}"

    def __str__(self) -> str:
        if self.untimed:
            return "no clock"
        minutes = self.base_seconds / 60
        shown = f"{minutes:g}" if minutes >= 1 else f"{minutes:.2g}"
        return f"{shown}+{self.increment_seconds:g}"


PRESETS: tuple[TimeControl, ...] = tuple(
    TimeControl.parse(text) for text in ("3+2", "5+3", "10+5", "15+10", "30+0", "90+30")
)
"""The presets the setup screen offers, fastest first."""
