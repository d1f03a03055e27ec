"""Whether resigning and agreed draws change calibration results: on a sample of the shipped
calibration games (played before opponents resigned or offered draws), each side's conduct is
replayed move by move as a game plays it (:mod:`engines.opponents.conduct`, the judge at its
turn limit), and the figures say how often a side would have resigned a game it did not lose,
or agreed a draw in a game that was decided, and so whether the shipped games need replaying.

It also prints our resignation share by rating band: of the lost games, how many the loser
resigns (its rule fired and it was one to resign, drawn from the table as a game draws it)
and how many go to mate. It prints figures; it asserts nothing. It costs a judge search a
ply: keep the sample modest, and run it under nice.

Run: .venv/bin/python benchmarks/resignation.py [--games N] [--seed N] [--entry NAME ...]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import io
import random
import time
from collections import Counter
from dataclasses import dataclass

import chess
import chess.engine
import chess.pgn

from engines.calibration.conduct_replay import judge_view
from engines.calibration.stored import SHIPPED_GAMES
from engines.launch import close_engine, open_engine
from engines.opponents import draw_offer, resignation
from engines.opponents.judge import JUDGE, JUDGEMENT_LIMIT, TURN_LIMIT
from engines.opponents.pool import shipped_calibration
from profiles.laws.endings import WHITE_SCORE
from profiles.material import material_lead

BANDS = tuple(below for below, _ in resignation.RESIGNING_SHARE)
MATERIAL_DOWN = 5
"""Pawns of material down from which a side's turns are judged for resigning: the judge is
asked only there (and near a draw offer), as a search a ply over hundreds of games is hours on
a shared machine. A position lost beyond doubt with less material down is a mating attack,
which ends in mate anyway: those games count as mated here, so the resigned share is a
little low."""
WHITE_SCORE_FOR = {chess.WHITE: 0.0, chess.BLACK: 1.0}
"""White's score in a game the side resigned."""


@dataclass(frozen=True)
class Replayed:
    """What a game's conduct would have done: the first act of either side, if any."""

    white_score: float
    """The shipped game's result, for White."""
    loser_rating: float | None
    """The rating of the side that lost the shipped game; None for a draw."""
    resigned: chess.Color | None = None
    """The side that would have resigned first (always one to resign)."""
    agreed: bool = False
    """A draw offered and accepted before any resignation."""
    ply: int = 0
    players: str = ""
    """White and Black, for the games whose result would change."""

    @property
    def loser_resigned(self) -> bool:
        """The side that resigned is the one that lost the shipped game: no result changed."""
        return self.resigned is not None and WHITE_SCORE_FOR[self.resigned] == self.white_score


def band_name(rating: float) -> str:
    low = max((b for b in BANDS if b <= rating), default=0.0)
    high = min(b for b in BANDS if b > rating)
    return f"{low:.0f}+" if high == float("inf") else f"{low:.0f}-{high:.0f}"


def sample_games(count: int, seed: int, entries: frozenset[str]) -> list[chess.pgn.Game]:
    """``count`` games drawn from the shipped file, only games of ``entries`` if any are
    named; only those are parsed (parsing all of them takes minutes)."""
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as stream:
        texts = stream.read().split("\n\n[Event ")
    candidates = [i for i, text in enumerate(texts) if not entries or plays_in(text, entries)]
    chosen = random.Random(seed).sample(candidates, min(count, len(candidates)))
    games = []
    for index in chosen:
        text = texts[index] if index == 0 else "[Event " + texts[index]
        game = chess.pgn.read_game(io.StringIO(text))
        if game is not None:
            games.append(game)
    return games


def plays_in(text: str, entries: frozenset[str]) -> bool:
    """Whether one of ``entries`` has a side in the game whose PGN text this is."""
    return any(f'[White "{name}"]' in text or f'[Black "{name}"]' in text for name in entries)


async def replay(
    game: chess.pgn.Game, ratings: dict[str, float], engine: chess.engine.Protocol
) -> Replayed:
    white_score = WHITE_SCORE[game.headers["Result"]]
    names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
    loser_rating = None
    if white_score != 0.5:
        loser_rating = ratings[names[chess.WHITE if white_score == 0.0 else chess.BLACK]]
    judged: dict[chess.Color, list[chess.engine.Score | None]] = {
        chess.WHITE: [],
        chess.BLACK: [],
    }
    last_offer: dict[chess.Color, int | None] = {chess.WHITE: None, chess.BLACK: None}
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        side = board.turn
        view = None
        if material_lead(board, side) <= -MATERIAL_DOWN or (
            board.fullmove_number >= draw_offer.OFFER_FROM_MOVE - draw_offer.DEAD_TURNS
            and draw_offer.little_material(board)
        ):
            view = (await judge_view(engine, board, TURN_LIMIT)).pov(side)
        judged[side].append(view)
        if resignation.hopeless(board, judged[side]):
            players = f"{names[chess.WHITE]} - {names[chess.BLACK]}"
            return Replayed(white_score, loser_rating, resigned=side, ply=ply, players=players)
        offers = draw_offer.offers_draw(board, judged[side], last_offer[side])
        if offers:
            last_offer[side] = board.fullmove_number
        board.push(move)
        if offers and board.outcome() is None:
            answer = await judge_view(engine, board, JUDGEMENT_LIMIT)
            if draw_offer.accepts_draw(answer.pov(not side), board):
                return Replayed(white_score, loser_rating, agreed=True, ply=ply)
    return Replayed(white_score, loser_rating)


def report(replayed: list[Replayed], seed: int, elapsed: float) -> None:
    resigned = [r for r in replayed if r.resigned is not None]
    changed = [r for r in resigned if not r.loser_resigned]
    agreed = [r for r in replayed if r.agreed]
    agreed_changed = [r for r in agreed if r.white_score != 0.5]
    print(f"games {len(replayed)} ({elapsed / 60:.1f} min)", flush=True)
    print(
        f"resign rule fired: {len(resigned)}; in a game the resigner did not lose: {len(changed)}"
    )
    for r in changed:
        print(
            f"  changed: {r.players}: resigned at ply {r.ply}, shipped White score {r.white_score}"
        )
    print(f"draws agreed: {len(agreed)}; in a game that was decided: {len(agreed_changed)}")
    # Of the lost games, resigned vs mated, the disposition drawn as a game draws it.
    rng = random.Random(seed)
    lost: Counter[str] = Counter()
    resigns: Counter[str] = Counter()
    fired: Counter[str] = Counter()
    for r in replayed:
        if r.loser_rating is None:
            continue
        band = band_name(r.loser_rating)
        lost[band] += 1
        fired[band] += r.loser_resigned
        if r.loser_resigned and resignation.resigns_lost_games(r.loser_rating, rng):
            resigns[band] += 1
    print("loser's band  lost  rule fired  resigned  mated/other  (people's share, table)")
    for band in sorted(lost, key=lambda name: float(name.split("-")[0].rstrip("+"))):
        low = float(band.split("-")[0].rstrip("+"))
        share = resignation.resigning_share(low)
        print(
            f"{band:>12}  {lost[band]:>4}  {fired[band]:>10}  {resigns[band]:>8}  "
            f"{lost[band] - resigns[band]:>11}  ({share:.0%})",
            flush=True,
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=25, help="the figures so far every N games")
    parser.add_argument(
        "--entry",
        action="append",
        default=[],
        help="only games this entry played (repeat for several): the games of entries added later",
    )
    args = parser.parse_args()
    calibration = shipped_calibration()
    assert calibration is not None, "no shipped calibration"
    ratings = {name: measured.rating for name, measured in calibration.ratings.items()}
    games = sample_games(args.games, args.seed, frozenset(args.entry))
    engine = await open_engine(JUDGE)
    replayed = []
    started = time.monotonic()
    try:
        for number, game in enumerate(games, start=1):
            if not {game.headers["White"], game.headers["Black"]} <= ratings.keys():
                continue  # an entry no longer calibrated
            replayed.append(await replay(game, ratings, engine))
            if number % args.every == 0:  # the figures so far: a long run can be cut short
                report(replayed, args.seed, time.monotonic() - started)
    finally:
        await close_engine(engine)
    report(replayed, args.seed, time.monotonic() - started)


if __name__ == "__main__":
    asyncio.run(main())
