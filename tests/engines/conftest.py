"""Fixtures for the engine pool."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    """A user config directory with an (empty) place for opponent files."""
    directory = tmp_path / "config"
    (directory / "engines").mkdir(parents=True)
    return directory
