"""A game left by a process that died is closed as a loss at the next start, and said so once."""

from __future__ import annotations

import signal

from engines.opponents.pool import Pool
from profiles.data_directory import DataDirectory
from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, GameStatus, Profile
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.error import ErrorDialog
from rated_play.ui.screens.setup import SetupScreen
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    start_game,
    wait_until,
)


def left_by_a_dead_process(ledger: Ledger, profile: Profile) -> GameRecord:
    """A game written by the process that played it, which then died without a word."""
    playing = Ledger.open(DataDirectory.of_ledger(ledger.path))
    left = playing.open_game(
        profile,
        opponent_name="sf",
        opponent_title="Stockfish (50 nodes)",
        opponent_rating=700,
        time_control=PRESETS[1],
        rating_before=None,
    )
    playing.close()
    return left


async def test_the_next_start_says_the_killed_game_was_scored_as_a_loss_once(
    ledger: Ledger, pool: Pool
) -> None:
    profile = ledger.create_profile("Magnus")
    left = left_by_a_dead_process(ledger, profile)

    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        notice = app.screen.message
        assert "Stockfish (50 nodes) (700)" in notice and "loss by abandonment" in notice
        await pilot.click("#ok")
        assert isinstance(app.screen, SetupScreen)
    record = ledger.game(left.id)
    assert (record.status, record.player_score) == (GameStatus.ABANDONED, 0.0)

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, SetupScreen), "said once, not at every start"


async def test_a_game_ended_by_a_closed_terminal_is_announced_but_one_the_player_quit_is_not(
    ledger: Ledger, pool: Pool
) -> None:
    """A signal (the terminal closed) lets the app close the game itself, with nobody to tell:
    the next start tells. Leaving through the quit dialog, which said so, is not told again."""
    ledger.create_profile("Magnus")
    closed = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with closed.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        hung_up = screen.game.game_id
        closed.leave_on_signal(signal.SIGHUP)
        await pilot.pause()
    assert ledger.game(hung_up).status is GameStatus.ABANDONED

    told = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with told.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(told.screen, ErrorDialog) and "loss by abandonment" in told.screen.message
        await pilot.click("#ok")
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await pilot.press("ctrl+q")
        await answer(pilot, "Leave")
        await pilot.pause()

    quiet = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with quiet.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(quiet.screen, SetupScreen), "the quit dialog told it already"
    assert [g.status for g in ledger.games()] == [GameStatus.ABANDONED] * 2


async def test_the_notice_is_on_the_first_screen_painted_before_a_key_reaches_the_setup(
    ledger: Ledger, pool: Pool
) -> None:
    """The setup was painted first and the notice came a moment later: an F5 pressed in that
    moment met the notice instead of a game."""
    profile = ledger.create_profile("Magnus")
    left_by_a_dead_process(ledger, profile)
    painted: list[object] = []

    def first_paint() -> None:
        painted.append(app.screen)

    app = RatedPlayApp(
        ledger,
        pool,
        AppOptions(handle_signals=False, seating=ScriptedSeating(), on_first_paint=first_paint),
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(painted))
        assert isinstance(painted[0], ErrorDialog), "the notice is painted with the setup"
        assert "loss by abandonment" in painted[0].message
