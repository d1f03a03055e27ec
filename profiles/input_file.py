"""Reading a file whole: only a regular file, and only up to a bound.

A file a person names (a results file, a PGN) and a small file of the data directory that anyone
may have left anything at (a calibration, an opponents file) alike: a named pipe opened for
reading blocks until a writer comes, which may be never, and ``/dev/zero`` never ends (it grew a
command to 7 GB in 10 s), so both are refused from the inode (``os.stat``) before any ``open``,
and a regular file is read up to a bound no such file comes near.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from profiles.errors import UserError, printable

MIB = 1024 * 1024
SMALL_FILE = 16 * MIB
"""The bound of the data directory's own small files: far above any calibration, check
summary or opponents file."""


class InputFileError(UserError):
    """A named input that is not a file, or larger than the bound set for what it holds."""


def read_file(path: Path, limit: int, what: str, *, pipe: bool = False) -> bytes:
    """The bytes of the regular file at ``path`` (or, with ``pipe``, of a named pipe, such as
    the shell's ``<(command)``), at most ``limit`` of them; ``what`` names what the file should
    be ("a PGN file"). An :class:`OSError` opening or reading it is the caller's to word."""
    status = path.stat()
    if not (stat.S_ISREG(status.st_mode) or (pipe and stat.S_ISFIFO(status.st_mode))):
        raise InputFileError(
            f"{printable(path)} is {special_file(status.st_mode)}, not a file: give the path of "
            f"{what}"
        )
    if status.st_size > limit:  # said at once; a file that grows is still read within limit
        raise _too_large(printable(path), limit, what)
    with path.open("rb") as file:
        return read_stream(file, limit, printable(path), what)


def read_stream(stream: BinaryIO, limit: int, name: str, what: str) -> bytes:
    """At most ``limit`` bytes of ``stream`` (``name`` in the message), up to its end."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise _too_large(name, limit, what)
    return data


def _too_large(name: str, limit: int, what: str) -> InputFileError:
    return InputFileError(
        f"{name} holds more than {limit / MIB:g} MiB, the most rated-play reads of {what}: "
        "give a smaller file, or split it"
    )


def special_file(mode: int) -> str:
    """What a file that is not a regular one is, from its ``st_mode``, for a sentence."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


class UnreadableFileError(OSError):
    """Not a regular file, or larger than the bound; ``strerror`` says which. An OSError, as
    the readers of the data directory's files word every failure to read one themselves."""

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
