"""Looking back in the app: the list of games, a game stepped through with the keys, and the
rating history, all on real finished games; none of it while a game is on."""

from __future__ import annotations

import chess
import chess.engine
import pytest
from textual.pilot import Pilot
from textual.widgets import Select, Static, Tabs

from engines.opponents.pool import Pool
from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from profiles.player.history import rating_history
from profiles.player.past_games import ended_words, result_words
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game_viewer import GameViewerScreen
from rated_play.ui.screens.games import GamesScreen
from rated_play.ui.screens.history import HistoryScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.fitted_table import FittedTable
from rated_play.ui.widgets.rating_graph import RatingGraph
from tests.played_games import PLAYER, UNTIMED_GAMES
from tests.scripted_opponent import ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    SMALL,
    choose_weakest_opponent,
    highlighted,
    past_the_notice,
    pieces_of,
    pieces_shown,
    screen_text,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_until,
)


def text(widget: object) -> str:
    assert isinstance(widget, Static | RatingGraph)
    return str(widget.render())


async def step_through(
    pilot: Pilot[None], viewer: GameViewerScreen, moves: list[chess.Move], final: chess.Board
) -> None:
    """The viewer opens at the end; Home, →, ↓ (a full move), ↑, ←, End step through the moves
    the ledger holds, the board and the highlighted move following."""
    await pilot.pause()
    board_view = viewer.query_one(BoardView)
    assert pieces_shown(board_view) == pieces_of(final), "it opens at the end"
    assert f"ply {len(moves)} of {len(moves)}" in text(viewer.query_one("#viewer-position"))

    await pilot.press("home")
    assert pieces_shown(board_view) == pieces_of(chess.Board())
    board = chess.Board()
    for ply, move in enumerate(moves[:5], start=1):
        san = board.san(move)
        board.push(move)
        await pilot.press("right")
        assert pieces_shown(board_view) == pieces_of(board)
        position = text(viewer.query_one("#viewer-position"))
        assert position.startswith(f"{(ply + 1) // 2}") and san in position
        assert f"ply {ply} of {len(moves)}" in position
        assert highlighted(viewer) == [san], "the move on the board, highlighted"
    await pilot.press("down")  # a full move on: two plies
    for move in moves[5:7]:
        board.push(move)
    assert pieces_shown(board_view) == pieces_of(board)
    await pilot.press("up", "left")
    assert f"ply 4 of {len(moves)}" in text(viewer.query_one("#viewer-position"))
    await pilot.press("end", "right")
    assert pieces_shown(board_view) == pieces_of(final), "no step beyond the end"


@pytest.mark.engine
async def test_a_game_played_in_the_app_is_stepped_through_move_by_move(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile(PLAYER)
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        game = screen.game
        while not game.is_over and len(game.board.move_stack) < 300:
            await wait_for_player_turn(pilot, screen)
            if not game.is_over:
                await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.set_focus(None)

        await pilot.press("g")
        assert isinstance(app.screen, GamesScreen)
        table = app.screen.query_one(FittedTable)
        record = ledger.game(game.game_id)
        assert game.outcome is not None and game.outcome.player_score is not None
        row = table.get_row_at(0)
        assert row[0] == str(record.number) == "1" and row[4] == result_words(record)
        assert row[4] == {1.0: "Won", 0.5: "Drawn", 0.0: "Lost"}[game.outcome.player_score]
        assert row[5] == ended_words(record) != ""
        assert row[6] == "1 of 20" and row[2] == "White"

        await pilot.press("enter")
        viewer = app.screen
        assert isinstance(viewer, GameViewerScreen)
        await step_through(pilot, viewer, ledger.played_moves(game.game_id), game.board)

        await pilot.press("a")
        assert isinstance(app.screen, ReviewScreen) and app.screen.game_id == game.game_id
        await pilot.press("escape")  # stops the analysis, stores nothing
        assert app.screen is viewer
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, SetupScreen)


async def test_the_history_screen_shows_what_the_ledger_says(played: Ledger, pool: Pool) -> None:
    profile = played.profile(PLAYER)
    games = played.games(profile.id)
    app = RatedPlayApp(played, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        await past_the_notice(pilot)
        await pilot.press("h")
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        await pilot.pause()
        graph = screen.query_one(RatingGraph)
        # The setup's class, blitz: two games, no rating and no hint of one.
        assert screen.query_one(Tabs).active == "blitz"
        assert graph.points == () and "2 of 20 rated games" in text(graph)
        assert "Blitz · Provisional: 2 of 20 games" in text(screen.query_one("#history-rating"))
        table = screen.query_one(FittedTable)
        assert table.row_count == 2 and all(table.get_row_at(n)[4] == "–" for n in range(2))

        await pilot.press("left", "left")  # bullet, then round to no clock
        assert screen.query_one(Tabs).active == "untimed"
        await pilot.pause()
        untimed = [g for g in games if g.time_class is TimeClass.UNTIMED]
        # The session wrote the rating after each game as it closed it.
        assert [(p.game_id, p.rating) for p in graph.points] == [
            (g.id, g.rating_after) for g in untimed[19:]
        ]
        assert [p.number for p in graph.points] == list(range(20, UNTIMED_GAMES + 1))
        drawn = text(graph)
        assert "game 20" in drawn and str(UNTIMED_GAMES) in drawn
        assert any(block in drawn for block in "▀▄█"), "the line is drawn"
        rows = [table.get_row_at(n) for n in range(table.row_count)]
        assert sum(int(row[1]) for row in rows) == len(untimed)
        for row, key in zip(rows, table.rows, strict=True):
            mine = [g for g in untimed if g.opponent_name == key.value]
            wins = sum(g.player_score == 1.0 for g in mine)
            draws = sum(g.player_score == 0.5 for g in mine)
            assert row[1:3] == [str(len(mine)), f"{wins}/{draws}/{len(mine) - wins - draws}"]
            assert row[0] == f"{mine[-1].opponent_rating:.0f}" and row[4] != "–"
        assert any(g.status is GameStatus.ABANDONED for g in untimed), "counted as the loss it is"

        screen.query_one("#history-system", Select).value = "glicko2"
        await pilot.pause()
        glicko = rating_history(played, profile, "glicko2")[TimeClass.UNTIMED].points
        assert graph.points == glicko and all(p.rd for p in graph.points)
        assert "± band" in str(graph.border_title)
        await pilot.press("escape")
        assert isinstance(app.screen, SetupScreen)


async def test_nothing_is_looked_back_at_while_a_game_is_on(played: Ledger, pool: Pool) -> None:
    profile = played.profile(PLAYER)
    older = played.games(profile.id)[-1]
    app = RatedPlayApp(played, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        await past_the_notice(pilot)
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        game = screen.game
        await wait_for_player_turn(pilot, screen)
        await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)

        actions = {binding.binding.action for binding in app.active_bindings.values()}
        assert not actions & {"games", "history", "analyse"}, actions
        screen.set_focus(None)  # so the letters are keys, not a move being typed
        await pilot.press("g", "h", "a")
        assert app.screen is screen and screen.in_play

        # Even opened by hand, the list opens no game: neither this one nor an older one.
        games_screen = GamesScreen(played, profile)
        await app.push_screen(games_screen)
        await pilot.pause()
        assert games_screen.query_one(FittedTable).get_row_at(0)[4] == "In play"
        for row in (0, 1):
            games_screen.query_one(FittedTable).move_cursor(row=row)
            await pilot.press("enter")
            viewer = app.screen
            assert isinstance(viewer, GameViewerScreen) and viewer.game is None
            headers = text(viewer.query_one("#viewer-headers"))
            assert "cannot be shown" in headers and "still being played" in headers
            await pilot.press("a", "right")
            assert app.screen is viewer, "no analysis from a game that was not shown"
            await pilot.press("escape")
        assert games_screen.lines[1].record.id == older.id
        await pilot.press("escape")
        assert app.screen is screen and screen.in_play, "the game goes on"
        assert played.analysis(older.id) is None


@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_the_games_list_says_how_each_game_ended(
    played: Ledger, pool: Pool, size: tuple[int, int]
) -> None:
    """The list said won, drawn or lost, never how: by mate, on time, resigned, left."""
    games = played.games(played.profile(PLAYER).id)
    app = RatedPlayApp(played, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=size) as pilot:
        await past_the_notice(pilot)
        await pilot.press("g")
        assert isinstance(app.screen, GamesScreen)
        await pilot.pause()
        table = app.screen.query_one(FittedTable)
        rows = [table.get_row_at(row) for row in range(table.row_count)]
        assert [row[0] for row in rows] == [str(game.number) for game in reversed(games)]
        assert [row[5] for row in rows] == [ended_words(game) for game in reversed(games)]
        assert {"left", "checkmate"} <= {row[5] for row in rows}
        heading = next(line for line in screen_text(app) if " Ended " in line)
        assert heading.index("Result") < heading.index("Ended") < heading.index("Rating")
