"""lc0's policy: its 1,858 moves, and where each stands in the 80×8×8 output of a
convolutional policy head.

Both tables are built here from the rule that makes them, not copied in:

- **The 1,858 moves** (lc0's ``policy_index``), seen from the side to move's side of the board
  (for Black the board is mirrored, rank 1 ↔ rank 8): from every square in the order a1, b1 …
  h8, every square a queen or a knight could reach from it on an empty board, in the same
  order; then the promotions from the seventh rank, each to queen, rook and bishop. A knight
  promotion is the plain move (``a7a8``), castling is the king taking its own rook
  (``e1h1``), as lc0 writes moves.
- **The convolutional head's 80 planes** (lc0's ``kConvPolicyMap``, after AlphaZero's move
  planes): for each from-square, 56 queen moves (directions N, NE, E, SE, S, SW, W, NW, each at
  distance 1 to 7), 8 knight moves (N, NE, E, SE, S, SW, W, NW: the long leg's direction
  first), 9 promotions (towards NW, N, NE, each to rook, bishop and queen), and 7 planes that
  are not used.

``tests/engines/test_maia_policy.py`` checks that every legal move of real positions maps to one
index and back, and holds a few cells to lc0's own table.
"""

from __future__ import annotations

import chess
import numpy as np
import numpy.typing as npt

from engines.maia.weights import POLICY_PLANES

QUEEN_DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""(file, rank) steps: N, NE, E, SE, S, SW, W, NW."""
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
PROMOTION_DIRECTIONS = (-1, 0, 1)
"""A promotion's file step: towards NW, N, NE."""
CONV_PROMOTIONS = (chess.ROOK, chess.BISHOP, chess.QUEEN)
"""The promotion pieces in the order of the convolutional head's planes."""
INDEX_PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP)
"""The promotion pieces in the order of the policy index."""
SEVENTH_RANK = 6


def _target(square: int, files: int, ranks: int) -> int | None:
    file, rank = chess.square_file(square) + files, chess.square_rank(square) + ranks
    return chess.square(file, rank) if 0 <= file < 8 and 0 <= rank < 8 else None


def _plain_moves() -> list[str]:
    moves = []
    for origin in chess.SQUARES:
        targets = {
            target
            for files, ranks in QUEEN_DIRECTIONS
            for distance in range(1, 8)
            if (target := _target(origin, files * distance, ranks * distance)) is not None
        }
        targets |= {
            target
            for files, ranks in KNIGHT_JUMPS
            if (target := _target(origin, files, ranks)) is not None
        }
        moves += [chess.square_name(origin) + chess.square_name(t) for t in sorted(targets)]
    return moves


def _promotions() -> list[str]:
    moves = []
    for origin in chess.SQUARES[chess.A7 : chess.H7 + 1]:
        for files in PROMOTION_DIRECTIONS:
            target = _target(origin, files, 1)
            if target is not None:
                moves += [chess.Move(origin, target, piece).uci() for piece in INDEX_PROMOTIONS]
    return moves


POLICY_MOVES: tuple[str, ...] = tuple(_plain_moves() + _promotions())
"""lc0's moves in the order of the network's 1,858 policy outputs."""
POLICY_INDEX: dict[str, int] = {move: index for index, move in enumerate(POLICY_MOVES)}


def _conv_plane_moves() -> list[list[str | None]]:
    """For each of the 80 planes, the move each from-square's cell stands for (None: none)."""
    steps = [
        (files * distance, ranks * distance)
        for files, ranks in QUEEN_DIRECTIONS
        for distance in range(1, 8)
    ]
    steps += list(KNIGHT_JUMPS)
    planes = [[_step(origin, files, ranks) for origin in chess.SQUARES] for files, ranks in steps]
    for files in PROMOTION_DIRECTIONS:
        for piece in CONV_PROMOTIONS:
            planes.append(
                [
                    move + chess.piece_symbol(piece)
                    if chess.square_rank(origin) == SEVENTH_RANK
                    and (move := _step(origin, files, 1)) is not None
                    else None
                    for origin in chess.SQUARES
                ]
            )
    planes += [[None] * 64 for _ in range(POLICY_PLANES - len(planes))]
    return planes


def _step(origin: int, files: int, ranks: int) -> str | None:
    target = _target(origin, files, ranks)
    return None if target is None else chess.square_name(origin) + chess.square_name(target)


def _conv_gather() -> npt.NDArray[np.intp]:
    """For each policy index, its cell in the flattened 80×64 output."""
    cells = np.full(len(POLICY_MOVES), -1, dtype=np.intp)
    for plane, moves in enumerate(_conv_plane_moves()):
        for origin, move in enumerate(moves):
            if move is not None:
                cells[POLICY_INDEX[move]] = plane * 64 + origin
    return cells


CONV_CELLS = _conv_gather()
"""``output.reshape(-1)[CONV_CELLS]`` puts a convolutional head's 80×64 output in policy order."""


def policy_index(board: chess.Board, move: chess.Move) -> int:
    """Where ``move``, legal in ``board``, stands among the 1,858 outputs."""
    return POLICY_INDEX[_lc0_move(board, move)]


def _lc0_move(board: chess.Board, move: chess.Move) -> str:
    origin, target = move.from_square, move.to_square
    if board.is_castling(move):
        rook_file = 7 if board.is_kingside_castling(move) else 0
        target = chess.square(rook_file, chess.square_rank(origin))
    promotion = "" if move.promotion in (None, chess.KNIGHT) else chess.piece_symbol(move.promotion)
    seen = _seen_from(board.turn, origin), _seen_from(board.turn, target)
    return chess.square_name(seen[0]) + chess.square_name(seen[1]) + promotion


def _seen_from(color: chess.Color, square: int) -> int:
    """``square`` as the side ``color`` sees the board: mirrored for Black."""
    return square if color == chess.WHITE else chess.square_mirror(square)
