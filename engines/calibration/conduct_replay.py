"""Calibration games played before opponents resigned or offered draws, ended as their
conduct would have ended them.

An opponent's conduct (:mod:`engines.opponents.conduct`) changes none of its moves: it only
ends a game sooner, by a resignation or a draw claimed instead of a move or a draw offered with
one and agreed. (Its claim may also have a game go on, a side more than a pawn up playing on
past a repetition; but a game played without the conduct ended at its first threefold
repetition or fifty moves, so its replay never meets a claim.) So a game played without it is
replayed move by move with each side's :class:`Conduct`, its disposition to resign drawn at
the start as a game draws it, the judge asked as a game asks it, and the other side answering
an offer as :meth:`EnginePlayer.accepts_draw` does; where the conduct acts, the game ends
there, with the result it would then have had. A game it would not have cut keeps its result.

One difference from a game, for time: a side one to resign is judged on its turns only once
it is :data:`MATERIAL_DOWN` pawns of material behind (a game judges every turn of one). Lost is
three pawns down by the judge (:data:`engines.opponents.resignation.LOST_CHANCES`); a side lost
with less material behind is mostly under a mating attack, which ends in mate soon, so the
replay resigns a little less often than a game would.

Run: .venv/bin/python -m engines.calibration.conduct_replay GAMES.pgn[.gz] OUT.pgn
[--entry NAME ...] [--seed N]: every game of GAMES to OUT.pgn, those of the named entries (all
games without) played before the conduct ended again and tagged ``[Conduct "replayed"]``, so a
second run leaves them be. The shipped games of the eight person-like entries added on
2026-11-28 went through it once (``--seed 1``); the earlier ones were measured instead
(``benchmarks/resignation.py``, in docs/engine-pool.md).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import chess
import chess.engine
import chess.pgn

from engines.calibration.engine_game import tag_ending
from engines.launch import close_engine, open_engine
from engines.opponents import draw_claim, draw_offer
from engines.opponents.conduct import Act, Conduct
from engines.opponents.judge import JUDGE, JUDGEMENT_LIMIT, TURN_LIMIT
from engines.opponents.pool import shipped_calibration
from profiles.laws.endings import Ending, Termination, claimable_draw
from profiles.material import material_lead

MATERIAL_DOWN = 3
"""Pawns of material behind from which a side one to resign has its turns judged."""


@dataclass(frozen=True)
class Ended:
    """Where the conduct ended a game: the ending, and the moves played before it."""

    ending: Ending
    plies: int


async def judge_view(
    judge: chess.engine.Protocol, board: chess.Board, limit: chess.engine.Limit
) -> chess.engine.PovScore:
    """The judge's score, with no timeout: a loaded machine makes a search slow, not wrong."""
    info = await judge.analyse(board, limit)
    return info["score"]


async def conduct_ending(
    game: chess.pgn.Game,
    ratings: Mapping[str, float],
    judge: chess.engine.Protocol,
    rng: random.Random,
) -> Ended | None:
    """Where each side's conduct would have ended ``game``, or None where it would not have."""
    names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
    conduct = {side: Conduct(ratings[names[side]], rng) for side in (chess.WHITE, chess.BLACK)}
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        side = board.turn
        view = None
        lost_material = conduct[side].resigns and material_lead(board, side) <= -MATERIAL_DOWN
        # The turns a game judges, but for time (above).
        if draw_claim.may_claim(board) or draw_offer.may_offer(board) or lost_material:
            view = await judge_view(judge, board, TURN_LIMIT)
        act = conduct[side].act(board, view)
        if act is Act.RESIGN:
            return Ended(Ending(Termination.RESIGNATION, not side), ply)
        claim = claimable_draw(board) if act is Act.CLAIM_DRAW else None
        if claim is not None:
            return Ended(Ending(claim, None, draw_claimed_by=side), ply)
        board.push(move)
        if act is Act.OFFER_DRAW and board.outcome() is None:
            answer = await judge_view(judge, board, JUDGEMENT_LIMIT)
            if conduct[not side].accepts_draw(board, answer.pov(not side)):
                return Ended(Ending(Termination.DRAW_AGREED, None, draw_offered_by=side), ply + 1)
    return None


def ended_at(game: chess.pgn.Game, ended: Ended) -> chess.pgn.Game:
    """``game`` cut where its conduct ended it, its tags saying how, as
    :mod:`engines.calibration.engine_game` records a game the conduct ended."""
    board = game.board()
    for move in list(game.mainline_moves())[: ended.plies]:
        board.push(move)
    cut = chess.pgn.Game.from_board(board)
    for name, value in game.headers.items():
        cut.headers[name] = value
    tag_ending(cut.headers, ended.ending)
    return cut


def stored_games(path: Path) -> Iterator[chess.pgn.Game]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            yield game


REPLAYED = "Conduct"
"""The tag of a game this module has ended again (value ``replayed``), so it is replayed once."""


def to_replay(game: chess.pgn.Game, entries: frozenset[str]) -> bool:
    """Whether ``game`` was played without the conduct and not replayed yet: no ``EndReason``
    (a game the conduct ended has one) and no :data:`REPLAYED` tag; one of ``entries``'s
    games, if any are named."""
    players = {game.headers["White"], game.headers["Black"]}
    if "EndReason" in game.headers or REPLAYED in game.headers:
        return False
    return not entries or bool(players & entries)


async def replay_file(
    games: Path, out: TextIO, entries: frozenset[str], seed: int
) -> tuple[int, int]:
    """Every game of ``games`` to ``out``: those :func:`to_replay` takes as their conduct would
    have ended them, the rest as they are; returns the games replayed and those among them
    whose result changed."""
    calibration = shipped_calibration()
    if calibration is None:
        raise SystemExit("no shipped calibration to read the ratings from")
    ratings = {name: measured.rating for name, measured in calibration.ratings.items()}
    rng = random.Random(seed)
    judge = await open_engine(JUDGE)
    replayed = changed = 0
    try:
        for game in stored_games(games):
            if not to_replay(game, entries):
                print(game, end="\n\n", file=out)
                continue
            ended = await conduct_ending(game, ratings, judge, rng)
            written = game if ended is None else ended_at(game, ended)
            written.headers[REPLAYED] = "replayed"
            changed += written.headers["Result"] != game.headers["Result"]
            print(written, end="\n\n", file=out)
            replayed += 1
            if replayed % 50 == 0:
                print(f"{replayed} games, {changed} results changed", file=sys.stderr, flush=True)
    finally:
        await close_engine(judge)
    return replayed, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--entry", action="append", default=[], help="repeatable")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with args.out.open("w", encoding="utf-8") as out:
        replayed, changed = asyncio.run(
            replay_file(args.games, out, frozenset(args.entry), args.seed)
        )
    print(f"{replayed} games replayed, {changed} with another result")


if __name__ == "__main__":
    main()
