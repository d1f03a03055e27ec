"""An opponent that plays like a person, asked for at the setup: the Maia network nearest the
wanted strength, said plainly when none plays near it, remembered per profile, and a whole rated
game against it through the app."""

from __future__ import annotations

from dataclasses import replace

import chess.engine
import pytest
from textual.widgets import Checkbox

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool, load_pool
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import fast_opponent, human_move
from tests.ui.driving import SIZE, shown, start_game, type_move, wait_for_player_turn, wait_until

pytestmark = pytest.mark.engine
"""Every test here runs a real engine: Stockfish, and the Maia network's own."""

MAX_PLIES = 300


def network(name: str, rating: float) -> Opponent:
    return replace(load_pool().get(name), rating=rating, rating_error=25.0, calibrated=True)


@pytest.fixture
def pool() -> Pool:
    return Pool(
        [
            fast_opponent(50, 700.0, rating_error=60.0, calibrated=True),
            network("maia-1100", 1300.0),
            network("maia-1900", 1700.0),
            fast_opponent(20000, 2500.0, calibrated=True),
        ]
    )


async def want(app: RatedPlayApp, strength: float, person_like: bool) -> SetupScreen:
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#person-like", Checkbox).value = person_like
    screen.query_one(StrengthSlider).value = strength
    return screen


async def test_the_network_nearest_the_wanted_strength_or_a_plain_word_why_not(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        screen = await want(app, 1350, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1100"
        line = " ".join(shown(app, "#opponent").split())
        assert (
            "Wanted ≈1350 → Maia 1100, a network trained on people's games: measured 1300 ± 25"
            in line
        )
        await want(app, 1640, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1900"
        await want(app, 800, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "stockfish-nodes-50"
        line = " ".join(shown(app, "#opponent").split())
        assert (
            "No network trained on people's games plays near 800 (they play from 1300 to "
            "1700): the engine nearest it plays." in line
        )
        await want(app, 800, person_like=False)
        await pilot.pause()
        assert screen.opponent.name == "stockfish-nodes-50"
        assert "No network" not in shown(app, "#opponent")  # nothing was asked that is not met


async def test_a_whole_game_against_a_network_and_the_wish_is_remembered(
    ledger: Ledger, pool: Pool, human: chess.engine.Protocol
) -> None:
    ledger.create_profile("Ashton")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        await want(app, 1300, person_like=True)
        await pilot.pause()
        screen = await start_game(pilot)
        game = screen.game
        assert game.opponent.name == "maia-1100"
        for _ in range(MAX_PLIES):
            await wait_for_player_turn(pilot, screen)
            if game.is_over:
                break
            board = game.board
            await type_move(pilot, board.san(await human_move(human, board, 1)))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen), timeout=60)
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert record.opponent_name == "maia-1100"
        assert len(ledger.moves(game.game_id)) == len(game.san_moves()) >= 10

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = again.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#person-like", Checkbox).value
        assert setup.opponent.plays_a_network
