"""The material on the board, counted as players count it: pawn 1, knight 3, bishop 3, rook 5,
queen 9 (lichess's ``ui/game/src/material.ts`` in lichess-org/lila). Not an evaluation: what
any player sees by counting the pieces. The game shows it beside the clocks, and the
calibration's replay of an opponent's conduct asks whether a side is material behind."""

from __future__ import annotations

import chess

PIECE_POINTS = {
    chess.PAWN: 1,
    chess.KNIGHT: 3,
    chess.BISHOP: 3,
    chess.ROOK: 5,
    chess.QUEEN: 9,
    chess.KING: 0,
}


def material_score(board: chess.Board) -> int:
    """White's points on the board less Black's."""
    return sum(
        points * (len(board.pieces(piece, chess.WHITE)) - len(board.pieces(piece, chess.BLACK)))
        for piece, points in PIECE_POINTS.items()
    )


def material_lead(board: chess.Board, color: chess.Color) -> int:
    """``color``'s points on the board less the other side's."""
    return material_score(board) if color == chess.WHITE else -material_score(board)
