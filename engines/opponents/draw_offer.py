"""When an opponent accepts a draw offer: as a player of any rating would.

A player accepts a draw when the position is lost for them, or when it is level and the game is
past its opening; nobody agrees a draw after 1.e4. The position is judged by the full-strength
judge for every opponent alike, so a weak opponent is not more willing than a strong one to
take a draw from a position that only looks good to its shallow search.
"""

from __future__ import annotations

import chess
import chess.engine

from profiles.accuracy import MATE_SCORE

LOST_CP = -300
"""Centipawns: at this much worse (about a piece down) the opponent takes a draw at any time."""
LEVEL_CP = 25
"""Centipawns either way: a position this close to equal is level…"""
LEVEL_FROM_MOVE = 30
"""…and a level position is drawn by agreement only from this move on."""


def accepts_draw(score: chess.engine.Score, board: chess.Board) -> bool:
    """``score`` is the opponent's own view (its side's centipawns) of ``board``."""
    centipawns = score.score(mate_score=MATE_SCORE)
    assert centipawns is not None
    if centipawns <= LOST_CP:
        return True
    return board.fullmove_number >= LEVEL_FROM_MOVE and abs(centipawns) <= LEVEL_CP
