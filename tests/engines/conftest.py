"""Fixtures for the engine pool: real engines from the Debian packages, fast settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.opponents.opponent import Opponent, SearchLimit


def weak_fairy(skill: int) -> Opponent:
    """A real engine that answers in milliseconds: Fairy-Stockfish at a 1-ply search."""
    return Opponent(
        name=f"fairy{skill}",
        title=f"Fairy-Stockfish at Skill Level {skill}",
        command="fairy-stockfish",
        rating=1000 + 20 * skill,
        options={"Threads": 1, "Hash": 16, "Skill Level": skill},
        search=SearchLimit(depth=1),
        package="fairy-stockfish",
    )


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    """A user config directory with an (empty) place for opponent files."""
    directory = tmp_path / "config"
    (directory / "engines").mkdir(parents=True)
    return directory
