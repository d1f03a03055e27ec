"""The app built on a real ledger file in ``tmp_path`` and a pool of fast real Stockfish."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from tests.conftest import fast_opponent

SIZE = (120, 40)
"""The terminal size of the tests: the large board (7×3 squares)."""


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
    return Pool([node_opponent(50, 700.0), weak_opponent(), fast_opponent(20000)])


@pytest.fixture
def app(ledger: Ledger, pool: Pool) -> Iterator[RatedPlayApp]:
    yield RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))


def node_opponent(nodes: int, rating: float) -> Opponent:
    """Stockfish at full skill cut to ``nodes`` per move: weak, instant and deterministic
    (one thread, a node budget far below what its clock allows), so games replay exactly."""
    return Opponent(
        name=f"stockfish-nodes-{nodes}",
        title=f"Stockfish ({nodes} nodes)",
        command="stockfish",
        rating=rating,
        rating_error=60.0,
        options={"Threads": 1, "Hash": 16},
        search=SearchLimit(nodes=nodes),
        package="stockfish",
        calibrated=True,
    )


def long_named() -> Opponent:
    """An opponent whose title is longer than the side panel, as Fairy-Stockfish's are."""
    return replace(node_opponent(50, 455.0), title="Fairy-Stockfish 11.1 at Skill Level -9")


@pytest.fixture(autouse=True)
def _same_node_budgets() -> None:
    """Node budgets vary from move to move (engines.opponents.opponent.NODE_JITTER); a fixed seed
    makes
    the UI's games the same on every run, so a test can count on reaching a promotion."""
    random.seed(3)
