"""The 112 input planes of an lc0 network (the classical format), from a python-chess board
and the moves that led to it.

As lc0's ``src/neural/encoder.cc`` fills them for ``INPUT_CLASSICAL_112_PLANE``, every plane an
8×8 array indexed by rank then file, all seen from the side to move's side of the board (for
Black the board is mirrored, rank 1 ↔ rank 8, and "ours" are Black's pieces):

- planes 0–103: the position now and the seven before it, 13 planes each: our pawns, knights,
  bishops, rooks, queens and king; theirs; and a plane of ones where that position had stood on
  the board before in the game. The history is the game's real moves: the networks see the last
  move (a check, a capture, a threat) only through it;
- 104–107: we may castle queenside, kingside; they may castle queenside, kingside;
- 108: ones when Black is to move;
- 109: the fifty-move counter, in plies, as it is (not scaled);
- 110: zeros (it held the move number once);
- 111: ones, so the convolutions find the board's edge.

Where the game has fewer than eight positions, lc0 leaves the missing ones empty when the game
began from the initial position, and otherwise (a game set up from a FEN) repeats the first
position it has, with a pawn that has just moved two squares put back where it came from.
"""

from __future__ import annotations

import chess
import numpy as np
import numpy.typing as npt

HISTORY = 8
"""Positions the network sees: the one now and the seven before it."""
PLANES_PER_POSITION = 13
AUX = HISTORY * PLANES_PER_POSITION
"""The first plane after the history: castling, side to move, the fifty-move counter."""
PLANE_COUNT = AUX + 8
INITIAL_EPD = chess.Board().epd()
REPETITION = 12
"""Within a position's 13 planes, the one that says it stood on the board before; the twelve
before it are the pieces."""


def input_planes(board: chess.Board) -> npt.NDArray[np.float32]:
    """The ``(112, 8, 8)`` planes for the side to move in ``board``, from its move stack."""
    planes = np.zeros((PLANE_COUNT, 64), dtype=np.float32)
    us = board.turn
    history = _history(board)
    # Every piece plane of the history from its bitboard, in one unpacking of all the masks.
    masks = [mask for position, _ in history for mask in _piece_masks(position, us)]
    bits = np.unpackbits(np.array(masks, dtype="<u8").view(np.uint8), bitorder="little")
    for age, (_, repeated) in enumerate(history):
        base = age * PLANES_PER_POSITION
        pieces = bits[age * REPETITION * 64 : (age + 1) * REPETITION * 64]
        planes[base : base + REPETITION] = pieces.reshape(REPETITION, 64)
        if repeated:
            planes[base + REPETITION] = 1.0
    them = not us
    planes[AUX + 0] = board.has_queenside_castling_rights(us)
    planes[AUX + 1] = board.has_kingside_castling_rights(us)
    planes[AUX + 2] = board.has_queenside_castling_rights(them)
    planes[AUX + 3] = board.has_kingside_castling_rights(them)
    planes[AUX + 4] = us == chess.BLACK
    planes[AUX + 5] = board.halfmove_clock
    planes[AUX + 7] = 1.0
    return planes.reshape(PLANE_COUNT, 8, 8)


def _history(board: chess.Board) -> list[tuple[chess.Board, bool]]:
    """Up to eight positions, newest first, each with whether it had stood on the board
    before; filled from the first position as lc0 fills a game set up from a FEN."""
    game = board.root()
    first = game.copy(stack=False)
    kept_from = len(board.move_stack) + 1 - HISTORY  # only the last eight are copied
    seen: set[tuple[object, ...]] = set()
    recent: list[tuple[chess.Board, bool]] = []
    for ply in range(len(board.move_stack) + 1):
        if ply:
            game.push(board.move_stack[ply - 1])
        key = _position_key(game)
        if ply >= kept_from:
            recent.append((game.copy(stack=False), key in seen))
        seen.add(key)
    recent.reverse()
    if len(recent) < HISTORY and not _is_initial(first):
        earlier = _before_last_push(first)
        recent += [(earlier, False)] * (HISTORY - len(recent))
    return recent


def _position_key(board: chess.Board) -> tuple[object, ...]:
    """What makes two positions the same for a repetition (FIDE Laws, article 9.2.2: the same
    pieces on the same squares, the same side to move, the same castling rights and en passant
    captures), from python-chess's public bitboards: a polyglot hash of each position of a long
    game took most of the planes' time."""
    en_passant = board.ep_square if board.has_legal_en_passant() else None
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.turn,
        board.castling_rights,
        en_passant,
    )


def _is_initial(position: chess.Board) -> bool:
    """The initial position, pieces, side to move and castling rights alike."""
    return position.epd() == INITIAL_EPD


def _before_last_push(position: chess.Board) -> chess.Board:
    """``position`` with a pawn that has just moved two squares (its en passant square set)
    put back on its starting square, as lc0 fills the history before a FEN."""
    if position.ep_square is None:
        return position
    mover = not position.turn
    forward = 8 if mover == chess.WHITE else -8
    landed, started = position.ep_square + forward, position.ep_square - forward
    pawn = chess.Piece(chess.PAWN, mover)
    if not (0 <= landed < 64 and 0 <= started < 64) or position.piece_at(landed) != pawn:
        return position  # an en passant square no double step can have left
    if position.piece_at(started) is not None:
        return position
    earlier = position.copy(stack=False)
    earlier.remove_piece_at(landed)
    earlier.set_piece_at(started, pawn)
    return earlier


def _piece_masks(position: chess.Board, us: chess.Color) -> list[int]:
    """The bitboards of our six piece types (pawn to king), then theirs. Bit ``i`` of a mask is
    square ``i`` (a1 = 0), as cell ``i`` of a plane is; for Black the board is mirrored, rank
    1 ↔ rank 8, which is a vertical flip of the mask."""
    masks = [
        position.pieces_mask(piece_type, color)
        for color in (us, not us)
        for piece_type in chess.PIECE_TYPES
    ]
    return [chess.flip_vertical(mask) for mask in masks] if us == chess.BLACK else masks
