"""The result first: every ending is in the ledger before anything decorates it. A process
killed (SIGKILL) the moment decoration begins (the rating after the game, the opening's name,
the PGN) leaves the game as it ended, not as the pending loss it was written as; on today's
code the opponent's resignation, an agreed draw and a claim each stood as the player's loss.

The game runs in a child process against a scripted opponent (the promise is the session's),
which kills itself where decoration begins."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import chess.pgn
import pytest

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Termination
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.cli import main

CHILD = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from pathlib import Path
    import rated_play.session.record as record
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from profiles.laws.time_control import TimeControl
    from rated_play.session import RatedGame
    from tests.builders import HOPELESS_LINE, fast_opponent
    from tests.scripted_opponent import ScriptedOpponent

    def killed(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    async def main(ending: str) -> None:
        ledger = Ledger.open(DataDirectory.of_ledger(Path(sys.argv[1])))
        profile = ledger.create_profile("Judit")
        repeating = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
        seated = {
            "resigns": ScriptedOpponent(HOPELESS_LINE, resigns_at=14),
            "agrees": ScriptedOpponent(accepts_draws=True),
            "claim": ScriptedOpponent(repeating),
        }[ending]
        game = await RatedGame.start(
            ledger, profile, fast_opponent(), TimeControl.parse("15+10"), seated=seated
        )
        record.closing = killed  # where decoration begins, the process dies
        if ending == "agrees":
            await game.play(game.parse_move("e4"))
            await game.opponent_turn()
            await game.offer_draw()
        elif ending == "claim":
            for white in repeating[::2]:
                await game.play(game.parse_move(white))
                await game.opponent_turn()
            await game.claim_draw()
        else:
            for white in HOPELESS_LINE[::2]:
                await game.play(game.parse_move(white))
                if await game.opponent_turn() is None:
                    break
        print("NOT KILLED", game.outcome, flush=True)

    asyncio.run(main(sys.argv[2]))
    """
)


@pytest.mark.parametrize(
    ("ending", "termination", "score"),
    [
        ("resigns", Termination.RESIGNATION, 1.0),
        ("agrees", Termination.DRAW_AGREED, 0.5),
        ("claim", Termination.THREEFOLD_REPETITION, 0.5),
    ],
)
def test_a_kill_as_the_result_is_decorated_leaves_the_result(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    ending: str,
    termination: Termination,
    score: float,
) -> None:
    ledger_path = tmp_path / "data" / "ledger.sqlite3"
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(ledger_path), ending],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
        timeout=120,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, (child.stdout, child.stderr)
    ledger = Ledger.open(DataDirectory.of_ledger(ledger_path))
    try:
        (game,) = ledger.games()
        assert (game.status, game.termination, game.player_score) == (
            GameStatus.FINISHED,
            termination.value,
            score,
        )
    finally:
        ledger.close()
    # Its PGN, never written, is made from its moves and its ending when it is read.
    assert main(["export", "Judit", "--data-dir", str(tmp_path / "data")]) == 0
    exported = chess.pgn.read_game(io.StringIO(capsys.readouterr().out))
    assert exported is not None
    assert exported.headers["Result"] == game.result
    assert len(list(exported.mainline_moves())) == len(ledger_moves(ledger_path, game.id))


def ledger_moves(ledger_path: Path, game_id: int) -> list[object]:
    ledger = Ledger.open(DataDirectory.of_ledger(ledger_path))
    try:
        return list(ledger.moves(game_id))
    finally:
        ledger.close()
