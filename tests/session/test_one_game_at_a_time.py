"""One player plays one rated game at a time, and a game is closed as abandoned only once no
process plays it: its lock file is the first evidence, the process written in its row the
second, so a lock file removed by hand does not hand a live game to another copy of the app."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from profiles.laws.endings import Ending, GameResult, Termination
from profiles.ledger.ledger import Ledger, SecondGameError
from profiles.ledger.records import GameStatus, Profile
from rated_play.session import close_abandoned_games
from tests.builders import open_game


@pytest.fixture
def other_copy(ledger: Ledger) -> Iterator[Ledger]:
    """The same ledger as another copy of the app opens it."""
    other = Ledger.open(ledger.path)
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
