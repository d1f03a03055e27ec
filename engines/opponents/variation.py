"""Variation: no opponent replays the same game.

Engines limited only by depth or nodes are deterministic: the same moves against them bring the
same answers, and a player could learn one win by heart. In its first :data:`VARIED_MOVES`
moves such an opponent may swap its move for another that a full-strength search judges just as
good (within :data:`EQUAL_CP`). Only a move the full-strength search counts among the best is
swapped, and only for one as good, so the opponent's strength is unchanged — the calibration
plays with variation on and measures it. Engines weakened by a skill level already choose with a
random generator of their own and are left alone.
"""

from __future__ import annotations

import random

import chess
import chess.engine

from profiles.accuracy import MATE_SCORE

VARIED_MOVES = 12
"""Through this move number an opponent's move may be varied."""
CANDIDATES = 4
"""How many of the best moves the full-strength search names."""
EQUAL_CP = 20
"""Centipawns: a move this close to the best counts as just as good."""
VARIATION_DEPTH = 10
"""Every line searched to the same depth, so their scores compare."""


def varies_here(board: chess.Board) -> bool:
    return board.fullmove_number <= VARIED_MOVES


def variation_limit() -> chess.engine.Limit:
    return chess.engine.Limit(depth=VARIATION_DEPTH)


def varied_move(own: chess.Move, lines: list[tuple[chess.Move, chess.engine.Score]]) -> chess.Move:
    """``own`` or, if it is among the equally good best moves of ``lines``, any one of them."""
    if not lines:
        return own
    best = lines[0][1].score(mate_score=MATE_SCORE)
    assert best is not None
    equal = [
        move
        for move, score in lines
        if (value := score.score(mate_score=MATE_SCORE)) is not None and value >= best - EQUAL_CP
    ]
    # The module's generator, like the node budgets' (engines.opponents.opponent): seeding it
    # replays a game exactly, which the UI's tests rely on.
    return random.choice(equal) if own in equal else own
