"""How people end the games they lose: of decisive games, the share resigned, mated and lost on
time, by the loser's rating band; the evaluation at which they resigned; and how many moves
they played on once the game was lost beyond doubt. The figures an opponent that resigns like a
person is set from.

- Endings: lichess's ``Termination`` tag and the last position (``people_games.decisive``),
  each share with its 95% interval (Wilson), by the loser's band.
- The evaluation at resignation: Stockfish at full strength (``--depth``, default 12) on the
  last position of each resigned game, from the resigner's view: the median and quartiles in
  centipawns (a mate counted as the ±1000 ceiling, as lichess caps it) and in winning chances
  (-1..+1, ``profiles.accuracy.winning_chances``, lila's WinPercent.scala).
- Playing on: walking back from the end of a resigned or mated game, the last stretch in which
  every position was lost beyond doubt for the loser (``--lost-cp``, default 500: a rook and
  more down, winning chances -0.73 and worse), and the loser's moves in it. A stretch longer
  than ``--walk`` plies is counted at that length (a floor).

Evaluations cost a search per position, so at most ``--evaluated`` games a band are evaluated
(chosen at random with ``--seed``); the endings count every game.

Run: nice .venv/bin/python benchmarks/resignation_people.py --games A.pgn [B.pgn ...]
     [--skip-player NAME ...] [--depth 12] [--evaluated 120] [--lost-cp 500]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

import chess
import chess.engine
from people_games import (
    BANDS,
    Decisive,
    Ending,
    band_name,
    band_of,
    decisive,
    people_arguments,
    player,
    rating,
    read_games,
    share_text,
)

from engines.launch import close_engine, open_engine
from engines.opponents.judge import JUDGE
from profiles.accuracy import CEILING, MATE_SCORE, winning_chances

Band = tuple[int, int]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    people_arguments(parser, "losses")
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--evaluated", type=int, default=120, help="games evaluated a band")
    parser.add_argument("--lost-cp", type=int, default=500)
    parser.add_argument(
        "--walk", type=int, default=60, help="plies walked back at most (0: no walk)"
    )
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    skipped = set(arguments.skip_player)
    losses: dict[Band, list[Decisive]] = defaultdict(list)
    for game in read_games(arguments.games):
        ended = decisive(game)
        if ended is None or player(game, ended.loser) in skipped:
            continue
        loser_rating = rating(game, ended.loser)
        if loser_rating is not None:
            losses[band_of(loser_rating)].append(ended)
    endings(losses)
    asyncio.run(
        evaluations(
            losses,
            depth=arguments.depth,
            evaluated=arguments.evaluated,
            lost_cp=arguments.lost_cp,
            walk=arguments.walk,
            rng=random.Random(arguments.seed),
        )
    )


def endings(losses: dict[Band, list[Decisive]]) -> None:
    print("decisive games by the loser's rating band: how they ended, 95% intervals (Wilson)")
    print(f"{'band':10}{'games':>6}  {'resigned':14}{'mated':14}{'on time':14}{'other':>5}")
    for band in BANDS:
        games = losses.get(band, [])
        counted = [game for game in games if game.ending != Ending.OTHER]
        cells = "".join(
            f"{share_text(sum(g.ending == ending for g in counted), len(counted)):14}"
            for ending in (Ending.RESIGNATION, Ending.MATE, Ending.TIME)
        )
        other = len(games) - len(counted)
        print(f"{band_name(band):10}{len(counted):>6}  {cells}{other:>5}")
    print("other (abandoned, rules infraction) is left out of the shares")


async def evaluations(
    losses: dict[Band, list[Decisive]],
    *,
    depth: int,
    evaluated: int,
    lost_cp: int,
    walk: int,
    rng: random.Random,
) -> None:
    engine = await open_engine(JUDGE)
    limit = chess.engine.Limit(depth=depth)
    at_resignation: dict[Band, list[int]] = defaultdict(list)
    played_on: dict[tuple[Band, Ending], list[int]] = defaultdict(list)
    started, searches = time.perf_counter(), 0
    try:
        for band in BANDS:
            for ending in (Ending.RESIGNATION, Ending.MATE):
                games = [game for game in losses.get(band, []) if game.ending == ending]
                for game in rng.sample(games, min(evaluated, len(games))):
                    evals = await _walk_back(engine, game, limit, lost_cp, walk)
                    searches += len(evals)
                    if ending == Ending.RESIGNATION:
                        at_resignation[band].append(evals[0])
                    played_on[band, ending].append(_moves_played_on(game, evals, lost_cp))
                print(f"{band_name(band)} {ending}: {searches} positions", file=sys.stderr)
    finally:
        await close_engine(engine)
    elapsed = time.perf_counter() - started
    print(f"\nthe evaluation at resignation, the resigner's view (Stockfish, depth {depth})")
    print(f"{'band':10}{'games':>6}  {'median cp':>10}  {'quartiles cp':>14}  {'chances':>8}")
    for band in BANDS:
        evals = at_resignation.get(band, [])
        if not evals:
            print(f"{band_name(band):10}{0:>6}")
            continue
        capped = sorted(max(-CEILING, min(CEILING, value)) for value in evals)
        low, _, high = statistics.quantiles(capped, n=4) if len(capped) > 1 else (capped * 3)
        chances = statistics.median(winning_chances(value) for value in capped)
        quartiles = f"{low:.0f} / {high:.0f}"
        print(
            f"{band_name(band):10}{len(evals):>6}  {statistics.median(capped):>10.0f}  "
            f"{quartiles:>14}  {chances:>+8.2f}"
        )
    if walk == 0:
        print(f"{searches} positions evaluated (a mate needs no search) in {elapsed:.0f} s")
        return
    print(
        f"\nmoves the loser played on once lost beyond doubt (every position to the end at "
        f"-{lost_cp} cp or worse for the loser): median [quartiles]"
    )
    print(f"{'band':10}{'resigned':>20}{'mated':>20}")
    for band in BANDS:
        cells = "".join(
            f"{_median_text(played_on.get((band, ending), [])):>20}"
            for ending in (Ending.RESIGNATION, Ending.MATE)
        )
        print(f"{band_name(band):10}{cells}")
    print(f"{searches} positions evaluated (a mate needs no search) in {elapsed:.0f} s")


async def _walk_back(
    engine: chess.engine.Protocol,
    game: Decisive,
    limit: chess.engine.Limit,
    lost_cp: int,
    walk: int,
) -> list[int]:
    """The loser's evaluation of the last position, then of each one before it, until one
    is better than ``-lost_cp`` (included) or ``walk`` plies have been searched."""
    board = game.board.copy()
    evals: list[int] = []
    while True:
        value = await _loser_eval(engine, board, game.loser, limit)
        evals.append(value)
        if value > -lost_cp or len(evals) > walk or not board.move_stack:
            return evals
        board.pop()


async def _loser_eval(
    engine: chess.engine.Protocol, board: chess.Board, loser: chess.Color, limit: chess.engine.Limit
) -> int:
    if board.is_checkmate():
        return -MATE_SCORE if board.turn == loser else MATE_SCORE
    info = await engine.analyse(board, limit)
    return info["score"].pov(loser).score(mate_score=MATE_SCORE)


def _moves_played_on(game: Decisive, evals: Sequence[int], lost_cp: int) -> int:
    """The loser's moves made from the first position of the final lost stretch to the end.

    ``evals`` runs back from the last position; its lost prefix is the stretch. A stretch of
    ``s`` positions spans the last ``s - 1`` plies, of which the loser made those played from
    a position where the loser was to move."""
    stretch = next((i for i, value in enumerate(evals) if value > -lost_cp), len(evals))
    if stretch == 0:
        return 0
    board = game.board
    plies = len(board.move_stack)
    first = plies - (stretch - 1)
    # Ply k (0-based) is played by White when the game started with White to move and k is even.
    return sum(1 for k in range(first, plies) if (k % 2 == 0) == (game.loser == chess.WHITE))


def _median_text(values: list[int]) -> str:
    if not values:
        return "—"
    if len(values) == 1:
        return f"{values[0]} (n=1)"
    low, median, high = statistics.quantiles(values, n=4)
    return f"{median:.0f} [{low:.0f}–{high:.0f}] n={len(values)}"


if __name__ == "__main__":
    main()
