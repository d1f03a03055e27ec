"""The ledger file: profiles, durability settings, and refusing a damaged file untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import chess
import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.ledger.ledger import Ledger, LedgerError
from profiles.ledger.records import ProfileError
from tests.builders import open_game


def test_profiles_are_created_found_and_kept_apart(tmp_path: Path) -> None:
    ledger = Ledger.open(DataDirectory(tmp_path))
    magnus = ledger.create_profile("  Magnus ")
    hikaru = ledger.create_profile("Hikaru")
    assert magnus.name == "Magnus"
    assert ledger.profile("magnus") == magnus, "names are matched without regard to case"
    assert [p.name for p in ledger.profiles()] == ["Magnus", "Hikaru"]
    assert ledger.next_color(hikaru.id) == chess.WHITE
    ledger.close()
    reopened = Ledger.open(DataDirectory(tmp_path))
    assert [p.name for p in reopened.profiles()] == ["Magnus", "Hikaru"]
    reopened.close()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("x" * 41, "at most 40"),
        ("a\tb", "printable"),
    ],
)
def test_bad_profile_names_are_refused_and_nothing_is_written(
    ledger: Ledger, name: str, message: str
) -> None:
    with pytest.raises(ProfileError, match=message):
        ledger.create_profile(name)
    assert ledger.profiles() == []


def test_a_duplicate_or_unknown_profile_says_what_to_do(ledger: Ledger) -> None:
    ledger.create_profile("Judit")
    with pytest.raises(ProfileError, match="exists already"):
        ledger.create_profile("JUDIT")
    with pytest.raises(ProfileError, match=r"no profile named 'Bobby' \(profiles: Judit\)"):
        ledger.profile("Bobby")
    assert len(ledger.profiles()) == 1


def test_the_ledger_is_written_durably(ledger: Ledger) -> None:
    db = sqlite3.connect(ledger.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    assert ledger._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all" * 100, b"SQLite format 4\x00" + b"\xff" * 4000],
)
def test_a_damaged_ledger_is_refused_and_left_as_it_was(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "ledger.sqlite3"
    path.write_bytes(content)
    with pytest.raises(LedgerError, match=r"not an SQLite database.*nothing was changed"):
        Ledger.open(DataDirectory.of_ledger(path))
    assert path.read_bytes() == content


def test_another_programs_database_is_not_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    with pytest.raises(LedgerError, match="not a rated-play ledger"):
        Ledger.open(DataDirectory.of_ledger(path))
    assert path.read_bytes() == before


def test_a_game_is_closed_once_only(ledger: Ledger) -> None:
    profile = ledger.create_profile("Vishy")
    game = open_game(ledger, profile)
    color = game.player_color
    won = GameResult(Ending(Termination.CHECKMATE, color), color)
    ledger.close_game(game.id, won, pgn="", rating_after=None)
    with pytest.raises(LedgerError, match="closed already"):
        lost = GameResult(Ending(Termination.CHECKMATE, not color), color)
        ledger.close_game(game.id, lost, pgn="", rating_after=None)
    assert ledger.game(game.id).result == "1-0"
