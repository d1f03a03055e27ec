"""The games being played: opened as a pending loss, their moves and doublings written as
they come, and let go when this process plays them no more.
"""

from __future__ import annotations

import datetime as dt
from contextlib import suppress

from profiles.data_directory import archive_name
from profiles.errors import printable
from profiles.laws.endings import GameResult, color_name
from profiles.laws.time_control import TimeControl
from profiles.ledger.base import GameClosedError, SecondGameError, _now
from profiles.ledger.finished import FinishedGames
from profiles.ledger.ledger_file import GAME_NUMBERS, LedgerError
from profiles.ledger.process import PlayingProcess, this_process
from profiles.ledger.profiles_and_setups import ProfilesAndSetups
from profiles.ledger.records import (
    ABANDONMENT_TOLD,
    GAMES,
    MOVES,
    PLAYER_PID,
    PLAYER_STARTED,
    GameRecord,
    GameStatus,
    Profile,
)
from profiles.ledger.rows import Expression
from profiles.opponent_kind import OpponentKind


class GamesInPlay(FinishedGames, ProfilesAndSetups):
    """Opening a game, writing it while it is played, and letting it go."""

    def open_game(
        self,
        profile: Profile,
        *,
        opponent_name: str,
        opponent_title: str,
        opponent_rating: float,
        time_control: TimeControl,
        rating_before: float | None,
        stake: int = 0,
        opponent_kind: OpponentKind | None = None,
    ) -> GameRecord:
        """Write a new game as a pending loss (its stake lost too) and hold its lock; returns
        the row.

        The colour is taken here, in the same transaction, so two copies of the app starting
        games at once still alternate; and so is the check that the profile plays no other
        game: a player plays one rated game at a time, so :class:`SecondGameError` refuses a
        second one started beside it, in another copy of the app.
        """
        started = _now()
        player = this_process()
        taken: int | None = None
        try:
            with self._write():
                taken = self._open_game_row(
                    profile,
                    started,
                    player,
                    opponent_name=opponent_name,
                    opponent_title=opponent_title,
                    opponent_rating=opponent_rating,
                    time_control=time_control,
                    rating_before=rating_before,
                    stake=stake,
                    opponent_kind=opponent_kind,
                )
        except BaseException:
            # The row was never written (a full disk refused the COMMIT): its lock goes too,
            # or the next game, given the same id, would find it held by this very process.
            if taken is not None:
                self._locks.release(taken)
            raise
        self._checkpoint()
        return self.game(taken)

    def _open_game_row(
        self,
        profile: Profile,
        started: dt.datetime,
        player: PlayingProcess | None,
        *,
        opponent_name: str,
        opponent_title: str,
        opponent_rating: float,
        time_control: TimeControl,
        rating_before: float | None,
        stake: int,
        opponent_kind: OpponentKind | None,
    ) -> int:
        """Inside :meth:`open_game`'s transaction: the row written and its lock taken."""
        self._refuse_a_second_game(profile)
        color = self.next_color(profile.id)
        pending = GameResult.abandonment(color)  # a loss until the game ends
        numbered = {}
        if self._version >= GAME_NUMBERS:
            number = self._next_number(profile.id)
            numbered = {
                "number": number,
                "archive_name": archive_name(profile.name, number, started, self._archive_taken),
            }
        cursor = self._db.execute(
            *GAMES.insert(
                self._version,
                {
                    "profile_id": profile.id,
                    "status": GameStatus.PENDING.value,
                    "player_color": color_name(color),
                    "opponent_name": opponent_name,
                    "opponent_title": opponent_title,
                    "opponent_rating": opponent_rating,
                    "time_control": time_control.pgn,
                    "time_class": time_control.time_class.value,
                    "result": pending.result,
                    "player_score": pending.player_score,
                    "termination": pending.termination.value,
                    "started_at": started.isoformat(),
                    "rating_before": rating_before,
                    "stake": stake,
                    "opponent_kind": None if opponent_kind is None else opponent_kind.value,
                    ABANDONMENT_TOLD.name: 0,
                    PLAYER_PID.name: None if player is None else player.pid,
                    PLAYER_STARTED.name: None if player is None else player.started,
                    **numbered,
                },
            )
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        # Locked inside the transaction: no other process can see the row unlocked.
        self._locks.take(game_id)
        return game_id

    def _next_number(self, profile_id: int) -> int:
        """The number of the profile's next game: one more than its last."""
        row = self._db.execute(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE profile_id = ?", (profile_id,)
        ).fetchone()
        return int(row[0])

    def _archive_taken(self, name: str) -> bool:
        """Whether a game's PGN is archived as ``name`` already: a game's named so, or one from
        before games were numbered named by its id (any player's: the folder of one may be
        another's)."""
        file = name.rpartition("/")[2]
        date, _, game = file.removesuffix(".pgn").partition("-game-")
        row = self._db.execute(
            "SELECT 1 FROM games WHERE archive_name = ? OR (archive_name IS NULL AND "
            "CAST(id AS TEXT) = ? AND substr(started_at, 1, 10) = ?) LIMIT 1",
            (name, game, date),
        ).fetchone()
        return row is not None

    def _refuse_a_second_game(self, profile: Profile) -> None:
        rows = self._db.execute(
            "SELECT id FROM games WHERE profile_id = ? AND status = ?",
            (profile.id, GameStatus.PENDING.value),
        ).fetchall()
        for (game_id,) in rows:
            if self._locks.holds(game_id) or not self._is_orphan(game_id):
                raise SecondGameError(
                    f"{printable(profile.name)} is playing game {game_id} already, in another "
                    "copy of rated-play: finish or leave that game first, since a player plays "
                    "one rated game at a time"
                )

    def record_move(self, game_id: int, ply: int, uci: str, clock_ms: int | None) -> None:
        """Append a move of a pending game, so an abandoned game keeps its moves."""
        with self._write():
            self._db.execute(
                *MOVES.insert(
                    self._version,
                    {"game_id": game_id, "ply": ply, "uci": uci, "clock_ms": clock_ms},
                )
            )

    def record_doubling(self, game_id: int) -> GameRecord:
        """Double a pending game's stake, so a game left now costs the doubled stake."""
        with self._write():
            cursor = self._db.execute(
                *GAMES.update(
                    self._version,
                    {"stake": Expression("{column} * 2"), "doublings": Expression("{column} + 1")},
                    "id = ? AND status = ?",
                    game_id,
                    GameStatus.PENDING.value,
                )
            )
            if cursor.rowcount != 1:
                raise GameClosedError(f"game {game_id} was closed already; it keeps its stake")
        return self.game(game_id)

    def stale_games(self) -> list[GameRecord]:
        """Pending games that no running process is playing: they were abandoned.

        They are returned as they stand in the file (pending), for closing.
        """
        with self._reading():
            rows = self._db.execute(
                f"SELECT {self._game_columns} FROM games WHERE status = ? ORDER BY id",
                (GameStatus.PENDING.value,),
            ).fetchall()
        pending = [record for record in map(self._game, rows) if record is not None]
        stale = self._stale_ids([record.id for record in pending])
        return [record for record in pending if record.id in stale]

    def in_play(self, game_id: int) -> bool:
        """Whether the game is pending and a running process (this one included) plays it."""
        with self._reading():
            row = self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] != GameStatus.PENDING.value:
            return False
        return self._locks.holds(game_id) or not self._is_orphan(game_id)

    def plays_a_game(self) -> bool:
        """Whether this process plays a game now: it holds a game's lock."""
        return bool(self._locks.held())

    def game_in_play(self, profile_id: int) -> GameRecord | None:
        """The profile's game that a running process (this one or another) is playing now."""
        return next((g for g in self.games(profile_id) if g.status is GameStatus.PENDING), None)

    def let_go(self, game_id: int) -> None:
        """This process plays the game no more but did not close it (the ledger refused the
        write, or it is closed itself): its lock goes, its process is struck from its row
        where the ledger takes that, and it reads as the abandoned game it is."""
        self._locks.let_go(game_id)
        if self._has_players:
            with suppress(LedgerError), self._write():
                self._db.execute(
                    *GAMES.update(
                        self._version,
                        {PLAYER_PID.name: None},
                        "id = ? AND status = ?",
                        game_id,
                        GameStatus.PENDING.value,
                    )
                )

    def release_orphan(self, game_id: int) -> None:
        """Forget the lock file of a game closed as abandoned."""
        self._locks.forget(game_id)
