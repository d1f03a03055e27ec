"""The app built on a real ledger file in ``tmp_path`` and a pool of fast real Stockfish."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from tests.builders import fast_opponent


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
def app(ledger: Ledger, pool: Pool) -> Iterator[RatedPlayApp]:
    yield RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))


@pytest.fixture(autouse=True)
def _same_node_budgets() -> None:
    """Node budgets vary from move to move (engines.opponents.opponent.NODE_JITTER); a fixed
    seed makes the UI's games the same on every run, so a test can count on reaching a
    promotion."""
    random.seed(3)
