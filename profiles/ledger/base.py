"""The ledger's file, its transactions and what it could not read: what every part of
:class:`profiles.ledger.ledger.Ledger` stands on.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Self

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger_file import (
    MONEY_AND_SETUPS,
    PLAYING_PROCESS,
    SCHEMA_VERSION,
    LedgerError,
    failure,
    open_file,
)
from profiles.ledger.locks import GameLocks
from profiles.ledger.records import GameRecord, text_cell
from profiles.ledger.rows import select_list
from profiles.setup import Setup


class GameClosedError(LedgerError):
    """A game that was closed already (perhaps by another process a moment ago)."""


class SecondGameError(LedgerError):
    """The profile is playing a rated game already, in another copy of the app."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class LedgerBase:
    """The SQLite ledger in a data directory, opened; the parts of :class:`Ledger` add what
    it holds."""

    def __init__(
        self, connection: sqlite3.Connection, directory: DataDirectory, *, readonly: bool
    ) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row  # rows are read by column name
        # A text cell that is not UTF-8 would fail the whole query in SQLite's own decoding:
        # kept as surrogates instead, it fails only its row, which is skipped and named.
        self._db.text_factory = text_cell
        self.directory = directory
        """The data directory the ledger is in, and the other files it names."""
        self.path = directory.ledger
        self.readonly = readonly
        self._locks = GameLocks(self.directory)
        self._damaged: dict[str, str] = {}
        self._opponent_ratings: dict[str, float] = {}
        self._read_as(SCHEMA_VERSION)

    def _read_as(self, version: int) -> None:
        """Read the tables as a ledger of schema ``version`` has them: the columns a row is
        selected with follow from the rows' declarations (:mod:`profiles.ledger.rows`), built
        once here rather than for every query."""
        self._version = version
        self._game_columns = select_list(GameRecord, version)
        self._setup_columns = select_list(Setup, version)

    @property
    def _has_players(self) -> bool:
        """The migration of the playing process added the process that plays a pending game."""
        return self._version >= PLAYING_PROCESS

    @property
    def _has_setups(self) -> bool:
        """The migration of the money added the setups, and with them the abandonments told to
        the player."""
        return self._version >= MONEY_AND_SETUPS

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, directory: DataDirectory, *, readonly: bool = False) -> Self:
        """Open the ledger of the data ``directory``.

        For writing (the default) a ledger is created where no file exists. ``readonly``
        opens an existing ledger without writing a byte to it, for commands that only read.
        Raises :class:`LedgerError` for a file that is not a usable ledger; the file is left
        exactly as it was.
        """
        path = directory.ledger
        connection = open_file(path, readonly=readonly)
        ledger = cls(connection, directory, readonly=readonly)
        try:
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as error:
            connection.close()
            raise failure(error, path, writing=False) from error
        # A reader leaves an older ledger as it is: it reads the columns that file has.
        ledger._read_as(version)
        return ledger

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            raise failure(error, self.path, writing=False) from error

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction, taken before reading so two processes serialise cleanly."""
        if self.readonly:
            raise LedgerError("this ledger was opened for reading only")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException:
                # SQLite has rolled back already after some errors (a full disk among them).
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise failure(error, self.path, writing=True) from error

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the main file, so a game that has ended (or begun, as
        the loss it stands as) survives the log being lost; the log is only the game in play.

        A reader in the middle of a read can keep part of the log from being copied, and a
        full disk can stop it; either way the game is committed in the log, and the next
        checkpoint copies it.
        """
        with suppress(sqlite3.Error):
            self._db.execute("PRAGMA wal_checkpoint(FULL)").fetchone()

    @property
    def damaged(self) -> list[str]:
        """What could not be read from rows skipped so far, one line each, with the row's id."""
        return list(self._damaged.values())

    def damaged_notice(self) -> str | None:
        """The sentence that tells a player of the rows skipped so far (None when none was),
        as every command and the app say it."""
        if not self._damaged:
            return None
        return (
            f"the ledger has rows that cannot be read, left out ({'; '.join(self.damaged)}): "
            "restore the ledger from a backup to get them back"
        )
