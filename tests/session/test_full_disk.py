"""A full disk in the middle of a rated game: the player is told, the game goes on, and the
ledger keeps the game as the loss it was written as until the real result can be written.

The disk is filled the way SQLite sees a full disk: ``PRAGMA max_page_count`` pinned to the
file's size, so the next page the ledger needs is refused with SQLITE_FULL, exactly as when the
file system has no block left. Filling a real file system would need a mount, which CI lacks.
The other ways a disk refuses a write (an I/O error, a file system gone read-only) are injected
at the ledger's COMMIT, with the codes SQLite gives them (:func:`refused_writes`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger, LedgerWriteError
from profiles.ledger.records import GameStatus, Profile
from rated_play.session import RatedGame, Termination
from tests.builders import (
    WRITE_FAULTS,
    fast_opponent,
    fill_the_disk,
    free_space,
    pin_the_size,
    record_game,
    refused_writes,
)
from tests.scripted_opponent import ScriptedOpponent

ROOT = Path(__file__).parents[2]


async def test_moves_made_while_the_disk_is_full_are_saved_once_there_is_room(
    ledger: Ledger, profile: Profile
) -> None:
    fill_the_disk(ledger, profile)
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), TimeControl.parse("10+5"), seated=ScriptedOpponent()
    )
    try:
        assert not game.is_player_turn, "the filler game took White: the engine moves first"
        with pytest.raises(LedgerWriteError, match="no space left on the disk"):
            await game.opponent_turn()
        assert game.unsaved_moves == 1 and not game.is_over, "the move stands; play goes on"
        assert ledger.moves(game.game_id) == []
        assert ledger.game(game.game_id).status is GameStatus.PENDING

        free_space(ledger)
        await game.play(game.parse_move(game.board.san(next(iter(game.board.legal_moves)))))
        assert game.unsaved_moves == 0
        assert [m.uci for m in ledger.moves(game.game_id)] == [
            move.uci() for move in game.board.move_stack
        ]
    finally:
        await game.close()
    assert ledger.game(game.game_id).status is GameStatus.ABANDONED


async def test_a_result_the_full_disk_refused_is_written_when_the_game_is_left(
    ledger: Ledger, profile: Profile
) -> None:
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), TimeControl.parse("10+5"), seated=ScriptedOpponent()
    )
    await game.play(game.parse_move("e4"))
    await game.opponent_turn()
    # Profiles and void games fill the last pages: the result's PGN then needs a page the disk
    # does not have.
    pin_the_size(ledger)
    with pytest.raises(LedgerWriteError, match="no space left"):
        for number in range(10_000):
            record_game(ledger, ledger.create_profile(f"Filler {number}"), None, opponent="filler")
    with pytest.raises(LedgerWriteError, match="no space left on the disk"):
        game.resign()
    assert game.is_over and game.report is None
    record = ledger.game(game.game_id)
    assert record.status is GameStatus.PENDING, "still in the ledger, as the loss it stands as"
    assert record.player_score == 0.0

    free_space(ledger)
    await game.close()
    record = ledger.game(game.game_id)
    assert record.status is GameStatus.FINISHED
    assert record.termination == Termination.RESIGNATION.value
    assert "1. e4" in record.pgn


@pytest.mark.parametrize("fault", WRITE_FAULTS)
async def test_a_game_ended_while_the_ledger_refuses_writes_is_written_whole_once_it_takes_them(
    ledger: Ledger, profile: Profile, fault: str
) -> None:
    game = await RatedGame.start(
        ledger, profile, fast_opponent(), TimeControl.parse("10+5"), seated=ScriptedOpponent()
    )
    try:
        await game.play(game.parse_move("e4"))
        await game.opponent_turn()
        with refused_writes(ledger, fault):
            # Every refusal is said the same way, and the game goes on: a full disk's way.
            with pytest.raises(LedgerWriteError, match="keeps every game"):
                await game.play(game.parse_move("Nf3"))
            assert not game.is_over and game.unsaved_moves == 1
            with pytest.raises(LedgerWriteError):
                game.resign()
            assert game.is_over and game.report is None
            with pytest.raises(LedgerWriteError):
                game.catch_up()
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.PENDING, "nothing reads as finished yet"
        assert len(ledger.moves(game.game_id)) == 2

        assert game.catch_up()
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert record.termination == Termination.RESIGNATION.value
        assert "2. Nf3" in record.pgn
        assert [m.uci for m in ledger.moves(game.game_id)] == [
            m.uci() for m in game.board.move_stack
        ], "the result came with every move its PGN holds"
    finally:
        await game.close()


# -- a disk with no block left, for real --------------------------------------------------------
#
# Reading needs no new page, so max_page_count cannot stand for the disk there: the files SQLite
# makes beside the ledger need blocks of the file system itself. A tmpfs of a few pages, filled
# to its last block, is that file system; it is mounted in a mount namespace of the test's own
# (util-linux's unshare), so nothing outside the test sees it.

FULL_DISK = textwrap.dedent(
    """
    import contextlib, io, json, os, shutil, subprocess, sys
    from pathlib import Path

    mount, healthy = Path(sys.argv[1]), Path(sys.argv[2])
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], check=True)
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger, LedgerError
    from rated_play.cli import main

    clean, crashed = mount / "clean", mount / "crashed"
    for directory in (clean, crashed):
        directory.mkdir()
        shutil.copyfile(healthy, directory / "ledger.sqlite3")
    # A writer died and its index went with it: a reader must make the index again.
    (crashed / "ledger.sqlite3-wal").touch()
    with open(mount / "filler", "wb", buffering=0) as filler, contextlib.suppress(OSError):
        while True:
            filler.write(bytes(4096))

    def listing(directory):
        return sorted(
            (p.name, p.stat().st_size, p.stat().st_mtime_ns)
            for p in directory.iterdir() if p.is_file()
        )

    report = {}
    for directory in (clean, crashed):
        before = listing(directory)
        for argv in (["profile", "Judit"], ["games", "Judit"], ["leaderboard"]):
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = main([*argv, "--data-dir", str(directory)])
            report[f"{directory.name} {argv[0]}"] = [status, err.getvalue()]
        if directory is clean:
            report["clean unchanged"] = listing(directory) == before
    try:
        Ledger.open(DataDirectory(mount / "new" / "data"))
        report["new"] = "opened"
    except LedgerError as error:
        report["new"] = str(error)
    report["new left"] = (mount / "new").exists()
    print(json.dumps(report))
    """
)


def test_a_full_disk_is_said_as_such_and_leaves_nothing_behind(tmp_path: Path) -> None:
    healthy = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(healthy))
    record_game(ledger, ledger.create_profile("Judit"), 1.0, moves=("e4",))
    ledger.close()
    mount = tmp_path / "disk"
    mount.mkdir()
    namespace = ["unshare", "--user", "--map-root-user", "--mount"]
    child = subprocess.run(
        [*namespace, sys.executable, "-c", FULL_DISK, str(mount), str(healthy)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    report = json.loads(child.stdout)
    for command in ("profile", "games", "leaderboard"):
        status, err = report[f"clean {command}"]
        assert status == 0, err  # reading a closed ledger needs no new block
        status, err = report[f"crashed {command}"]
        assert status != 0 and "no space left on the disk" in err, err
    assert report["clean unchanged"], "a reader left files beside the ledger"
    assert "no space left on the disk" in report["new"]
    assert "keeps every game" not in report["new"], "there was no ledger to keep games"
    assert report["new left"] is False, "the directory made for the ledger was left behind"
