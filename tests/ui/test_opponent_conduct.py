"""The opponent's draw offer is asked beside the board, the safe answer (decline) focused and
marked, the player's clock running, and a typed move declines it; an agreed draw and the
opponent's resignation are said on the result screen. The opponent is a scripted one that
offers a draw, or resigns, at the move it is told: when a real one offers or resigns is its
judge's (tests/session/test_opponent_conduct.py, tests/engines/test_conduct.py), what the
screens do then is tested here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import chess
from textual.pilot import Pilot

from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.widgets.decision import FOCUS_MARK, AnswerButton, DecisionPanel
from tests.builders import DEAD_DRAW_LINE, HOPELESS_LINE, scripted_opponent
from tests.scripted_opponent import ScriptedSeating, greedy_move
from tests.ui.driving import (
    SIZE,
    answer,
    choose_weakest_opponent,
    shown,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)

OFFERS_AT = 49
"""The move the opponent offers a draw with: the third level one with a rook each, where a real
one would (tests/session/test_opponent_conduct.py)."""
RESIGNS_AT = 14
"""The move the scripted opponent resigns instead of: its game lost to the judge since its 6th
turn."""


def scripted_app(ledger: Ledger, line: Sequence[str], **told: Any) -> RatedPlayApp:
    """The app against an opponent that plays ``line`` and resigns or offers as ``told``."""
    ledger.create_profile("Magnus")
    seating = ScriptedSeating(script=line, **told)
    return RatedPlayApp(
        ledger, Pool([scripted_opponent(line)]), AppOptions(handle_signals=False, seating=seating)
    )


async def play_white(pilot: Pilot[None], screen: GameScreen, line: Sequence[str]) -> None:
    """Type White's moves of ``line`` until the game ends or a question is asked."""
    game, panel = screen.game, screen.query_one(DecisionPanel)
    for ply in range(len(game.board.move_stack), len(line), 2):
        await type_move(pilot, line[ply])
        # The opponent's turn may take a judge's search: slow on a loaded machine.
        await wait_until(
            pilot,
            lambda ply=ply: (
                game.is_over  # type: ignore[misc]
                or panel.question is not None
                or len(game.board.move_stack) >= ply + 2
            ),
            timeout=120.0,
        )
        assert line[ply] in [move.uci() for move in game.board.move_stack], str(
            screen.query_one("#move-error").render()
        )
        if game.is_over or panel.question is not None:
            return


async def test_the_opponents_draw_offer_is_asked_beside_the_board_and_a_move_declines_it(
    ledger: Ledger,
) -> None:
    app = scripted_app(ledger, DEAD_DRAW_LINE, offers_draw_at={OFFERS_AT})
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        await play_white(pilot, screen, DEAD_DRAW_LINE)
        question = await wait_for_question(pilot, "Draw offered")
        assert screen.game.board.fullmove_number == OFFERS_AT + 1
        board = screen.game.board
        offered_with = board.pop()
        said = f"{board.fullmove_number}…{board.san(offered_with)}"
        assert said in question.text, "the offer names the move it came with"
        panel = screen.query_one(DecisionPanel)
        focused = app.screen.focused
        assert isinstance(focused, AnswerButton) and focused.choice.value == "decline"
        assert str(focused.label).startswith(FOCUS_MARK)
        assert shown(app, "#decision-clock") == "Your clock is running."
        assert screen.game.clock.running == chess.WHITE
        # A move typed declines the offer: its first key gives the way out, the rest follow.
        declining = greedy_move(screen.game.board).uci()
        await pilot.press(*declining, "enter")
        await wait_for_player_turn(pilot, screen)
        game = screen.game
        assert declining in [move.uci() for move in game.board.move_stack]
        assert not game.is_over and not game.draw_offered_to_player
        assert panel.question is None
        await pilot.pause()


async def test_an_accepted_offer_ends_the_game_drawn_and_the_result_says_who_offered(
    ledger: Ledger,
) -> None:
    app = scripted_app(ledger, DEAD_DRAW_LINE, offers_draw_at={OFFERS_AT})
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        await play_white(pilot, screen, DEAD_DRAW_LINE)
        await answer(pilot, "Draw offered", "accept")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ResultScreen) and bool(app.screen.query("#analyse")),
        )
        assert shown(app, "#ending") == "Draw agreed: offered by your opponent, accepted by you"
        game_id = screen.game.game_id
    assert ledger.game(game_id).draw_offered_by == chess.BLACK


async def test_the_result_screen_says_the_opponent_resigned(ledger: Ledger) -> None:
    app = scripted_app(ledger, HOPELESS_LINE, resigns_at=RESIGNS_AT)
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        screen = await start_game(pilot)
        await play_white(pilot, screen, HOPELESS_LINE)
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ResultScreen) and bool(app.screen.query("#analyse")),
        )
        assert shown(app, "#ending") == "Your opponent (Black) resigned"
        assert shown(app, "#score") == "You won."
        game = screen.game
        assert (game.board.fullmove_number, game.board.turn) == (RESIGNS_AT, chess.BLACK)
    assert ledger.game(game.game_id).termination == "resignation"
