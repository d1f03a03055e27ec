"""Whether a command may write a file at a path: the one rule every writer of rated-play asks.

A file is refused, before a byte is written, when it is the ledger or one of the files SQLite
keeps beside a database (``-wal``, ``-shm``, ``-journal``: https://www.sqlite.org/tempfiles.html),
when it is reached through a link to one of them, when it is not a regular file, or when it
already holds something other than what the command writes (a calibration is written only over
a calibration, a PGN only over a PGN). A new file, or an empty one, may always be written.

The side files are refused by name even before they exist: written there, a file would be taken
by SQLite for the database's log or hot journal the next time the database is opened.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.errors import UserError, printable
from profiles.input_file import special_file
from profiles.ledger.ledger_file import side_file

SIDE_FILES = {
    "-wal": "write-ahead log",
    "-shm": "shared-memory index",
    "-journal": "rollback journal",
}
"""The files SQLite keeps beside a database named ``NAME``, as ``NAME`` + suffix, and what each
is (https://www.sqlite.org/tempfiles.html)."""

_SQLITE_MAGIC = b"SQLite format 3\x00"
_SNIFF = 4096
"""Bytes read to tell what an existing file holds: enough for its first lines."""


class ForeignFileError(UserError):
    """A file a command was asked to write that is not its to write."""


@dataclass(frozen=True)
class FileKind:
    """What a command writes, and how an existing file of that kind is told from any other."""

    name: str
    """As a sentence names it: ``"a calibration"``, ``"a PGN file"``."""
    recognise: Callable[[Path], bool]
    """Whether the existing, non-empty regular file at the path holds this kind."""


def check_writable(path: Path, kind: FileKind, *, data_dir: Path, option: str) -> None:
    """Raise :class:`ForeignFileError` unless ``kind`` may be written at ``path``: not the
    ledger of ``data_dir`` or a side file of it or of any SQLite database, not a link to one,
    and new, empty or already of ``kind``. ``option`` names the path as the user gave it (an
    option such as ``--output``), or describes a file the program chose."""
    shown = f"{option} {printable(path)}"
    refuse = "; nothing was written: " + (
        f"give {option} another file"
        if option.startswith("--")
        else f"move {printable(path)} aside, or give --data-dir another directory"
    )
    target = Path(os.path.realpath(path))  # every link followed, a dangling one included
    ledger = Path(os.path.realpath(DataDirectory(data_dir).ledger))
    if _same(path, ledger) or target == ledger:
        raise ForeignFileError(f"{shown} is the ledger, which holds your games{refuse}")
    for suffix, side in SIDE_FILES.items():
        database = side_file(ledger, suffix)
        if target == database or _same(path, database):
            raise ForeignFileError(f"{shown} is the ledger's {side}{refuse}")
        if target.name.endswith(suffix) and _is_sqlite(
            target.with_name(target.name.removesuffix(suffix))
        ):
            raise ForeignFileError(f"{shown} is the {side} of an SQLite database{refuse}")
    try:
        found = os.stat(path)  # follows links; never opens, so a FIFO cannot block
    except FileNotFoundError:
        return
    except OSError as error:
        raise ForeignFileError(
            f"cannot use {shown}: {error.strerror or error}; choose another file"
        ) from error
    if not stat.S_ISREG(found.st_mode):
        raise ForeignFileError(f"{shown} is {special_file(found.st_mode)}, not a file{refuse}")
    if found.st_size > 0 and not kind.recognise(path):
        raise ForeignFileError(f"{shown} holds something other than {kind.name}{refuse}")


def _same(path: Path, other: Path) -> bool:
    """Whether the two name one file (hard links included); False when either is missing."""
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def _is_sqlite(path: Path) -> bool:
    return sniff(path).startswith(_SQLITE_MAGIC)


def sniff(path: Path) -> bytes:
    """The first bytes of the regular file at ``path``, or nothing for anything else; never
    opens what is not a regular file (a named pipe would block)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return b""
        with path.open("rb") as file:
            return file.read(_SNIFF)
    except OSError:
        return b""


_TAG_PAIR = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:\[\s*[A-Za-z]|%|;)")
"""A PGN file opens with its first game's tag pair section, ``[Event "…"]`` (PGN standard,
Edwards 1994, section 8.1), or with a comment or escape line (sections 5 and 6)."""
_BINARY = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]")
"""Control bytes no text file holds (tab, newlines, form feed and ESC aside)."""


def is_pgn(path: Path) -> bool:
    """Whether the file at ``path`` reads as a PGN file: text that opens as a game does."""
    head = sniff(path)
    return bool(_TAG_PAIR.match(head)) and not _BINARY.search(head)


PGN = FileKind("a PGN file", is_pgn)
"""Games, as ``export``, the archive and ``engines calibrate``/``check`` write them."""


def write_durably(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that no interruption leaves half of it: a temporary file
    of this writer's own (created, never an existing one, so two processes writing the same
    file never share it), synced, then renamed over ``path``. A write that fails leaves no
    temporary file behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    partial = Path(name)
    try:
        with open(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        partial.replace(path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
