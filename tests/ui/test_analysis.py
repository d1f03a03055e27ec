"""The analysis in the app (the review screen): reached from the result screen of a real
finished game, never from a game still on.

The game is played against the scripted opponent, the player's moves greedy_move's except one:
the first time the player's queen can go to a square the opponent attacks and the player does
not defend, it goes there. The analysis must mark that move a blunder.
"""

from __future__ import annotations

import chess
import chess.engine
import pytest
from textual.widgets import ProgressBar, Static

from engines.discovery import find_engine
from profiles.laws.endings import side_name
from profiles.ledger.ledger import Ledger
from profiles.marks import Mark
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.widgets.eval_graph import EvalGraph
from tests.builders import hanging_queen_move, record_game
from tests.scripted_opponent import greedy_move
from tests.ui.driving import (
    SIZE,
    board_text,
    engines_running,
    first_game,
    resign,
    type_move,
    wait_for_player_turn,
    wait_until,
)


@pytest.mark.engine
async def test_a_finished_games_analysis_marks_the_hung_queen(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        hung = 0
        while not hung and len(game.board.move_stack) < 60:
            await wait_for_player_turn(pilot, screen)
            assert not game.is_over, "the game ended before the queen could be hung"
            board = game.board
            move = hanging_queen_move(board)
            if move is not None:
                hung = len(board.move_stack) + 1
            else:
                move = greedy_move(board)
            await type_move(pilot, board.san(move))
        assert hung, "the queen never found a square to hang on"
        await wait_for_player_turn(pilot, screen)
        await resign(pilot)
        await pilot.click("#analyse")
        assert isinstance(app.screen, ReviewScreen)
        analysis_screen = app.screen
        await wait_until(pilot, lambda: analysis_screen.analysis is not None, timeout=60)
        analysis = analysis_screen.analysis
        assert analysis is not None
        assert analysis.moves[hung - 1].mark is Mark.BLUNDER
        assert ledger.analysis(game.game_id) == analysis, "stored for the second look"

        while analysis_screen.ply < hung:  # the player's marks, one after the other
            await pilot.press("n")
        assert analysis_screen.ply == hung
        said = str(analysis_screen.query_one("#review-move", Static).render())
        best = analysis.moves[hung - 1].best
        number = f"{(hung + 1) // 2}{'.' if hung % 2 else '…'}"
        assert "Blunder" in said and best is not None and f"Best: {number} {best}" in said
        assert not analysis_screen.query_one("#review-progress", ProgressBar).display
        summary = str(analysis_screen.query_one("#review-summary", Static).render())
        figures = analysis.summary(game.player_color).figures_words()  # accuracy and ACPL
        assert f"{side_name(game.player_color)} (you): {figures}" in summary
        graph = "".join(board_text(analysis_screen.query_one(EvalGraph)))
        assert "█" in graph or "▄" in graph or "▀" in graph

        await pilot.press("escape")
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("a")
        assert isinstance(app.screen, ReviewScreen)
        second = app.screen
        await wait_until(pilot, lambda: second.analysis is not None, timeout=2)
        assert second.analysis == analysis


async def test_nothing_of_the_analysis_is_reachable_while_a_game_is_on(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)

        assert not screen.query("#analyse"), "no Analyse button during the game"
        actions = {binding.binding.action for binding in app.active_bindings.values()}
        assert not {a for a in actions if "analys" in a}, actions
        await pilot.press("a")  # the result screen's key: here it is a letter in the move box
        assert app.screen is screen and not game.is_over

        # Even opened by hand, the analysis screen gets no analysis of a game still on.
        opened = ReviewScreen(ledger, game.game_id)
        await app.push_screen(opened)
        status = opened.query_one("#review-status", Static)
        await wait_until(pilot, lambda: "cannot be analysed" in str(status.render()))
        assert "still being played" in str(status.render())
        assert opened.analysis is None and ledger.analysis(game.game_id) is None
        await pilot.press("escape")
        assert app.screen is screen and screen.in_play, "the game goes on"


async def self_played(plies: int) -> list[str]:
    """A game of Stockfish against itself at 300 nodes a move, in SAN."""
    path = find_engine("stockfish")
    assert path is not None
    _, engine = await chess.engine.popen_uci(str(path))
    board = chess.Board()
    sans = []
    try:
        while len(sans) < plies and board.outcome() is None:
            move = (await engine.play(board, chess.engine.Limit(nodes=300))).move
            assert move is not None
            sans.append(board.san(move))
            board.push(move)
    finally:
        await engine.quit()
    return sans


@pytest.mark.engine
async def test_the_analysis_runs_beside_a_live_screen_and_stops_when_left(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    sans = await self_played(60)
    game_id = record_game(
        ledger, ledger.create_profile("Magnus"), 0.5, moves=sans, player=chess.WHITE
    )
    async with app.run_test(size=SIZE) as pilot:
        before = engines_running()
        screen = ReviewScreen(ledger, game_id)
        await app.push_screen(screen)
        bar = screen.query_one("#review-progress", ProgressBar)
        await wait_until(pilot, lambda: (bar.progress or 0) >= 3)
        assert len(engines_running() - before) == 1, "one full-strength engine, working"
        assert screen.analysis is None and bar.display

        await pilot.press("escape")  # the screen answers keys while the engine works
        assert app.screen is not screen
        await wait_until(pilot, lambda: not engines_running() - before, timeout=5)
        assert ledger.analysis(game_id) is None, "a stopped analysis leaves nothing behind"
