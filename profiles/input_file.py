"""Reading a file a person names (a results file, a PGN) whole: only a file, and only up to a
bound, so a device, a pipe that never ends or a file far larger than any such text is refused in
one sentence instead of filling the memory (``/dev/zero`` grew a command to 7 GB in 10 s)."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import BinaryIO

from profiles.errors import UserError, printable

MIB = 1024 * 1024


class InputFileError(UserError):
    """A named input that is not a file, or larger than the bound set for what it holds."""


def read_file(path: Path, limit: int, what: str, *, pipe: bool = False) -> bytes:
    """The bytes of the regular file at ``path`` (or, with ``pipe``, of a named pipe, such as
    the shell's ``<(command)``), at most ``limit`` of them; ``what`` names what the file should
    be ("a PGN file"). An :class:`OSError` opening or reading it is the caller's to word."""
    status = path.stat()
    if not (stat.S_ISREG(status.st_mode) or (pipe and stat.S_ISFIFO(status.st_mode))):
        raise InputFileError(
            f"{printable(path)} is {_kind(status.st_mode)}, not a file: give the path of {what}"
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


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"
