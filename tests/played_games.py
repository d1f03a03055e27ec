"""A ledger of finished games, played once per test session, for the screens and commands that
look back at games (the list, the viewer, the rating history).

Real rated games, through the session, against scripted opponents (the promise here is what
the screens show of the ledger, not how an engine plays), rated as the pool would rate them.
The player wins most by mate, resigns every fifth game, and agrees a draw every seventh. No
clock: 22 games, the 21st abandoned after a few moves (a loss by abandonment, as the ledger
scores it), so the class is rated from its 20th game on; blitz: 2 games, still provisional.
"""

from __future__ import annotations

import asyncio
import fcntl
import tempfile
from pathlib import Path

from engines.opponents.opponent import Opponent
from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.session import RatedGame
from tests.builders import fast_opponent, play_out
from tests.scripted_opponent import ScriptedOpponent, greedy_move

PLAYER = "Magnus"
OPPONENTS: tuple[Opponent, ...] = (
    fast_opponent(50, 700.0),
    fast_opponent(400, 1100.0),
    fast_opponent(20000),
)
UNTIMED_GAMES = 22
ABANDONED_GAME = 21
"""The number of the no-clock game the player leaves."""
BLITZ_GAMES = 2
RESIGNED_EVERY = 5
"""Every fifth game the player resigns after a few moves: a loss."""
DRAWN_EVERY = 7
"""Every seventh game the player offers a draw after a few moves, and the opponent agrees."""


async def play_some(game: RatedGame, plies: int) -> None:
    """``plies`` moves of the game, both sides', or fewer if it ends first."""
    for _ in range(plies):
        if game.is_over:
            return
        if game.is_player_turn:
            await game.play(greedy_move(game.board))
        else:
            await game.opponent_turn()


async def play_games(path: Path) -> None:
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        profile = ledger.create_profile(PLAYER)
        plan = [TimeControl.no_clock()] * UNTIMED_GAMES
        plan += [TimeControl.parse("5+3")] * BLITZ_GAMES
        for number, time_control in enumerate(plan, start=1):
            opponent = OPPONENTS[number % len(OPPONENTS)]
            seated = ScriptedOpponent(accepts_draws=True)
            game = await RatedGame.start(ledger, profile, opponent, time_control, seated=seated)
            if number == ABANDONED_GAME:
                await play_some(game, 3)
            elif number % RESIGNED_EVERY == 0:
                await play_some(game, 12)
                game.resign()
            elif number % DRAWN_EVERY == 0:
                await play_some(game, 12)
                if not game.is_player_turn:
                    await game.opponent_turn()
                assert await game.offer_draw()
            else:
                await play_out(game)
            await game.close()  # a game still on is abandoned here, as the rules say
    finally:
        ledger.close()


def played_ledger(directory: Path) -> Path:
    """The ledger file in ``directory``, played there by the first process of the test run to
    ask (the others wait for it, then read the same file): each worker of ``pytest -n``
    playing its own would play the same games again, seconds each time."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "ledger.sqlite3"
    with (directory / "playing.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            # Played aside and moved in whole, so a run stopped mid-game leaves no half ledger.
            aside = Path(tempfile.mkdtemp(dir=directory)) / path.name
            asyncio.run(play_games(aside))
            aside.replace(path)
    return path
