"""A ledger from before the playing process was kept (either of the two schemas before it),
holding a game a dead process left pending: every command that only reads it reads it as it
stands, the pending game as the loss it will be closed as."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import chess
import pytest

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import PLAYING_PROCESS
from tests.builders import back_to_version, open_game, record_game, run_cli

READERS = [
    pytest.param(("profile", "Judit"), id="profile"),
    pytest.param(("games", "Judit"), id="games"),
    pytest.param(("history", "Judit"), id="history"),
    pytest.param(("export", "Judit"), id="export"),
    pytest.param(("leaderboard",), id="leaderboard"),
    # The game left pending, analysed as the loss it reads as: by a real engine.
    pytest.param(("analyse", "2"), id="analyse", marks=pytest.mark.engine),
]


@pytest.fixture(params=[PLAYING_PROCESS - 2, PLAYING_PROCESS - 1])
def old_data(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    data = tmp_path / "data"
    ledger = Ledger.open(DataDirectory(data))
    profile = ledger.create_profile("Judit")
    record_game(ledger, profile, 1.0, moves=("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"))
    pending = open_game(ledger, profile)
    ledger.record_move(pending.id, 1, chess.Move.from_uci("e2e4").uci(), None)
    ledger.let_go(pending.id)  # as a process that died leaves it
    ledger.close()
    db = sqlite3.connect(data / "ledger.sqlite3", isolation_level=None)
    db.executescript(f"BEGIN; {back_to_version(request.param)} COMMIT;")
    db.close()
    return data


@pytest.mark.parametrize("command", READERS)
def test_a_reader_reads_an_old_ledger_holding_a_pending_game(
    old_data: Path, command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, err = run_cli(capsys, *command, "--data-dir", str(old_data))
    assert status == 0, err
