"""Where rated-play keeps its data: one directory, chosen once per run. What it holds is named
by :mod:`profiles.data_directory`."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import platformdirs

from profiles.data_directory import DataDirectory
from profiles.errors import UserError, printable

APP_NAME = "rated-play"
ENV_HOME = "RATED_PLAY_HOME"

NAME_MAX = 255
"""The longest name of one directory or file, in bytes: Linux's NAME_MAX (limits.h), the limit
of ext4, btrfs, xfs and tmpfs alike."""

PATH_MAX = 4096
"""The longest path the kernel takes, in bytes, its terminating NUL included: Linux's PATH_MAX
(limits.h)."""

OWN_NAMES = 64
"""Room kept under PATH_MAX for the names rated-play puts inside the directory
(``config/engines/…``, ``ledger.sqlite3-journal``, ``calibration-games.pgn``)."""


class DataDirError(UserError):
    """A data directory that cannot be one, whatever is on the disk."""


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir`` if given, else ``$RATED_PLAY_HOME``, else the platform's user data dir.

    A path that cannot name a directory of ours (``~user`` of no user, a name longer than the
    file system allows, or an existing file) is refused here, once for every command, before
    anything is read or written there.
    """
    if override is not None:
        return _checked(str(override), "--data-dir")
    env = os.environ.get(ENV_HOME)
    if env:
        return _checked(env, ENV_HOME)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """User configuration (extra opponents): inside the data dir when one is forced, so a test
    or a ``--data-dir`` run never reads the developer's own configuration."""
    if override is not None or os.environ.get(ENV_HOME):
        return DataDirectory(data_dir(override)).config
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def _checked(given: str, source: str) -> Path:
    fix = f"give {source} the full path of a directory"
    try:
        path = Path(given).expanduser()
    except RuntimeError:  # pathlib's "Could not determine home directory."
        user = given.partition(os.sep)[0][1:]
        whose = f"there is no user {printable(user)!r}" if user else "HOME is not set"
        raise DataDirError(
            f"{source} {printable(given)!r}: {whose}, so '~{printable(user)}' names no "
            f"home directory; {fix}"
        ) from None
    encoded = os.fsencode(path.absolute())
    if any(len(name) > NAME_MAX for name in encoded.split(b"/")) or (
        len(encoded) + OWN_NAMES >= PATH_MAX
    ):
        raise DataDirError(
            f"{source} is too long a path for the file system (at most {NAME_MAX} bytes a name, "
            f"{PATH_MAX - OWN_NAMES} in all): give {source} a shorter path"
        )
    try:
        mode = path.stat().st_mode
    except OSError:
        return path  # missing, or unreadable: the ledger's own checks say what to do
    if not stat.S_ISDIR(mode):
        raise DataDirError(
            f"{source} {printable(path)} is a file, not a directory; {fix}, or of one to create"
        )
    return path
