"""The durable game ledger: one SQLite file, append-only, safe across processes and crashes.

A rated game is written as a *pending loss* before its first move; finishing it replaces that
with the real result. A pending game nobody is playing any more (its process died: quit, kill,
power loss) reads as a loss by abandonment to every reader at once, and the next copy of the
app that starts closes it as one. The rows are declared in :mod:`profiles.ledger.records`;
which files are ledgers, and how one is opened without writing to anything else, is
:mod:`profiles.ledger.ledger_file`; whether a pending game is still being played is the lock
its player holds (:mod:`profiles.ledger.locks`).

Games are never rewritten except to close a pending game, and every close is conditional on
the game still being pending, so a game can be closed once only.
"""

from __future__ import annotations

from profiles.ledger.analyses import Analyses
from profiles.ledger.base import GameClosedError, SecondGameError
from profiles.ledger.in_play import GamesInPlay
from profiles.ledger.ledger_file import LedgerError, LedgerWriteError, NoLedgerError

__all__ = [
    "GameClosedError",
    "Ledger",
    "LedgerError",
    "LedgerWriteError",
    "NoLedgerError",
    "SecondGameError",
]


class Ledger(GamesInPlay, Analyses):
    """The SQLite ledger in a data directory. Open it with :meth:`open`.

    Its parts, each in a module of its own: the file and its transactions
    (:mod:`profiles.ledger.base`), the profiles and their setups
    (:mod:`profiles.ledger.profiles_and_setups`), whether anyone plays a pending game
    (:mod:`profiles.ledger.pending`), the games read and closed (:mod:`profiles.ledger.finished`),
    the games in play (:mod:`profiles.ledger.in_play`) and the analyses
    (:mod:`profiles.ledger.analyses`).
    """

    def close(self) -> None:
        """Close the file. A game still held is let go (see :meth:`let_go`): closing the
        ledger ends this process's play of it, as if the process had ended."""
        for game_id in self._locks.held():
            self.let_go(game_id)
        self._db.close()
