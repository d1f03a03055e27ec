"""Time controls as typed by a player, their classes, and their PGN form."""

from __future__ import annotations

import pytest

from profiles.laws.time_control import PRESETS, TimeClass, TimeControl, TimeControlError


@pytest.mark.parametrize(
    ("text", "base", "increment", "time_class"),
    [
        ("1+0", 60, 0, TimeClass.BULLET),
        ("2+1", 120, 1, TimeClass.BULLET),
        ("3+2", 180, 2, TimeClass.BLITZ),
        (" 5 + 3 ", 300, 3, TimeClass.BLITZ),
        ("10+5", 600, 5, TimeClass.RAPID),
        ("15+10", 900, 10, TimeClass.RAPID),
        ("30+0", 1800, 0, TimeClass.CLASSICAL),
        ("90+30", 5400, 30, TimeClass.CLASSICAL),
        ("0.5+0", 30, 0, TimeClass.BULLET),
    ],
)
def test_a_typed_time_control_and_its_class(
    text: str, base: int, increment: int, time_class: TimeClass
) -> None:
    control = TimeControl.parse(text)
    assert (control.base_seconds, control.increment_seconds) == (base, increment)
    assert control.time_class is time_class
    assert TimeControl.from_pgn(control.pgn) == control


@pytest.mark.parametrize("text", ["none", "-", "No clock", "untimed"])
def test_no_clock(text: str) -> None:
    control = TimeControl.parse(text)
    assert control.untimed and control.time_class is TimeClass.UNTIMED and control.pgn == "-"
    assert str(control) == "no clock"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "minutes\\+increment"),
        ("5", "minutes\\+increment"),
        ("5+", "minutes\\+increment"),
        ("five+3", "minutes\\+increment"),
        ("5+-3", "minutes\\+increment"),
        ("0+5", "no time on the clock"),
        ("999+0", "at most 360"),
        ("5+9999", "at most 600 seconds"),
    ],
)
def test_a_malformed_time_control_says_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(TimeControlError, match=message):
        TimeControl.parse(text)


def test_the_presets_are_the_designs() -> None:
    assert [str(p) for p in PRESETS] == ["3+2", "5+3", "10+5", "15+10", "30+0", "90+30"]
