"""The board for every player: marks that read without colour, a palette that reads with every
common colour-vision deficiency, and a keyboard cursor that plays a whole game, beside typed
moves and the mouse. Real games against the scripted opponent."""

from __future__ import annotations

import itertools
import math

import chess
import chess.engine
import pytest
from rich.color import Color
from textual.widgets import Input

from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.session import RatedGame
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.board import CORNERS, BoardView, Mark
from rated_play.ui.widgets.board_contrast import SQUARES, TARGET, contrasts, table_text
from tests.builders import fast_opponent
from tests.scripted_opponent import ScriptedOpponent, greedy_move
from tests.ui.driving import (
    SIZE,
    SMALL,
    answer,
    board_text,
    choose_weakest_opponent,
    click_square,
    corners,
    cursor_move,
    cursor_to,
    first_game,
    marked,
    start_classical_game,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

MAX_PLIES = 300

# Machado, Oliveira and Fernandes, "A physiologically-based model for simulation of color
# vision deficiency", IEEE TVCG 15(6), 2009: the matrices of full (severity 1.0) protanopia,
# deuteranopia and tritanopia, applied to linear sRGB.
VISIONS = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
SQUARE_COLOURS = tuple(SQUARES)
DISTINCT = 20.0
"""CIE76 ΔE between any two square colours in every vision: far beyond a just-noticeable
difference (about 2.3), so that the squares read apart at a glance."""


def lab(rgb: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour as seen with ``vision``."""
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)
    ]
    seen = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
        for row in VISIONS[vision]
    ]
    r, g, b = seen
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


async def test_the_palette_reads_apart_for_every_common_colour_vision(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The old palette's check square (#d9534f) and dark square were 4 ΔE apart for a
    protanope: the same colour. Every pair is now far apart in each vision."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        view = screen.query_one(BoardView)
        colours = {}
        for name in SQUARE_COLOURS:
            background = view.get_component_rich_style(name, partial=True).bgcolor
            assert isinstance(background, Color), name
            colours[name] = background.get_truecolor()
        for vision in VISIONS:
            for first, second in itertools.combinations(SQUARE_COLOURS, 2):
                difference = math.dist(lab(colours[first], vision), lab(colours[second], vision))
                assert difference >= DISTINCT, f"{first} and {second} for {vision}"


async def test_every_piece_stands_out_from_every_square_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """White's pieces were white on a light square at 2.2:1; every piece (and the destination
    dot) now reaches WCAG's 4.5:1 on every square colour the board has, highlights included."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_game(pilot)
        ratios = contrasts(screen.query_one(BoardView))
    assert min(ratios.values()) >= TARGET, table_text(ratios)


@pytest.mark.parametrize("size", [SIZE, SMALL])
async def test_the_sides_read_apart_without_colour(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int]
) -> None:
    """Both sides were drawn with the same solid glyphs, told apart only by colour: on a
    monochrome screen each of the twelve pieces now has a character of its own."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=size) as pilot:
        screen = await start_game(pilot)
        await pilot.pause()
        view = screen.query_one(BoardView)
        lines = board_text(view)
        drawn: dict[str, set[str]] = {}
        for square, piece in screen.game.board.piece_map().items():
            x, y = view.square_offset(square)
            drawn.setdefault(piece.symbol(), set()).add(lines[y][x])
    assert all(len(glyphs) == 1 for glyphs in drawn.values()), drawn
    assert len({glyph for glyphs in drawn.values() for glyph in glyphs}) == 12, drawn


@pytest.mark.parametrize("size", [SIZE, SMALL])
async def test_the_last_move_is_marked_on_both_squares_without_colour(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int]
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=size) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        view = screen.query_one(BoardView)
        assert marked(view, Mark.LAST_MOVE) == set()
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        await pilot.pause()
        reply = screen.game.last_move
        assert reply is not None and reply != chess.Move.from_uci("e2e4")
        assert marked(view, Mark.LAST_MOVE) == {reply.from_square, reply.to_square}
        await type_move(pilot, "d4")
        await wait_for_player_turn(pilot, screen)
        await pilot.pause()
        reply = screen.game.last_move
        assert reply is not None
        assert marked(view, Mark.LAST_MOVE) == {reply.from_square, reply.to_square}


async def test_a_whole_game_played_with_the_keyboard_cursor(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Arrows and Enter only, at 80×24: pick up, put down, a promotion chosen in the dialog
    with the keyboard, to the result in the ledger."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SMALL) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        game, view = screen.game, screen.query_one(BoardView)
        await pilot.press("up")  # from the move box to the board
        assert screen.focused is view
        promoted = False
        for _ in range(MAX_PLIES):
            await wait_for_player_turn(pilot, screen)
            if game.is_over:
                break
            board = game.board
            promotion = next((m for m in board.legal_moves if m.promotion), None)
            move = promotion if promotion and not promoted else greedy_move(board)
            before = len(game.san_moves())
            await cursor_move(pilot, move)
            if move.promotion:
                await wait_for_question(pilot, "Promote")
                await pilot.press("enter")  # the queen has the focus
                promoted = True
            await wait_until(pilot, lambda n=before: len(game.san_moves()) > n or game.is_over)
            assert game.board.move_stack[before] == chess.Move(
                move.from_square, move.to_square, chess.QUEEN if move.promotion else None
            )
            assert screen.focused is view or game.is_over, "the board keeps the focus"
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()  # leaving while the result screen arrives races Textual's header
        assert promoted, "the game reached a promotion"
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert game.outcome is not None and record.result == game.outcome.result
        assert len(ledger.moves(game.game_id)) == len(game.san_moves())


async def test_the_cursor_beside_typed_moves_and_the_mouse(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game, view = screen.game, screen.query_one(BoardView)
        box = screen.query_one("#move-input", Input)
        error = screen.query_one("#move-error")
        assert screen.focused is box

        # Down from the move box: the board has the keyboard, its cursor drawn at e2.
        await pilot.press("down")
        assert screen.focused is view
        assert corners(view, chess.E2) == CORNERS[Mark.CURSOR][:4]
        # A square without a piece, and the opponent's piece: refused in one sentence.
        await cursor_to(pilot, chess.E4)
        await pilot.press("enter")
        assert "There is no piece on e4" in str(error.render())
        await cursor_to(pilot, chess.E7)
        await pilot.press("enter")
        assert "That is Black's pawn on e7" in str(error.render())
        assert view.selected is None
        # Picked up, then put down where it cannot go: explained, nothing changes.
        await cursor_to(pilot, chess.E2)
        await pilot.press("enter")
        assert view.selected == chess.E2
        await cursor_to(pilot, chess.E5)
        await pilot.press("enter")
        # Named as players name a move that has no SAN, not in the UCI the board sends.
        assert "e2–e5 is not legal in this position" in str(error.render())
        assert game.san_moves() == [] and view.selected == chess.E2
        # Escape puts the pawn back; Escape again returns to the move box.
        await pilot.press("escape")
        assert view.selected is None and screen.focused is view
        # A piece is named by its letter.
        await cursor_to(pilot, chess.G1)
        await pilot.press("enter")
        await cursor_to(pilot, chess.G3)
        await pilot.press("enter")
        assert "Ng1–g3 is not legal in this position" in str(error.render())
        await pilot.press("escape")
        assert view.selected is None and screen.focused is view
        await pilot.press("escape")
        assert screen.focused is box

        # A click picks up and plays without taking the keyboard from the move box.
        await click_square(pilot, chess.D2)
        assert view.selected == chess.D2 and screen.focused is box
        await click_square(pilot, chess.D4)
        await wait_for_player_turn(pilot, screen)
        assert game.san_moves()[0] == "d4" and screen.focused is box

        # Typing while the board has the keyboard types in the move box.
        await pilot.press("up")
        assert screen.focused is view
        await pilot.press("N", "f", "3")
        assert screen.focused is box and box.value == "Nf3"
        await pilot.press("enter")
        await wait_for_player_turn(pilot, screen)
        assert game.san_moves()[2] == "Nf3"


async def test_the_cursor_waits_for_the_engine(app: RatedPlayApp, ledger: Ledger) -> None:
    """With believable thinking the engine takes its time: Enter on the board meanwhile is
    answered like a typed move, and nothing is picked up. (On the classical clock its think
    lasts seconds; on the default blitz clock it can be under half a second, less than the key
    presses may take on a busy machine.)"""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_classical_game(pilot, believable_thinking=True)
        view = screen.query_one(BoardView)
        await type_move(pilot, "e4")
        await pilot.press("up")
        await cursor_to(pilot, chess.D2)
        assert not screen.game.is_player_turn, "the engine takes a person's time"
        await pilot.press("enter")
        assert "Wait for the engine's move." in str(screen.query_one("#move-error").render())
        assert view.selected is None


async def test_a_move_entered_before_the_board_is_first_drawn_starts_the_clock(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """A move typed ahead, before the first frame (when the clock starts), once crashed the
    app with "the clock has not been started"; it is played, and the clock runs from it."""
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE):
        game = await RatedGame.start(
            ledger,
            profile,
            fast_opponent(),
            TimeControl.parse("5+3"),
            start_clock=False,
            seated=ScriptedOpponent(),
        )
        screen = GameScreen(game)
        await app.push_screen(screen)
        assert not game.clock_started, "the first frame has not been drawn yet"
        await screen.play(chess.Move.from_uci("e2e4"))
        assert game.san_moves()[0] == "e4"
        assert game.clock.running == chess.BLACK


async def test_the_cursor_moves_as_the_board_is_seen_from_black(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Up is away from the player: towards the first rank when the player has Black."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        screen = await start_game(pilot)
        assert screen.game.player_color == chess.BLACK
        view = screen.query_one(BoardView)
        await wait_for_player_turn(pilot, screen)
        await pilot.press("up")
        assert view.cursor == chess.E7
        await pilot.press("up", "left")
        assert view.cursor == chess.F6, "up goes down the ranks, left up the files"
        await pilot.press("enter")
        assert "There is no piece on f6" in str(screen.query_one("#move-error").render())
        await cursor_move(pilot, chess.Move.from_uci("g8f6"))
        await wait_until(pilot, lambda: len(screen.game.san_moves()) >= 2)
        assert screen.game.san_moves()[1] == "Nf6"
