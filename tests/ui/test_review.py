"""The review of a finished game: the board stepped with the keys beside the moves, the player's
marks with the engine's better move drawn on the board, the evaluation graph with its cursor,
and each side's summary; every way a game ends, down to a game left before its first move.

Games written straight to a real ledger and analysed by the real Stockfish.
"""

from __future__ import annotations

import io
from dataclasses import replace

import chess
import chess.engine
import chess.pgn
import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from engines.opponents.pool import Pool
from profiles.accuracy import eval_text
from profiles.laws.endings import Termination
from profiles.ledger.ledger import Ledger
from profiles.marks import Mark
from rated_play.session.pgn import archive_path
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.games import GamesScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.widgets.board import BoardView
from rated_play.ui.widgets.eval_graph import GUTTER, EvalGraph
from rated_play.ui.widgets.move_list import MoveList
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    QUIET,
    SIZE,
    better_squares,
    board_text,
    choose_weakest_opponent,
    engines_running,
    fits,
    highlighted,
    past_the_notice,
    pieces_of,
    pieces_shown,
    resign,
    review,
    said,
    screen_text,
    start_game,
    wait_until,
    write_game,
)

SMALL = (80, 24)
FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")
"""The player, White, plays 1. f3 (an inaccuracy or a mistake, as the engine sees it under
its time cap) and 2. g4??, and is mated."""
STALEMATE = (
    *("e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6"),
    *("Qxd7+", "Kf7", "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6"),
)
"""Sam Loyd's stalemate in ten moves: the player, White, stalemates a king it could mate."""


def after(sans: tuple[str, ...] | list[str], plies: int) -> chess.Board:
    board = chess.Board()
    for san in sans[:plies]:
        board.push_san(san)
    return board


def shows_mark(screen: ReviewScreen, ply: int, number: str) -> None:
    """The Fool's mate review on the player's mark at ``ply``: the move and its mark, the
    engine's better move in words and on the board."""
    assert screen.analysis is not None
    move = screen.analysis.moves[ply - 1]
    assert move.mark is not None
    assert screen.ply == ply and highlighted(screen) == [move.san + move.mark.glyph]
    text = said(screen, "#review-move")
    assert move.mark.value.capitalize() in text and f"Best: {number}{move.best}" in text
    best = after(FOOLS_MATE, ply - 1).parse_san(move.best or "")
    assert better_squares(screen.query_one(BoardView)) == {best.from_square, best.to_square}


@pytest.mark.engine
async def test_the_board_steps_through_the_game_and_n_p_jump_between_the_players_marks(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_game(ledger, FOOLS_MATE, 0.0)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.set_focus(None)
        await pilot.press("g", "a")  # from the games list, straight to the review
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.game_id == game_id
        view = screen.query_one(BoardView)
        await pilot.pause()
        assert pieces_shown(view) == pieces_of(chess.Board()), "it opens at the start"
        await pilot.press("right")  # the board steps while the engine works
        assert pieces_shown(view) == pieces_of(after(FOOLS_MATE, 1))
        await wait_until(pilot, lambda: screen.analysis is not None, timeout=90)
        analysis = screen.analysis
        assert analysis is not None
        assert [move.ply for move in analysis.marks] == [1, 3], "f3 and g4, both marked"
        assert analysis.moves[2].mark is Mark.BLUNDER and analysis.moves[0].mark in (
            Mark.INACCURACY,
            Mark.MISTAKE,
        )

        # ← → a ply, ↑ ↓ a full move, Home End the ends; the board and the move list follow.
        for keys, ply in (
            (("end",), 4),
            (("left",), 3),
            (("up",), 1),
            (("down",), 3),
            (
                ("home", "right", "right"),
                2,
            ),
        ):
            await pilot.press(*keys)
            assert screen.ply == ply, keys
            assert pieces_shown(view) == pieces_of(after(FOOLS_MATE, ply))
            move = analysis.moves[ply - 1]
            assert highlighted(screen) == [move.san + (move.mark.glyph if move.mark else "")]
            assert eval_text(move.eval_cp) in said(screen, "#review-move")

        await pilot.press("home", "n")  # the player's first mark: 1. f3
        shows_mark(screen, 1, "1. ")
        await pilot.press("n")  # 2. g4??, walking into the mate
        shows_mark(screen, 3, "2. ")
        await pilot.press("n")
        assert screen.ply == 3, "no mark after the last one"
        await pilot.press("right")
        assert better_squares(view) == set(), "an unmarked move draws no better move"
        await pilot.press("p", "p", "p")
        assert screen.ply == 1, "back to the first mark, and no further"

        await pilot.press("end")
        assert "checkmate" in said(screen, "#review-move")
        assert "0-1 · Lost · checkmate" in said(screen, "#review-status")
        summary = said(screen, "#review-summary")
        white = analysis.summary(chess.WHITE)
        # Four plies: too short for an accuracy, as lichess analyses no such game.
        assert white.accuracy is None
        assert f"White (you): {white.acpl} ACPL, no accuracy: too short a game" in summary
        assert f"1 {analysis.moves[0].mark}, 1 blunder" in summary
        await pilot.press("escape")
        assert isinstance(app.screen, GamesScreen)


@pytest.mark.engine
async def test_the_graph_spans_the_width_its_cursor_follows_and_a_click_goes_there(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_game(ledger, FOOLS_MATE, 0.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await review(pilot, ledger, game_id)
        graph = screen.query_one(EvalGraph)
        columns = graph.columns
        assert columns is not None and graph.size.width == SIZE[0]
        # Five points (the start and four plies) stretched over every column, none left over.
        assert columns.width == SIZE[0] - GUTTER
        assert columns.ply_at(0) == 0 and columns.ply_at(columns.width - 1) == 4
        assert all(len(columns.of_ply(ply)) >= columns.width // 5 for ply in range(5))

        def rows() -> list[str]:
            return board_text(graph)

        drawn = rows()
        assert all(len(row) == graph.size.width for row in drawn), "drawn to the right edge"
        assert drawn[0].startswith("+10") and drawn[-1].startswith("-10"), "pawn labels"
        zero = next(row for row in drawn if row.startswith(" 0"))
        assert zero[GUTTER + columns.of_ply(3).start] == "2", "move 2 starts at ply 3"
        assert drawn[-1][-1] == "█", "mated: the last ply's bar reaches the bottom"

        assert zero[GUTTER + columns.cursor_column(0)] == "┼", "the cursor at the start"
        await pilot.press("end")
        zero = next(row for row in rows() if row.startswith(" 0"))
        assert zero[GUTTER + columns.cursor_column(4)] == "┼" and zero.count("┼") == 1

        await pilot.click(EvalGraph, offset=(GUTTER + columns.of_ply(2).start, 1))
        assert screen.ply == 2
        assert pieces_shown(screen.query_one(BoardView)) == pieces_of(after(FOOLS_MATE, 2))
        zero = next(row for row in rows() if row.startswith(" 0"))
        assert zero[GUTTER + columns.cursor_column(2)] == "┼"
        await pilot.click(EvalGraph, offset=(2, 1))  # the labels: no ply there
        assert screen.ply == 2


@pytest.mark.engine
async def test_a_clean_game_says_so_in_words(app: RatedPlayApp, ledger: Ledger) -> None:
    game_id = write_game(ledger, QUIET, 0.5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await review(pilot, ledger, game_id)
        assert screen.analysis is not None and not screen.analysis.marks
        summary = said(screen, "#review-summary")
        clean = "no inaccuracy, mistake or blunder"
        assert summary.count(clean) == 2, summary
        await pilot.press("n")
        assert screen.ply == 0, "no mark to go to"
        await pilot.press("end")
        assert "Best" not in said(screen, "#review-move")


@pytest.mark.engine
@pytest.mark.parametrize(
    "ending",
    [
        (FOOLS_MATE, 0.0, Termination.CHECKMATE, "checkmate"),
        (STALEMATE, 0.5, Termination.STALEMATE, "+0.00"),
        (QUIET, 0.0, Termination.TIME_FORFEIT, "Bb5"),
        (QUIET[:3], 0.0, Termination.ABANDONED, "Nf3"),
    ],
)
async def test_every_ending_opens_a_review_that_fits_80_by_24(
    app: RatedPlayApp, ledger: Ledger, ending: tuple[tuple[str, ...], float, Termination, str]
) -> None:
    sans, score, termination, last = ending
    game_id = write_game(ledger, sans, score, termination=termination)
    async with app.run_test(size=SMALL) as pilot:
        screen = await review(pilot, ledger, game_id)
        assert termination.value in said(screen, "#review-status")
        await pilot.press("end")
        assert pieces_shown(screen.query_one(BoardView)) == pieces_of(after(sans, len(sans)))
        assert last in said(screen, "#review-move")
        assert "ACPL" in said(screen, "#review-summary")
        fits(screen)
        for _ in sans:
            await pilot.press("left")
            await pilot.pause()
            fits(screen)  # the marked moves, with their line, too
        assert screen.ply == 0


@pytest.mark.engine
async def test_the_review_names_the_opening_at_80_by_24_as_the_viewer_does(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """At 80×24 the review had no line for the opening, which the viewer names at any size."""
    game_id = write_game(ledger, QUIET, 0.0)
    async with app.run_test(size=SMALL) as pilot:
        screen = await review(pilot, ledger, game_id)
        await pilot.press("end")
        await pilot.pause()
        opening = screen.openings[len(QUIET)]
        assert opening is not None
        assert opening.label in "\n".join(screen_text(app))
        fits(screen)


async def test_a_game_left_before_its_first_move_shows_the_board_and_says_why(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_game(ledger, (), 0.0, termination=Termination.ABANDONED)
    async with app.run_test(size=SMALL) as pilot:
        await past_the_notice(pilot)  # of the game left
        before = engines_running()
        screen = ReviewScreen(ledger, game_id)
        await app.push_screen(screen)
        status = screen.query_one("#review-status", Static)
        await wait_until(pilot, lambda: "nothing to analyse" in str(status.render()))
        assert (
            f"Game {game_id} cannot be analysed: game {game_id} ended before any move: "
            "there is nothing to analyse." in str(status.render())
        )
        assert "abandoned" in str(status.render())
        await pilot.press("right", "n", "p", "end", "home")
        assert screen.analysis is None and screen.ply == 0
        assert pieces_shown(screen.query_one(BoardView)) == pieces_of(chess.Board())
        assert "before a move was played" in said(screen, "#review-move")
        assert not engines_running() - before and ledger.analysis(game_id) is None
        fits(screen)


@pytest.mark.engine
async def test_the_engines_line_is_numbered_as_players_write_it_and_fits_80_by_24(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    game_id = write_game(ledger, STALEMATE, 0.5, termination=Termination.STALEMATE)
    async with app.run_test(size=SMALL) as pilot:
        screen = await review(pilot, ledger, game_id)
        analysis = screen.analysis
        assert analysis is not None
        await pilot.press("end", "p")
        while screen.ply % 2 == 0:  # n and p visit both sides' marks: to the player's last
            await pilot.press("p")
        marked = analysis.moves[screen.ply - 1]
        assert marked.mark is not None and marked.best is not None
        assert marked.line[:1] == (marked.best,), "the stored line starts with the better move"
        # Up to six plies of the engine's line, numbered from the player's White move.
        number = (screen.ply + 1) // 2
        shown_line = marked.line[:6]
        written = " ".join(
            f"{number + i // 2}. {san}" if i % 2 == 0 else san for i, san in enumerate(shown_line)
        )
        assert " ".join(said(screen, "#review-move").split()).endswith(f"Best: {written}")
        fits(screen)

        # An analysis stored before lines were kept: the better move alone stands for it.
        moves = list(analysis.moves)
        moves[screen.ply - 1] = replace(marked, line=())
        screen.show(replace(analysis, moves=tuple(moves)))
        await pilot.press("left", "right")  # from an unmarked move to it
        await pilot.pause()
        assert said(screen, "#review-move").endswith(f"Best: {number}. {marked.best}")
        fits(screen)


class ListAboveText(App[None]):
    """A move list over a text that grows when a marked move is said, as in the review."""

    CSS = "MoveList { height: 1fr; } Static { height: auto; }"

    def compose(self) -> ComposeResult:
        yield MoveList()
        yield Static("")


async def test_the_move_on_the_board_stays_in_view_when_what_is_said_of_it_grows() -> None:
    sans = [move for _ in range(10) for move in ("Nf3", "Nf6", "Ng1", "Ng8")]  # 20 lines
    app = ListAboveText()
    async with app.run_test(size=(40, 10)) as pilot:
        moves = app.query_one(MoveList)
        moves.show(sans, 20)
        await pilot.pause()
        assert moves.size.height == 9 and moves.scroll_y <= 9 < moves.scroll_y + 9
        moves.show(sans, 30)  # line 14, said in six lines: the list is four high
        app.query_one(Static).update("\n".join("said" for _ in range(6)))
        await pilot.pause()
        assert moves.size.height == 4
        assert moves.scroll_y <= 14 < moves.scroll_y + 4, moves.scroll_y


async def test_the_review_from_the_result_screen_draws_the_pieces_as_the_app_does(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Magnus")
    app = RatedPlayApp(
        ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating(), ascii_pieces=True)
    )
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await resign(pilot)
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.pause()
        drawn = "".join(board_text(screen.query_one(BoardView)))
        assert "K" in drawn and "k" in drawn and "♚" not in drawn, "letters, as asked"


@pytest.mark.engine
async def test_s_saves_the_annotated_pgn_beside_the_archived_one(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    # A game left by a dead process: its PGN is made from its row, as the archive's would be.
    game_id = write_game(ledger, QUIET[:3], 0.0, Termination.ABANDONED)
    record = ledger.game(game_id)
    archived = archive_path(ledger.directory.archive, "Player 1", record)
    saved = archived.with_name(f"{archived.stem}-annotated.pgn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await review(pilot, ledger, game_id)
        assert not saved.exists()
        await pilot.press("s")
        await wait_until(pilot, saved.exists)
    game = chess.pgn.read_game(io.StringIO(saved.read_text(encoding="utf-8")))
    assert game is not None and screen.analysis is not None
    assert [node.san() for node in game.mainline()] == list(QUIET[:3])
    evals = [node.eval() for node in game.mainline()]
    assert [None if e is None else e.white().score() for e in evals] == [
        move.eval_cp for move in screen.analysis.moves
    ]


# fmt: off
LONG_GAME = (
    "e4", "e5", "Nf3", "d6", "Bc4", "Nc6", "d4", "exd4", "Nxd4", "Nxd4", "Qxd4", "Nf6",
    "Nc3", "Be7", "O-O", "O-O", "Bg5", "h6", "Bh4", "a6", "f4", "b5", "Bb3", "c5",
    "Qd3", "Bb7", "Rad1", "Qb6", "Kh1", "Rad8", "a3", "Rfe8", "Rfe1", "Kh8", "h3", "Kg8",
    "g3", "Kh8", "Kg2", "Kg8", "Kh2", "Kh8",
)
# fmt: on


@pytest.mark.engine
async def test_a_larger_terminal_redraws_the_graph_and_keeps_the_move_shown_in_the_list(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Opened at 80×24 and the terminal made 120×40, the graph stayed as drawn at 80 columns
    and 5 rows, with blank rows under it, and the list showed the moves before the last one
    and a blank line where it was, until a key was pressed."""
    game_id = write_game(ledger, LONG_GAME, 1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await review(pilot, ledger, game_id)
        await pilot.press("end")
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        graph = screen.query_one(EvalGraph)
        drawn = board_text(graph)
        assert graph.size.width == SIZE[0] and len(drawn) == graph.size.height > 5
        assert all(len(row) == SIZE[0] for row in drawn), "drawn to the new width"
        assert sum(row.startswith(("+", "-", " 0")) for row in drawn) > 5, "labels on new rows"
        moves = screen.query_one(MoveList)
        on_screen = "\n".join(screen_text(app)[moves.region.y : moves.region.bottom])
        assert "21. Kh2" in on_screen, "the move shown is in the list"
