"""Where rated-play keeps its data: one directory, chosen once per run."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from profiles import ledger_file

APP_NAME = "rated-play"
ENV_HOME = "RATED_PLAY_HOME"
LEDGER_FILE = ledger_file.LEDGER_FILE


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir`` if given, else ``$RATED_PLAY_HOME``, else the platform's user data dir."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """User configuration (extra opponents): inside the data dir when one is forced, so a test
    or a ``--data-dir`` run never reads the developer's own configuration."""
    if override is not None or os.environ.get(ENV_HOME):
        return data_dir(override) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
