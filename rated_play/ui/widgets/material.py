"""The material balance of a position, as lichess counts it beside each player: the pieces a side
is up, and how many points.

lichess's rule (``ui/game/src/material.ts`` in lichess-org/lila): the pieces on the board of
each kind are paired off between the sides, and what is left over is a side's surplus; the
score is the pieces' points (:mod:`profiles.material`), White's less Black's. So a promoted
pawn counts as the piece it became. The surplus is drawn in the side's own glyphs, outline for
White and solid for Black as on the board: "Black ♟♟ +2" is two of Black's pawns, never
White's.
"""

from __future__ import annotations

import chess

from profiles.laws.endings import side_name
from profiles.material import material_lead
from rated_play.ui.widgets.board import piece_glyph

_LARGEST_FIRST = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)


def surplus(board: chess.Board, color: chess.Color) -> list[chess.Piece]:
    """The pieces ``color`` is up, its own, largest first: for each kind, as many as the
    other side has fewer of it."""
    pieces = []
    for piece in _LARGEST_FIRST:
        more = len(board.pieces(piece, color)) - len(board.pieces(piece, not color))
        pieces += [chess.Piece(piece, color)] * max(0, more)
    return pieces


def side_material(board: chess.Board, color: chess.Color, *, ascii_pieces: bool) -> str:
    """What a side is up: ``♘♙ +4`` for White (its pieces it has more of, and its lead in
    points when it leads); "" when it is up nothing."""
    glyphs = "".join(
        piece_glyph(piece, ascii_pieces=ascii_pieces) for piece in surplus(board, color)
    )
    score = material_lead(board, color)
    lead = f"+{score}" if score > 0 else ""
    return " ".join(part for part in (glyphs, lead) if part)


def material_line(board: chess.Board, *, ascii_pieces: bool) -> str:
    """Both sides' material in a line: ``Material: White ♘ +3 · Black ♟``, or ``even``."""
    sides = [
        f"{side_name(color)} {said}"
        for color in (chess.WHITE, chess.BLACK)
        if (said := side_material(board, color, ascii_pieces=ascii_pieces))
    ]
    return f"Material: {' · '.join(sides) or 'even'}"
