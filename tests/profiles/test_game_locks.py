"""A game's lock file where something else is in its place, or a start the disk refused after
the lock was taken: neither stands between a game and its row, nor between a player and the
next game."""

from __future__ import annotations

from pathlib import Path

import pytest

from profiles.ledger.ledger import Ledger, LedgerWriteError
from profiles.ledger.locks import GameLockError
from profiles.ledger.records import GameStatus, Profile
from rated_play.session import close_abandoned_games
from tests.builders import open_game, refused_writes


def lock_path(ledger: Ledger, game_id: int) -> Path:
    return ledger.directory.game_lock(game_id)


def test_a_game_whose_lock_file_is_now_a_directory_is_closed_and_archived(
    ledger: Ledger, profile: Profile
) -> None:
    left = open_game(ledger, profile)
    ledger.record_move(left.id, 1, "e2e4", None)
    ledger.let_go(left.id)  # as a process that died leaves it
    lock = lock_path(ledger, left.id)
    lock.unlink()
    lock.mkdir()
    (lock / "something").write_text("not a lock\n")

    (report,) = close_abandoned_games(ledger)
    assert ledger.game(left.id).status is GameStatus.ABANDONED
    assert report.pgn_path is not None and report.pgn_path.read_text() == ledger.game(left.id).pgn
    assert open_game(ledger, profile).status is GameStatus.PENDING, "the next game starts"


def test_a_directory_where_a_new_games_lock_goes_refuses_the_start_in_a_sentence(
    ledger: Ledger, profile: Profile
) -> None:
    first = open_game(ledger, profile)
    ledger.let_go(first.id)
    close_abandoned_games(ledger)
    lock_path(ledger, first.id + 1).mkdir(parents=True)
    with pytest.raises(GameLockError, match=r"cannot be made \(Is a directory\); remove"):
        open_game(ledger, profile)
    assert [game.id for game in ledger.games()] == [first.id], "no row without its lock"
    lock_path(ledger, first.id + 1).rmdir()
    assert open_game(ledger, profile).id == first.id + 1


@pytest.mark.parametrize("fault", ["full", "io", "read-only"])
def test_a_start_the_disk_refused_leaves_no_lock_held(
    ledger: Ledger, profile: Profile, fault: str
) -> None:
    with refused_writes(ledger, fault), pytest.raises(LedgerWriteError):
        open_game(ledger, profile)
    assert ledger.games() == []
    assert not ledger.plays_a_game()
    game = open_game(ledger, profile)  # the same process, once the disk takes writes
    assert game.status is GameStatus.PENDING
