"""When an opponent claims a draw: on its own turn, when the Laws give it one and it has nothing
better to play for.

The FIDE Laws give the player having the move the right to claim a draw when the position on
the board has occurred three times (article 9.2) or fifty moves have passed without a capture
or a pawn move (9.3): :func:`profiles.laws.endings.claimable_draw`. Nobody has to claim; a
player who sees winning chances plays on (the game is drawn by itself only at a fifth
occurrence, 9.6.1, or after 75 moves, 9.6.2), and one who does not takes the half point. Whether
the side is better is the full-strength judge's view of its turn, the view its resignations and
offers are decided from, the same for every opponent: a weak opponent does not play on from a
position that only looks good to its own shallow search.
"""

from __future__ import annotations

from typing import Final

import chess
import chess.engine

from profiles.accuracy import MATE_SCORE
from profiles.laws.endings import claimable_draw

BETTER_CP: Final = 100
"""Centipawns: a side the judge sees more than this far ahead (about a pawn) plays on; at this
or less, or behind, it claims. A pawn up is the least edge a player goes on playing for; with
less, in a position both sides have just repeated, neither having found a way on, a person
takes the half point. A line much nearer 0.00 would turn on the small edges a short search
gives quiet positions (the judge, at its turn limit, puts the starting position 0.40 up for
White), not on winning chances."""


def may_claim(board: chess.Board) -> bool:
    """Whether the side to move in ``board`` may claim a draw: only such turns need the judge's
    view for a claim."""
    return claimable_draw(board) is not None


def claims_draw(board: chess.Board, score: chess.engine.Score | None) -> bool:
    """Whether the side to move in ``board`` claims a draw instead of moving: it may (a
    threefold repetition or fifty moves on the board, not one its next move would bring about:
    :func:`~profiles.laws.endings.claimable_draw`), and it is not better by more than
    :data:`BETTER_CP`. ``score`` is its own view of the turn; None (the judge gave none) claims:
    a side that cannot judge takes the draw the rules give it rather than play on blind, as
    every calibration game was drawn at such a position before opponents judged their claims."""
    if not may_claim(board):
        return False
    if score is None:
        return True
    centipawns = score.score(mate_score=MATE_SCORE)
    assert centipawns is not None
    return centipawns <= BETTER_CP
