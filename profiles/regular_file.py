"""Reading a small file that anyone may have left anything at: a regular file only, bounded.

A named pipe opened for reading blocks until a writer comes, which may be never, and
``/dev/zero`` never ends: both are refused from the inode (``os.stat``) before any ``open``,
and a regular file is read up to a bound that no file of rated-play's own comes near.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from profiles.ledger_file import special_file

SMALL_FILE = 1 << 24
"""16 MiB: far above any calibration, check summary or opponents file."""


class UnreadableFileError(OSError):
    """Not a regular file, or larger than the bound; ``strerror`` says which."""

    def __str__(self) -> str:
        return str(self.strerror)


def read_text(path: Path, limit: int = SMALL_FILE) -> str:
    """The UTF-8 text of the regular file at ``path``; OSError when there is none or it is
    something else (:class:`UnreadableFileError`), UnicodeDecodeError when it is not text."""
    found = os.stat(path)  # follows links; FileNotFoundError when there is nothing there
    if not stat.S_ISREG(found.st_mode):
        raise UnreadableFileError(
            errno.EINVAL, f"{special_file(found.st_mode)}, not a file", str(path)
        )
    with path.open("rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise UnreadableFileError(errno.EFBIG, f"larger than {limit} bytes", str(path))
    return data.decode("utf-8")
