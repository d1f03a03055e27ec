"""Believable thinking through the app: on by default and shown at the setup, remembered per
profile, the opponent's clock charged with a person's think time in a real game, at once
when it is off or the game has no clock, and never in the way of resigning or quitting."""

from __future__ import annotations

import os
import signal
import time

import chess
import chess.engine
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from engines.opponents.pool import Pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.session import Termination
from rated_play.session.thinking import MIN_SECONDS
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.dropdown import Dropdown
from tests.builders import OWN_SEARCH, deliberate_pace, engine_seconds, least_think
from tests.scripted_opponent import ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    start_classical_game,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_until,
)


def thinking_box(app: RatedPlayApp) -> Checkbox:
    return app.screen.query_one("#believable-thinking", Checkbox)


async def play_moves(pilot: Pilot[None], screen: GameScreen, count: int) -> None:
    for _ in range(count):
        await wait_for_player_turn(pilot, screen)
        assert not screen.game.is_over
        board = screen.game.board
        await type_move(pilot, board.san(greedy_move(board)))
    await wait_for_player_turn(pilot, screen)


async def test_on_by_default_the_opponent_takes_a_persons_time_on_its_clock(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        box = thinking_box(app)
        assert box.value and not box.disabled and box.region.height > 0, "shown, and on"
        custom = app.screen.query_one("#custom", Input)
        custom.focus()
        custom.value = "0.5+0"
        await pilot.press("enter")
        screen = await start_game(pilot, believable_thinking=True)
        game = screen.game
        assert game.time_control == TimeControl.parse("0.5+0")
        await type_move(pilot, "e4")
        await wait_until(pilot, lambda: "is thinking" in str(screen.query_one("#status").render()))
        await play_moves(pilot, screen, 3)
        charged = engine_seconds(ledger, game.game_id, game.player_color, 30.0, 0.0)
        assert len(charged) == 4
        for seconds in charged:
            assert seconds >= MIN_SECONDS - 0.01, "a person's move, charged to its clock"
        left = game.clock.remaining(chess.BLACK)
        assert left is not None and left <= 30.0 - sum(charged) + 0.01


async def test_turned_off_or_without_a_clock_the_opponent_answers_at_once(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_classical_game(pilot, believable_thinking=False)
        game = screen.game
        await play_moves(pilot, screen, 4)
        for seconds in engine_seconds(ledger, game.game_id, game.player_color, 5400.0, 30.0):
            assert seconds < OWN_SEARCH
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))

        # No clock: the setting stays as it was, greyed, and means nothing.
        app.screen.query_one("#no-clock", Checkbox).value = True
        await pilot.pause()
        assert thinking_box(app).disabled
        screen = await start_game(pilot, believable_thinking=True)
        assert screen.game.time_control.untimed
        started = time.monotonic()
        await wait_for_player_turn(pilot, screen)  # colours alternate: the engine opens
        assert time.monotonic() - started < OWN_SEARCH
        for _ in range(3):
            board = screen.game.board
            await type_move(pilot, board.san(greedy_move(board)))
            started = time.monotonic()
            await wait_for_player_turn(pilot, screen)
            assert time.monotonic() - started < OWN_SEARCH


async def test_the_setting_is_remembered_for_each_profile(ledger: Ledger, pool: Pool) -> None:
    ledger.create_profile("Judit")
    garry = ledger.create_profile("Garry")
    first = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with first.run_test(size=SIZE) as pilot:
        await start_game(pilot, believable_thinking=False)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(first.screen, ResultScreen))
        await pilot.pause()  # leaving while the result screen arrives races Textual's header

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SetupScreen) and screen.profile is not None
        assert screen.profile.name == "Judit"
        assert not thinking_box(again).value
        screen.query_one("#profile", Dropdown).value = garry.id
        await pilot.pause()
        assert screen.profile == garry
        assert thinking_box(again).value, "Garry never turned it off"


async def test_resigning_or_quitting_while_the_opponent_takes_its_time_is_at_once(
    ledger: Ledger, pool: Pool
) -> None:
    """Against a pace that thinks as long as a person's goes, so that the opponent is still
    thinking a second after its turn began (a person's first move may take less)."""
    ledger.create_profile("Magnus")
    app = RatedPlayApp(
        ledger,
        pool,
        AppOptions(handle_signals=False, seating=ScriptedSeating(), paces=deliberate_pace),
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_classical_game(pilot, believable_thinking=True)
        game = screen.game
        await type_move(pilot, "e4")
        await pilot.pause(1.0)  # the engine's search took milliseconds; its pace is seconds
        assert not game.is_player_turn and not game.is_over
        bound = least_think(game)
        resigned = time.monotonic()
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert time.monotonic() - resigned < bound
        assert game.outcome is not None and game.outcome.termination is Termination.RESIGNATION
        assert game.san_moves() == ["e4"]

        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        screen = await start_game(pilot, believable_thinking=True)
        game = screen.game
        assert game.player_color == chess.BLACK
        await pilot.pause(1.0)  # the engine opens, at a person's pace
        assert not game.is_player_turn
        bound = least_think(game)
        leaving = time.monotonic()
        await pilot.press("ctrl+q")
        await answer(pilot, "Leave")
        await wait_until(pilot, lambda: ledger.game(game.game_id).status is not GameStatus.PENDING)
        assert time.monotonic() - leaving < bound
    assert ledger.game(game.game_id).status is GameStatus.ABANDONED


async def test_a_signal_while_the_opponent_takes_its_time_records_the_loss_at_once(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Magnus")
    app = RatedPlayApp(
        ledger,
        pool,
        AppOptions(handle_signals=True, seating=ScriptedSeating(), paces=deliberate_pace),
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_classical_game(pilot, believable_thinking=True)
        game_id = screen.game.game_id
        await type_move(pilot, "e4")
        await pilot.pause(1.0)
        assert not screen.game.is_player_turn, "the opponent takes its time"
        bound = least_think(screen.game)
        signalled = time.monotonic()
        os.kill(os.getpid(), signal.SIGTERM)
        await wait_until(pilot, lambda: ledger.game(game_id).status is not GameStatus.PENDING)
        assert time.monotonic() - signalled < bound
    assert app.return_code == 128 + signal.SIGTERM
    assert ledger.game(game_id).status is GameStatus.ABANDONED
