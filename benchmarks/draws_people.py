"""How games are drawn, people's beside ours: of all games, by the rating band of the players'
mean rating, the share drawn by repetition, by agreement, by stalemate, by the fifty-move
rule, for want of mating material, and on a flag against a side that could not mate, with 95%
intervals (Wilson).

People's from PGN files of their games (``--games``, as the other people's benchmarks read
them; ``--skip-player`` leaves an export's owner's games out). A lichess export says only
"Normal" for a draw, so its kind is read from the last position: a stalemate, no mating
material, a position there three times, fifty moves without a capture or a pawn move, and
otherwise an agreement (lila draws a threefold repetition when it happens). A chess.com
export says the kind in words. Ours from a sample of the shipped calibration games
(``--ours``), each entry at its calibrated rating, a draw's kind read from its last position
and its ``EndReason`` the same way.

Run: nice .venv/bin/python benchmarks/draws_people.py --games A.pgn ... [--skip-player NAME ...]
     [--ours 4000] [--seed 1]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from enum import StrEnum
from pathlib import Path

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.people_games import BANDS, band_name, band_of, player, rating, read_games, wilson
from benchmarks.shipped_sample import rated_sample

Band = tuple[int, int]


class DrawKind(StrEnum):
    REPETITION = "repetition"
    AGREEMENT = "agreement"
    STALEMATE = "stalemate"
    FIFTY_MOVES = "fifty moves"
    NO_MATERIAL = "no mating material"
    FLAG_NO_MATERIAL = "flag, no mating material"


CHESS_COM = {
    "repetition": DrawKind.REPETITION,
    "agreement": DrawKind.AGREEMENT,
    "stalemate": DrawKind.STALEMATE,
    "50-move rule": DrawKind.FIFTY_MOVES,
    "insufficient material": DrawKind.NO_MATERIAL,
    "timeout vs insufficient material": DrawKind.FLAG_NO_MATERIAL,
}
"""A chess.com ``Termination`` of a draw, ``"Game drawn by …"``, by its last words."""


def draw_kind(game: chess.pgn.Game) -> DrawKind | None:
    """How a drawn game was drawn; None for a game not drawn."""
    if game.headers.get("Result") != "1/2-1/2":
        return None
    termination = game.headers.get("Termination", "Normal")
    if termination.startswith("Game drawn by "):
        return CHESS_COM.get(termination.removeprefix("Game drawn by "), DrawKind.AGREEMENT)
    if termination == "Time forfeit":
        return DrawKind.FLAG_NO_MATERIAL
    board = game.end().board()
    if game.headers.get("EndReason") == "draw agreed":
        return DrawKind.AGREEMENT
    if board.is_stalemate():
        return DrawKind.STALEMATE
    if board.is_insufficient_material():
        return DrawKind.NO_MATERIAL
    if board.is_repetition(3):
        return DrawKind.REPETITION
    if board.halfmove_clock >= 100:
        return DrawKind.FIFTY_MOVES
    return DrawKind.AGREEMENT


def people(paths: list[Path], skipped: set[str]) -> dict[Band, Counter[str]]:
    counts: dict[Band, Counter[str]] = defaultdict(Counter)
    for game in read_games(paths):
        white, black = rating(game, chess.WHITE), rating(game, chess.BLACK)
        if white is None or black is None:
            continue
        if player(game, chess.WHITE) in skipped or player(game, chess.BLACK) in skipped:
            continue
        if game.headers.get("Termination") == "Abandoned":
            continue
        band = band_of((white + black) // 2)
        counts[band]["games"] += 1
        kind = draw_kind(game)
        if kind is not None:
            counts[band][kind] += 1
    return counts


def ours(sample: int, seed: int) -> dict[Band, Counter[str]]:
    counts: dict[Band, Counter[str]] = defaultdict(Counter)
    for game, ratings in rated_sample(sample, random.Random(seed)):
        band = band_of(round(sum(ratings) / 2))
        counts[band]["games"] += 1
        kind = draw_kind(game)
        if kind is not None:
            counts[band][kind] += 1
    return counts


def rate_text(count: int, games: int) -> str:
    """``1.5% [1.2–1.9]``: a draw's kind is rare, so a tenth of a point."""
    if games == 0:
        return "—"
    low, high = wilson(count, games)
    return f"{count / games:.1%} [{low * 100:.1f}–{high * 100:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=Path, nargs="+", required=True)
    parser.add_argument("--skip-player", action="append", default=[], metavar="NAME")
    parser.add_argument("--ours", type=int, default=4000, help="calibration games sampled")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    theirs = people(arguments.games, set(arguments.skip_player))
    mine = ours(arguments.ours, arguments.seed)
    print("draws of all games by the band of the players' mean rating: people's / ours, 95%")
    for band in BANDS:
        games_theirs, games_ours = theirs[band]["games"], mine[band]["games"]
        print(f"\n{band_name(band)}: people {games_theirs} games, ours {games_ours}")
        for kind in DrawKind:
            print(
                f"  {kind:26}{rate_text(theirs[band][kind], games_theirs):>18}"
                f"{rate_text(mine[band][kind], games_ours):>18}"
            )


if __name__ == "__main__":
    main()
