"""The durable game ledger: one SQLite file, append-only, safe across processes and crashes.

A rated game is written as a *pending loss* before its first move; finishing it replaces that
with the real result. A pending game nobody is playing any more (its process died: quit, kill,
power loss) is closed as a loss by abandonment the next time the ledger is opened. Whether a
pending game is still being played is decided by an advisory lock (``flock``) that the playing
process holds on a per-game lock file: the kernel drops it when the process dies, however it
dies, so two copies of the app on one data directory never close each other's live games.

Games are never rewritten except to close a pending game, and every close is conditional on
the game still being pending, so a game can be closed once only.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import chess

from profiles.time_control import TimeClass, TimeControl

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id              INTEGER PRIMARY KEY,
    profile_id      INTEGER NOT NULL REFERENCES profiles(id),
    status          TEXT NOT NULL CHECK (status IN ('pending','finished','abandoned','void')),
    player_color    TEXT NOT NULL CHECK (player_color IN ('white','black')),
    opponent_name   TEXT NOT NULL,
    opponent_title  TEXT NOT NULL,
    opponent_rating REAL NOT NULL,
    time_control    TEXT NOT NULL,
    time_class      TEXT NOT NULL,
    result          TEXT NOT NULL,
    player_score    REAL,
    termination     TEXT NOT NULL,
    started_at      TEXT NOT NULL,
    finished_at     TEXT,
    rating_before   REAL,
    rating_after    REAL,
    pgn             TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS games_by_profile ON games(profile_id, id);
CREATE TABLE IF NOT EXISTS moves (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    ply       INTEGER NOT NULL,
    uci       TEXT NOT NULL,
    clock_ms  INTEGER,
    PRIMARY KEY (game_id, ply)
);
"""

MAX_PROFILE_NAME = 40
ABANDONED_TERMINATION = "abandoned"


class LedgerError(RuntimeError):
    """The ledger cannot be used; the message says what to do about it."""


class ProfileError(ValueError):
    """A profile name that cannot be used or found."""


class GameStatus(StrEnum):
    PENDING = "pending"
    """Being played, or abandoned by a process that died: scored as a loss until closed."""
    FINISHED = "finished"
    ABANDONED = "abandoned"
    """Closed as a loss because the player left."""
    VOID = "void"
    """Unrated: the engine failed and could not be restarted."""


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    created_at: dt.datetime


@dataclass(frozen=True)
class GameRecord:
    """One row of the ledger, from the player's side."""

    id: int
    profile_id: int
    status: GameStatus
    player_color: chess.Color
    opponent_name: str
    opponent_title: str
    opponent_rating: float
    time_control: str
    """PGN form: ``"300+3"``, or ``"-"`` without a clock."""
    time_class: TimeClass
    result: str
    """The PGN result (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"*"`` when void)."""
    player_score: float | None
    """1, 0.5 or 0 for the player; None when void. A pending game holds 0: a loss."""
    termination: str
    started_at: dt.datetime
    finished_at: dt.datetime | None
    rating_before: float | None
    """The default system's rating shown before the game (None while provisional)."""
    rating_after: float | None
    pgn: str

    @property
    def rated(self) -> bool:
        """Counts for the rating: finished and abandoned games (a pending one is a loss too,
        but it is closed before anyone reads ratings)."""
        return self.status in (GameStatus.FINISHED, GameStatus.ABANDONED)


@dataclass(frozen=True)
class RecordedMove:
    ply: int
    uci: str
    clock_ms: int | None
    """The mover's clock after the move (increment included), None without a clock."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _color_name(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


def validate_profile_name(name: str) -> str:
    """The name as stored: trimmed, 1–40 printable characters."""
    cleaned = name.strip()
    if not cleaned:
        raise ProfileError("a profile needs a name: type one, such as your own")
    if len(cleaned) > MAX_PROFILE_NAME:
        raise ProfileError(f"a profile name may be at most {MAX_PROFILE_NAME} characters long")
    if not cleaned.isprintable():
        raise ProfileError("a profile name may hold only printable characters")
    return cleaned


class Ledger:
    """The SQLite ledger in a data directory. Open it with :meth:`open`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._locks: dict[int, int] = {}

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path) -> Ledger:
        """Open (creating if needed) the ledger file at ``path``.

        Raises :class:`LedgerError` for a file that is not a rated-play ledger or is damaged;
        the file is left exactly as it was.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LedgerError(f"cannot create the data directory {path.parent}: {error}") from error
        try:
            connection = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        except sqlite3.Error as error:
            raise LedgerError(f"cannot open the ledger {path}: {error}") from error
        ledger = cls(connection, path)
        try:
            ledger._prepare()
        except sqlite3.DatabaseError as error:
            connection.close()
            raise LedgerError(
                f"the ledger {path} is damaged or is not a rated-play ledger ({error}); "
                "nothing was changed. Move the file aside to start a new ledger, or restore "
                "it from a backup"
            ) from error
        return ledger

    def _prepare(self) -> None:
        # Check the file is readable as a database before anything is written to it.
        check = self._db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master")}
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if tables and "games" not in tables:
            raise sqlite3.DatabaseError("it holds other tables than a rated-play ledger")
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"it was written by a newer rated-play (schema {version}); upgrade rated-play"
            )
        # WAL lets a second copy of the app read while one writes; FULL sync makes every
        # committed game survive a power loss.
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(
            f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
        )

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction, taken before reading so two processes serialise cleanly."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        for fd in self._locks.values():
            os.close(fd)
        self._locks.clear()
        self._db.close()

    # -- profiles ------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        rows = self._db.execute("SELECT id, name, created_at FROM profiles ORDER BY id")
        return [Profile(row[0], row[1], dt.datetime.fromisoformat(row[2])) for row in rows]

    def create_profile(self, name: str) -> Profile:
        cleaned = validate_profile_name(name)
        created = _now()
        with self._write():
            if self._find_profile(cleaned) is not None:
                raise ProfileError(f"a profile named {cleaned!r} exists already: pick it instead")
            cursor = self._db.execute(
                "INSERT INTO profiles(name, created_at) VALUES (?, ?)",
                (cleaned, created.isoformat()),
            )
        assert cursor.lastrowid is not None
        return Profile(cursor.lastrowid, cleaned, created)

    def profile(self, name: str) -> Profile:
        found = self._find_profile(name.strip())
        if found is None:
            known = ", ".join(p.name for p in self.profiles()) or "none yet"
            raise ProfileError(f"no profile named {name.strip()!r} (profiles: {known})")
        return found

    def _find_profile(self, name: str) -> Profile | None:
        row = self._db.execute(
            "SELECT id, name, created_at FROM profiles WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else Profile(row[0], row[1], dt.datetime.fromisoformat(row[2]))

    # -- games ---------------------------------------------------------------------------

    def games(self, profile_id: int | None = None) -> list[GameRecord]:
        """Every game, or one profile's, in the order they were started."""
        query = f"SELECT {_GAME_COLUMNS} FROM games"
        params: tuple[int, ...] = ()
        if profile_id is not None:
            query += " WHERE profile_id = ?"
            params = (profile_id,)
        return [_game(row) for row in self._db.execute(query + " ORDER BY id", params)]

    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise LedgerError(f"no game {game_id} in the ledger")
        return _game(row)

    def next_color(self, profile_id: int) -> chess.Color:
        """Colours alternate from one rated game to the next; the first game is White.

        Every game started counts, abandoned and void ones too, so no way of ending a game
        lets the player choose the colour of the next.
        """
        row = self._db.execute(
            "SELECT player_color FROM games WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
            (profile_id,),
        ).fetchone()
        return chess.WHITE if row is None or row[0] == "black" else chess.BLACK

    def open_game(
        self,
        profile: Profile,
        *,
        opponent_name: str,
        opponent_title: str,
        opponent_rating: float,
        time_control: TimeControl,
        rating_before: float | None,
    ) -> GameRecord:
        """Write a new game as a pending loss and hold its lock; returns the row.

        The colour is taken here, in the same transaction, so two copies of the app starting
        games at once still alternate.
        """
        started = _now()
        with self._write():
            color = self.next_color(profile.id)
            cursor = self._db.execute(
                "INSERT INTO games(profile_id, status, player_color, opponent_name, "
                "opponent_title, opponent_rating, time_control, time_class, result, "
                "player_score, termination, started_at, rating_before) "
                "VALUES (?, 'pending', ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (
                    profile.id,
                    _color_name(color),
                    opponent_name,
                    opponent_title,
                    opponent_rating,
                    time_control.pgn,
                    time_control.time_class.value,
                    "0-1" if color == chess.WHITE else "1-0",
                    ABANDONED_TERMINATION,
                    started.isoformat(),
                    rating_before,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            # Locked inside the transaction: no other process can see the row unlocked.
            self._lock(game_id)
        return self.game(game_id)

    def record_move(self, game_id: int, ply: int, uci: str, clock_ms: int | None) -> None:
        """Append a move of a pending game, so an abandoned game keeps its moves."""
        with self._write():
            self._db.execute(
                "INSERT INTO moves(game_id, ply, uci, clock_ms) VALUES (?, ?, ?, ?)",
                (game_id, ply, uci, clock_ms),
            )

    def moves(self, game_id: int) -> list[RecordedMove]:
        rows = self._db.execute(
            "SELECT ply, uci, clock_ms FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return [RecordedMove(*row) for row in rows]

    def close_game(
        self,
        game_id: int,
        *,
        status: GameStatus,
        result: str,
        player_score: float | None,
        termination: str,
        pgn: str,
        rating_after: float | None,
    ) -> GameRecord:
        """Replace a pending game's provisional loss with how it really ended.

        Raises :class:`LedgerError` when the game is not pending (closed already, perhaps by
        another process): a game is never closed twice.
        """
        if status is GameStatus.PENDING:
            raise ValueError("a game is closed as finished, abandoned or void")
        with self._write():
            cursor = self._db.execute(
                "UPDATE games SET status = ?, result = ?, player_score = ?, termination = ?, "
                "pgn = ?, rating_after = ?, finished_at = ? WHERE id = ? AND status = 'pending'",
                (
                    status.value,
                    result,
                    player_score,
                    termination,
                    pgn,
                    rating_after,
                    _now().isoformat(),
                    game_id,
                ),
            )
            if cursor.rowcount != 1:
                raise LedgerError(f"game {game_id} was closed already; it keeps its result")
        self._unlock(game_id)
        return self.game(game_id)

    def stale_games(self) -> list[GameRecord]:
        """Pending games that no running process is playing: they were abandoned."""
        pending = [
            _game(row)
            for row in self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'pending' ORDER BY id"
            )
        ]
        return [game for game in pending if game.id not in self._locks and self._is_orphan(game.id)]

    # -- locks of games in play ----------------------------------------------------------

    def _lock_path(self, game_id: int) -> Path:
        return self.path.parent / "games-in-play" / f"{game_id}.lock"

    def _lock(self, game_id: int) -> None:
        path = self._lock_path(game_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._locks[game_id] = fd

    def _unlock(self, game_id: int) -> None:
        fd = self._locks.pop(game_id, None)
        if fd is not None:
            os.close(fd)
        self._lock_path(game_id).unlink(missing_ok=True)

    def _is_orphan(self, game_id: int) -> bool:
        """True when no process holds the game's lock (the lock dies with its process)."""
        path = self._lock_path(game_id)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        finally:
            os.close(fd)
        return True

    def release_orphan(self, game_id: int) -> None:
        """Forget the lock file of a game closed as abandoned."""
        self._lock_path(game_id).unlink(missing_ok=True)


_GAME_COLUMNS = (
    "id, profile_id, status, player_color, opponent_name, opponent_title, opponent_rating, "
    "time_control, time_class, result, player_score, termination, started_at, finished_at, "
    "rating_before, rating_after, pgn"
)


def _game(row: tuple[Any, ...]) -> GameRecord:
    finished = row[13]
    return GameRecord(
        id=int(row[0]),
        profile_id=int(row[1]),
        status=GameStatus(row[2]),
        player_color=chess.WHITE if row[3] == "white" else chess.BLACK,
        opponent_name=str(row[4]),
        opponent_title=str(row[5]),
        opponent_rating=float(row[6]),
        time_control=str(row[7]),
        time_class=TimeClass(row[8]),
        result=str(row[9]),
        player_score=None if row[10] is None else float(row[10]),
        termination=str(row[11]),
        started_at=dt.datetime.fromisoformat(str(row[12])),
        finished_at=None if finished is None else dt.datetime.fromisoformat(str(finished)),
        rating_before=None if row[14] is None else float(row[14]),
        rating_after=None if row[15] is None else float(row[15]),
        pgn=str(row[16]),
    )
