"""The games as the ledger holds them, read, and closed with how they ended."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from profiles.errors import printable
from profiles.laws.endings import GameResult, color_name
from profiles.ledger.base import GameClosedError, _now
from profiles.ledger.ledger_file import LedgerError
from profiles.ledger.pending import PendingGames
from profiles.ledger.records import (
    ABANDONMENT_TOLD,
    GAMES,
    MOVES,
    GameRecord,
    GameStatus,
    RecordedMove,
    game_record,
)
from profiles.ledger.rows import read_row, select_list

if TYPE_CHECKING:
    import chess


class FinishedGames(PendingGames):
    """Reading games and their moves, and closing a pending game with its result."""

    # -- games ---------------------------------------------------------------------------

    def games(self, profile_id: int | None = None) -> list[GameRecord]:
        """Every game, or one profile's, in the order they were started.

        A pending game that no running process is playing is shown as the loss by
        abandonment it is, to every reader at once, before anyone has closed it. A row that
        cannot be read is left out and named in :attr:`damaged`.
        """
        query = f"SELECT {self._game_columns} FROM games"
        params: tuple[int, ...] = ()
        if profile_id is not None:
            query += " WHERE profile_id = ?"
            params = (profile_id,)
        with self._reading():
            rows = self._db.execute(query + " ORDER BY id", params).fetchall()
        records = [record for record in map(self._game, rows) if record is not None]
        stale = self._stale_ids([r.id for r in records if r.status is GameStatus.PENDING])
        return [
            replace(record, status=GameStatus.ABANDONED) if record.id in stale else record
            for record in records
        ]

    def rate_opponents(self, ratings: Mapping[str, float]) -> None:
        """Read every game from now on with its opponent's rating in ``ratings`` (the current
        calibration of the pool) as :attr:`GameRecord.opponent_rating_now`. An opponent is a
        fixed engine and its rating a measurement of it: a better measurement re-rates every
        game played against it, so the player's ratings, derived from these games, follow the
        calibration, while each game's record keeps the rating it was played at."""
        self._opponent_ratings = dict(ratings)

    def _game(self, row: sqlite3.Row) -> GameRecord | None:
        try:
            record = game_record(row)
        except (TypeError, ValueError) as error:
            self._damaged[f"game {row['id']}"] = f"game {row['id']}: {error}"
            return None
        now = self._opponent_ratings.get(record.opponent_name)
        return record if now is None else replace(record, opponent_rating_now=now)

    def game(self, game_id: int) -> GameRecord:
        with self._reading():
            row = self._db.execute(
                f"SELECT {self._game_columns} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise LedgerError(
                f"no game {game_id} in the ledger: 'rated-play games NAME' lists a profile's games"
            )
        record = self._game(row)
        if record is None:
            raise LedgerError(
                f"game {game_id} of the ledger is damaged ({self._damaged[f'game {game_id}']}); "
                "restore the ledger from a backup to read it"
            )
        return record

    def moves(self, game_id: int) -> list[RecordedMove]:
        """The game's moves as recorded; a row that cannot be read is a :class:`LedgerError`
        naming the game and the ply."""
        with self._reading():
            rows = self._db.execute(
                f"SELECT {select_list(RecordedMove, self._version)} FROM moves "
                "WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
        try:
            return [read_row(RecordedMove, row) for row in rows]
        except ValueError as error:
            raise LedgerError(
                f"game {game_id} of the ledger is damaged (a move: {error}); restore the "
                "ledger from a backup to read it"
            ) from None

    def close_game(
        self,
        game_id: int,
        result: GameResult,
        *,
        pgn: str,
        rating_after: float | None,
        purse_after: int | None = None,
        moves: Sequence[RecordedMove] = (),
    ) -> GameRecord:
        """Replace a pending game's provisional loss with how it really ended: ``result``,
        which gives the row its status, result, score and termination.

        ``moves`` are the game's moves, all of them: those the ledger lacks (a write refused
        while the game went on) are written in the same transaction as the result, so no
        game ever reads as finished without every move its PGN holds.

        Raises :class:`GameClosedError` when the game is not pending (closed already, perhaps
        by another process): a game is never closed twice.
        """
        offered_by, claimed_by = result.ending.draw_offered_by, result.ending.draw_claimed_by
        with self._write():
            written = MOVES.insert_many(
                self._version,
                [
                    {"game_id": game_id, "ply": m.ply, "uci": m.uci, "clock_ms": m.clock_ms}
                    for m in moves
                ],
                or_ignore=True,
            )
            if written is not None:
                self._db.executemany(*written)
            cursor = self._db.execute(
                *GAMES.update(
                    self._version,
                    {
                        "status": GameStatus.closing(result).value,
                        "result": result.result,
                        "player_score": result.player_score,
                        "termination": result.termination.value,
                        "pgn": pgn,
                        "rating_after": rating_after,
                        "purse_after": purse_after,
                        "finished_at": _now().isoformat(),
                        "draw_offered_by": None if offered_by is None else color_name(offered_by),
                        "draw_claimed_by": None if claimed_by is None else color_name(claimed_by),
                    },
                    "id = ? AND status = ?",
                    game_id,
                    GameStatus.PENDING.value,
                )
            )
            if cursor.rowcount != 1:
                raise GameClosedError(f"game {game_id} was closed already; it keeps its result")
        self._locks.release(game_id)
        self._checkpoint()
        return self.game(game_id)

    def decorate_game(
        self,
        game_id: int,
        *,
        pgn: str,
        rating_after: float | None,
        purse_after: int | None,
    ) -> None:
        """Add to a game closed already what is computed after its result: its PGN, the
        rating and the purse after it. The result is written first (:meth:`close_game`), so
        a process that dies while these are computed leaves the game as it ended."""
        with self._write():
            self._db.execute(
                *GAMES.update(
                    self._version,
                    {"pgn": pgn, "rating_after": rating_after, "purse_after": purse_after},
                    "id = ? AND status != ?",
                    game_id,
                    GameStatus.PENDING.value,
                )
            )

    def played_moves(self, game_id: int) -> list[chess.Move]:
        """The game's moves as played from the starting position. A move that is not legal
        there means the file was damaged: :class:`LedgerError` names the ply."""
        # Here, not at the top: the first screen reads the ledger without python-chess.
        import chess  # noqa: PLC0415

        board = chess.Board()
        for recorded in self.moves(game_id):
            try:
                move = chess.Move.from_uci(recorded.uci)
            except ValueError:
                move = chess.Move.null()
            if move not in board.legal_moves:
                raise LedgerError(
                    f"game {game_id} of the ledger is damaged (ply {recorded.ply}, "
                    f"{printable(recorded.uci)!r}, is not a legal move); restore the ledger "
                    "from a backup to read it"
                )
            board.push(move)
        return board.move_stack

    # -- telling the player about abandoned games -----------------------------------------

    def untold_abandonments(self) -> list[GameRecord]:
        """Games closed as lost by abandonment that the player has not been told about: the
        process died, or a signal ended it, before anyone could say so."""
        if not self._has_setups:
            return []
        with self._reading():
            rows = self._db.execute(
                f"SELECT {self._game_columns} FROM games WHERE status = ? "
                f"AND {ABANDONMENT_TOLD.name} = 0 ORDER BY id",
                (GameStatus.ABANDONED.value,),
            ).fetchall()
        return [record for record in map(self._game, rows) if record is not None]

    def mark_abandonment_told(self, game_id: int) -> None:
        """The player knows this game was scored as a loss by abandonment."""
        with self._write():
            self._db.execute(
                *GAMES.update(
                    self._version,
                    {ABANDONMENT_TOLD.name: 1},
                    "id = ?",
                    game_id,
                )
            )
