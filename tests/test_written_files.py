"""No command writes over the ledger, a file SQLite keeps beside a database, a link to one, or a
file of another kind: every writer is refused with one line, a non-zero exit and nothing
written (:func:`profiles.written_file.check_writable`)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engines.calibration.stored import SHIPPED_CALIBRATION
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from tests.builders import CLI_PLAYER, ROOT, assert_refused, open_game, record_game, run


def snapshot(*directories: Path) -> dict[str, str]:
    """Every file and link under the directories: what "nothing was written" means here."""
    found = {}
    for directory in directories:
        for path in sorted(directory.rglob("*")):
            if path.is_symlink():
                found[str(path)] = f"link to {os.readlink(path)}"
            elif path.is_file():
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                found[str(path)] = "not a file"
    return found


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A ledger with three games, and a fourth begun in its write-ahead log by a writer that
    still has it open: the log holds a committed game no checkpoint has copied yet. The fourth
    is another profile's: a profile with a game in play exports nothing until it is over."""
    directory = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(directory))
    profile = ledger.create_profile(CLI_PLAYER)
    for score in (1.0, 0.5, 0.0):
        record_game(ledger, profile, score, moves=("e4",), pgn='[Event "x"]\n\n1. e4 1-0\n')
    open_game(ledger, ledger.create_profile("Vera"))
    assert (directory / "ledger.sqlite3-wal").stat().st_size > 0
    yield directory
    ledger.close()


WRITERS = {
    "export --out": ["export", CLI_PLAYER, "--out"],
    "calibrate --output": [
        "engines", "calibrate", "--only", "stockfish-elo-1800", "--games", "2", "--max-games",
        "2", "--workers", "1", "--output",
    ],
    "calibrate --pgn": [
        "engines", "calibrate", "--only", "stockfish-elo-1800", "--games", "2", "--max-games",
        "2", "--workers", "1", "--pgn",
    ],
    "check --pgn": ["engines", "check", "--games", "2", "--pgn"],
}  # fmt: skip


def _sqlite_elsewhere(data_dir: Path, elsewhere: Path) -> Path:
    database = elsewhere / "notes.db"
    db = sqlite3.connect(database)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    return elsewhere / "notes.db-journal"


def _symlink(data_dir: Path, elsewhere: Path) -> Path:
    link = elsewhere / "games.pgn"
    link.symlink_to(data_dir / "ledger.sqlite3")
    return link


def _dangling_link_to_the_journal(data_dir: Path, elsewhere: Path) -> Path:
    link = elsewhere / "games.pgn"
    link.symlink_to(data_dir / "ledger.sqlite3-journal")
    return link


def _hard_link(data_dir: Path, elsewhere: Path) -> Path:
    link = elsewhere / "games.pgn"
    os.link(data_dir / "ledger.sqlite3", link)
    return link


def _other_kind(data_dir: Path, elsewhere: Path) -> Path:
    mine = elsewhere / "thesis.txt"
    mine.write_text("Chapter 1\n\x00\x01 not a game, not a calibration\n")
    return mine


def _directory(data_dir: Path, elsewhere: Path) -> Path:
    return elsewhere


TARGETS: dict[str, Callable[[Path, Path], Path]] = {
    "the ledger": lambda data, elsewhere: data / "ledger.sqlite3",
    "its write-ahead log": lambda data, elsewhere: data / "ledger.sqlite3-wal",
    "its shared-memory index": lambda data, elsewhere: data / "ledger.sqlite3-shm",
    "its journal, not there yet": lambda data, elsewhere: data / "ledger.sqlite3-journal",
    "another database's journal": _sqlite_elsewhere,
    "a link to the ledger": _symlink,
    "a dangling link to its journal": _dangling_link_to_the_journal,
    "a hard link to the ledger": _hard_link,
    "a file of another kind": _other_kind,
    "a directory": _directory,
}


@pytest.mark.parametrize("target", sorted(TARGETS))
# calibrate and check look at where they write before they look for their engines: these
# refusals need none installed
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_writer_writes_over_the_ledger_its_side_files_or_another_kind_of_file(
    writer: str, target: str, data_dir: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = TARGETS[target](data_dir, elsewhere)
    before = snapshot(data_dir, elsewhere)
    result = run(["--data-dir", str(data_dir), *WRITERS[writer], str(path)])
    assert_refused(result)
    assert "nothing was written" in result.err
    assert snapshot(data_dir, elsewhere) == before


def test_a_named_pipe_is_refused_without_opening_it(data_dir: Path, tmp_path: Path) -> None:
    """Opened, a pipe nobody reads blocks the writer for ever: a real process, bounded."""
    pipe = tmp_path / "games.pgn"
    os.mkfifo(pipe)
    argv = ["--data-dir", str(data_dir), "export", CLI_PLAYER, "--out", str(pipe)]
    child = subprocess.run(
        [sys.executable, "-m", "rated_play", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert child.returncode != 0
    assert child.stderr.count("\n") == 1 and "named pipe" in child.stderr


def test_a_file_of_the_same_kind_is_written_over(data_dir: Path, tmp_path: Path) -> None:
    pgn = tmp_path / "old.pgn"
    pgn.write_text('[Event "old"]\n\n1. d4 *\n')
    result = run(["export", CLI_PLAYER, "--out", str(pgn), "--data-dir", str(data_dir)])
    assert result.status == 0, result.err
    assert pgn.read_text().count("[Event ") == 3

    calibration = tmp_path / "calibration.json"
    calibration.write_text(SHIPPED_CALIBRATION.read_text())
    result = run(["export", CLI_PLAYER, "--out", str(calibration), "--data-dir", str(data_dir)])
    assert_refused(result)
    assert "holds something other than a PGN file" in result.err
    assert json.loads(calibration.read_text()) == json.loads(SHIPPED_CALIBRATION.read_text())
