"""A typed move refused says why in the player's terms: a piece the player does not have, or
none of that kind that goes to the square, is named as the reason."""

from __future__ import annotations

import chess
import pytest

from rated_play.session.moves import IllegalMoveError, board_move, parse_move

NO_QUEEN = "r1b1kbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNB1KB1R w KQkq - 0 5"
"""White has traded its queen off: a Qd4 typed from habit."""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Qd4", "Qd4 is not legal: you have no queen"),
        ("Qxd4", "Qxd4 is not legal: you have no queen"),
        ("Nd5", "Nd5 is not legal: no knight of yours can go to d5"),
        ("Ke3", "Ke3 is not legal: your king cannot go to e3"),
        ("Nd5+", "Nd5+ is not legal: no knight of yours can go to d5"),
    ],
)
def test_a_piece_the_player_lacks_is_the_reason_given(text: str, says: str) -> None:
    board = chess.Board(NO_QUEEN)
    with pytest.raises(IllegalMoveError) as raised:
        parse_move(board, text)
    assert str(raised.value) == says


def test_a_move_picked_on_the_board_is_not_read_as_a_typed_one() -> None:
    """Named by its squares (Qd1–d4), a move is not a SAN whose square is the first one."""
    board = chess.Board(NO_QUEEN)
    board.set_piece_at(chess.D1, chess.Piece(chess.QUEEN, chess.WHITE))
    with pytest.raises(IllegalMoveError, match=r"^Qd1–d4 is not legal in this position$"):
        board_move(board, chess.Move(chess.D1, chess.D4))
