"""Leaving a rated game by killing the process: the game stands as a loss, recorded once."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import chess.pgn

from profiles.ledger import GameStatus, Ledger
from rated_play.session import Termination, close_abandoned_games

# A real rated game in a child process: White plays 1. e4, the engine answers, and the child
# waits at the board, as a player thinking about their second move.
CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from profiles.ledger import Ledger
    from profiles.time_control import TimeControl
    from rated_play.session import RatedGame
    from tests.conftest import fast_opponent

    async def main() -> None:
        ledger = Ledger.open(Path(sys.argv[1]))
        profile = ledger.create_profile("Judit")
        game = await RatedGame.start(ledger, profile, fast_opponent(), TimeControl.parse("10+5"))
        await game.play(game.parse_move("e4"))
        await game.engine_move()
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
        ledger = Ledger.open(path)
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
    from profiles.ledger import Ledger
    from rated_play.session import close_abandoned_games

    print(len(close_abandoned_games(Ledger.open(Path(sys.argv[1])))))
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
    ledger = Ledger.open(path)
    [game] = ledger.games()
    assert game.status is GameStatus.ABANDONED
    assert close_abandoned_games(ledger) == []
    ledger.close()
