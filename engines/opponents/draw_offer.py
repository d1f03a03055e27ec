"""When an opponent accepts a draw offer, and when it offers one: as a player of any rating would.

A player accepts a draw when the position is lost for them, or when it is level and the game is
past its opening; nobody agrees a draw after 1.e4. A player offers one only where nothing is
left to play for: late in the game, with little material left, and a position the judge has
held at dead level on each of the player's last few turns. The position is judged by the
full-strength judge for every opponent alike, so a weak opponent is not more willing than a
strong one to take a draw from a position that only looks good to its shallow search.
"""

from __future__ import annotations

from collections.abc import Sequence

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


OFFER_FROM_MOVE = 40
"""An opponent offers a draw from this move on: a game drawn by agreement earlier was hardly
played out."""
DEAD_CP = 10
"""Centipawns either way: the judge's 0.00, give or take its noise, for a position offered."""
DEAD_TURNS = 3
"""The offering side's consecutive turns judged dead level before it offers."""
OFFER_EVERY = 10
"""Moves at least between two offers of one side: a refused offer is not made again at once
(FIDE Laws, article 11.5, counts repeated offers as distracting the opponent)."""
MOST_PIECES = 6
"""The most a side may keep besides king and pawns, in pawns (knight and bishop 3, rook 5), for
an offer: a rook, or two minor pieces; no queen."""
_PIECE_VALUES = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5}


def little_material(board: chess.Board) -> bool:
    """No queen on the board, and each side at most a rook or two minor pieces (pawns aside)."""
    if board.queens:
        return False
    return all(
        sum(value * len(board.pieces(piece, colour)) for piece, value in _PIECE_VALUES.items())
        <= MOST_PIECES
        for colour in chess.COLORS
    )


def may_offer_soon(board: chess.Board) -> bool:
    """Whether a turn in ``board`` may bring an offer within :data:`DEAD_TURNS` turns: late
    enough for the turns before the first move an offer may come on, and little material.
    Only such turns need the judge's view for an offer."""
    return board.fullmove_number > OFFER_FROM_MOVE - DEAD_TURNS and little_material(board)


def offers_draw(
    board: chess.Board, judged: Sequence[chess.engine.Score | None], last_offer: int | None
) -> bool:
    """Whether the side to move in ``board`` offers a draw with its move: ``judged`` holds its
    own view of each of its turns so far (None where the judge gave none), this one last;
    ``last_offer`` is the move of its last offer, None before its first."""
    recent = judged[-DEAD_TURNS:]
    if board.fullmove_number < OFFER_FROM_MOVE or len(recent) < DEAD_TURNS:
        return False
    if last_offer is not None and board.fullmove_number - last_offer < OFFER_EVERY:
        return False
    return little_material(board) and all(_dead_level(score) for score in recent)


def _dead_level(score: chess.engine.Score | None) -> bool:
    centipawns = None if score is None else score.score()  # None for a mate
    return centipawns is not None and abs(centipawns) <= DEAD_CP
