"""The slips a club player found in the review (issue 28): the opponent's marks in the move
list and under n/p, the review opened from the viewer at the move viewed, and the summary and
the moves in sight at 80×24. Games written to a real ledger, analysed by the real Stockfish."""

from __future__ import annotations

import chess
import pytest

from profiles.laws.endings import Termination
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game_viewer import GameViewerScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.widgets.board import BoardView
from tests.builders import record_game
from tests.ui.driving import wait_until
from tests.ui.test_help import close_help, listed, open_help
from tests.ui.test_past_games import highlighted, past_the_notice
from tests.ui.test_review import better_squares, review, said

pytestmark = pytest.mark.engine

SIZE = (120, 40)
SMALL = (80, 24)
QUEEN_HUNG_BY_BLACK = ("e4", "e5", "Nf3", "Qg5", "Nxg5")
"""The player, White, wins the queen the engine hangs with 2...Qg5??."""


def write_win(ledger: Ledger) -> int:
    profile = ledger.create_profile("Magnus")
    return record_game(
        ledger,
        profile,
        1.0,
        moves=QUEEN_HUNG_BY_BLACK,
        player=chess.WHITE,
        termination=Termination.RESIGNATION,
    )


async def test_the_opponents_marks_are_in_the_list_and_n_p_visit_them(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_win(ledger)
    async with app.run_test(size=SIZE) as pilot:
        screen = await review(pilot, ledger, game_id)
        assert screen.analysis is not None
        assert screen.analysis.moves[3].best is not None
        await pilot.press("home", "n")
        assert screen.ply == 4, "2...Qg5??, the opponent's blunder, is a mark to go to"
        assert highlighted(screen) == ["Qg5??"]
        text = said(screen, "#review-move")
        assert "Blunder" in text and f"Best: 2… {screen.analysis.moves[3].best}" in text
        best = chess.Board()
        for san in QUEEN_HUNG_BY_BLACK[:3]:
            best.push_san(san)
        move = best.parse_san(screen.analysis.moves[3].best)
        assert better_squares(screen.query_one(BoardView)) == {move.from_square, move.to_square}
        await pilot.press("end", "p")
        assert screen.ply == 4
        assert "Black (Stockfish): " in said(screen, "#review-summary")
        assert "1 blunder" in said(screen, "#review-summary").split("Black")[1]


async def test_the_review_opened_from_the_viewer_starts_at_the_move_viewed(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_win(ledger)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_notice(pilot)
        viewer = GameViewerScreen(ledger, game_id, "Magnus")
        await app.push_screen(viewer)
        await pilot.press("home", "right", "right", "right")
        assert viewer.ply == 3
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.pause()
        assert screen.ply == 3 and highlighted(screen) == ["Nf3"]
        await wait_until(pilot, lambda: screen.analysis is not None, timeout=90)
        assert screen.ply == 3, "the analysis, once done, leaves the move where it was"


async def test_the_help_over_a_read_only_board_lists_no_board_keys_and_the_graph_click(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The result screen, the viewer and the review listed the board's pick-up keys, and ↑
    as both "back a full move" and "cursor up"; the graph's click was missing."""
    game_id = write_win(ledger)
    async with app.run_test(size=SIZE) as pilot:
        screen = await review(pilot, ledger, game_id)
        help_screen = await open_help(app, pilot, "f1")
        keys = listed(help_screen)
        assert ("Click", "the graph: go to that move") in keys
        assert not [line for line in keys if "Cursor" in line[1] or "Pick up" in line[1]]
        assert [does for key, does in keys if key.split()[0] == "↑"] == ["Back a full move"]
        await close_help(app, pilot, screen)
        await pilot.press("escape")
        viewer = GameViewerScreen(ledger, game_id, "Magnus")
        await app.push_screen(viewer)
        await pilot.pause()
        keys = listed(await open_help(app, pilot, "f1"))
        assert not [line for line in keys if "Cursor" in line[1] or "Pick up" in line[1]]
