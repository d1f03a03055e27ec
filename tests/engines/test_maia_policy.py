"""lc0's moves and input planes: every legal move of real games has one policy index and comes
back from it, and the planes hold what lc0's encoder puts in them."""

from __future__ import annotations

import chess
import chess.pgn
import numpy as np

from engines.maia.planes import AUX, PLANES_PER_POSITION, REPETITION, input_planes
from engines.maia.policy import CONV_CELLS, POLICY_INDEX, POLICY_MOVES, policy_index
from tests.builders import real_positions

POSITIONS = 10_000
LC0_CELLS = {
    "e2e4": (322, 76),
    "b1c3": (36, 3585),
    "e1h1": (103, 1028),
    "a7a8": (1401, 48),
    "d7c8q": (1816, 4275),
    "a7a8r": (1793, 4336),
    "h7g8b": (1854, 4215),
}
"""Moves with their policy index and their cell in the 80×64 output as lc0's own tables have
them (``policy_index`` and ``kConvPolicyMap``, as lczero-training's ``lc0_az_policy_map.py``
makes the latter): a reading of lc0's layout that the code and the tests' reference shared
would still be caught here."""


def decoded(board: chess.Board, text: str) -> chess.Move:
    """The move lc0's ``text`` stands for in ``board``, read by lc0's rules independently of the
    code: squares mirrored for Black, a pawn to the last rank without a letter a knight
    promotion, the king taking its own rook from its home square castling."""

    def seen(name: str) -> int:
        square = chess.parse_square(name)
        return square if board.turn == chess.WHITE else chess.square_mirror(square)

    origin, target = seen(text[:2]), seen(text[2:4])
    promotion = chess.Piece.from_symbol(text[4]).piece_type if len(text) == 5 else None
    piece = board.piece_at(origin)
    assert piece is not None and piece.color == board.turn, text
    if (
        piece.piece_type == chess.PAWN
        and promotion is None
        and target in chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_8)
    ):
        promotion = chess.KNIGHT
    home = chess.E1 if board.turn == chess.WHITE else chess.E8
    if (
        piece.piece_type == chess.KING
        and origin == home
        and board.piece_at(target) == chess.Piece(chess.ROOK, board.turn)
    ):
        target = chess.square(6 if target > origin else 2, chess.square_rank(origin))
    return chess.Move(origin, target, promotion)


def test_lc0s_tables_have_1858_moves_each_in_one_cell() -> None:
    for move, (index, cell) in LC0_CELLS.items():
        assert (POLICY_INDEX[move], int(CONV_CELLS[index])) == (index, cell), move
    assert len(POLICY_MOVES) == len(set(POLICY_MOVES)) == 1858
    assert len(set(CONV_CELLS.tolist())) == 1858
    assert CONV_CELLS.min() >= 0 and CONV_CELLS.max() < 73 * 64  # planes 73–79 stand for none
    assert POLICY_MOVES[:3] == ("a1b1", "a1c1", "a1d1")
    assert POLICY_MOVES[-3:] == ("h7h8q", "h7h8r", "h7h8b")


def test_every_legal_move_of_real_games_maps_to_one_index_and_back() -> None:
    checked = 0
    kinds = {"castling": 0, "promotion": 0, "en passant": 0}
    for board in real_positions(POSITIONS):
        moves = list(board.legal_moves)
        indices = [policy_index(board, move) for move in moves]
        assert len(set(indices)) == len(moves), board.fen()
        for move, index in zip(moves, indices, strict=True):
            assert decoded(board, POLICY_MOVES[index]) == move, (board.fen(), move)
            kinds["castling"] += board.is_castling(move)
            kinds["promotion"] += move.promotion is not None
            kinds["en passant"] += board.is_en_passant(move)
        checked += 1
    assert checked == POSITIONS
    assert all(kinds.values()), kinds  # the sample holds every special move


def test_castling_is_the_king_taking_its_rook_and_a_knight_promotion_the_plain_move() -> None:
    board = chess.Board("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1")
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("e1g1"))] == "e1h1"
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("e1c1"))] == "e1a1"
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("b7b8n"))] == "b7b8"
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("b7a8q"))] == "b7a8q"
    board.turn = chess.BLACK  # Black's moves are seen from Black's side: mirrored
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("e8g8"))] == "e1h1"
    assert POLICY_MOVES[policy_index(board, chess.Move.from_uci("g2g1r"))] == "g7g8r"


def test_the_planes_are_seen_from_the_side_to_move_with_the_games_history() -> None:
    board = chess.Board()
    for san in ("e4", "c5", "Nf3"):
        board.push_san(san)
    planes = input_planes(board).reshape(-1, 64)
    # Black to move: "our" pawns are Black's, mirrored onto ranks 2 (c5 is c4 from there).
    assert planes[0, chess.C4] == 1 and planes[0, chess.C2] == 0
    assert planes[6, chess.E5] == 1  # their pawn e4 is e5 seen from Black
    assert planes[7, chess.F6] == 1  # their knight on f3
    previous = PLANES_PER_POSITION  # the position before Nf3: the knight still on g1
    assert planes[previous + 7, chess.G8] == 1 and planes[previous + 7, chess.F6] == 0
    # Four positions so far (from the initial one): the other four are empty.
    assert not planes[4 * PLANES_PER_POSITION : AUX].any()
    assert planes[AUX + 4].all() and planes[AUX + 7].all()  # Black to move; the ones plane
    assert planes[AUX : AUX + 4].all()  # every castling right still stands


def test_repetitions_and_the_fifty_move_counter_are_in_the_planes() -> None:
    board = chess.Board()
    for san in ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3"):
        board.push_san(san)
    planes = input_planes(board).reshape(-1, 64)
    assert planes[REPETITION].all()  # the position after 1.Nf3 stands again
    assert planes[PLANES_PER_POSITION + REPETITION].all()  # and the initial one before it
    assert not planes[2 * PLANES_PER_POSITION + REPETITION].any()  # after 2.Ng1: only once
    assert (planes[AUX + 5] == 5).all()  # five plies without a capture or a pawn move


def test_a_position_set_up_from_a_fen_fills_its_history_as_lc0_does() -> None:
    board = chess.Board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
    planes = input_planes(board).reshape(-1, 64)[:AUX].reshape(8, PLANES_PER_POSITION, 64)
    # The seven earlier positions repeat the first, the pawn that moved two squares put back.
    assert np.array_equal(planes[1], planes[7])
    assert planes[0, 6, chess.E5] == 1 and planes[1, 6, chess.E7] == 1
    assert planes[1, 6, chess.E5] == 0
    untouched = [i for i in range(13) if i != 6]
    assert np.array_equal(planes[0, untouched], planes[1, untouched])


def test_a_game_from_the_initial_position_leaves_the_history_empty() -> None:
    planes = input_planes(chess.Board()).reshape(-1, 64)
    assert planes[:PLANES_PER_POSITION].any()
    assert not planes[PLANES_PER_POSITION:AUX].any()
