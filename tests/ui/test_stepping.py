"""What the game viewer and the review share beyond the keys: a click on a move in the list goes
there, ``f`` turns the board round (the game itself never does), and beside the board the
opening the game had reached by then and the material balance.

Games written straight to a real ledger; the review analyses them with the real Stockfish."""

from __future__ import annotations

import chess
import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game_viewer import GameViewerScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.screens.stepping import SteppedGameScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.move_list import MoveList
from tests.builders import record_game
from tests.ui.driving import (
    SIZE,
    board_text,
    highlighted,
    past_the_notice,
    pieces_of,
    pieces_shown,
    wait_until,
)

SCANDINAVIAN = ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6", "Bd2", "Bf5")
"""1. e4 d5 2. exd5: White is a pawn up until 2... Qxd5; 3. Nc3 Qa5 is a named line."""


def written(ledger: Ledger) -> int:
    return record_game(ledger, ledger.create_profile("Magnus"), 0.5, moves=SCANDINAVIAN)


async def viewer(pilot: Pilot[None], ledger: Ledger, game_id: int) -> GameViewerScreen:
    await past_the_notice(pilot)
    screen = GameViewerScreen(ledger, game_id, "Magnus")
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


def facts(screen: SteppedGameScreen) -> str:
    selector = "#review-facts" if isinstance(screen, ReviewScreen) else "#viewer-facts"
    return str(screen.query_one(selector, Static).render())


def file_letters(view: BoardView) -> str:
    """The file letters under the board, as read off the screen."""
    lines = [line.strip() for line in board_text(view)]
    return next(line.replace(" ", "") for line in lines if line and set(line) <= set("abcdefgh "))


async def click_move(pilot: Pilot[None], screen: SteppedGameScreen, ply: int) -> None:
    """Click the move of ``ply`` where the list shows it (``  2. exd5 Qxd5``)."""
    moves = screen.query_one(MoveList)
    line = moves.query_one(Static).render().plain.splitlines()[(ply - 1) // 2]
    san = screen.sans[ply - 1]
    column = line.index(f" {san}", 4 if ply % 2 else line.index(screen.sans[ply - 2]) + 1) + 1
    assert await pilot.click(moves.query_one(Static), offset=(column + 1, (ply - 1) // 2))
    await pilot.pause()


async def test_a_click_on_a_move_in_the_viewer_goes_there(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = written(ledger)
    async with app.run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, ledger, game_id)
        view = screen.query_one(BoardView)
        for ply in (3, 4, 1, 10):
            await click_move(pilot, screen, ply)
            assert screen.ply == ply
            assert highlighted(screen) == [SCANDINAVIAN[ply - 1]]
            board = chess.Board()
            for san in SCANDINAVIAN[:ply]:
                board.push_san(san)
            assert pieces_shown(view) == pieces_of(board)


async def test_f_turns_the_viewers_board_round_and_back(app: RatedPlayApp, ledger: Ledger) -> None:
    game_id = written(ledger)
    async with app.run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, ledger, game_id)
        view = screen.query_one(BoardView)
        assert screen.game is not None
        final = pieces_of(screen.game.board_after(len(SCANDINAVIAN)))
        assert file_letters(view) == "abcdefgh" and pieces_shown(view) == final
        await pilot.press("f")
        assert view.orientation == chess.BLACK
        assert file_letters(view) == "hgfedcba", "Black at the bottom, the files with it"
        assert pieces_shown(view) == [rank[::-1] for rank in reversed(final)]
        await pilot.press("left")  # stepping keeps the board turned
        assert file_letters(view) == "hgfedcba"
        await pilot.press("f")
        assert file_letters(view) == "abcdefgh" and view.orientation == chess.WHITE


async def test_the_viewer_names_the_opening_and_counts_the_material_at_each_move(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = written(ledger)
    async with app.run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, ledger, game_id)
        await pilot.press("home")
        assert facts(screen) == "No named opening yet\nMaterial: even"
        await pilot.press("right", "right", "right")  # 2. exd5: a pawn up
        said = facts(screen)
        assert "B01 Scandinavian Defense" in said
        assert said.endswith("Material: White ♙ +1")
        await pilot.press("right")  # 2... Qxd5 takes it back
        assert facts(screen).endswith("Material: even")
        await pilot.press("end")
        opening = screen.openings[-1]
        assert opening is not None and opening.eco == "B01"
        assert facts(screen).startswith(opening.label)


@pytest.mark.engine
async def test_the_review_goes_to_a_clicked_move_and_turns_its_board(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = written(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_notice(pilot)
        screen = ReviewScreen(ledger, game_id)
        await app.push_screen(screen)
        await wait_until(pilot, lambda: screen.analysis is not None, timeout=90)
        await pilot.pause()
        await click_move(pilot, screen, 3)
        assert screen.ply == 3 and highlighted(screen) == ["exd5"]
        assert "2. exd5" in str(screen.query_one("#review-move", Static).render())
        assert "Material: White ♙ +1" in facts(screen)
        view = screen.query_one(BoardView)
        await pilot.press("f")
        assert file_letters(view) == "hgfedcba"
        await click_move(pilot, screen, 6)
        assert screen.ply == 6 and file_letters(view) == "hgfedcba"
