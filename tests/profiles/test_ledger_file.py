"""Which files are ledgers: a file that is not one is refused byte for byte unchanged, reading
writes nothing, and a finished game is in the main file, not only in the write-ahead log."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger, LedgerError, LedgerWriteError
from profiles.ledger.ledger_file import (
    APPLICATION_ID,
    BELIEVABLE_THINKING,
    BELL,
    MIGRATIONS,
    PERSON_LIKE,
    SCHEMA_VERSION,
)
from profiles.ledger.records import GameRecord, GameStatus
from profiles.opponent_kind import OpponentKind
from profiles.setup import Setup
from tests.builders import back_to_version, record_game

ROOT = Path(__file__).parents[2]

AS_A_PLAYER = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    if os.geteuid() == 0
    else []
)
"""root (CI) may write anywhere; without these capabilities it obeys file modes, as a player's
own account does. ``setpriv`` is part of util-linux, on every Debian system."""


def fingerprint(directory: Path) -> dict[str, str]:
    """Every file in ``directory`` by name and sha256: what "unchanged" means here."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(directory.iterdir())
        if path.is_file()
    }


def early_ledger(path: Path) -> None:
    """A ledger as the code before the application id wrote it: the first schema, WAL mode,
    one profile with one finished game."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(f"BEGIN IMMEDIATE; {MIGRATIONS[0]} PRAGMA user_version=1; COMMIT;")
    db.execute(
        "INSERT INTO profiles(name, created_at) VALUES ('Judit', '2025-01-02T03:04:05+00:00')"
    )
    db.execute(
        "INSERT INTO games(profile_id, status, player_color, opponent_name, opponent_title, "
        "opponent_rating, time_control, time_class, result, player_score, termination, "
        "started_at, finished_at) VALUES (1, 'finished', 'white', 'sf', 'Stockfish', 1500, "
        "'300+3', 'blitz', '1-0', 1, 'checkmate', '2025-01-02T03:04:05+00:00', "
        "'2025-01-02T03:14:05+00:00')"
    )
    db.close()


def foreign_database(path: Path, *, wal: bool, ledger_like: bool) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    if wal:
        db.execute("PRAGMA journal_mode=WAL")
    if ledger_like:
        # Looks like a ledger at a glance: a games table with a profile_id column.
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, profile_id INTEGER, score REAL)")
        db.execute("INSERT INTO games(profile_id, score) VALUES (7, 0.5)")
    else:
        db.execute("CREATE TABLE recipes (name TEXT)")
    db.close()


@pytest.mark.parametrize("readonly", [False, True])
@pytest.mark.parametrize(("wal", "ledger_like"), [(False, True), (True, True), (True, False)])
def test_another_programs_database_is_refused_unchanged(
    tmp_path: Path, readonly: bool, wal: bool, ledger_like: bool
) -> None:
    path = tmp_path / "ledger.sqlite3"
    foreign_database(path, wal=wal, ledger_like=ledger_like)
    before = fingerprint(tmp_path)
    with pytest.raises(LedgerError, match="not a rated-play ledger; nothing was changed"):
        Ledger.open(DataDirectory.of_ledger(path), readonly=readonly)
    assert fingerprint(tmp_path) == before


@pytest.mark.parametrize("readonly", [False, True])
def test_an_empty_file_is_not_a_new_ledger(tmp_path: Path, readonly: bool) -> None:
    path = tmp_path / "ledger.sqlite3"
    path.touch()
    with pytest.raises(LedgerError, match="is an empty file, not a rated-play ledger"):
        Ledger.open(DataDirectory.of_ledger(path), readonly=readonly)
    assert fingerprint(tmp_path) == {path.name: hashlib.sha256(b"").hexdigest()}


def test_a_ledger_of_a_newer_rated_play_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    Ledger.open(DataDirectory.of_ledger(path)).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.commit()
    db.close()
    before = fingerprint(tmp_path)
    with pytest.raises(LedgerError, match=r"newer rated-play \(schema 99\)"):
        Ledger.open(DataDirectory.of_ledger(path))
    assert fingerprint(tmp_path) == before


def test_a_new_ledger_carries_rated_plays_application_id(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    Ledger.open(DataDirectory.of_ledger(path)).close()
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no temporary file is left"


def test_an_early_ledger_is_read_unchanged_and_upgraded_when_written(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    early_ledger(path)
    before = path.read_bytes()
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    [game] = reader.games()
    assert (game.status, game.player_score) == (GameStatus.FINISHED, 1.0)
    reader.close()
    assert path.read_bytes() == before, "reading writes nothing"

    writer = Ledger.open(DataDirectory.of_ledger(path))
    record_game(writer, writer.profile("judit"), moves=("e4",))
    writer.close()
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    assert [g.player_score for g in reader.games()] == [1.0, 1.0], "every game is kept"
    reader.close()


def test_reading_a_ledger_changes_no_byte_of_it(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Hou Yifan")
    record_game(ledger, profile, moves=("e4",))
    ledger.close()
    before = path.read_bytes()
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    assert len(reader.games(reader.profile("hou yifan").id)) == 1
    with pytest.raises(LedgerError, match="reading only"):
        reader.create_profile("Other")
    reader.close()
    assert path.read_bytes() == before


def test_a_log_beside_a_link_to_the_ledger_is_not_taken_for_the_ledgers(tmp_path: Path) -> None:
    """SQLite keeps a linked database's log beside the file the link names: an empty ``-wal``
    beside the link is nobody's, and reading through the link makes nothing anywhere."""
    elsewhere = tmp_path / "elsewhere"
    data_dir = tmp_path / "data"
    elsewhere.mkdir()
    data_dir.mkdir()
    ledger = Ledger.open(DataDirectory(elsewhere))
    ledger.create_profile("Hou Yifan")
    ledger.close()
    (data_dir / "ledger.sqlite3").symlink_to(elsewhere / "ledger.sqlite3")
    (data_dir / "ledger.sqlite3-wal").write_bytes(b"")
    before = {path.name for path in [*elsewhere.iterdir(), *data_dir.iterdir()]}
    reader = Ledger.open(DataDirectory(data_dir), readonly=True)
    assert reader.profile("hou yifan").name == "Hou Yifan"
    reader.close()
    assert {path.name for path in [*elsewhere.iterdir(), *data_dir.iterdir()]} == before


def test_a_full_disk_says_so_and_keeps_the_ledger(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Alexandra")
    record_game(ledger, profile, moves=("e4",))
    # The disk is full: SQLite may not grow the file by a single page.
    pages = ledger._db.execute("PRAGMA page_count").fetchone()[0]
    ledger._db.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(LedgerWriteError) as caught:
        for number in range(1000):
            ledger.create_profile(f"Filler {number}")
    message = str(caught.value)
    assert "no space left on the disk" in message
    assert "move" not in message and "damaged" not in message
    ledger.close()
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    assert [g.player_score for g in reader.games()] == [1.0]
    reader.close()


READ_ONLY_CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger, LedgerError

    path = Path(sys.argv[1])
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    print(len(reader.games()))
    reader.close()
    try:
        Ledger.open(DataDirectory.of_ledger(path)).create_profile("Writer")
    except LedgerError as error:
        print(error)
    """
)


def test_a_read_only_directory_is_read_and_a_write_says_it_lacks_permission(
    tmp_path: Path,
) -> None:
    directory = tmp_path / "data"
    path = directory / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    record_game(ledger, ledger.create_profile("Maia"), moves=("e4",))
    ledger.close()
    directory.chmod(0o555)
    path.chmod(0o444)
    tmp_path.chmod(0o755)
    before = fingerprint(directory)
    try:
        child = subprocess.run(
            [*AS_A_PLAYER, sys.executable, "-c", READ_ONLY_CHILD, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
    finally:
        directory.chmod(0o755)
    assert child.returncode == 0, child.stderr
    count, message = child.stdout.splitlines()
    assert count == "1"
    assert "no permission to write" in message
    assert "move" not in message and "damaged" not in message
    assert fingerprint(directory) == before


WAL_CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from tests.builders import record_game

    ledger = Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1])))
    profile = ledger.create_profile("Nona")
    for _ in range(50):
        record_game(ledger, profile, moves=("e4",))
    os.kill(os.getpid(), signal.SIGKILL)  # no clean close: the log is never folded in
    """
)


def test_losing_the_write_ahead_log_after_a_crash_keeps_every_finished_game(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = subprocess.run([sys.executable, "-c", WAL_CHILD, str(path)], cwd=ROOT, check=False)
    assert child.returncode == -signal.SIGKILL
    wal = path.with_name(path.name + "-wal")
    assert wal.exists()
    wal.unlink()
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    ledger = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    assert [g.status for g in ledger.games()] == [GameStatus.FINISHED] * 50
    ledger.close()


def version_1_ledger(path: Path) -> None:
    """A ledger as version 1 of the schema left it: its id, the first schema, one game won."""
    early_ledger(path)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.close()


def test_a_version_1_ledger_is_read_as_it_is_and_migrated_on_the_first_write(
    tmp_path: Path,
) -> None:
    """Migration 2 adds stakes, doublings, the purse and the setups; every game of version 1
    was played for nothing, and a reader sees it so without writing a byte."""
    path = tmp_path / "ledger.sqlite3"
    version_1_ledger(path)
    before = fingerprint(tmp_path)["ledger.sqlite3"]
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    try:
        (game,) = reader.games()
        assert (game.stake, game.doublings, game.purse_after) == (0, 0, None)
        assert reader.last_setup(game.profile_id) is None
    finally:
        reader.close()
    assert fingerprint(tmp_path)["ledger.sqlite3"] == before

    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        (game,) = ledger.games()
        assert (game.status, game.player_score, game.stake) == (GameStatus.FINISHED, 1.0, 0)
        assert ledger.last_setup(game.profile_id) is None
    finally:
        ledger.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


DATA = Path(__file__).parents[1] / "data"


def read_back(ledger: Ledger) -> dict[str, object]:
    """Profiles and games as ``tests/data/make_ledger_v1.py`` wrote what the old code read."""
    fields = {f.name for f in dataclasses.fields(GameRecord)} - NEW_FIELDS
    return {
        "profiles": [
            dataclasses.asdict(p) | {"created_at": str(p.created_at)} for p in ledger.profiles()
        ],
        "games": [
            {k: str(v) for k, v in dataclasses.asdict(record).items() if k in fields}
            | {"moves": [list(dataclasses.astuple(m)) for m in ledger.moves(record.id)]}
            for record in ledger.games()
        ],
    }


NEW_FIELDS = {
    "stake",
    "doublings",
    "purse_after",
    "opponent_kind",
    "opponent_rating_now",
    "draw_offered_by",
    "draw_claimed_by",
    "number",
    "archive_name",
}
"""Fields of a game that version 1 did not have."""


def test_a_version_1_ledger_made_by_the_first_schemas_code_keeps_every_game(
    tmp_path: Path,
) -> None:
    """``tests/data/ledger-v1.sqlite3`` was written by the code of the first schema (commit
    42f0499) playing real games; ``ledger-v1.json`` is what that code read from it. Today's
    code reads the same, before and after the upgrade, and the upgraded ledger takes new games."""
    path = tmp_path / "ledger.sqlite3"
    path.write_bytes((DATA / "ledger-v1.sqlite3").read_bytes())
    expected = json.loads((DATA / "ledger-v1.json").read_text(encoding="utf-8"))
    for game in expected["games"]:
        for key in NEW_FIELDS:
            game.pop(key, None)

    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    try:
        assert read_back(reader) == expected
        # Numbered as that code numbered them, by their ids.
        assert [(g.number, g.archive_name) for g in reader.games()] == [
            (1, None),
            (2, None),
            (3, None),
        ]
    finally:
        reader.close()

    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        assert read_back(ledger) == expected, "the upgrade changes no game"
        assert [(g.stake, g.doublings, g.purse_after) for g in ledger.games()] == [(0, 0, None)] * 3
        assert [(g.profile_id, g.number) for g in ledger.games()] == [(1, 1), (1, 2), (2, 1)]
        judit = ledger.profile("judit")
        new = record_game(ledger, judit, moves=("e4",))
        assert [g.id for g in ledger.games(judit.id)] == [1, 2, new]
        assert ledger.game(new).number == 3
    finally:
        ledger.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    db.close()


def test_a_setup_saved_before_the_thinking_setting_reads_with_it_on(tmp_path: Path) -> None:
    """Its migration adds believable thinking to every profile's setup, on as it is by default;
    a reader of the older ledger sees it on too, writing nothing."""
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Vera")
    ledger.close()
    db = sqlite3.connect(path, isolation_level=None)
    # Back to the version before, the setups table as it was, with one setup saved in it.
    db.executescript(
        f"BEGIN; {back_to_version(BELIEVABLE_THINKING - 1)} "
        f"INSERT INTO setups(profile_id, strength, unleashed, time_control, doubling) "
        f"VALUES ({profile.id}, 1450.0, 0, '600+5', 1); COMMIT;"
    )
    db.close()
    before = fingerprint(tmp_path)["ledger.sqlite3"]
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    try:
        setup = reader.last_setup(profile.id)
        assert setup == Setup(
            strength=1450.0, time_control="600+5", doubling=True, believable_thinking=True
        )
    finally:
        reader.close()
    assert fingerprint(tmp_path)["ledger.sqlite3"] == before

    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        assert ledger.last_setup(profile.id) == setup
        ledger.save_setup(profile.id, replace(setup, believable_thinking=False))
        saved = ledger.last_setup(profile.id)
        assert saved is not None and not saved.believable_thinking
    finally:
        ledger.close()


@pytest.mark.parametrize(("setting", "version"), [("bell", BELL), ("person_like", PERSON_LIKE)])
def test_a_setting_saved_before_its_migration_reads_off_and_keeps_once_migrated(
    tmp_path: Path, setting: str, version: int
) -> None:
    """Their migrations add the bell and the wish for an opponent that plays like a
    person to every profile's setup, off as they are by default; once the ledger is migrated, a
    setup saved with the setting on reads with it on."""
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Vera")
    ledger.close()
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(
        f"BEGIN; {back_to_version(version - 1)} "
        f"INSERT INTO setups(profile_id, strength, unleashed, time_control, doubling) "
        f"VALUES ({profile.id}, 1450.0, 0, '600+5', 1); COMMIT;"
    )
    db.close()
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    try:
        setup = reader.last_setup(profile.id)
        assert setup == Setup(strength=1450.0, time_control="600+5", doubling=True)
        assert setup is not None and not getattr(setup, setting)
    finally:
        reader.close()
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        ledger.save_setup(profile.id, replace(setup, **{setting: True}))
        saved = ledger.last_setup(profile.id)
        assert saved is not None and getattr(saved, setting)
    finally:
        ledger.close()


def test_a_game_keeps_its_opponents_kind_and_an_older_one_reads_as_not_known(
    tmp_path: Path,
) -> None:
    """Migration 9 adds the kind of opponent to every game: a game written before it reads as
    not known (named by its stored title), one written after as the kind it was played
    against, a person-like one named short by its rating then."""
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Vera")
    old = record_game(ledger, profile, title="Maia 1500, a network trained on people's games")
    ledger.close()
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(f"BEGIN; {back_to_version(8)} COMMIT;")
    db.close()
    reader = Ledger.open(DataDirectory.of_ledger(path), readonly=True)
    try:
        (game,) = reader.games()
        assert game.opponent_kind is None
        assert game.opponent_short == "Maia 1500, a network trained on people's games"
    finally:
        reader.close()
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        new = ledger.open_game(
            profile,
            opponent_name="maia-1500",
            opponent_title="A person-like opponent, about 1450: Maia-1 of lichess players",
            opponent_rating=1448.2,
            opponent_kind=OpponentKind.PERSON_LIKE,
            time_control=TimeControl.parse("5+3"),
            rating_before=None,
        )
        assert ledger.game(new.id).opponent_kind is OpponentKind.PERSON_LIKE
        assert ledger.game(new.id).opponent_short == "Person-like ≈1450"
        assert ledger.game(old).opponent_kind is None
    finally:
        ledger.close()
