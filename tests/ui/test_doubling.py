"""Money and doubling through the app: a double offered and refused from each side, and a purse
that survives a restart of the app."""

from __future__ import annotations

import random

from textual.widgets import Checkbox

from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from profiles.player.purse import STAKE, START_PURSE
from rated_play.session import Termination
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.decision import DecisionPanel
from rated_play.ui.widgets.profile_card import ProfileCardView
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import random_move_short_of_mate
from tests.scripted_opponent import ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    shown,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

MAX_PLIES = 200


async def tick_doubling(app: RatedPlayApp) -> None:
    app.screen.query_one("#doubling", Checkbox).value = True


async def test_the_player_doubles_and_the_opponent_refuses_so_resigning(
    app: RatedPlayApp, ledger: Ledger, seating: ScriptedSeating
) -> None:
    """The player doubles (F9, confirmed beside the board); the opponent refuses, and so loses
    the game and the stake. When the engine refuses is its judge's (tests/session/
    test_doubling.py): here it refuses as it is told."""
    seating.told["accepts_doubles"] = False
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        await tick_doubling(app)
        screen = await start_game(pilot)
        game = screen.game
        assert "Stake $10 · may double: either side" in shown(app, "#stake")
        for _ in range(3):
            await wait_for_player_turn(pilot, screen)
            await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)
        await pilot.press("f9")
        await answer(pilot, "Offer to double")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        assert game.outcome is not None
        assert game.outcome.termination is Termination.DOUBLE_REFUSED
        assert seating.last.asked.count("double") == 1
        assert "Black refused the double" in shown(app, "#ending")
        assert f"purse $1,000 → ${START_PURSE + STAKE:,}" in shown(app, "#purse")


async def test_the_engine_doubles_and_the_player_refuses_then_the_purse_stays(
    ledger: Ledger, pool: Pool
) -> None:
    """The opponent doubles with its move (where it is told to: when is its judge's, tested in
    tests/session/test_doubling.py); the player refuses, and the purse pays, after a restart."""
    ledger.create_profile("Magnus")
    chooser = random.Random(7)
    seating = ScriptedSeating(doubles_at={10})
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=seating))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one(StrengthSlider).focus()
        await pilot.press("end")  # the strongest opponent of the pool
        await tick_doubling(app)
        screen = await start_game(pilot)
        game = screen.game
        for _ in range(MAX_PLIES):
            await wait_until(pilot, lambda: game.is_over or game.is_player_turn or screen.asking)
            if screen.asking:
                break
            assert not game.is_over, f"the game ended before a double: {game.san_moves()}"
            await type_move(pilot, random_move_short_of_mate(game.board, chooser).uci())
        question = await wait_for_question(pilot, "Double offered")
        assert "offers to double" in question.text
        assert game.is_player_turn, "the offer comes with the engine's move"
        # Neither answer changes nothing, so neither has the focus: an Enter meant for a move
        # typed as the offer came answers nothing.
        assert screen.focused is None
        await pilot.press("e", "4", "enter")
        await pilot.pause()
        assert screen.asking and not game.is_over and game.stake == STAKE
        panel = screen.query_one(DecisionPanel)
        assert not panel.region.overlaps(screen.query_one(BoardView).region), "beside the board"
        await pilot.click("DecisionPanel #refuse")  # and so resign
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        assert game.outcome is not None and game.outcome.player_score == 0.0
        assert "White refused the double" in shown(app, "#ending")

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, SetupScreen)
        card = str(again.screen.query_one(ProfileCardView).render())
        assert f"Purse ${START_PURSE - STAKE:,}" in card
