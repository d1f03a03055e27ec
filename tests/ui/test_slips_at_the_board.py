"""The slips a club player found at the board (issue 28): a move typed past a question, the
focused answer read without colour, the keys a question holds, and the clock under 20 s.
Real games against the real Stockfish, driven by keys as a player types them."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from tests.ui.driving import (
    SIZE,
    choose_weakest_opponent,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

pytestmark = pytest.mark.engine


@pytest.mark.parametrize("typed", ["Qb3", "Bf4"])
async def test_a_move_typed_in_one_burst_past_a_question_keeps_its_order(
    app: RatedPlayApp, ledger: Ledger, typed: str
) -> None:
    """F8, then Qb3 typed fast, gave b3Q in the box: the first key answered the question and
    reached the box after the keys typed behind it."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        await pilot.press("f8")
        await wait_for_question(pilot, "Resign?")
        for character in typed:  # one burst: no key waits for the one before
            app.post_message(events.Key(character, character))
        box = screen.query_one("#move-input", Input)
        await wait_until(pilot, lambda: len(box.value) == len(typed))
        await pilot.pause()
        assert box.value == typed
        assert not screen.game.is_over and not screen.asking
