"""Finding installed engines: on PATH, then beside this Python (where the package installs its
own engine, ``rated-play-maia``, which a PATH without the virtual environment would not find),
then in /usr/games where Debian puts them."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

GAMES_DIRS = (Path("/usr/games"), Path("/usr/local/games"))


def find_engine(command: str) -> Path | None:
    """The executable for ``command`` (a name or a path), or None when it is not installed."""
    if os.sep in command:
        path = Path(command).expanduser()
        return path if path.is_file() and os.access(path, os.X_OK) else None
    found = shutil.which(command)
    if found is not None:
        return Path(found)
    for directory in (Path(sys.executable).parent, *GAMES_DIRS):
        candidate = directory / command
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None
