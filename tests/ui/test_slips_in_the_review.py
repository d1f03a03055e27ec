"""The slips a club player found in the review (issue 28): the opponent's marks in the move
list and under n/p, the review opened from the viewer at the move viewed, and the summary and
the moves in sight at 80×24. Games written to a real ledger, analysed by the real Stockfish."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest

from engines.opponents.pool import Pool
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game_viewer import GameViewerScreen
from rated_play.ui.screens.games import GamesScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.move_list import MoveList
from rated_play.ui.widgets.path_line import PathLine, folded_path
from tests.builders import QUEEN_HUNG_BY_BLACK, record_game, write_queen_won
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    better_squares,
    choose_weakest_opponent,
    close_help,
    fits,
    highlighted,
    listed,
    open_help,
    past_the_notice,
    resign,
    review,
    said,
    screen_text,
    start_game,
    wait_until,
)

SIZE = (120, 40)
SMALL = (80, 24)


def write_win(ledger: Ledger) -> int:
    return write_queen_won(ledger, ledger.create_profile("Magnus"))


@pytest.mark.engine
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
        assert "Black: " in said(screen, "#review-summary")
        assert "1 blunder" in said(screen, "#review-summary").split("Black")[1]


@pytest.mark.engine
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


@pytest.mark.engine
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


def careless_game(plies: int = 30) -> list[str]:
    """Moves picked at random (seeded): both sides make inaccuracies, mistakes, blunders."""
    rng = random.Random(28)
    board = chess.Board()
    sans = []
    while len(sans) < plies and not board.is_game_over():
        move = rng.choice(sorted(board.legal_moves, key=chess.Move.uci))
        sans.append(board.san(move))
        board.push(move)
    return sans


@pytest.mark.engine
async def test_at_80_by_24_the_summary_and_the_moves_fit_whatever_is_marked(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The summary was cut ("5 inaccuracies, 2 mistakes, 1") and the move list was three
    lines, against an opponent with a long title."""
    profile = ledger.create_profile("Magnus")
    game_id = record_game(
        ledger,
        profile,
        0.5,
        moves=careless_game(),
        player=chess.WHITE,
        title="Fairy-Stockfish 11.1 at Skill Level -9, 3-ply search",
    )
    async with app.run_test(size=SMALL) as pilot:
        screen = await review(pilot, ledger, game_id)
        assert screen.analysis is not None
        for color in chess.COLORS:
            assert len(screen.analysis.summary(color).marks_words.split(",")) >= 2
        await pilot.press("home")
        plies = [0, *screen.marked_plies()]
        for ply in plies:
            if ply:
                await pilot.press("n")
            await pilot.pause()
            assert screen.ply == ply
            fits(screen)
            assert screen.query_one(MoveList).size.height >= 4, ply
        summary = said(screen, "#review-summary")
        for color in chess.COLORS:
            assert screen.analysis.summary(color).marks_words in " ".join(summary.split())


async def test_at_80_by_24_names_are_cut_between_words_and_paths_between_directories(
    pool: Pool, tmp_path: Path
) -> None:
    """The games list cut a name mid-word (Stock…de a move)); the result screen and the save
    notice folded a path mid-name (…ga / me-3.pgn)."""
    title = "Stockfish 15.1 at its shallowest search (1 node a move)"
    deep = tmp_path / "a-data-directory" / "of-a-club-player" / "on-a-shared-disk"
    ledger = Ledger.open(DataDirectory(deep))
    profile = ledger.create_profile("Magnus")
    record_game(ledger, profile, 1.0, moves=["e4"], title=title)
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SMALL) as pilot:
        await past_the_notice(pilot)
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.pause()
        [row] = [line for line in screen_text(app) if "Won" in line]
        cell = row.split("1500")[-1].strip()
        assert cell.startswith("… ") and title.endswith(cell[2:]), cell
        assert f" {cell[2:].split()[0]}" in f" {title}", "cut between words"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))

        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await resign(pilot)
        await pilot.pause()
        archive = app.screen.query_one("#archive", PathLine)
        lines = [" ".join(line.split()) for line in str(archive.render()).splitlines()]
        assert lines[0] == "PGN archived at" and "".join(lines[1:]) == archive.path
        assert all(line.endswith("/") for line in lines[1:-1]), lines
        assert all(len(line) <= archive.content_region.width for line in lines), lines
    ledger.close()


def test_a_path_is_folded_between_directories() -> None:
    path = "/home/a-player/.local/share/rated-play/archive/magnus-game-3.pgn"
    folded = folded_path("Annotated PGN saved at", path, 30).splitlines()
    assert folded == [
        "Annotated PGN saved at",
        "/home/a-player/.local/share/",
        "rated-play/archive/",
        "magnus-game-3.pgn",
    ]
    assert folded_path("Saved at", "/tmp/x.pgn", 36) == "Saved at /tmp/x.pgn"
