"""Games are numbered per profile (the ledger's GAME_NUMBERS migration): a club player's first
game is game 1, in the PGN's Round and the archive file's name, and the migration keeps every
old game, and its archive file, where it was."""

from __future__ import annotations

import datetime as dt
import io
import sqlite3

import chess.pgn

from profiles.data_directory import DataDirectory, archive_name_before_numbers
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import GAME_NUMBERS
from rated_play.session import RatedGame
from rated_play.session.pgn import archive_path
from tests.builders import back_to_version, fast_opponent, record_game
from tests.scripted_opponent import ScriptedOpponent


async def resigned_game(ledger: Ledger, name: str) -> int:
    """A game of ``name``'s, played to its first move and resigned; its id."""
    game = await RatedGame.start(
        ledger, ledger.profile(name), fast_opponent(), TimeControl.parse("3+2"),
        seated=ScriptedOpponent(),
    )  # fmt: skip
    game.resign()
    await game.close()
    return game.game_id


async def test_a_profiles_games_are_numbered_from_one_in_its_pgn_and_its_file(
    ledger: Ledger,
) -> None:
    """The club player's first game was "game 5", [Round "5"] and game-5.pgn: four games of
    another profile came before it in the ledger."""
    ledger.create_profile("Beginner")
    ledger.create_profile("Club player")
    for _ in range(4):
        await resigned_game(ledger, "Beginner")
    first = ledger.game(await resigned_game(ledger, "Club player"))
    assert first.id == 5 and first.number == 1
    pgn = chess.pgn.read_game(io.StringIO(first.pgn))
    assert pgn is not None and pgn.headers["Round"] == "1"
    path = archive_path(ledger.directory.archive, "Club player", first)
    assert path.name.endswith("-game-1.pgn") and path.read_text() == first.pgn


async def test_the_migration_numbers_old_games_per_profile_and_keeps_their_files(
    ledger: Ledger,
) -> None:
    """A ledger of the version before: its games numbered across the ledger and archived by
    those numbers. Migrated, each profile's games are numbered from 1 in the order played,
    each old game's file is found where it was written, and a new game's file takes no old
    one's name (the club player's third game would be named as its old game 3 was)."""
    beginner = ledger.create_profile("Beginner")
    club = ledger.create_profile("Club player")
    for profile in (beginner, beginner, club, club):
        record_game(ledger, profile, moves=("e4",))
    ledger.close()
    directory = DataDirectory.of_ledger(ledger.path)
    db = sqlite3.connect(ledger.path, isolation_level=None)
    db.executescript(f"BEGIN; {back_to_version(GAME_NUMBERS - 1)} COMMIT;")
    rows = db.execute("SELECT id, profile_id, started_at FROM games ORDER BY id").fetchall()
    db.close()
    names = {beginner.id: beginner.name, club.id: club.name}
    old_files = {}
    for game_id, profile_id, started_at in rows:  # as the version before archived them
        started = dt.datetime.fromisoformat(started_at)
        path = directory.archive / archive_name_before_numbers(names[profile_id], game_id, started)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"game {game_id}\n")
        old_files[game_id] = path

    migrated = Ledger.open(directory)
    try:
        games = migrated.games()
        assert [(g.id, g.profile_id, g.number) for g in games] == [
            (1, beginner.id, 1), (2, beginner.id, 2), (3, club.id, 1), (4, club.id, 2),
        ]  # fmt: skip
        for game in games:
            found = archive_path(directory.archive, names[game.profile_id], game)
            assert found == old_files[game.id] and found.read_text() == f"game {game.id}\n"
        third = migrated.game(await resigned_game(migrated, "Club player"))
        assert third.number == 3
        path = archive_path(directory.archive, "Club player", third)
        assert path not in old_files.values() and path.read_text() == third.pgn
        assert old_files[3].read_text() == "game 3\n", "the old game 3's file is kept"
    finally:
        migrated.close()
