"""One player plays one rated game at a time, and a game is closed as abandoned only once no
process plays it: its lock file is the first evidence, the process written in its row the
second, so a lock file removed by hand does not hand a live game to another copy of the app."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.ledger.ledger import Ledger, SecondGameError
from profiles.ledger.records import GameStatus, Profile
from rated_play.session import close_abandoned_games
from tests.builders import open_game


@pytest.fixture
def other_copy(ledger: Ledger) -> Iterator[Ledger]:
    """The same ledger as another copy of the app opens it."""
    other = Ledger.open(DataDirectory.of_ledger(ledger.path))
    yield other
    other.close()


def test_a_second_rated_game_on_a_profile_in_play_is_refused_with_a_sentence(
    ledger: Ledger, profile: Profile, other_copy: Ledger
) -> None:
    playing = open_game(ledger, profile)
    with pytest.raises(SecondGameError, match=f"is playing game {playing.id} already"):
        open_game(other_copy, profile)
    assert [g.id for g in other_copy.games()] == [playing.id], "nothing was written"

    open_game(other_copy, other_copy.create_profile("Judit"))  # another player may play

    drawn = GameResult(Ending(Termination.DRAW_AGREED, None), playing.player_color)
    ledger.close_game(playing.id, drawn, pgn="", rating_after=None)
    assert open_game(other_copy, profile).status is GameStatus.PENDING, "the first is over"


def test_a_game_whose_lock_file_was_removed_is_not_closed_while_its_process_plays(
    ledger: Ledger, profile: Profile, other_copy: Ledger
) -> None:
    playing = open_game(ledger, profile)
    (ledger.path.parent / "games-in-play" / f"{playing.id}.lock").unlink()

    assert close_abandoned_games(other_copy) == []
    assert other_copy.game(playing.id).status is GameStatus.PENDING
    assert [g.status for g in other_copy.games()] == [GameStatus.PENDING]
    with pytest.raises(SecondGameError):
        open_game(other_copy, profile)

    ledger.record_move(playing.id, 1, "e2e4", None)  # the player plays on, into a live game
    won = GameResult(Ending(Termination.RESIGNATION, playing.player_color), playing.player_color)
    assert ledger.close_game(playing.id, won, pgn="", rating_after=None).player_score == 1.0


def test_a_process_of_the_same_id_started_later_is_not_the_player(
    ledger: Ledger, profile: Profile, other_copy: Ledger
) -> None:
    playing = open_game(ledger, profile)
    (ledger.path.parent / "games-in-play" / f"{playing.id}.lock").unlink()
    # The row names this process's id with another start: the player died and its id was
    # given to this process since.
    db = sqlite3.connect(ledger.path)
    with db:
        db.execute("UPDATE games SET player_started = player_started - 1")
    db.close()
    (closed,) = close_abandoned_games(other_copy)
    assert closed.game_id == playing.id
    assert other_copy.game(playing.id).status is GameStatus.ABANDONED


PLAYER = """
import sys, time
from pathlib import Path
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from tests.builders import open_game

ledger = Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1])))
open_game(ledger, ledger.create_profile("Judit"))
print("AT THE BOARD", flush=True)
time.sleep(600)
"""


def test_a_player_killed_and_not_yet_reaped_plays_no_more(ledger: Ledger) -> None:
    """A zombie keeps its id and its start time until its parent waits for it: the parent
    here does not, as a shell or launcher that never reaps would not."""
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(ledger.path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert player.stdout is not None
        assert player.stdout.readline().strip() == "AT THE BOARD"
        os.kill(player.pid, signal.SIGKILL)
        stat = Path(f"/proc/{player.pid}/stat")
        deadline = time.monotonic() + 10
        while stat.read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z":
            assert time.monotonic() < deadline, "the player became a zombie"
            time.sleep(0.01)
        (closed,) = close_abandoned_games(ledger)
        assert ledger.game(closed.game_id).status is GameStatus.ABANDONED
    finally:
        player.kill()
        player.wait()
