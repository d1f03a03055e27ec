"""When an opponent resigns: a position lost beyond doubt, and only if it is one to resign.

People rarely play a lost game to mate: of 1,544 decisive public lichess games, about half the
games lost under 2000 other than on time were resigned, four in five over 2000; strong players
resign more often than weak ones, who play on in the hope of a stalemate or a blunder. So each
opponent resigns at the rate people of its rating do: whether it is one to resign is drawn
once, at the start of each game (:func:`resigns_lost_games`), from :data:`RESIGNING_SHARE`,
and some games against a weak opponent still go to mate, as they do against weak people.

Which positions are lost beyond doubt is the same for every opponent: the full-strength judge
(:mod:`engines.opponents.judge`) gives the side to move winning chances of at most
:data:`HOPELESS_CHANCES` on each of its last :data:`HOPELESS_TURNS` turns, through lichess's
winning-chances curve (lila ``modules/analyse/src/main/WinPercent.scala``, as
:func:`engines.opponents.doubling.winning_chances` reads it). An opponent never resigns a game
it cannot lose: when the other side has not the material to mate (FIDE Laws, article 6.9 would
draw it on the flag), or when it may claim a draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import chess
import chess.engine

from engines.opponents.doubling import winning_chances
from profiles.laws.endings import claimable_draw

RESIGNING_SHARE: Final[tuple[tuple[float, float], ...]] = (
    # (ratings below this, share of lost games resigned rather than played to mate)
    (1200.0, 0.51),  # 122 resigned, 119 mated of 321 decisive games
    (1600.0, 0.53),  # 196 resigned, 177 mated of 466
    (2000.0, 0.56),  # 45 resigned, 36 mated of 105
    (float("inf"), 0.80),  # 424 resigned, 104 mated of 652
)
"""By rating band, the share of people who resign a lost game rather than play it to mate:
the chance that an opponent of that rating is one to resign in a given game.

Measured on people's decisive lichess games by the loser's band (``benchmarks/
resignation_people.py``; the samples are named in docs/engine-pool.md, "How people end the games
they lose"): of the games lost other than on time, those ended by resignation. Under 2000 about
half; over 2000, where most of the sample is strong players at bullet, four in five. One row a
band, the upper bound first: edit the numbers here, nowhere else."""

HOPELESS_CHANCES: Final = 0.03
"""The resigning side's winning chances (a draw counting half, as lila's curve has it) at or
below which a position is lost. Lila caps an evaluation at ±1000 centipawns, where the curve
gives 2.5%, so 3% means the judge sees its side more than 9.4 pawns down, or mated: lost
beyond doubt, not merely bad."""

HOPELESS_TURNS: Final = 3
"""Consecutive turns of the resigning side judged lost before it resigns: one search's horizon
(a piece taken back a move later) never resigns a game, and the loser has seen it coming."""


def resigning_share(rating: float) -> float:
    """The share of lost games people of ``rating`` resign (:data:`RESIGNING_SHARE`)."""
    return next(share for below, share in RESIGNING_SHARE if rating < below)


def resigns_lost_games(rating: float, rng: random.Random) -> bool:
    """Whether an opponent of ``rating`` is one to resign in the game about to start."""
    return rng.random() < resigning_share(rating)


def cannot_lose(board: chess.Board) -> bool:
    """The side to move cannot lose ``board``: the other side has not the material to mate, or
    the side to move may claim a draw (a threefold repetition, fifty moves)."""
    return board.has_insufficient_material(not board.turn) or claimable_draw(board) is not None


def hopeless(board: chess.Board, judged: Sequence[chess.engine.Score | None]) -> bool:
    """Whether the side to move in ``board`` is lost beyond doubt: ``judged`` holds its own
    view of each of its turns so far, in order (None where the judge gave none), this one last."""
    recent = judged[-HOPELESS_TURNS:]
    if len(recent) < HOPELESS_TURNS or cannot_lose(board):
        return False
    return all(score is not None and winning_chances(score) <= HOPELESS_CHANCES for score in recent)
