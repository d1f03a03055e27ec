"""A ledger whose tables are not those of the schema version it declares, as an earlier build
of rated-play left it (its migration 9 added ``draw_offered_by``, where this one's adds
``opponent_kind``): every command and the app refuse it with one sentence that names it and
says what to do, and leave it as it was, byte for byte. On today's code the readers failed on
"no such column: opponent_kind" and the app on "duplicate column name: draw_offered_by"."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import BELIEVABLE_THINKING, SCHEMA_VERSION, LedgerError
from tests.builders import back_to_version, record_game, run_cli

READERS = [("profile", "Judit"), ("games", "Judit"), ("history", "Judit"), ("export", "Judit")]


@pytest.fixture
def foreign_data(tmp_path: Path) -> Path:
    """A ledger of that earlier build: schema 8, then its own ninth migration."""
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    record_game(ledger, ledger.create_profile("Judit"), 1.0, moves=("e4", "e5"))
    ledger.close()
    db = sqlite3.connect(data / "ledger.sqlite3", isolation_level=None)
    db.executescript(
        f"BEGIN; {back_to_version(8)} ALTER TABLE games ADD COLUMN draw_offered_by TEXT; "
        "PRAGMA user_version=9; COMMIT;"
    )
    db.close()
    return data


def _fingerprint(data: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(data.iterdir())
        if path.is_file()
    }


def _says_what_to_do(said: str, data: Path) -> None:
    assert said.count("\n") <= 1 and "Traceback" not in said
    assert str(data / "ledger.sqlite3") in said
    assert "schema version 9" in said and "has draw_offered_by and lacks opponent_kind" in said
    assert "nothing was changed: open it with the rated-play that wrote it" in said


@pytest.mark.parametrize("command", READERS, ids=[command[0] for command in READERS])
def test_a_reader_refuses_a_ledger_of_other_migrations_saying_what_to_do(
    foreign_data: Path, command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    before = _fingerprint(foreign_data)
    status, _out, err = run_cli(capsys, *command, "--data-dir", str(foreign_data))
    assert status != 0
    _says_what_to_do(err.strip(), foreign_data)
    assert _fingerprint(foreign_data) == before


def test_the_app_refuses_it_before_writing_anything(foreign_data: Path) -> None:
    before = _fingerprint(foreign_data)
    with pytest.raises(LedgerError) as refused:
        Ledger.open(DataDirectory(foreign_data))
    _says_what_to_do(str(refused.value), foreign_data)
    assert _fingerprint(foreign_data) == before


def test_a_ledger_of_every_version_of_ours_is_opened(tmp_path: Path) -> None:
    """Each version a ledger can be taken back to by dropping columns (the first schema's own
    file is tests/data/ledger-v1.sqlite3, which tests/profiles/test_ledger_file.py opens)."""
    for version in range(BELIEVABLE_THINKING - 1, SCHEMA_VERSION + 1):
        data = tmp_path / str(version)
        Ledger.open(DataDirectory(data)).close()
        db = sqlite3.connect(data / "ledger.sqlite3", isolation_level=None)
        db.executescript(f"BEGIN; {back_to_version(version)} COMMIT;")
        db.close()
        Ledger.open(DataDirectory(data)).close()
