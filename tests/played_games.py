"""A ledger of real finished games, played once per test session, for the screens and commands
that look back at games (the list, the viewer, the rating history).

The player is Stockfish at depth 1 (the suite's fast "human"); the opponents are real
Stockfish on node budgets, rated as the pool would rate them. No clock: 22 games, the 21st
abandoned after a few moves (a loss by abandonment, as the ledger scores it), so the class is
rated from its 20th game on; blitz: 2 games, still provisional.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from engines.opponents.opponent import Opponent
from profiles.data_directory import DataDirectory
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.session import RatedGame
from tests.builders import fast_opponent, human_engine, human_move, play_out

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


async def play_games(path: Path) -> None:
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    try:
        async with human_engine() as human:
            profile = ledger.create_profile(PLAYER)
            plan = [TimeControl.no_clock()] * UNTIMED_GAMES
            plan += [TimeControl.parse("5+3")] * BLITZ_GAMES
            for number, time_control in enumerate(plan, start=1):
                opponent = OPPONENTS[number % len(OPPONENTS)]
                game = await RatedGame.start(ledger, profile, opponent, time_control)
                if number == ABANDONED_GAME:
                    for _ in range(3):
                        if game.is_player_turn:
                            await game.play(await human_move(human, game.board))
                        else:
                            await game.engine_move()
                else:
                    await play_out(game, human)
                await game.close()  # a game still on is abandoned here, as the rules say
    finally:
        ledger.close()


def played_ledger(directory: Path) -> Path:
    path = directory / "ledger.sqlite3"
    asyncio.run(play_games(path))
    return path
