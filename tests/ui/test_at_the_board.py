"""What a club player expects at the board and after it: the material under each clock during
the game, the bell (a setup choice remembered per profile) on the opponent's move and once at
low time, and on the result screen the opening, the final clocks and, once the game has been
analysed, each side's accuracy. Real games against the scripted opponent, analysed by the real
Stockfish."""

from __future__ import annotations

import chess
import chess.engine
import pytest
from textual.widgets import Checkbox, Static

from engines.opponents.pool import Pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.material import material_score
from profiles.openings.names import opening_of
from profiles.setup import Setup
from rated_play.session import RatedGame
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.review import ReviewScreen
from rated_play.ui.widgets.clock import TENTHS_BELOW, ClockView, format_clock
from rated_play.ui.widgets.material import material_line, side_material
from tests.scripted_opponent import ScriptedOpponent, ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    first_game,
    past_the_notice,
    screen_text,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_until,
)


def test_material_is_counted_as_lichess_counts_it() -> None:
    board = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
    assert material_score(board) == 9
    assert side_material(board, chess.WHITE, ascii_pieces=True) == "Q +9"
    assert side_material(board, chess.BLACK, ascii_pieces=True) == ""
    # A knight against a queen: each side is up the piece the other lacks, drawn as its own
    # (White's capitals and outline glyphs, Black's small letters and solid glyphs; "Black
    # ♙♙ +2" drew Black's pawns as White's), and the points say by how much.
    board = chess.Board("4k3/8/8/8/8/8/8/3QK1N1 w - - 0 1")
    board.remove_piece_at(chess.D1)
    board.set_piece_at(chess.D8, chess.Piece(chess.QUEEN, chess.BLACK))
    assert side_material(board, chess.WHITE, ascii_pieces=True) == "N"
    assert side_material(board, chess.BLACK, ascii_pieces=True) == "q +6"
    assert side_material(board, chess.BLACK, ascii_pieces=False) == "♛ +6"
    board = chess.Board("4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1")
    assert material_line(board, ascii_pieces=False) == "Material: Black ♟\ufe0e♟\ufe0e +2"


async def test_the_material_stands_under_each_clock_during_the_game(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        seen_a_lead = False
        while not game.is_over and len(game.san_moves()) < 40 and not seen_a_lead:
            await wait_for_player_turn(pilot, screen)
            await pilot.pause()
            for color, clock in ((chess.WHITE, "#player-clock"), (chess.BLACK, "#opponent-clock")):
                said = side_material(game.board, color, ascii_pieces=False)
                assert screen.query_one(clock, ClockView).border_subtitle == said
            seen_a_lead = material_score(game.board) != 0
            if not seen_a_lead:
                await type_move(pilot, game.board.san(greedy_move(game.board)))
        assert seen_a_lead, "a capture in 40 plies"
        ahead = "#player-clock" if material_score(game.board) > 0 else "#opponent-clock"
        assert "+" in str(screen.query_one(ahead, ClockView).border_subtitle)


async def test_the_bell_rings_on_the_opponents_move_and_once_at_low_time(
    ledger: Ledger, pool: Pool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 21-second game: the player's clock falls under the low-time mark in a second."""
    profile = ledger.create_profile("Magnus")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    rings: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        await past_the_notice(pilot)
        game = await RatedGame.start(
            ledger,
            profile,
            pool.nearest(0),
            TimeControl.parse("0.35+0"),
            start_clock=False,
            seated=ScriptedOpponent(),
        )
        screen = GameScreen(game, Setup(bell=True))
        await app.push_screen(screen)
        assert game.player_color == chess.WHITE and not rings
        await wait_until(
            pilot, lambda: (game.clock.remaining(chess.WHITE) or 0) < TENTHS_BELOW, timeout=5
        )
        await wait_until(pilot, lambda: len(rings) == 1)
        await pilot.pause(0.5)
        assert len(rings) == 1, "once, not at every tick"
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        await pilot.pause()
        assert len(rings) == 2, "the opponent's move"


async def test_the_bell_is_off_unless_ticked_and_remembered_per_profile(
    app: RatedPlayApp, ledger: Ledger, pool: Pool, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = ledger.create_profile("Magnus")
    rings: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        await choose_weakest_opponent(pilot)
        assert not app.screen.query_one("#bell", Checkbox).value
        screen = await start_game(pilot)
        assert not screen.bell
        await type_move(pilot, "e4")
        await wait_for_player_turn(pilot, screen)
        assert not rings
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#bell", Checkbox).value = True
        screen = await start_game(pilot)
        assert screen.bell
    setup = ledger.last_setup(profile.id)
    assert setup is not None and setup.bell
    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await past_the_notice(pilot)
        assert again.screen.query_one("#bell", Checkbox).value, "remembered for the profile"


@pytest.mark.engine
@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["120x40", "80x24"])
async def test_the_result_shows_the_opening_the_clocks_and_the_accuracy_once_analysed(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int]
) -> None:
    """At 120×40 the clocks' line was once laid out under the opening's, out of sight; at
    80×24 the opening was left out, where there is room for it above the buttons."""
    async with first_game(app, ledger, size=size) as (pilot, screen):
        game = screen.game
        for _ in range(4):
            await wait_for_player_turn(pilot, screen)
            await type_move(pilot, game.board.san(greedy_move(game.board)))
        await wait_for_player_turn(pilot, screen)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        result = app.screen
        assert isinstance(result, ResultScreen)
        await pilot.pause()
        # Read as the terminal shows it: the clocks' line was once laid out under the
        # opening's, out of sight, at 120×40.
        opening = opening_of(game.board.move_stack)
        assert opening is not None
        white, black = (format_clock(game.clock.remaining(c)) for c in (chess.WHITE, chess.BLACK))
        clocks = f"Clocks: White {white} · Black {black}"
        on_screen = "\n".join(screen_text(app))
        assert opening.label in on_screen and clocks in on_screen
        assert not result.query_one("#accuracy", Static).display, "no analysis, no wait for one"

        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_until(pilot, lambda: review.analysis is not None, timeout=90)
        analysis = review.analysis
        assert analysis is not None
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is result)
        await pilot.pause()
        accuracy = result.query_one("#accuracy", Static)
        said = [f"{analysis.summary(c).accuracy:.0f}%" for c in (chess.WHITE, chess.BLACK)]
        assert accuracy.display
        assert str(accuracy.render()) == f"Accuracy: White {said[0]} · Black {said[1]}"
        on_screen = "\n".join(screen_text(app))
        assert opening.label in on_screen and clocks in on_screen, "still there with the accuracy"
        for button in ("#next-game", "#analyse"):
            region = result.query_one(button).region
            assert region.height >= 3 and region.bottom <= size[1] - 1, f"{button} is cut"
