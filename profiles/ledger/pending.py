"""Whether anyone still plays a pending game: its lock, or the process written in its row."""

from __future__ import annotations

from profiles.ledger.base import LedgerBase
from profiles.ledger.process import PlayingProcess, is_running
from profiles.ledger.records import PLAYER_PID, PLAYER_STARTED, GameStatus


class PendingGames(LedgerBase):
    """Which pending games a running process plays, and which nobody does any more."""

    # -- locks of games in play ----------------------------------------------------------

    def _stale_ids(self, pending: list[int]) -> set[int]:
        """Which of these pending games nobody plays: no live lock, and still pending after
        the lock was found free (a game closed meanwhile is left to its new status)."""
        unlocked = [g for g in pending if not self._locks.holds(g) and self._is_orphan(g)]
        if not unlocked:
            return set()
        marks = ",".join("?" * len(unlocked))
        with self._reading():
            rows = self._db.execute(
                f"SELECT id FROM games WHERE status = ? AND id IN ({marks})",
                (GameStatus.PENDING.value, *unlocked),
            ).fetchall()
        return {int(row[0]) for row in rows}

    def _is_orphan(self, game_id: int) -> bool:
        """True when no process plays the game: none holds its lock (the lock dies with its
        process) and the process written in its row runs no more (a lock file removed by
        hand must not make a live game look abandoned).

        The lock is made before its game row is committed, so a game without a lock file has
        none.
        """
        if self._locks.was_left(game_id):
            return True
        return not self._locks.held_elsewhere(game_id) and not self._player_runs(game_id)

    def _player_runs(self, game_id: int) -> bool:
        """Whether the process written in the game's row is still running."""
        if not self._has_players:
            return False
        with self._reading():
            row = self._db.execute(
                f"SELECT {PLAYER_PID.name}, {PLAYER_STARTED.name} FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None or not all(isinstance(cell, int) for cell in row):
            return False
        return is_running(PlayingProcess(*row))
