"""People's lost games walked back from their end, one judge view a turn of the loser: what the
resignation hazard (:mod:`engines.opponents.resignation`) is fitted to and checked on.

From each decisive game of people (resigned, mated or lost on time; the loser rated, and not a
player left out with ``--skip-player``, the owner of an export), the loser's turns from the end
backwards while the judge sees the loser lost (:data:`resignation.LOST_CHANCES` or less), each
with what the hazard reads: the judge's view at its turn limit (the view an opponent's conduct
gets, ``engines.opponents.judge.TURN_LIMIT``), the turns lost so far, the material, the loser's
clock (PGN ``%clk``) and rating. The last position of a resigned game is the turn it was
resigned on. Every fifth game of a file is held out (never fitted). Games are chosen at random,
up to ``--games-a-band`` of each band and side of the split; the walks go to a JSON-lines file
that ``benchmarks/resignation_hazard.py`` reads.

Run: nice .venv/bin/python benchmarks/resignation_walks.py --out walks.jsonl --games A.pgn ...
     [--skip-player NAME ...] [--games-a-band 150] [--walk 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.people_games import BANDS, Ending, band_of, decisive
from engines.launch import close_engine, open_engine
from engines.opponents import resignation
from engines.opponents.judge import JUDGE, TURN_LIMIT
from profiles.accuracy import MATE_SCORE
from profiles.material import material_lead

Band = tuple[int, int]


@dataclass(frozen=True)
class Walked:
    """One loser's turn of a walk: what the hazard reads there."""

    centipawns: int
    """The judge's view, the loser's, mates as ±MATE_SCORE less the moves to it."""
    lost_turns: int
    """The loser's turns in a row seen lost, this one included (a floor at the walk's start)."""
    material: int
    """The loser's material lead in pawns (negative: behind)."""
    seconds: float | None
    """The loser's clock as its last move left it; None without clocks."""


@dataclass(frozen=True)
class Walk:
    source: str
    band: Band
    rating: int
    ending: str
    held_out: bool
    final_centipawns: int | None
    """The judge's view of the last position, the loser's (None: mated on the board)."""
    turns: list[Walked]
    """Forward in time; the last is the resignation's turn in a resigned game."""


def candidates(
    paths: list[Path], skipped: set[str]
) -> dict[tuple[Band, bool], list[tuple[Path, int]]]:
    """Every decisive game of standard chess with a rated loser not skipped, by band and
    held-out side, as (file, offset): found from the headers alone (fast)."""
    found: dict[tuple[Band, bool], list[tuple[Path, int]]] = defaultdict(list)
    for path in paths:
        index = 0
        with path.open(encoding="utf-8", errors="replace") as handle:
            while True:
                offset = handle.tell()
                headers = chess.pgn.read_headers(handle)
                if headers is None:
                    break
                index += 1
                result = headers.get("Result", "*")
                if result not in ("1-0", "0-1") or "FEN" in headers:
                    continue
                if headers.get("Variant", "Standard").lower() not in ("standard", ""):
                    continue
                loser = "White" if result == "0-1" else "Black"
                elo = headers.get(f"{loser}Elo", "?")
                if not elo.isdigit() or int(elo) <= 0 or headers.get(loser, "?") in skipped:
                    continue
                found[band_of(int(elo)), index % 5 == 0].append((path, offset))
    return found


async def walk_game(
    engine: chess.engine.Protocol, game: chess.pgn.Game, source: str, held_out: bool, plies: int
) -> Walk | None:
    ended = decisive(game)
    if ended is None or ended.ending not in (Ending.RESIGNATION, Ending.MATE, Ending.TIME):
        return None
    loser = ended.loser
    rating_text = game.headers["WhiteElo" if loser == chess.WHITE else "BlackElo"]
    nodes = list(game.mainline())
    clocks = [node.clock() for node in nodes]
    board = ended.board.copy()
    total = len(board.move_stack)
    backwards: list[tuple[int, int, float | None]] = []
    final: int | None = None
    for played in range(total, max(-1, total - plies - 1), -1):
        last = played == total
        if board.turn == loser or last:
            if board.is_checkmate():
                pass  # mated: no turn to decide
            else:
                info = await engine.analyse(board, TURN_LIMIT)
                score = info["score"].pov(loser).score(mate_score=MATE_SCORE)
                assert score is not None
                if last:
                    final = score
                if resignation.winning_chances_of(score) > resignation.LOST_CHANCES:
                    break
                # The loser's clock after its own last move: two plies back (one if it moved last).
                own = played - 1 if board.turn != loser else played - 2
                seconds = clocks[own] if own >= 0 else None
                backwards.append((score, material_lead(board, loser), seconds))
        if not board.move_stack:
            break
        board.pop()
    turns = [
        Walked(score, lost, material, seconds)
        for lost, (score, material, seconds) in enumerate(reversed(backwards), start=1)
    ]
    rated = int(rating_text)
    return Walk(source, band_of(rated), rated, ended.ending, held_out, final, turns)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=Path, nargs="+", required=True)
    parser.add_argument("--skip-player", action="append", default=[], metavar="NAME")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--games-a-band", type=int, default=150)
    parser.add_argument("--walk", type=int, default=40, help="plies walked back at most")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    rng = random.Random(arguments.seed)
    found = candidates(arguments.games, set(arguments.skip_player))
    engine = await open_engine(JUDGE)
    try:
        with arguments.out.open("w", encoding="utf-8") as out:
            for held_out in (False, True):
                for band in BANDS:
                    pool = found.get((band, held_out), [])
                    chosen = rng.sample(pool, min(arguments.games_a_band, len(pool)))
                    for path, offset in chosen:
                        with path.open(encoding="utf-8", errors="replace") as handle:
                            handle.seek(offset)
                            game = chess.pgn.read_game(handle)
                        if game is None or game.errors:
                            continue
                        walked = await walk_game(engine, game, path.name, held_out, arguments.walk)
                        if walked is not None:
                            print(json.dumps(asdict(walked)), file=out, flush=True)
                    done = f"{band} held out {held_out}: {len(chosen)} of {len(pool)}"
                    print(done, file=sys.stderr)
    finally:
        await close_engine(engine)


if __name__ == "__main__":
    asyncio.run(main())
