"""A judge that hangs or dies during a game played in the app: the game goes on, with no
dialog and no loss, its judge started again (the session's own tests:
tests/session/test_judge_failures.py). The opponent is a real Maia network with the veto of
blunders, its judge the real Stockfish, frozen with SIGSTOP or killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
from dataclasses import replace

import pytest

from engines import hang
from engines.opponents.pool import Pool, load_pool
from profiles.ledger.ledger import Ledger
from profiles.marks import Mark
from profiles.opponent_kind import OpponentKind
from rated_play.ui.app import AppOptions, RatedPlayApp
from tests.scripted_opponent import greedy_move
from tests.ui.driving import first_game, type_move, wait_for_player_turn, wait_until


@pytest.mark.engine
@pytest.mark.parametrize("fault", [signal.SIGSTOP, signal.SIGKILL], ids=["hung", "killed"])
async def test_a_judge_hung_or_killed_in_the_app_is_started_again_and_the_game_goes_on(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch, fault: signal.Signals
) -> None:
    """On today's code the hung judge ended in "Something went wrong (AssertionError:
    CommandState.NEW)" and a game the opponent never moved in again."""
    monkeypatch.setattr(hang, "HANG_WINDOW", 2.0)
    network = load_pool().get("maia-1100")
    vetoed = replace(network, name="vetoed", veto=Mark.BLUNDER, kind=OpponentKind.ENGINE)
    app = RatedPlayApp(ledger, Pool([vetoed]), AppOptions(handle_signals=False))
    async with first_game(app, ledger) as (pilot, screen):
        game = screen.game
        await wait_for_player_turn(pilot, screen)
        seated = game._seated
        judge = seated._judge.pid
        assert judge is not None
        os.kill(judge, fault)
        try:
            for _ in range(3):
                played = len(game.board.move_stack)
                await type_move(pilot, game.board.san(greedy_move(game.board)))
                await wait_until(
                    pilot,
                    lambda: game.is_over or len(game.board.move_stack) >= played + 2,  # noqa: B023
                    timeout=60,
                )
                assert app.screen is screen, type(app.screen).__name__
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(judge, signal.SIGKILL)
        assert not game.is_over
        assert seated._judge.restarts == 1 and game.opponent_restarts == 0
