"""Leaving a rated game by killing the process: the game stands as a loss, recorded once."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import chess.pgn
import pytest

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.cli import main
from rated_play.session import Termination, close_abandoned_games

# A rated game in a child process: White plays 1. e4, the opponent (scripted, in the child's
# own process: the promise here is the game's, not the engine's) answers, and the child waits
# at the board, as a player thinking about their second move.
CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from profiles.laws.time_control import TimeControl
    from rated_play.session import RatedGame
    from tests.builders import fast_opponent
    from tests.scripted_opponent import ScriptedOpponent

    async def main() -> None:
        ledger = Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1])))
        profile = ledger.create_profile("Judit")
        game = await RatedGame.start(
            ledger, profile, fast_opponent(), TimeControl.parse("10+5"), seated=ScriptedOpponent()
        )
        await game.play(game.parse_move("e4"))
        await game.opponent_turn()
        print("AT THE BOARD", flush=True)
        await asyncio.sleep(600)

    asyncio.run(main())
    """
)


def start_child(ledger_path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(ledger_path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "AT THE BOARD"
    return child


def test_a_game_killed_mid_play_is_a_loss_at_the_next_start(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = start_child(path)
    try:
        ledger = Ledger.open(DataDirectory.of_ledger(path))
        # While the child plays on, another copy of the app must leave its game alone.
        assert close_abandoned_games(ledger) == []
        assert ledger.games()[0].status is GameStatus.PENDING
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()

    reports = close_abandoned_games(ledger)
    assert len(reports) == 1
    assert reports[0].outcome.termination is Termination.ABANDONED
    [game] = ledger.games()
    assert (game.status, game.player_score, game.result) == (GameStatus.ABANDONED, 0.0, "0-1")
    pgn = chess.pgn.read_game(io.StringIO(game.pgn))
    assert pgn is not None
    assert pgn.headers["Termination"] == "abandoned"
    moves = [node.san() for node in pgn.mainline()]
    assert moves[0] == "e4" and len(moves) == 2, "the moves played before the kill are kept"
    assert close_abandoned_games(ledger) == [], "an abandoned game is closed once"
    ledger.close()


CLOSER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from rated_play.session import close_abandoned_games

    print(len(close_abandoned_games(Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1]))))))
    """
)


def test_two_copies_starting_together_close_an_abandoned_game_once(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = start_child(path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    closers = [
        subprocess.Popen(
            [sys.executable, "-c", CLOSER, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).parents[2],
        )
        for _ in range(2)
    ]
    closed = sorted(int(closer.communicate()[0]) for closer in closers)
    assert closed == [0, 1], "exactly one copy closes the game"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    [game] = ledger.games()
    assert game.status is GameStatus.ABANDONED
    assert close_abandoned_games(ledger) == []
    ledger.close()


def test_many_copies_starting_at_once_close_an_abandoned_game_once_and_all_start(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = start_child(path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    closers = [
        subprocess.Popen(
            [sys.executable, "-c", CLOSER, str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).parents[2],
        )
        for _ in range(8)
    ]
    finished = [closer.communicate() for closer in closers]
    assert [closer.returncode for closer in closers] == [0] * 8, [err for _, err in finished]
    assert sorted(int(out) for out, _ in finished) == [0] * 7 + [1]
    archived = sorted(p.name for p in (tmp_path / "archive").rglob("*") if p.is_file())
    assert len(archived) == 1 and archived[0].endswith(".pgn"), "no temporary file is left"


def test_every_reader_sees_a_killed_game_as_a_loss_before_the_app_starts_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ledger.sqlite3"
    child = start_child(path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    before = path.read_bytes()

    assert main(["profile", "Judit", "--json", "--data-dir", str(tmp_path)]) == 0
    card = json.loads(capsys.readouterr().out)
    assert card["classes"]["rapid"]["losses"] == 1
    assert main(["export", "Judit", "--data-dir", str(tmp_path)]) == 0
    exported = chess.pgn.read_game(io.StringIO(capsys.readouterr().out))
    assert exported is not None
    assert exported.headers["Termination"] == "abandoned"
    assert exported.headers["Result"] == "0-1"
    assert next(node.san() for node in exported.mainline()) == "e4"
    assert path.read_bytes() == before, "reading settles nothing in the file"

    ledger = Ledger.open(DataDirectory.of_ledger(path))
    [report] = close_abandoned_games(ledger)
    assert (
        ledger.game(report.game_id).pgn
        == exported.accept(chess.pgn.StringExporter(headers=True, variations=False, comments=True))
        + "\n"
    ), "the reader saw the game exactly as it is then closed"
    ledger.close()
