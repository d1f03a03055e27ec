"""The record of errors the app did not expect: a programming error, not the player's.

Its traceback is what a developer needs and what a player should never be shown, so it goes to
one file in the data directory (:attr:`profiles.data_directory.DataDirectory.errors_log`),
appended to, and the player is told where it is.
"""

from __future__ import annotations

import datetime
import logging
import os
import stat
import traceback
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.errors import printable

_APPEND_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK


def log_unexpected(data_dir: Path, error: BaseException) -> str:
    """Append ``error``'s traceback to the errors log in ``data_dir``; one sentence for the
    player saying what happened and where the details are (or why they could not be kept)."""
    log = DataDirectory(data_dir).errors_log
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    said = f"rated-play met an error it did not expect ({printable(what)})"
    failure = _append(log, "".join(traceback.format_exception(error)))
    if failure is not None:
        return f"{said}; its details could not be written to {log}{failure}."
    return f"{said}. Its details are in {log}: please send that file with a report."


def log_engine_notices(data_dir: Path) -> None:
    """What the engines say of themselves during a game (a judge given up for good,
    :mod:`engines.opponents.judge`) is appended to the errors log in ``data_dir``, never
    written over the app's screen."""
    engines = logging.getLogger("engines")
    engines.addHandler(_ErrorsLogHandler(DataDirectory(data_dir).errors_log))
    engines.propagate = False


class _ErrorsLogHandler(logging.Handler):
    def __init__(self, log: Path) -> None:
        super().__init__(logging.WARNING)
        self._log = log

    def emit(self, record: logging.LogRecord) -> None:
        _append(self._log, f"{record.name}: {record.getMessage()}\n")


def _append(log: Path, text: str) -> str | None:
    """Append ``text`` to ``log``, stamped; None, or why it could not be (the end of a
    sentence naming the file)."""
    stamp = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    try:
        # Appended to only if it is a regular file of its own: a link is not followed (a file
        # that is not ours is never written) and a FIFO is not waited on.
        descriptor = os.open(log, _APPEND_FLAGS, 0o644)
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            return ", which is not a file"
        with open(descriptor, "a", encoding="utf-8", errors="backslashreplace") as file:
            file.write(f"--- {stamp}\n{text}\n")
    except OSError as failure:
        return f" ({failure.strerror})"
    return None
