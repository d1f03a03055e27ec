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

import datetime as dt
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from profiles.data_directory import DataDirectory
from profiles.errors import printable
from profiles.laws.endings import WHITE, GameResult, color_name, color_named
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger_file import (
    MONEY_AND_SETUPS,
    PLAYING_PROCESS,
    SCHEMA_VERSION,
    LedgerError,
    LedgerWriteError,
    NoLedgerError,
    failure,
    open_file,
)
from profiles.ledger.locks import GameLocks
from profiles.ledger.process import PlayingProcess, is_running, this_process
from profiles.ledger.records import (
    GameRecord,
    GameStatus,
    Profile,
    ProfileError,
    RecordedMove,
    Setup,
    StoredAnalysis,
    game_record,
    name_key,
    text_cell,
    valid_text,
    validate_profile_name,
)
from profiles.ledger.rows import read_row, select_list
from profiles.opponent_kind import OpponentKind

if TYPE_CHECKING:
    import chess

    from profiles.accuracy import GameAnalysis

__all__ = [
    "GameClosedError",
    "Ledger",
    "LedgerError",
    "LedgerWriteError",
    "NoLedgerError",
    "SecondGameError",
]


class GameClosedError(LedgerError):
    """A game that was closed already (perhaps by another process a moment ago)."""


class SecondGameError(LedgerError):
    """The profile is playing a rated game already, in another copy of the app."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Ledger:
    """The SQLite ledger in a data directory. Open it with :meth:`open`."""

    def __init__(self, connection: sqlite3.Connection, path: Path, *, readonly: bool) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row  # rows are read by column name
        # A text cell that is not UTF-8 would fail the whole query in SQLite's own decoding:
        # kept as surrogates instead, it fails only its row, which is skipped and named.
        self._db.text_factory = text_cell
        self.path = path
        self.readonly = readonly
        self.directory = DataDirectory.of_ledger(path)
        """The data directory the ledger is in, and the other files it names."""
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
        """Migration 2 added the setups, and with them the abandonments told to the player."""
        return self._version >= MONEY_AND_SETUPS

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, readonly: bool = False) -> Ledger:
        """Open the ledger file at ``path``.

        For writing (the default) a ledger is created where no file exists. ``readonly``
        opens an existing ledger without writing a byte to it, for commands that only read.
        Raises :class:`LedgerError` for a file that is not a usable ledger; the file is left
        exactly as it was.
        """
        connection = open_file(path, readonly=readonly)
        ledger = cls(connection, path, readonly=readonly)
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

    def close(self) -> None:
        """Close the file. A game still held is let go (see :meth:`let_go`): closing the
        ledger ends this process's play of it, as if the process had ended."""
        for game_id in self._locks.held():
            self.let_go(game_id)
        self._db.close()

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

    # -- profiles ------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self._reading():
            rows = self._db.execute("SELECT id, name, created_at FROM profiles ORDER BY id")
            return [p for p in (self._profile(row) for row in rows) if p is not None]

    def _profile(self, row: sqlite3.Row) -> Profile | None:
        try:
            created = dt.datetime.fromisoformat(valid_text(row["created_at"], "created_at"))
            return Profile(int(row["id"]), valid_text(row["name"], "name"), created)
        except (TypeError, ValueError) as error:
            self._damaged[f"profile {row['id']}"] = f"profile {row['id']}: {error}"
            return None

    def create_profile(self, name: str) -> Profile:
        cleaned = validate_profile_name(name)
        created = _now()
        with self._write():
            if self._find_profile(cleaned) is not None:
                raise ProfileError(
                    f"a profile named {printable(cleaned)!r} exists already: pick it instead"
                )
            cursor = self._db.execute(
                "INSERT INTO profiles(name, created_at) VALUES (?, ?)",
                (cleaned, created.isoformat()),
            )
        assert cursor.lastrowid is not None
        return Profile(cursor.lastrowid, cleaned, created)

    def profile(self, name: str) -> Profile:
        found = self._find_profile(validate_profile_name(name))
        if found is None:
            known = ", ".join(p.name for p in self.profiles()) or "none yet"
            raise ProfileError(
                f"no profile named {printable(name.strip())!r} (profiles: {printable(known)})"
            )
        return found

    def player_of(self, game: GameRecord) -> Profile:
        """The profile that played ``game``; a damaged profile row is said, not skipped."""
        found = next((p for p in self.profiles() if p.id == game.profile_id), None)
        if found is None:
            damaged = self._damaged.get(f"profile {game.profile_id}", "it is missing")
            raise LedgerError(
                f"the profile of game {game.id} in the ledger cannot be read ({damaged}); "
                "restore the ledger from a backup to read it"
            )
        return found

    def _find_profile(self, name: str) -> Profile | None:
        """Names are matched as a person reads them: without regard to case, in any script."""
        wanted = name_key(name)
        return next((p for p in self.profiles() if name_key(p.name) == wanted), None)

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

    def next_color(self, profile_id: int) -> chess.Color:
        """Colours alternate from one rated game to the next; the first game is White.

        Every game started counts, abandoned and void ones too, so no way of ending a game
        lets the player choose the colour of the next.
        """
        with self._reading():
            row = self._db.execute(
                "SELECT player_color FROM games WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
                (profile_id,),
            ).fetchone()
        return WHITE if row is None else not color_named(row[0])

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
        cursor = self._db.execute(
            "INSERT INTO games(profile_id, status, player_color, opponent_name, "
            "opponent_title, opponent_rating, time_control, time_class, result, "
            "player_score, termination, started_at, rating_before, stake, abandonment_told, "
            "player_pid, player_started, opponent_kind) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            (
                profile.id,
                GameStatus.PENDING.value,
                color_name(color),
                opponent_name,
                opponent_title,
                opponent_rating,
                time_control.pgn,
                time_control.time_class.value,
                pending.result,
                pending.player_score,
                pending.termination.value,
                started.isoformat(),
                rating_before,
                stake,
                None if player is None else player.pid,
                None if player is None else player.started,
                None if opponent_kind is None else opponent_kind.value,
            ),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        # Locked inside the transaction: no other process can see the row unlocked.
        self._locks.take(game_id)
        return game_id

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
                "INSERT INTO moves(game_id, ply, uci, clock_ms) VALUES (?, ?, ?, ?)",
                (game_id, ply, uci, clock_ms),
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

    def record_doubling(self, game_id: int) -> GameRecord:
        """Double a pending game's stake, so a game left now costs the doubled stake."""
        with self._write():
            cursor = self._db.execute(
                "UPDATE games SET stake = stake * 2, doublings = doublings + 1 "
                "WHERE id = ? AND status = ?",
                (game_id, GameStatus.PENDING.value),
            )
            if cursor.rowcount != 1:
                raise GameClosedError(f"game {game_id} was closed already; it keeps its stake")
        return self.game(game_id)

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
        offered_by = result.ending.draw_offered_by
        with self._write():
            self._db.executemany(
                "INSERT OR IGNORE INTO moves(game_id, ply, uci, clock_ms) VALUES (?, ?, ?, ?)",
                [(game_id, move.ply, move.uci, move.clock_ms) for move in moves],
            )
            cursor = self._db.execute(
                "UPDATE games SET status = ?, result = ?, player_score = ?, termination = ?, "
                "pgn = ?, rating_after = ?, purse_after = ?, finished_at = ?, "
                "draw_offered_by = ? WHERE id = ? AND status = ?",
                (
                    GameStatus.closing(result).value,
                    result.result,
                    result.player_score,
                    result.termination.value,
                    pgn,
                    rating_after,
                    purse_after,
                    _now().isoformat(),
                    None if offered_by is None else color_name(offered_by),
                    game_id,
                    GameStatus.PENDING.value,
                ),
            )
            if cursor.rowcount != 1:
                raise GameClosedError(f"game {game_id} was closed already; it keeps its result")
        self._locks.release(game_id)
        self._checkpoint()
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

    # -- telling the player about abandoned games -----------------------------------------

    def untold_abandonments(self) -> list[GameRecord]:
        """Games closed as lost by abandonment that the player has not been told about: the
        process died, or a signal ended it, before anyone could say so."""
        if not self._has_setups:
            return []
        with self._reading():
            rows = self._db.execute(
                f"SELECT {self._game_columns} FROM games WHERE status = ? "
                "AND abandonment_told = 0 ORDER BY id",
                (GameStatus.ABANDONED.value,),
            ).fetchall()
        return [record for record in map(self._game, rows) if record is not None]

    def mark_abandonment_told(self, game_id: int) -> None:
        """The player knows this game was scored as a loss by abandonment."""
        with self._write():
            self._db.execute("UPDATE games SET abandonment_told = 1 WHERE id = ?", (game_id,))

    # -- the setup each profile chose last ------------------------------------------------

    def last_setup(self, profile_id: int) -> Setup | None:
        """The profile's last setup, or None before its first game (or in an older ledger)."""
        if not self._has_setups:
            return None
        with self._reading():
            row = self._db.execute(
                f"SELECT {self._setup_columns} FROM setups WHERE profile_id = ?",
                (profile_id,),
            ).fetchone()
        return None if row is None else read_row(Setup, row)

    def save_setup(self, profile_id: int, setup: Setup) -> None:
        """Remember the profile's choices for its next setup."""
        with self._write():
            self._db.execute(
                "INSERT INTO setups(profile_id, strength, unleashed, time_control, doubling, "
                "believable_thinking, bell, person_like) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(profile_id) DO UPDATE "
                "SET strength = excluded.strength, unleashed = excluded.unleashed, "
                "time_control = excluded.time_control, doubling = excluded.doubling, "
                "believable_thinking = excluded.believable_thinking, bell = excluded.bell, "
                "person_like = excluded.person_like",
                (
                    profile_id,
                    setup.strength,
                    int(setup.unleashed),
                    setup.time_control,
                    int(setup.doubling),
                    int(setup.believable_thinking),
                    int(setup.bell),
                    int(setup.person_like),
                ),
            )

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

    # -- analyses of finished games --------------------------------------------------------

    def analysis(self, game_id: int) -> GameAnalysis | None:
        """The stored analysis of a game, or None when it was never analysed."""
        # Analyses are read after a game, not for the first screen: their module loads then.
        from profiles.accuracy import AnalysedMove, GameAnalysis  # noqa: PLC0415

        with self._reading():
            try:
                head = self._db.execute(
                    f"SELECT {select_list(StoredAnalysis, self._version)} "
                    "FROM analyses a JOIN games g ON g.id = a.game_id WHERE a.game_id = ?",
                    (game_id,),
                ).fetchone()
            except sqlite3.OperationalError as error:
                # A ledger of an older schema opened read-only has no analyses yet.
                if "no such table" in str(error):
                    return None
                raise
            if head is None:
                return None
            rows = self._db.execute(
                f"SELECT {select_list(AnalysedMove, self._version)} FROM analysed_moves "
                "WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
        try:
            stored = read_row(StoredAnalysis, head)
            color = stored.player_color
            moves = tuple(
                read_row(AnalysedMove, row, by_player=(row["ply"] % 2 == 1) == (color == WHITE))
                for row in rows
            )
        except (TypeError, ValueError) as error:
            raise LedgerError(
                f"the analysis of game {game_id} in the ledger is damaged ({error}); restore "
                "the ledger from a backup to read it"
            ) from None
        return GameAnalysis(
            game_id=game_id,
            player_color=color,
            start_eval_cp=stored.start_eval,
            moves=moves,
            accuracy=stored.accuracy,
            engine=stored.engine,
            depth=stored.depth,
        )

    def store_analysis(self, analysis: GameAnalysis) -> GameAnalysis:
        """Write a game's analysis once; an analysis stored meanwhile (by another copy of the
        app) is kept and returned instead."""
        with self._write():
            found = self._db.execute(
                "SELECT 1 FROM analyses WHERE game_id = ?", (analysis.game_id,)
            ).fetchone()
            if found is None:
                self._db.execute(
                    "INSERT INTO analyses(game_id, engine, depth, start_eval, accuracy, "
                    "analysed_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        analysis.game_id,
                        analysis.engine,
                        analysis.depth,
                        analysis.start_eval_cp,
                        analysis.accuracy,
                        _now().isoformat(),
                    ),
                )
                self._db.executemany(
                    "INSERT INTO analysed_moves(game_id, ply, san, eval_cp, best, mark, line) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            analysis.game_id,
                            m.ply,
                            m.san,
                            m.eval_cp,
                            m.best,
                            m.mark and m.mark.value,
                            " ".join(m.line) or None,  # SAN holds no space
                        )
                        for m in analysis.moves
                    ],
                )
        stored = self.analysis(analysis.game_id)
        assert stored is not None
        return stored

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
                "SELECT player_pid, player_started FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None or not all(isinstance(cell, int) for cell in row):
            return False
        return is_running(PlayingProcess(*row))

    def let_go(self, game_id: int) -> None:
        """This process plays the game no more but did not close it (the ledger refused the
        write, or it is closed itself): its lock goes, its process is struck from its row
        where the ledger takes that, and it reads as the abandoned game it is."""
        self._locks.let_go(game_id)
        if self._has_players:
            with suppress(LedgerError), self._write():
                self._db.execute(
                    "UPDATE games SET player_pid = NULL WHERE id = ? AND status = ?",
                    (game_id, GameStatus.PENDING.value),
                )

    def release_orphan(self, game_id: int) -> None:
        """Forget the lock file of a game closed as abandoned."""
        self._locks.forget(game_id)
