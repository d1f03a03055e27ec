"""The locks of the games being played: whether a pending game still has a player.

The playing process holds an advisory lock (``flock``) on a lock file of its game's own, in the
data directory (:attr:`profiles.data_directory.DataDirectory.games_in_play`): the kernel drops
it when the process dies, however it dies, so two copies of the app on one data directory never
close each other's live games, and a game whose player died reads as abandoned at once.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import suppress

from profiles.data_directory import DataDirectory
from profiles.errors import printable
from profiles.ledger.ledger_file import LedgerError


class GameLockError(LedgerError):
    """A game's lock file cannot be taken: something else is in its place."""


class GameLocks:
    """The lock files of one data directory's games, and the locks this process holds."""

    def __init__(self, directory: DataDirectory) -> None:
        self._directory = directory
        self._held: dict[int, int] = {}
        """The games this process plays, each with the descriptor its lock is held on."""
        self._left: set[int] = set()
        """Games this process no longer plays but could not close (the ledger refused)."""

    def holds(self, game_id: int) -> bool:
        """Whether this process plays the game."""
        return game_id in self._held

    def held(self) -> list[int]:
        return list(self._held)

    def was_left(self, game_id: int) -> bool:
        """Whether this process let the game go without closing it (:meth:`let_go`)."""
        return game_id in self._left

    def take(self, game_id: int) -> None:
        """Hold the game's lock for as long as this process plays it."""
        path = self._directory.game_lock(game_id)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
        except OSError as error:
            raise GameLockError(
                f"the lock file {printable(path)} of game {game_id} cannot be made "
                f"({error.strerror or type(error).__name__}); remove what is in its place"
            ) from error
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            raise GameLockError(
                f"the lock file {printable(path)} of game {game_id} is held by another process"
            ) from error
        self._held[game_id] = fd

    def release(self, game_id: int) -> None:
        """The game is closed: its lock and its lock file go."""
        fd = self._held.pop(game_id, None)
        if fd is not None:
            os.close(fd)
        self.forget(game_id)

    def let_go(self, game_id: int) -> None:
        """This process plays the game no more but did not close it: its lock goes, its lock
        file stays, and the game reads as abandoned (:meth:`was_left`)."""
        self._left.add(game_id)
        fd = self._held.pop(game_id, None)
        if fd is not None:
            os.close(fd)

    def forget(self, game_id: int) -> None:
        """Remove the lock file of a game nobody plays any more. Housekeeping, after the game's
        row is closed: what cannot be removed (a directory made in the file's place, a folder
        without write permission) is left, and holds no game, since no process locks it."""
        with suppress(OSError):
            self._directory.game_lock(game_id).unlink(missing_ok=True)

    def held_elsewhere(self, game_id: int) -> bool:
        """Whether another process holds the game's lock.

        The probe is shared and read-only: it writes nothing, and two readers probing at once
        do not mistake each other for a player. A missing lock file is no lock.
        """
        try:
            # Non-blocking: a named pipe left in place of the lock file must not block.
            fd = os.open(self._directory.game_lock(game_id), os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)
        return False
