"""The shipped calibration games drawn at a threefold repetition or fifty moves that had
happened, whoever it suited, as every calibration game was before sides judged their claims:
how many had the side to move, the only one the Laws let claim there (articles 9.2 and 9.3),
more than a pawn up to the judge (``engines.opponents.draw_claim.BETTER_CP``), a side that now
plays on instead. The judge looks as at an opponent's turn (``TURN_LIMIT``).

Run: nice .venv/bin/python benchmarks/claims_shipped.py
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import asyncio
import gzip
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from engines.calibration.stored import SHIPPED_GAMES
from engines.launch import close_engine, open_engine
from engines.opponents.draw_claim import BETTER_CP
from engines.opponents.judge import JUDGE, TURN_LIMIT
from profiles.accuracy import MATE_SCORE
from profiles.laws.endings import board_ending, claimable_draw


async def claimed_views() -> tuple[int, dict[str, list[int]]]:
    """The games read, and for each kind of claim the judge's view (the side to move's
    centipawns) of every game's last position where a side could claim it."""
    judge = await open_engine(JUDGE)
    views: dict[str, list[int]] = defaultdict(list)
    games = 0
    try:
        with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as stream:
            while (game := chess.pgn.read_game(stream)) is not None:
                games += 1
                # A game the conduct ended (a resignation, an agreed draw) says so.
                if game.headers.get("Result") != "1/2-1/2" or "EndReason" in game.headers:
                    continue
                board = game.end().board()
                claim = claimable_draw(board)
                if claim is None or board_ending(board) is not None:
                    continue
                info = await judge.analyse(board, TURN_LIMIT, game=object())
                score = info["score"].pov(board.turn).score(mate_score=MATE_SCORE)
                assert score is not None
                views[claim.value].append(score)
    finally:
        await close_engine(judge)
    return games, views


def main() -> None:
    games, views = asyncio.run(claimed_views())
    print(f"{games} shipped games; drawn where a claim could be made, by the side to move:")
    for kind, scores in sorted(views.items()):
        better = sum(score > BETTER_CP for score in scores)
        print(
            f"  {kind:32} {len(scores):5} games, {better:4} with the side to move more than "
            f"{BETTER_CP} cp up (median {statistics.median(scores):+.0f} cp)"
        )


if __name__ == "__main__":
    main()
