"""The result screen shows the game's final position beside the result, the rating change and
the purse, from the player's side with the last move marked, on every terminal from 80×24 up.
A real game against the scripted opponent, resigned after its reply."""

from __future__ import annotations

from dataclasses import replace

import chess
import pytest
from textual.geometry import Region
from textual.widgets import Footer

from profiles.laws.endings import Ending, Termination
from profiles.ledger.ledger import Ledger
from rated_play.session.outcome import GameOutcome
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.widgets.board import UNICODE_PIECES, BoardView, Mark, fit_geometry
from tests.ui.driving import (
    SIZE,
    SMALL,
    answer,
    board_text,
    choose_weakest_opponent,
    first_game,
    marked,
    resign,
    screen_text,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_until,
)


@pytest.mark.parametrize(("size", "cell"), [(SMALL, (3, 1)), (SIZE, (7, 3))])
async def test_the_result_shows_the_final_position_with_the_last_move_marked(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int], cell: tuple[int, int]
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=size) as pilot:
        await choose_weakest_opponent(pilot)
        game_screen = await start_game(pilot)
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, game_screen)
        await type_move(pilot, "d4")
        await wait_for_player_turn(pilot, game_screen)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResultScreen)
        game = screen.game
        final, last = game.board, game.last_move
        assert last is not None and last.to_square not in (chess.E4, chess.D4)
        view = screen.query_one(BoardView)
        assert view.orientation == game.player_color
        lines = board_text(view)
        for square in chess.SQUARES:
            x, y = view.square_offset(square)
            piece = final.piece_at(square)
            expected = " " if piece is None else UNICODE_PIECES[piece.symbol()]
            assert lines[y][x] == expected, chess.square_name(square)
        assert marked(view, Mark.LAST_MOVE) == {last.from_square, last.to_square}

        geometry = fit_geometry(*view.size)
        assert (geometry.cell_width, geometry.cell_height) == cell
        assert geometry.width <= view.size.width and geometry.height <= view.size.height
        content = Region(0, 0, size[0], screen.query_one(Footer).region.y)
        for widget in [view, *screen.query_one("#result").query("*")]:
            if widget.display and widget.region:
                assert content.contains_region(widget.region), f"{widget} is cut off"


async def test_a_draw_is_said_once_and_what_it_scored(app: RatedPlayApp, ledger: Ledger) -> None:
    """ "Draw by agreement" was followed by "A draw."."""
    async with first_game(app, ledger) as (pilot, game_screen):
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, game_screen)
        await resign(pilot)
        result = app.screen
        assert isinstance(result, ResultScreen)
        agreed = GameOutcome(Ending(Termination.DRAW_AGREED, None), result.game.player_color)
        drawn = ResultScreen(result.game, replace(result.report, outcome=agreed))
        await app.push_screen(drawn)
        await pilot.pause()
        painted = "\n".join(screen_text(app))
        assert "Draw by agreement" in painted and "Half a point each." in painted
        assert "A draw." not in painted
