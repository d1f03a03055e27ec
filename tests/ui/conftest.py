"""The app built on a real ledger file in ``tmp_path``, over a pool of fast real Stockfish, its
games played by a scripted opponent in the test's own process. A test whose promise is the
engine's builds its app without ``players``: the pool's real engines play."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from tests.builders import fast_opponent
from tests.scripted_opponent import ScriptedSeating


def weak_opponent() -> Opponent:
    """The pool's bottom: Stockfish at skill 0 with a tiny node budget, moving instantly."""
    return Opponent(
        name="stockfish-skill-0",
        title="Stockfish (skill 0)",
        command="stockfish",
        rating=800.0,
        rating_error=80.0,
        options={"Threads": 1, "Hash": 16, "Skill Level": 0},
        search=SearchLimit(nodes=200),
        package="stockfish",
        calibrated=True,
    )


@pytest.fixture
def pool() -> Pool:
    """Three real opponents; the slider's bottom (Home) is the deterministic 50-node one."""
    return Pool(
        [
            fast_opponent(50, 700.0, rating_error=60.0, calibrated=True),
            weak_opponent(),
            fast_opponent(20000),
        ]
    )


@pytest.fixture
def seating() -> ScriptedSeating:
    """Who plays the opponent in ``app``'s games: a new scripted opponent for each game (a test
    may tell it otherwise before the game starts: ``seating.told``)."""
    return ScriptedSeating()


@pytest.fixture
def app(ledger: Ledger, pool: Pool, seating: ScriptedSeating) -> Iterator[RatedPlayApp]:
    """The app whose games are played by scripted opponents: no engine process starts for a
    game (a screen that analyses one still runs the real Stockfish, and carries the mark)."""
    yield RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=seating))


@pytest.fixture(autouse=True)
def _same_node_budgets() -> None:
    """Node budgets vary from move to move (engines.opponents.opponent.NODE_JITTER); a fixed
    seed makes the UI's games the same on every run, so a test can count on reaching a
    promotion."""
    random.seed(3)
