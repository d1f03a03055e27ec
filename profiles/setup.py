"""The setup of a rated game, declared once: every choice the player makes before it, its
default, its label and help on the setup screen, and its column in the ledger, where each
profile's last setup is kept (the ``setups`` table, :data:`profiles.ledger.records.SETUPS`).

The setup screen shows a box for each :func:`toggle` in the order declared, opens each
profile's setup where its last game left it, and starts the game with the value it reads off
its boxes; the ledger writes and reads the row from the same fields
(:mod:`profiles.ledger.rows`); the message that starts the game carries the value. Adding a
choice the player ticks is adding a field here, and, for a ledger that was written before it,
the migration that adds its column (:data:`profiles.ledger.ledger_file.MIGRATIONS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from profiles.laws.time_control import PRESETS, TimeControl
from profiles.ledger.ledger_file import BELIEVABLE_THINKING, BELL, MONEY_AND_SETUPS, PERSON_LIKE
from profiles.ledger.rows import column, optional

DEFAULT_CLOCK = PRESETS[1]
"""5+3: a blitz game most players can finish in one sitting."""

_TOGGLE = "rated-play toggle"


@dataclass(frozen=True)
class Toggle:
    """How a choice the player ticks or clears is shown on the setup screen."""

    label: str
    """The box's label: one line in the screen's narrower column at 80 columns."""
    help: str
    """What ticking it does, a sentence: the box's tooltip."""
    needs_clock: bool = False
    """It does nothing without a clock: its box is disabled then (its value kept for when a
    clock is chosen again)."""
    chooses_opponent: bool = False
    """It changes which opponent the setup's wish gets (``engines.opponents.choice``)."""


def toggle(
    default: bool,
    label: str,
    help: str,
    *,
    since: int = MONEY_AND_SETUPS,
    needs_clock: bool = False,
    chooses_opponent: bool = False,
) -> Any:
    """A field of :class:`Setup` the player ticks or clears: its ``default`` is the box's when
    a profile has no setup yet and what a ledger older than the column's migration (``since``)
    reads in its place, so a setup saved before the choice existed opens with it as new."""
    return field(
        default=default,
        metadata={
            **column(bool, since=since, before=str(int(default))),
            _TOGGLE: Toggle(label, help, needs_clock, chooses_opponent),
        },
    )


@dataclass(frozen=True, kw_only=True)
class Setup:
    """A rated game's setup: what the player chose before it, as a profile's last setup is
    kept. Its toggles are in the order the setup screen shows them."""

    strength: float | None = field(default=None, metadata=column(optional(float)))
    """The slider's wanted rating (None: never moved)."""
    time_control: str = field(default=DEFAULT_CLOCK.pgn, metadata=column(str))
    """PGN form, as :class:`TimeControl` writes it (``"-"`` without a clock)."""
    person_like: bool = toggle(
        False,
        "Plays like a person",
        "Only the person-like opponents: networks trained on people's games, which play the "
        "moves people of their rating play.",
        since=PERSON_LIKE,
        chooses_opponent=True,
    )
    unleashed: bool = toggle(
        False,
        "Unleashed",  # the screen adds the unleashed engine's rating
        "The engine at full strength, beyond the slider: a game to lose, rated as any other.",
        chooses_opponent=True,
    )
    doubling: bool = toggle(
        False,
        "Doubling of the stake",
        "Either side may offer to double the stake, as with backgammon's cube: a double "
        "declined loses the game, one accepted gives the next double to the side that took it.",
    )
    believable_thinking: bool = toggle(
        True,
        "Opponent at a person's pace",
        "The opponent takes a person's time over its moves, charged to its own clock; "
        "cleared, it answers at once.",
        since=BELIEVABLE_THINKING,
        needs_clock=True,
    )
    bell: bool = toggle(
        False,
        "Bell on its moves, at low time",
        "The terminal's bell rings when the opponent moves and once when your clock runs low.",
        since=BELL,
    )

    @property
    def clock(self) -> TimeControl:
        """The time control, read from its PGN form (TimeControlError for one this version
        cannot read, as a setup saved by another may hold)."""
        return TimeControl.from_pgn(self.time_control)


def toggles_of(setup_type: type[Setup]) -> dict[str, Toggle]:
    """The toggles ``setup_type`` declares, by field name, in the order declared."""
    return {f.name: f.metadata[_TOGGLE] for f in fields(setup_type) if _TOGGLE in f.metadata}


TOGGLES = toggles_of(Setup)
"""The setup's toggles, by field name, in the order the setup screen shows them."""
