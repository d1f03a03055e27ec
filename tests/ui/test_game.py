"""Rated games played through the app, checked in the ledger.

The opponent is the scripted opponent (tests/scripted_opponent.py) and the player's moves are
greedy_move's, which makes whole games take seconds and replay move for move; an opponent whose
engine cannot start is the real thing, a program that is no engine.
"""

from __future__ import annotations

import os
import signal

import chess
import chess.engine
import pytest
from textual.widgets import Input

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import RETRY_TICKS, TICK_SECONDS, GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.profile_card import ProfileCardView
from tests.builders import fill_the_disk, free_space, refused_writes
from tests.scripted_opponent import ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    click_square,
    first_game,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

MAX_PLIES = 300


def text_of(screen: object, selector: str) -> str:
    assert isinstance(screen, GameScreen | ResultScreen | SetupScreen)
    return str(screen.query_one(selector).render())


async def test_a_whole_game_typed_in_san_ends_with_its_result_in_the_ledger(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        assert game.player_color == chess.WHITE, "a profile's first game is White"
        for _ in range(MAX_PLIES):
            await wait_for_player_turn(pilot, screen)
            if game.is_over:
                break
            board = game.board
            await type_move(pilot, board.san(greedy_move(board)))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))

        outcome = game.outcome
        assert outcome is not None and game.report is not None
        result_screen = app.screen
        assert outcome.told in text_of(result_screen, "#ending")
        assert "19 games until rated" in text_of(result_screen, "#rating")
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert record.result == outcome.result
        assert record.player_score == outcome.player_score
        assert len(ledger.moves(game.game_id)) == len(game.san_moves())
        assert game.report.pgn_path is not None and game.report.pgn_path.exists()
        # Folded between directories where it is longer than the line.
        archived = text_of(result_screen, "#archive").replace("\n", "")
        assert str(game.report.pgn_path) in archived

        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        card = str(app.screen.query_one(ProfileCardView).render())
        assert "Provisional: 1 of 20 games" in card
        assert "You play Black this game" in card, "colours alternate"


async def test_click_to_move_and_a_promotion_chosen_in_the_dialog(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game, board_view = screen.game, screen.query_one(BoardView)

        await click_square(pilot, chess.E2)
        assert board_view.selected == chess.E2
        assert board_view.targets == {chess.E3, chess.E4}
        await click_square(pilot, chess.E7)  # not a destination, not White's piece
        assert board_view.selected is None
        assert game.san_moves() == []

        for _ in range(MAX_PLIES):
            await wait_for_player_turn(pilot, screen)
            assert not game.is_over, f"the game ended before a promotion: {game.san_moves()}"
            board = game.board
            promotion = next((m for m in board.legal_moves if m.promotion), None)
            if promotion is not None:
                break
            move = greedy_move(board)
            await click_square(pilot, move.from_square)
            await click_square(pilot, move.to_square)
        assert promotion is not None
        assert len(game.san_moves()) > 0, "the moves before were played by clicks"

        await click_square(pilot, promotion.from_square)
        await click_square(pilot, promotion.to_square)
        await answer(pilot, "Promote", "knight")
        await wait_until(
            pilot, lambda: any(m.promotion == chess.KNIGHT for m in game.board.move_stack)
        )
        underpromoted = [m for m in game.board.move_stack if m.promotion == chess.KNIGHT]
        assert [m.from_square for m in underpromoted] == [promotion.from_square]

        await wait_for_player_turn(pilot, screen)
        if not game.is_over:
            await pilot.press("f8")
            await answer(pilot, "Resign")
            await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
            await pilot.pause()  # leaving mid-switch races Textual's header, as below
            assert "You (White) resigned" in text_of(app.screen, "#ending")
            record = ledger.game(game.game_id)
            assert (record.status, record.player_score) == (GameStatus.FINISHED, 0.0)
        else:
            # Let the result screen finish arriving: leaving mid-switch races Textual's header.
            await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))


async def test_bad_move_input_is_explained_and_changes_nothing(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        for text, says in (
            ("e5", "not legal"),
            ("Zz9", "is not a move"),
            ("--", "is not a move"),
            ("@@@@", "is not a move"),
            ("0000", "is not a move"),
            ("e2e5", "not legal"),
            ("e7e5", "not your piece"),
        ):
            await type_move(pilot, text)
            assert says in text_of(screen, "#move-error"), text
            assert game.san_moves() == [], "a bad move changes nothing"
            assert game.is_player_turn
            box = screen.query_one("#move-input", Input)
            assert box.value == text, "kept, to be mended"
            assert box.selected_text == text, "selected, to be typed over"
        # Typed key by key after a rejected move, the next move stands alone.
        await pilot.press("e", "5", "enter")
        assert "not legal" in text_of(screen, "#move-error")
        # A typo mended: the refused text is still there, the cursor at its end.
        await pilot.press("N", "c", "4", "enter")
        assert "no knight of yours can go to c4" in text_of(screen, "#move-error")
        await pilot.press("end", "backspace", "3", "enter")
        assert text_of(screen, "#move-error") == ""
        await wait_for_player_turn(pilot, screen)
        await type_move(pilot, "e3")
        await wait_for_player_turn(pilot, screen)
        # Both knights (c3 and g1) can reach e2 now.
        await type_move(pilot, "Ne2")
        assert "ambiguous" in text_of(screen, "#move-error")
        assert len(game.san_moves()) == 4

        screen.query_one("#move-input", Input).clear()
        await pilot.press("f7")
        assert "No draw to claim" in text_of(screen, "#status")
        await pilot.press("f6")
        await answer(pilot, "Offer a draw")
        await wait_until(pilot, lambda: "declines" in text_of(screen, "#status"))
        assert not game.is_over


async def test_quitting_asks_first_and_records_the_game_as_a_loss(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        game_id = screen.game.game_id
        await pilot.press("ctrl+q")
        question = await wait_for_question(pilot, "Leave")
        assert "scored as a loss" in question.text
        await pilot.click("DecisionPanel #cancel")
        await pilot.pause()
        assert not screen.asking and not screen.game.is_over

        await pilot.press("ctrl+c")
        await answer(pilot, "Leave")
        await pilot.pause()
    record = ledger.game(game_id)
    assert record.status is GameStatus.ABANDONED
    assert record.player_score == 0.0


async def test_sigterm_during_a_game_records_the_loss_before_exiting(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Magnus")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=True, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        game_id = screen.game.game_id
        os.kill(os.getpid(), signal.SIGTERM)
        await wait_until(pilot, lambda: ledger.game(game_id).status is not GameStatus.PENDING)
    assert app.return_code == 128 + signal.SIGTERM
    assert ledger.game(game_id).status is GameStatus.ABANDONED


@pytest.mark.engine
async def test_an_engine_that_cannot_start_is_an_error_dialog_and_costs_nothing(
    ledger: Ledger,
) -> None:
    broken = Opponent(name="broken", title="Not an engine", command="/bin/true", rating=1000)
    ledger.create_profile("Magnus")
    app = RatedPlayApp(ledger, Pool([broken]), AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#start")
        # Pushed is not yet composed: under load the dialog's text came a frame later.
        await wait_until(
            pilot,
            lambda: type(app.screen).__name__ == "ErrorDialog" and bool(app.screen.query("#ok")),
        )
        assert "could not be started" in str(app.screen.query_one(".question").render())
        await pilot.press("escape")
        assert isinstance(app.screen, SetupScreen)
        assert not app.screen.query_one("#start").disabled
    assert ledger.games() == []


async def test_a_full_disk_mid_game_is_told_and_the_game_goes_on(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    profile = ledger.create_profile("Magnus")
    fill_the_disk(ledger, profile)
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        game = screen.game
        await wait_for_player_turn(pilot, screen)
        status = text_of(screen, "#status")
        assert "Not saved yet: there is no space left on the disk" in status
        assert "free some space" in status and "move" not in status.split("Not saved")[1]
        assert game.unsaved_moves == 1 and app.screen is screen

        free_space(ledger)
        board = game.board
        await type_move(pilot, board.san(greedy_move(board)))
        await wait_for_player_turn(pilot, screen)
        assert game.unsaved_moves == 0
        assert "Not saved" not in text_of(screen, "#status")
        assert len(ledger.moves(game.game_id)) == len(game.san_moves())


async def test_a_game_ended_while_the_disk_fails_shows_its_result_once_the_ledger_takes_it(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        await wait_for_player_turn(pilot, screen)
        with refused_writes(ledger, "io"):
            await type_move(pilot, "e4")
            await wait_until(pilot, lambda: "Not saved yet" in text_of(screen, "#status"))
            await pilot.press("f8")
            await answer(pilot, "Resign")
            await wait_until(pilot, lambda: "could not take" in text_of(screen, "#status"))
            assert game.is_over and "failed to write" in text_of(screen, "#status")
            await pilot.pause(2 * RETRY_TICKS * TICK_SECONDS)  # retried, and refused again
            assert app.screen is screen
            assert ledger.game(game.game_id).status is GameStatus.PENDING
        # The ledger takes writes again: the game is written whole, and its result shown
        # (mounted: its Next game focused, so the test does not end the app mid-mount).
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen), timeout=5)
        await wait_until(pilot, lambda: app.focused is not None and app.focused.id == "next-game")
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert [m.uci for m in ledger.moves(game.game_id)] == [
            m.uci() for m in game.board.move_stack
        ]
