"""Makes ``ledger-v1.sqlite3`` and ``ledger-v1.json`` with the code of the first schema.

Run from a checkout of commit 42f0499 (the last one whose ledger is version 1), with this
file's directory as the output::

    git worktree add /tmp/v1 42f0499
    PYTHONPATH=/tmp/v1 PATH=/usr/games:$PATH python tests/data/make_ledger_v1.py tests/data

Real games, played by that code's own rated-game session against Stockfish at depth 1, with a
second Stockfish at depth 1 as the player: a game played to its end or resigned, a timed game
resigned, and a game left pending by a process that stopped (read as a loss by abandonment).
The JSON is what that code read back: the upgrade test checks that today's code reads the same.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from pathlib import Path

import chess
import chess.engine

from engines.opponents.opponent import Opponent, SearchLimit
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from rated_play.session import RatedGame

OPPONENT = Opponent(
    name="stockfish-depth-1",
    title="Stockfish at depth 1",
    command="stockfish",
    rating=1350.0,
    options={"Threads": 1, "Hash": 16},
    search=SearchLimit(depth=1),
)


async def play(game: RatedGame, human: chess.engine.UciProtocol, moves: int) -> None:
    """Up to ``moves`` moves of the player, the engine answering each."""
    for _ in range(moves):
        if game.is_over:
            return
        if not game.is_player_turn:
            await game.engine_move()
            continue
        result = await human.play(game.board, chess.engine.Limit(depth=1))
        assert result.move is not None
        await game.play(result.move)
        if not game.is_over:
            await game.engine_move()


async def main(out: Path) -> None:
    path = out / "ledger-v1.sqlite3"
    path.unlink(missing_ok=True)
    ledger = Ledger.open(path)
    judit = ledger.create_profile("Judit")
    hou = ledger.create_profile("Hou Yifán")
    _, human = await chess.engine.popen_uci("stockfish")
    try:
        game = await RatedGame.start(ledger, judit, OPPONENT, TimeControl.no_clock())
        await play(game, human, 60)
        if not game.is_over:
            game.resign()
        await game.close()

        game = await RatedGame.start(ledger, judit, OPPONENT, TimeControl.parse("5+3"))
        await play(game, human, 6)
        game.resign()
        await game.close()

        # A process that stops mid-game: the engine goes, the game stays pending.
        game = await RatedGame.start(ledger, hou, OPPONENT, TimeControl.parse("15+10"))
        await play(game, human, 4)
        await game._engine.close()
    finally:
        await human.quit()
    ledger.close()

    reader = Ledger.open(path, readonly=True)
    games = [
        {
            **{k: str(v) for k, v in dataclasses.asdict(record).items()},
            "moves": [dataclasses.astuple(m) for m in reader.moves(record.id)],
        }
        for record in reader.games()
    ]
    profiles = [
        dataclasses.asdict(p) | {"created_at": str(p.created_at)} for p in reader.profiles()
    ]
    reader.close()
    (out / "ledger-v1.json").write_text(
        json.dumps({"profiles": profiles, "games": games}, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
