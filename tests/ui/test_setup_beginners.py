"""A beginner who ticks "Plays like a person" at 400, 500, 600, 700 or 900, once the beginner
steps are offered and calibrated: the nearest of them plays, named as every person-like
opponent is, by its measured strength and its provenance, and nothing says none plays there;
and a whole rated game against the step near 600, its real engine and its real judge."""

from __future__ import annotations

import chess.engine
import pytest

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from profiles.laws.endings import Termination
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.ui.app import AppOptions, RatedPlayApp
from tests.builders import fast_opponent, offered_at
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    SIZE,
    ask_for,
    opponent_said,
    play_out_against,
)

STEPS = {
    "maia-1100-beginner-400-600": 450.0,
    "maia-1100-beginner-600-800": 600.0,
    "maia-1100-beginner-800-1000": 760.0,
    "maia-1100-beginner-1000-1200": 900.0,
}


def offered(name: str, rating: float) -> Opponent:
    return offered_at(name, rating, 40.0)


@pytest.fixture
def pool() -> Pool:
    return Pool(
        [
            fast_opponent(50, 700.0, rating_error=60.0, calibrated=True),
            *(offered(name, rating) for name, rating in STEPS.items()),
            offered("maia-1100-t100", 1030.0),
            offered("maia-1100", 1300.0),
            fast_opponent(20000, 2500.0, calibrated=True),
        ]
    )


PROVENANCE = "Maia-1 of lichess players 1100–1199,"


@pytest.mark.parametrize(
    ("wish", "step", "named"),
    [
        (
            400,
            "maia-1100-beginner-400-600",
            "about 450: {p} erring more often than lichess players",
        ),
        (500, "maia-1100-beginner-400-600", "about 450: {p} erring more often than lichess"),
        (
            600,
            "maia-1100-beginner-600-800",
            "about 600: {p} with the errors of lichess players 600–799",
        ),
        (
            700,
            "maia-1100-beginner-800-1000",
            "about 750: {p} with the errors of lichess players 800–999",
        ),
        (
            900,
            "maia-1100-beginner-1000-1200",
            "about 900: {p} with the errors of lichess players 1000–",
        ),
    ],
)
async def test_ticked_at_a_beginners_strength_the_nearest_beginner_plays_named_by_it(
    ledger: Ledger, pool: Pool, wish: int, step: str, named: str
) -> None:
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask_for(app, wish, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == step
        line = opponent_said(app)
        assert f"A person-like opponent, {named.format(p=PROVENANCE)}" in line
        assert f"(measured {STEPS[step]:.0f} ± 40)" in line
        assert "No person-like" not in line
        await ask_for(app, wish, person_like=False)
        await pilot.pause()
        assert not screen.opponent.person_like  # unticked, an engine as before


@pytest.mark.engine
async def test_a_whole_game_against_the_beginner_near_600(
    ledger: Ledger, pool: Pool, human: chess.engine.Protocol
) -> None:
    ledger.create_profile("Ashton")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        game = (await play_out_against(app, pilot, human, 600)).game
        assert game.opponent.name == "maia-1100-beginner-600-800"
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert record.opponent_name == "maia-1100-beginner-600-800"
        # Played out, however short: a beginner of that band may be lost within five moves
        # and resign there (a loaded run's game of nine plies did), or be mated.
        assert game.outcome is not None
        assert game.outcome.termination not in (Termination.ABANDONED, Termination.ENGINE_FAILURE)
        assert len(ledger.moves(game.game_id)) == len(game.san_moves()) >= 2
