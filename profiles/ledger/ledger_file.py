"""Recognising, creating and opening the ledger's SQLite file, writing nothing that is not ours.

A ledger carries rated-play's own SQLite ``application_id``, the field of the database header
that says which program a file belongs to (https://www.sqlite.org/fileformat.html, "Application
ID"), so it is recognised from the first 100 bytes alone, before SQLite opens the file. A ledger
written before the id existed is recognised by its exact schema, read without writing, and given
the id the first time a command writes to it. Any other file, an empty one included, is refused
and left byte for byte as it was.

A new ledger is made whole in a temporary file and linked into place: no process ever sees a
half-made ledger, and a file that appeared meanwhile is never replaced.
"""

from __future__ import annotations

import errno
import functools
import os
import shutil
import sqlite3
import stat
import tempfile
from enum import Enum
from pathlib import Path

from profiles.errors import UserError, printable
from profiles.input_file import special_file

APPLICATION_ID = 0x52506C79
"""``"RPly"`` in ASCII: the ``application_id`` of every ledger this code creates."""


# Never edit this text: ledgers written before the application id existed are recognised by
# it, statement for statement. A schema change is a new entry in MIGRATIONS.
_SCHEMA_1 = """
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

_MONEY_AND_SETUPS_2 = """
ALTER TABLE games ADD COLUMN stake INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN doublings INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN purse_after INTEGER;
ALTER TABLE games ADD COLUMN abandonment_told INTEGER NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS setups (
    profile_id    INTEGER PRIMARY KEY REFERENCES profiles(id),
    strength      REAL,
    unleashed     INTEGER NOT NULL DEFAULT 0,
    time_control  TEXT NOT NULL,
    doubling      INTEGER NOT NULL DEFAULT 0
);
"""
"""Version 2: the stake a game is played for (already doubled ``doublings`` times) and the purse
after it; games of version 1 were played for nothing (stake 0), so every purse they left is
the starting purse. Whether the player has been told that a game was scored as a loss by
abandonment (games of version 1 count as told: no old game is announced). And each profile's
last setup, so the next one opens where it left off."""

# Version 3: the analysis of a finished game (profiles.accuracy), written once and read back
# instantly: one row per analysed game, one per ply. Derived data: it can be dropped and made
# again.
_ANALYSES = """
CREATE TABLE IF NOT EXISTS analyses (
    game_id      INTEGER PRIMARY KEY REFERENCES games(id),
    engine       TEXT NOT NULL,
    depth        INTEGER NOT NULL,
    start_eval   INTEGER NOT NULL,
    accuracy     REAL,
    analysed_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS analysed_moves (
    game_id  INTEGER NOT NULL REFERENCES analyses(game_id),
    ply      INTEGER NOT NULL,
    san      TEXT NOT NULL,
    eval_cp  INTEGER NOT NULL,
    best     TEXT,
    mark     TEXT CHECK (mark IN ('inaccuracy', 'mistake', 'blunder')),
    PRIMARY KEY (game_id, ply)
);
"""

_BELIEVABLE_THINKING = """
ALTER TABLE setups ADD COLUMN believable_thinking INTEGER NOT NULL DEFAULT 1;
"""
"""Version 4: whether the opponent takes a person's time to think on a clock (see
rated_play.session.thinking), a setting of each profile's setup; on unless turned off."""

_ENGINE_LINES = """
ALTER TABLE analysed_moves ADD COLUMN line TEXT;
"""
"""Version 5: the engine's line from the position before each analysed move (its SANs, space
apart, the better move first). NULL in the rows of analyses made before: they are kept, and
read without lines."""

_BELL = """
ALTER TABLE setups ADD COLUMN bell INTEGER NOT NULL DEFAULT 0;
"""
"""Version 6: whether the terminal's bell rings on the opponent's move and at low time, a
setting of each profile's setup; off unless turned on."""

_PERSON_LIKE = """
ALTER TABLE setups ADD COLUMN person_like INTEGER NOT NULL DEFAULT 0;
"""
"""Version 7: whether the player asked for an opponent that plays like a person (a network
trained on people's games), a setting of each profile's setup; off unless turned on."""

_PLAYING_PROCESS = """
ALTER TABLE games ADD COLUMN player_pid INTEGER;
ALTER TABLE games ADD COLUMN player_started INTEGER;
"""
"""Version 8: the process that plays a pending game (profiles.ledger.process), beside its lock
file: a game whose lock file was removed is not taken for abandoned while that process runs.
NULL in older rows and where the system does not say: their lock is all there is."""

_OPPONENT_KIND = """
ALTER TABLE games ADD COLUMN opponent_kind TEXT;
"""
"""Version 9: the kind of opponent a game was played against (profiles.opponent_kind: an
engine, a person-like network, the unleashed engine), as the pool declared it then. NULL in
older rows: not known, and read so."""
_DRAW_OFFERED_BY = """
ALTER TABLE games ADD COLUMN draw_offered_by TEXT CHECK (draw_offered_by IN ('white','black'));
UPDATE games SET draw_offered_by = player_color WHERE termination = 'draw agreed';
"""
"""Version 10: of a draw agreed, the side that offered it (the other accepted): the opponent
offers draws too since this version. Before it only the player could offer one, so every
agreed draw already in the ledger was offered by the player; NULL for every other ending."""

_GAME_NUMBERS = """
ALTER TABLE games ADD COLUMN number INTEGER;
ALTER TABLE games ADD COLUMN archive_name TEXT;
UPDATE games SET number = (
    SELECT COUNT(*) FROM games AS earlier
    WHERE earlier.profile_id = games.profile_id AND earlier.id <= games.id
);
"""
"""Version 11: each game's number among its profile's games (1 for a profile's first), which
the player is shown, the PGN's Round says and the archive file is named by; before it games
were numbered across the ledger, so a club player's first game was "game 5". Every game
already in the ledger is numbered in the order it was played; its ledger id stays what it was
(the command line's GAME_ID). And the name of the game's archived PGN inside the archive
folder, chosen when the game opens: NULL for the games before this version, whose files keep
the name the ledger id gave them (profiles.data_directory.archive_name_before_numbers)."""

PLAYERS_CLAIMS = (
    "CASE WHEN termination IN ('threefold repetition (claimed)','50-move rule (claimed)') "
    "THEN player_color END"
)
"""Who claimed each draw claimed in a ledger before version 12: the player, the only side that
could claim then (NULL for every other ending). Part of that version's migration, and read so
from a ledger not yet migrated: frozen with it."""

_DRAW_CLAIMED_BY = f"""
ALTER TABLE games ADD COLUMN draw_claimed_by TEXT CHECK (draw_claimed_by IN ('white','black'));
UPDATE games SET draw_claimed_by = {PLAYERS_CLAIMS};
"""
"""Version 12: of a draw claimed (a threefold repetition, fifty moves), the side that claimed
it: the opponent claims draws too since this version. Before it only the player could claim
one, so every claimed draw already in the ledger was the player's claim; NULL for every other
ending."""

MIGRATIONS: tuple[str, ...] = (
    _SCHEMA_1,
    _MONEY_AND_SETUPS_2,
    _ANALYSES,
    _BELIEVABLE_THINKING,
    _ENGINE_LINES,
    _BELL,
    _PERSON_LIKE,
    _PLAYING_PROCESS,
    _OPPONENT_KIND,
    _DRAW_OFFERED_BY,
    _GAME_NUMBERS,
    _DRAW_CLAIMED_BY,
)
"""The script that brings a ledger from ``user_version`` *i* to *i* + 1, in order. Each script
is split at its semicolons, so none may hold one inside a statement."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The ``user_version`` of a ledger with every migration applied."""


def _brought_by(migration: str) -> int:
    """The schema version ``migration`` brings a ledger to: its place in MIGRATIONS. A column
    is read, and a feature offered, from the version its migration brought, named once here
    rather than typed as a number wherever it is checked."""
    return MIGRATIONS.index(migration) + 1


MONEY_AND_SETUPS = _brought_by(_MONEY_AND_SETUPS_2)
ANALYSES = _brought_by(_ANALYSES)
BELIEVABLE_THINKING = _brought_by(_BELIEVABLE_THINKING)
ENGINE_LINES = _brought_by(_ENGINE_LINES)
BELL = _brought_by(_BELL)
PERSON_LIKE = _brought_by(_PERSON_LIKE)
PLAYING_PROCESS = _brought_by(_PLAYING_PROCESS)
OPPONENT_KIND = _brought_by(_OPPONENT_KIND)
DRAW_OFFERED_BY = _brought_by(_DRAW_OFFERED_BY)
GAME_NUMBERS = _brought_by(_GAME_NUMBERS)
DRAW_CLAIMED_BY = _brought_by(_DRAW_CLAIMED_BY)

_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_WAL_MODE = 2
"""Header bytes 18 and 19 (the file format versions) are 2 in WAL mode."""


class LedgerError(UserError):
    """The ledger cannot be used as asked; the message says what to do about it."""


class NoLedgerError(LedgerError):
    """No ledger file exists where one was looked for."""


class LedgerWriteError(LedgerError):
    """A write to a good ledger failed (no space, no permission, busy); nothing was lost."""


class Kind(Enum):
    LEDGER = "ledger"
    """Carries rated-play's application id."""
    EARLY_LEDGER = "early ledger"
    """Written before the application id existed; recognised by its schema."""


def open_file(path: Path, *, readonly: bool) -> sqlite3.Connection:
    """A connection to the ledger at ``path``: read-only, or ready to write (created when no
    file exists, given the application id and the newest schema). Raises :class:`LedgerError`
    with nothing written for anything that is not a usable ledger."""
    header = _read_header(path)
    if header is None:
        if readonly:
            raise NoLedgerError(
                f"there is no ledger in {printable(path.parent)} yet: play a rated game first, "
                "or give the --data-dir you played with"
            )
        _create(path)
        header = _read_header(path)
        assert header is not None
    kind = _recognise(path, header)
    _check_side_files(path)
    if readonly:
        snapshot = _snapshot(path)
        if snapshot is not None:
            try:
                _check(snapshot, path, kind)
            except sqlite3.Error as error:
                snapshot.close()
                raise failure(error, path, writing=False) from error
            except LedgerError:
                snapshot.close()
                raise
            return snapshot
    _check_file(path, kind)
    # A WAL-mode file without its log (the snapshot declined: a -journal left beside it, say)
    # has nobody writing it, every WAL connection keeping the log while open: it is read as it
    # stands, which leaves a -shm that is there as it was, where SQLite's read-only locking
    # would write it.
    unlogged = header[18] == _WAL_MODE and not side_file(path, "-wal").exists()
    connection = _connect(path, readonly=readonly, immutable=readonly and unlogged)
    if not readonly:
        try:
            _prepare_for_writing(connection, kind)
        except sqlite3.Error as error:
            connection.close()
            raise failure(error, path, writing=True) from error
    return connection


_SNAPSHOT_WAIT = 2.0
"""Seconds a reader waits for another reader's snapshot before reading the file in place."""


def _snapshot(path: Path) -> sqlite3.Connection | None:
    """The ledger copied into memory, when no process has it open; else None.

    A connection opened read-only on a WAL-mode file makes its ``-wal`` and ``-shm`` beside it
    and leaves them (https://www.sqlite.org/wal.html, "Read-Only Databases"); ``immutable``
    would make none, but reads wrong pages if a writer starts meanwhile. Without a ``-wal`` or
    ``-journal`` beside the file nobody has it open (every WAL connection keeps the log while
    open), so it is opened in EXCLUSIVE locking mode: SQLite then keeps its WAL index in the
    process's own memory, makes no ``-shm``, and refuses every other connection until it is
    closed (https://www.sqlite.org/pragma.html#pragma_locking_mode). The file is copied into
    memory under that lock and the connection closed at once, which removes the empty log it
    made: the directory is left as it was, and a writer waits a few milliseconds at most.
    Whenever that cannot be done (a log is there, another process holds the file, the file or
    its directory is read-only) the file is read in place: through SQLite's read-only locking
    where a ``-wal`` is beside it, and as it stands where none is (:func:`open_file`).
    """
    if any(side_file(path, side).exists() for side in ("-wal", "-journal")):
        return None
    try:
        source = sqlite3.connect(
            _uri(path, "rw"), uri=True, timeout=_SNAPSHOT_WAIT, isolation_level=None
        )
    except sqlite3.Error:
        return None
    try:
        source.execute("PRAGMA query_only=ON")
        source.execute("PRAGMA locking_mode=EXCLUSIVE")
        source.execute("SELECT count(*) FROM sqlite_master").fetchone()
        memory = sqlite3.connect(":memory:", isolation_level=None)
        source.backup(memory)
    except sqlite3.Error:
        return None
    finally:
        source.close()
    memory.execute("PRAGMA query_only=ON")
    return memory


def failure(error: sqlite3.Error | OSError, path: Path, *, writing: bool) -> LedgerError:
    """The error a person can act on for an SQLite or OS failure on the ledger at ``path``.

    Lack of space or permission says so and never suggests moving the file: the ledger is
    healthy and holds the player's games.
    """
    where = printable(path.parent)
    doing = "write" if writing else "read"
    # Said only of a ledger that is there: before the first game there is nothing to keep.
    keeps = _KEEPS if os.path.exists(path) else ""  # False, not an error, for a bad path
    if isinstance(error, OSError):
        code = error.errno
        if code == errno.ENOSPC:
            return LedgerWriteError(_NO_SPACE.format(where=where) + keeps)
        if code in (errno.EACCES, errno.EPERM, errno.EROFS):
            return LedgerWriteError(_NO_PERMISSION.format(doing=doing, where=where) + keeps)
        if code == errno.ENAMETOOLONG:
            return LedgerError(f"the path of the data directory is too long: {_SHORTER}")
        if code == errno.ENOTDIR:
            return LedgerError(f"{where} is not a directory: {_SHORTER}")
        if writing and code == errno.EIO:
            return LedgerWriteError(_WRITE_FAILED.format(where=where, why=error.strerror) + keeps)
        return LedgerError(f"cannot {doing} the ledger in {where}: {error.strerror or error}")
    primary = getattr(error, "sqlite_errorcode", 0) & 0xFF
    # SQLite reports a file it could not make or grow beside the ledger (the -shm or -wal) as
    # an I/O error without the reason; the file system's own count of free blocks tells.
    if primary == sqlite3.SQLITE_FULL or (
        primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN) and _disk_full(path.parent)
    ):
        return LedgerWriteError(_NO_SPACE.format(where=where) + keeps)
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN):
        return LedgerWriteError(_NO_PERMISSION.format(doing=doing, where=where) + keeps)
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return LedgerWriteError(
            f"the ledger in {where} is busy: another copy of rated-play is writing to it; "
            "try again in a moment"
        )
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return _damaged(path, str(error))
    # A write the disk failed (a file system gone read-only under SQLite reports this way too):
    # the ledger is as it was before the transaction, like a full disk's, and is said alike.
    if writing and primary == sqlite3.SQLITE_IOERR:
        return LedgerWriteError(_WRITE_FAILED.format(where=where, why=error) + keeps)
    return LedgerError(f"cannot {doing} the ledger {printable(path)}: {error}; nothing was changed")


_NO_SPACE = "there is no space left on the disk holding {where}: free some space and try again"
_NO_PERMISSION = (
    "rated-play has no permission to {doing} in {where}: give your user that permission, "
    "or run as the user who owns it"
)
_WRITE_FAILED = (
    "the disk holding {where} failed to write the ledger ({why}): check the disk, or free "
    "some space, and try again"
)
_KEEPS = "; the ledger keeps every game it had"

_ROOM = 64 * 1024
"""Bytes below which a disk counts as full: less than SQLite needs for a WAL index (32 KiB)
and a page or two of log."""


def _disk_full(directory: Path) -> bool:
    """Whether the file system holding ``directory`` has no room left for this user."""
    try:
        found = os.statvfs(directory)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize < _ROOM


_SHORTER = "give --data-dir (or RATED_PLAY_HOME) a directory that exists or can be created"


def _damaged(path: Path, why: str) -> LedgerError:
    return LedgerError(
        f"the ledger {printable(path)} is damaged ({why}); nothing was changed: restore it "
        "from a backup, or move it aside to start a new ledger"
    )


def _not_a_ledger(path: Path, what: str) -> LedgerError:
    return LedgerError(
        f"{printable(path)} is {what}, not a rated-play ledger; nothing was changed: give "
        "--data-dir the directory of your ledger, or move this file away to start a new one"
    )


def _read_header(path: Path) -> bytes | None:
    """The file's first 100 bytes, or None when there is no file.

    Anything but a regular file is refused from its inode alone, before it is opened: opening
    a named pipe blocks until another process writes to it, which may be never.
    """
    try:
        found = os.stat(path)
    except FileNotFoundError:
        try:
            target = os.readlink(path)
        except OSError:
            return None  # nothing there at all
        # A link whose target is gone: never a new ledger in its place.
        raise LedgerError(
            f"{printable(path)} is a link to {printable(target)}, which does not exist; "
            "nothing was changed: restore the ledger it pointed to, or remove the link to "
            "start a new ledger"
        ) from None
    except OSError as error:
        raise failure(error, path, writing=False) from error
    if not stat.S_ISREG(found.st_mode):
        raise _not_a_ledger(path, special_file(found.st_mode))
    try:
        with path.open("rb") as file:
            return file.read(_HEADER_SIZE)
    except FileNotFoundError:
        return None  # removed a moment ago
    except OSError as error:
        raise failure(error, path, writing=False) from error


def side_file(path: Path, suffix: str) -> Path:
    """Where SQLite keeps the ``-wal``, ``-shm`` or ``-journal`` file of the database at
    ``path``: beside the file a link there names, not beside the link, for SQLite's unix VFS
    resolves links in a database's name before it names the files beside it
    (https://www.sqlite.org/tempfiles.html)."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + suffix)


def _check_side_files(path: Path) -> None:
    """Refuse the ledger while anything but a regular file stands where SQLite keeps its log,
    index or journal: SQLite opens them by name, so it would block for ever reading a named
    pipe there, and write through a link into whatever file it names."""
    for suffix in ("-wal", "-shm", "-journal"):
        side = side_file(path, suffix)
        try:
            found = os.lstat(side)
        except FileNotFoundError:
            continue
        except OSError as error:
            raise failure(error, path, writing=False) from error
        if stat.S_ISREG(found.st_mode):
            continue
        what = "a link" if stat.S_ISLNK(found.st_mode) else special_file(found.st_mode)
        raise LedgerError(
            f"{printable(side)}, where SQLite keeps the ledger's {suffix[1:]} file, is {what}; "
            "nothing was changed: move it away, then try again"
        )


def _recognise(path: Path, header: bytes) -> Kind:
    if not header:
        raise _not_a_ledger(path, "an empty file")
    if len(header) < _HEADER_SIZE or not header.startswith(_MAGIC):
        raise _not_a_ledger(path, "not an SQLite database")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id == APPLICATION_ID:
        return Kind.LEDGER
    if application_id != 0:
        raise _not_a_ledger(path, f"another program's SQLite database (id {application_id:#x})")
    if not _has_early_schema(path, header):
        raise _not_a_ledger(path, "another program's SQLite database")
    return Kind.EARLY_LEDGER


def _has_early_schema(path: Path, header: bytes) -> bool:
    """Whether a file without the application id holds exactly the first schema.

    The main file is read as immutable, which touches nothing beside it. Only when it holds no
    table at all while a write-ahead log lies beside it (a ledger of the first version that was
    never closed cleanly, or another program's database still in its first log) is the log
    read too: from a private copy of the two files, since a connection to the file itself
    would write the other program's ``-shm``.
    """
    try:
        found = _schema_of(_uri(path, "ro") + "&immutable=1")
        if not found and header[18] == _WAL_MODE and side_file(path, "-wal").exists():
            with tempfile.TemporaryDirectory() as private:
                copy = Path(private) / path.name
                shutil.copyfile(path, copy)
                shutil.copyfile(side_file(path, "-wal"), side_file(copy, "-wal"))
                found = _schema_of(_uri(copy, "rw"))
    except (sqlite3.Error, OSError):
        return False
    return found == _expected_schema(1)


def _schema_of(uri: str) -> set[tuple[str, ...]]:
    connection = sqlite3.connect(uri, uri=True)
    try:
        rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    finally:
        connection.close()
    return {tuple(str(field) for field in row) for row in rows} | (
        {("user_version", str(version))} if rows else set()
    )


def _expected_schema(version: int) -> set[tuple[str, ...]]:
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript("".join(MIGRATIONS[:version]) + f"PRAGMA user_version={version};")
        rows = memory.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    finally:
        memory.close()
    return {tuple(str(field) for field in row) for row in rows} | {("user_version", str(version))}


def _uri(path: Path, mode: str) -> str:
    return f"{path.absolute().as_uri()}?mode={mode}"


def _connect(path: Path, *, readonly: bool, immutable: bool = False) -> sqlite3.Connection:
    try:
        mode = "ro&immutable=1" if immutable else "ro" if readonly else "rw"
        connection = sqlite3.connect(_uri(path, mode), uri=True, timeout=30.0, isolation_level=None)
        if not readonly:
            return connection
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError:
            connection.close()
            if os.access(path.parent, os.W_OK):
                raise
            # A read-only directory where the WAL's shared-memory file cannot be made: nobody
            # can be writing here, so the file is read as it stands.
            connection = sqlite3.connect(
                _uri(path, "ro") + "&immutable=1", uri=True, isolation_level=None
            )
        connection.execute("PRAGMA query_only=ON")
        return connection
    except sqlite3.Error as error:
        raise failure(error, path, writing=not readonly) from error


def _check_file(path: Path, kind: Kind) -> None:
    """Refuse a damaged file, or one written by a newer rated-play, before anything is written
    beside it.

    Without a write-ahead log beside the file nobody has it open, and it is read as immutable,
    which makes no shared-memory file; with one, the log is part of the ledger and is read
    too, through SQLite's read-only locking.
    """
    immutable = "" if side_file(path, "-wal").exists() else "&immutable=1"
    try:
        connection = sqlite3.connect(_uri(path, "ro") + immutable, uri=True, timeout=30.0)
    except sqlite3.Error as error:
        raise failure(error, path, writing=False) from error
    try:
        _check(connection, path, kind)
    except sqlite3.Error as error:
        raise failure(error, path, writing=False) from error
    finally:
        connection.close()


def _check(connection: sqlite3.Connection, path: Path, kind: Kind) -> None:
    check = connection.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise _damaged(path, f"integrity check: {check[0] if check else 'no answer'}")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise LedgerError(
            f"the ledger {printable(path)} was written by a newer rated-play (schema {version}); "
            "nothing was changed: upgrade rated-play to use it"
        )
    if version < 0:
        raise _damaged(path, f"its schema version is {version}")
    if kind is Kind.LEDGER and version == 0:
        raise _damaged(path, "it has rated-play's id but no schema")
    if version > 0:
        _check_columns(connection, path, version)


def _check_columns(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a ledger whose tables are not those of its schema version, before anything is
    read from or written to it: a build of rated-play whose migrations differed (one whose
    ninth added ``draw_offered_by``, where this one's adds ``opponent_kind``) left a version
    that this code would migrate wrongly, and every read would fail on a missing column."""
    found, expected = _columns(connection), _expected_columns(version)
    if found == expected:
        return
    differences = [f"no table {table}" for table in sorted(expected.keys() - found.keys())] + [
        f"{table} {words}"
        for table in sorted(expected.keys() & found.keys())
        if (words := _column_differences(found[table], expected[table]))
    ]
    raise LedgerError(
        f"the ledger {printable(path)} says it is of schema version {version}, but its tables "
        f"are not that version's ({'; '.join(differences[:3]) or 'tables of its own'}), as a "
        "build of rated-play with other migrations leaves them; nothing was changed: open it "
        "with the rated-play that wrote it (its games can be exported there), or move it aside "
        "to start a new ledger"
    )


def _column_differences(found: frozenset[str], expected: frozenset[str]) -> str:
    has = ", ".join(sorted(found - expected))
    lacks = ", ".join(sorted(expected - found))
    return " and ".join(
        words for words in (has and f"has {printable(has)}", lacks and f"lacks {lacks}") if words
    )


def _columns(connection: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """Each table's columns (SQLite's own tables aside)."""
    tables = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
    ).fetchall()
    return {
        str(table): frozenset(
            str(row[0])
            for row in connection.execute("SELECT name FROM pragma_table_info(?)", (table,))
        )
        for (table,) in tables
    }


@functools.cache
def _expected_columns(version: int) -> dict[str, frozenset[str]]:
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript("".join(MIGRATIONS[:version]))
        return _columns(memory)
    finally:
        memory.close()


def _prepare_for_writing(connection: sqlite3.Connection, kind: Kind) -> None:
    # WAL lets a second copy of the app read while one writes; FULL sync makes every
    # committed game survive a power loss.
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            for statement in filter(str.strip, script.split(";")):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version={number}")
        if kind is Kind.EARLY_LEDGER:
            connection.execute(f"PRAGMA application_id={APPLICATION_ID}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _create(path: Path) -> None:
    """Make a whole new ledger at ``path``, unless a file appears there meanwhile. When it
    cannot be made, the directories made for it are removed again."""
    made = [d for d in (path.parent, *path.parent.parents) if not d.exists()]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".new")
    except OSError as error:
        _remove_empty(made)
        raise failure(error, path, writing=True) from error
    os.close(handle)
    temporary = Path(name)
    try:
        connection = sqlite3.connect(temporary, isolation_level=None)
        try:
            connection.executescript(
                f"BEGIN; PRAGMA application_id={APPLICATION_ID}; {''.join(MIGRATIONS)} "
                f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
            )
        finally:
            connection.close()
        # A hard link fails when the name is taken, where a rename would replace the file.
        os.link(temporary, path)
        _sync_directory(path.parent)
    except FileExistsError:
        pass  # another process made the ledger a moment ago: it is used as found
    except (OSError, sqlite3.Error) as error:
        temporary.unlink(missing_ok=True)
        _remove_empty(made)
        raise failure(error, path, writing=True) from error
    finally:
        temporary.unlink(missing_ok=True)


def _remove_empty(directories: list[Path]) -> None:
    """Remove these directories, innermost first, while they are empty."""
    for directory in directories:
        try:
            directory.rmdir()
        except OSError:
            return  # not empty (something else was put there meanwhile), or already gone


def _sync_directory(directory: Path) -> None:
    handle = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
