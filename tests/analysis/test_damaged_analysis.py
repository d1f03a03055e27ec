"""A game or its stored analysis damaged by hand (a NULL where a value belongs, an accuracy of
NaN, a schema version of -1): ``analyse`` says so in one line naming the game, never with a
traceback, in its text, its JSON and its PGN alike."""

from __future__ import annotations

import sqlite3

import pytest

from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from tests.builders import analysed_game, run_cli

DAMAGE = {
    "a move that is NULL": ("moves", "UPDATE moves SET uci = NULL WHERE ply = 2"),
    "a depth that is NULL": ("analyses", "UPDATE analyses SET depth = NULL"),
    "a start that is NULL": ("analyses", "UPDATE analyses SET start_eval = NULL"),
    "an accuracy of NaN": ("analyses", "UPDATE analyses SET accuracy = 'NaN'"),
    "an evaluation that is NULL": ("analysed_moves", "UPDATE analysed_moves SET eval_cp = NULL"),
    "a ply that is NULL": ("analysed_moves", "UPDATE analysed_moves SET ply = NULL WHERE ply = 2"),
}


def damage(ledger: Ledger, table: str, statement: str) -> None:
    """Run ``statement`` on the ledger with the NOT NULLs of ``table`` struck from its schema,
    as a hand at the file could."""
    db = sqlite3.connect(ledger.path, isolation_level=None)
    db.execute("PRAGMA writable_schema=ON")
    db.execute(
        "UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE name = ?", (table,)
    )
    db.execute("PRAGMA writable_schema=OFF")
    db.close()
    db = sqlite3.connect(ledger.path, isolation_level=None)
    db.execute(statement)
    db.close()


@pytest.mark.parametrize("how", sorted(DAMAGE))
@pytest.mark.parametrize("shown", [[], ["--json"], ["--pgn"]])
def test_a_damaged_game_or_analysis_is_one_line_naming_the_game(
    ledger: Ledger,
    profile: Profile,
    capsys: pytest.CaptureFixture[str],
    how: str,
    shown: list[str],
) -> None:
    game_id = analysed_game(ledger, profile)
    damage(ledger, *DAMAGE[how])
    status, out, err = run_cli(
        capsys, "analyse", str(game_id), *shown, "--data-dir", str(ledger.path.parent)
    )
    assert status != 0 and out == "", out
    [line] = err.splitlines()
    assert f"game {game_id}" in line and "restore the ledger" in line, line


def test_a_ledger_of_schema_version_minus_one_is_said_to_be_damaged(
    ledger: Ledger, profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = analysed_game(ledger, profile)
    db = sqlite3.connect(ledger.path, isolation_level=None)
    db.execute("PRAGMA user_version = -1")
    db.close()
    for argv in (["analyse", str(game_id)], ["games", profile.name]):
        status, _, err = run_cli(capsys, *argv, "--data-dir", str(ledger.path.parent))
        assert status != 0
        [line] = err.splitlines()
        assert "is damaged (its schema version is -1)" in line, line
