"""Every file and folder rated-play keeps in its data directory, named once.

Which directory that is (``--data-dir``, ``$RATED_PLAY_HOME`` or the platform's) is chosen by
:mod:`rated_play.paths`; what lies inside it is named here, and every package asks here: the
ledger and its games' locks, the archive of PGN files, the calibration's files and the log of
errors the app did not expect. The names are a contract with the player's disk: a data
directory written by an older version is read by this one, so a name is never changed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

LEDGER = "ledger.sqlite3"
"""The ledger, the SQLite file every game is written to (:mod:`profiles.ledger`)."""


@dataclass(frozen=True)
class DataDirectory:
    """A data directory, by its root; each property names one file or folder in it."""

    root: Path

    @classmethod
    def of_ledger(cls, ledger: Path) -> DataDirectory:
        """The data directory of the ledger at ``ledger``: the folder it is in."""
        return cls(ledger.parent)

    @property
    def ledger(self) -> Path:
        return self.root / LEDGER

    @property
    def games_in_play(self) -> Path:
        """The lock files of the games being played, one per game (``profiles/ledger/locks.py``)."""
        return self.root / "games-in-play"

    def game_lock(self, game_id: int) -> Path:
        """The lock file of one game, held by the process that plays it."""
        return self.games_in_play / f"{game_id}.lock"

    @property
    def archive(self) -> Path:
        """The PGN of every finished game, a file per game in a folder per player."""
        return self.root / "archive"

    @property
    def calibration(self) -> Path:
        """The pool's ratings measured on this machine, which the app reads before the shipped
        ones (``rated-play engines calibrate``)."""
        return self.root / "calibration.json"

    @property
    def calibration_check(self) -> Path:
        """The summary of the last ``rated-play engines check``."""
        return self.root / "calibration-check.json"

    @property
    def calibration_games(self) -> Path:
        """The games of a whole calibration, appended to as they end, so a run resumes."""
        return self.root / "calibration-games.pgn"

    @property
    def added_calibration_games(self) -> Path:
        """The games of entries added to a calibrated pool (``engines calibrate --only``)."""
        return self.root / "calibration-added-games.pgn"

    @property
    def errors_log(self) -> Path:
        """The traceback of each error the app did not expect, appended; the player is shown
        this path, never the traceback."""
        return self.root / "errors.log"

    @property
    def config(self) -> Path:
        """The user's configuration (extra opponents), when the data directory is forced (a
        test, a ``--data-dir`` run), so the developer's own is never read."""
        return self.root / "config"


def archive_folder(player: str) -> str:
    """The folder of a player's archived PGNs, inside :attr:`DataDirectory.archive`."""
    # Dots kept inside a name but not at its ends: "." and ".." would name the archive itself
    # and the data directory, and a leading dot would hide the folder.
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", player).strip("_.") or "player"


def archive_name(
    player: str, number: int, started_at: dt.datetime, taken: Callable[[str], bool]
) -> str:
    """The name, inside the archive, of the PGN of a player's game ``number``: one file per game,
    by player, date and number ("Magnus/2026-12-01-game-3.pgn"). A name ``taken`` by another
    game (a file named by a ledger id before games were numbered, or another player whose name
    makes the same folder) gets a suffix that frees it."""
    stem = f"{archive_folder(player)}/{started_at:%Y-%m-%d}-game-{number}"
    name, suffix = f"{stem}.pgn", 1
    while taken(name):
        suffix += 1
        name = f"{stem}-{suffix}.pgn"
    return name


def archive_name_before_numbers(player: str, game_id: int, started_at: dt.datetime) -> str:
    """The name a game's PGN was archived under before games were numbered per player (the
    ledger's GAME_NUMBERS migration): by its ledger id. Kept, so that every old game's file
    is found where it was written."""
    return f"{archive_folder(player)}/{started_at:%Y-%m-%d}-game-{game_id}.pgn"
