"""The strength slider lands where the player asks: the keys on round numbers, Home and End on
the pool's ends, a click where it was made."""

from __future__ import annotations

import pytest

from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import fast_opponent
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import SIZE, SMALL

WEAKEST, STRONGEST = 215.4, 3544.3
"""Ends like the shipped pool's, which are no multiples of anything."""


def app_over(ledger: Ledger) -> RatedPlayApp:
    pool = Pool(
        [
            fast_opponent(50, WEAKEST, calibrated=True),
            fast_opponent(400, 1800.0, calibrated=True),
            fast_opponent(20000, STRONGEST, calibrated=True),
        ]
    )
    return RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))


async def test_the_keys_stop_on_round_numbers_and_home_and_end_on_the_ends(
    ledger: Ledger,
) -> None:
    """After Home the values ran 215, 240, … 490, 515, so 500 could not be had; after End 3544,
    3520, 3494."""
    app = app_over(ledger)
    async with app.run_test(size=SIZE) as pilot:
        slider = app.screen.query_one(StrengthSlider)
        slider.focus()
        await pilot.press("home")
        assert slider.value == WEAKEST
        seen = []
        for _ in range(12):
            await pilot.press("right")
            seen.append(slider.value)
        assert seen[:3] == [225, 250, 275] and 500 in seen
        await pilot.press("pageup")
        assert slider.value == seen[-1] + 200
        await pilot.press("end")
        assert slider.value == STRONGEST
        await pilot.press("left", "left")
        assert slider.value == 3500
        await pilot.press("pagedown")
        assert slider.value == 3300
        await pilot.press("end", "right")
        assert slider.value == STRONGEST, "nothing past the end"
        await pilot.press("home", "left")
        assert slider.value == WEAKEST


@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_a_click_lands_where_it_was_made_on_a_round_number(
    ledger: Ledger, size: tuple[int, int]
) -> None:
    """A click on the knob at 1800 moved it to 1734: a click anywhere gave the rating at the
    middle of its column, never a round one."""
    app = app_over(ledger)
    async with app.run_test(size=size) as pilot:
        slider = app.screen.query_one(StrengthSlider)
        slider.value = 1800
        await pilot.pause()
        await pilot.click(StrengthSlider, offset=(knob(slider), 0))
        assert slider.value == 1800, "a click on the knob leaves it"
        last = slider.content_size.width - 1
        for column in (*range(0, last, 4), last):
            await pilot.click(StrengthSlider, offset=(column, 0))
            value = slider.value
            assert knob(slider) == column, f"column {column}: drawn elsewhere"
            if column == 0:
                assert value == WEAKEST
            elif column == last:
                assert value == STRONGEST
            else:
                assert value % 50 == 0, f"column {column}: {value} is not round"


def knob(slider: StrengthSlider) -> int:
    """The column the knob is drawn at."""
    return slider.render().plain.index("●")
