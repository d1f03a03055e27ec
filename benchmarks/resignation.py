"""Our resignations on our own games, beside people's: on a sample of the shipped calibration
games played before opponents resigned, each side's conduct is replayed move by move as a game
plays it (``engines.calibration.conduct_replay.conduct_ending``: its disposition drawn at the
start, the hazard on each lost turn). By the loser's rating band, with 95% intervals:

- the share of the lost games the loser resigns rather than plays to mate (people's from the
  walks ``benchmarks/resignation_walks.py`` wrote, when ``--walks`` is given);
- the evaluation at resignation, the median (the judge at its turn limit, the resigner's view,
  capped at lichess's ±1000; people's the same way, from the walks);
- how often a resignation comes in a position the full-strength judge (depth
  ``--depth``, default 18) does not see lost (better than :data:`resignation.LOST_CHANCES`),
  and how often in a game the resigner did not lose as played;
- the draws the conduct agreed, and in how many decided games.

It prints figures; it asserts nothing. It costs a judge search on the turns the replay judges:
keep the sample modest, and run it under nice.

Run: nice .venv/bin/python benchmarks/resignation.py [--games N] [--seed N] [--walks FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import io
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.people_games import BANDS, band_name, band_of, share_text
from benchmarks.resignation_hazard import capped, median_interval
from engines.calibration.conduct_replay import conduct_ending, judge_view, to_replay
from engines.calibration.stored import SHIPPED_GAMES
from engines.launch import close_engine, open_engine
from engines.opponents import resignation
from engines.opponents.doubling import winning_chances
from engines.opponents.judge import JUDGE, TURN_LIMIT
from engines.opponents.pool import shipped_calibration
from profiles.accuracy import MATE_SCORE
from profiles.laws.endings import WHITE_SCORE, Termination

Band = tuple[int, int]


@dataclass(frozen=True)
class Replayed:
    loser_band: Band | None
    """The band of the side that lost the game as played; None for a draw."""
    decided: bool
    resigned_by_loser: bool = False
    resigned_by_other: bool = False
    """The side that resigned did not lose the game as played (a draw, or it won)."""
    agreed: bool = False
    centipawns: int | None = None
    """The resigner's view at its resignation, the judge at its turn limit."""
    full_strength_lost: bool = True
    """The full-strength judge sees the resigner lost there too."""


def sample_games(count: int, seed: int) -> list[chess.pgn.Game]:
    """``count`` games drawn from the shipped file among those played without the conduct."""
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as stream:
        texts = stream.read().split("\n\n[Event ")
    candidates = [i for i, text in enumerate(texts) if "EndReason" not in text]
    chosen = random.Random(seed).sample(candidates, min(count, len(candidates)))
    games = []
    for index in chosen:
        text = texts[index] if index == 0 else "[Event " + texts[index]
        game = chess.pgn.read_game(io.StringIO(text))
        if game is not None and to_replay(game, frozenset()):
            games.append(game)
    return games


async def replay(
    game: chess.pgn.Game,
    ratings: dict[str, float],
    judge: chess.engine.Protocol,
    rng: random.Random,
    full: chess.engine.Limit,
) -> Replayed:
    white_score = WHITE_SCORE[game.headers["Result"]]
    names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
    loser = None if white_score == 0.5 else chess.WHITE if white_score == 0.0 else chess.BLACK
    band = None if loser is None else band_of(round(ratings[names[loser]]))
    ended = await conduct_ending(game, ratings, judge, rng)
    if ended is None:
        return Replayed(band, loser is not None)
    if ended.ending.termination is Termination.DRAW_AGREED:
        return Replayed(band, loser is not None, agreed=True)
    board = game.board()
    for move in list(game.mainline_moves())[: ended.plies]:
        board.push(move)
    resigner = board.turn
    seen = (await judge_view(judge, board, TURN_LIMIT)).pov(resigner)
    deep = (await judge_view(judge, board, full)).pov(resigner)
    centipawns = seen.score(mate_score=MATE_SCORE)
    return Replayed(
        band,
        loser is not None,
        resigned_by_loser=resigner == loser,
        resigned_by_other=resigner != loser,
        centipawns=centipawns,
        full_strength_lost=winning_chances(deep) <= resignation.LOST_CHANCES,
    )


def people(walks: Path) -> dict[Band, tuple[int, int, list[float]]]:
    """From the walks, by band: people's resigned and mated games, and their evaluations at
    resignation (the judge at its turn limit; every walked game, held out or not)."""
    found: dict[Band, tuple[int, int, list[float]]] = defaultdict(lambda: (0, 0, []))
    for line in walks.read_text(encoding="utf-8").splitlines():
        walk = json.loads(line)
        band = tuple(walk["band"])
        resigned, mated, cps = found[band]  # type: ignore[index]
        if walk["ending"] == "resignation":
            resigned += 1
            cps.append(capped(walk["final_centipawns"]))
        elif walk["ending"] == "mate":
            mated += 1
        found[band] = (resigned, mated, cps)  # type: ignore[index]
    return found


def median_text(values: list[float]) -> str:
    if not values:
        return "—"
    low, high = median_interval(values)
    return f"{statistics.median(values):.0f} [{low:.0f}, {high:.0f}] n={len(values)}"


def report(replayed: list[Replayed], walks: Path | None, elapsed: float) -> None:
    resignations = [r for r in replayed if r.centipawns is not None]
    print(f"games {len(replayed)} ({elapsed / 60:.1f} min)")
    other = sum(r.resigned_by_other for r in replayed)
    not_lost = sum(not r.full_strength_lost for r in resignations)
    print(
        f"resignations {len(resignations)}; in a game the resigner did not lose as played: "
        f"{share_text(other, len(resignations))}; where the full-strength judge does not see "
        f"it lost: {share_text(not_lost, len(resignations))}"
    )
    agreed = [r for r in replayed if r.agreed]
    print(
        f"draws agreed {len(agreed)}; in a game that was decided: {sum(r.decided for r in agreed)}"
    )
    theirs = people(walks) if walks is not None else {}
    print(
        "\nby the loser's band: resigned rather than played to mate; the evaluation at resignation"
    )
    print(
        f"{'band':10}{'lost':>5}{'resigned':>9}  {'ours':>14}  {'people':>14}   "
        f"{'ours cp':>26}  {'people cp':>26}"
    )
    for band in BANDS:
        lost = [r for r in replayed if r.loser_band == band and not r.agreed]
        resigned = sum(r.resigned_by_loser for r in lost)
        ours_cp = [
            capped(r.centipawns) for r in lost if r.resigned_by_loser and r.centipawns is not None
        ]
        people_resigned, people_mated, people_cp = theirs.get(band, (0, 0, []))
        print(
            f"{band_name(band):10}{len(lost):>5}{resigned:>9}  "
            f"{share_text(resigned, len(lost)):>14}  "
            f"{share_text(people_resigned, people_resigned + people_mated):>14}   "
            f"{median_text(ours_cp):>26}  {median_text(people_cp):>26}",
            flush=True,
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=18, help="the full-strength judge's depth")
    parser.add_argument("--walks", type=Path, help="people's walks, for their figures")
    parser.add_argument("--every", type=int, default=50, help="the figures so far every N games")
    args = parser.parse_args()
    calibration = shipped_calibration()
    assert calibration is not None, "no shipped calibration"
    ratings = {name: measured.rating for name, measured in calibration.ratings.items()}
    games = sample_games(args.games, args.seed)
    rng = random.Random(args.seed)
    full = chess.engine.Limit(depth=args.depth)
    judge = await open_engine(JUDGE)
    replayed: list[Replayed] = []
    started = time.monotonic()
    try:
        for number, game in enumerate(games, start=1):
            if not {game.headers["White"], game.headers["Black"]} <= ratings.keys():
                continue  # an entry no longer calibrated
            replayed.append(await replay(game, ratings, judge, rng, full))
            if number % args.every == 0:  # the figures so far: a long run can be cut short
                report(replayed, args.walks, time.monotonic() - started)
    finally:
        await close_engine(judge)
    report(replayed, args.walks, time.monotonic() - started)


if __name__ == "__main__":
    asyncio.run(main())
