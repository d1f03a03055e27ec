"""An opponent claims a draw on its own turn when the position on the board gives grounds (a
threefold repetition, fifty moves) and the judge does not see it more than a pawn up; a side
clearly better plays on, and a repetition its next move could bring about is no claim. The rule
on real boards with the views given; against the real judge, the opponent's whole turn."""

from __future__ import annotations

import random

import chess
import chess.engine
import pytest

from engines.opponents import draw_claim
from engines.opponents.conduct import Act, Conduct
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.turn import Turn
from tests.builders import fast_opponent

RESIGNS, PLAYS_ON = 1, 2
"""Seeds whose first draw makes an opponent one to resign (0.13), or one to play on (0.96)."""

KNIGHTS = ("Nf3", "Nf6", "Ng1", "Ng8")


def after(*sans: str, board: chess.Board | None = None) -> chess.Board:
    board = chess.Board() if board is None else board
    for san in sans:
        board.push_san(san)
    return board


THREEFOLD = after(*KNIGHTS, *KNIGHTS)
"""The starting position for the third time, White to move."""
TWICE = after(*KNIGHTS)
ONE_MOVE_SHORT = after(*KNIGHTS, *KNIGHTS[:3])
"""Black to move, where Ng8 would bring the starting position about a third time: python-chess's
``claim_draw=True`` counts it, the Laws do not (9.2.1.1: the move must be played, or written
down first)."""
FIFTY = chess.Board("8/8/4k3/8/8/3K4/8/R7 w - - 100 80")
"""Fifty moves by each side without a capture or a pawn move, White (a rook up) to move."""

BETTER = draw_claim.BETTER_CP


@pytest.mark.parametrize("board", [THREEFOLD, FIFTY], ids=["threefold", "fifty moves"])
def test_a_side_not_more_than_a_pawn_up_claims_and_one_clearly_better_plays_on(
    board: chess.Board,
) -> None:
    for view in (chess.engine.Cp(0), chess.engine.Cp(BETTER), chess.engine.Cp(-400)):
        assert draw_claim.claims_draw(board, view), view
    assert draw_claim.claims_draw(board, chess.engine.Mate(-3)), "about to be mated: claims"
    for view in (chess.engine.Cp(BETTER + 1), chess.engine.Cp(900), chess.engine.Mate(5)):
        assert not draw_claim.claims_draw(board, view), view
    assert draw_claim.claims_draw(board, None), "without a view, it takes the draw"


@pytest.mark.parametrize(
    "board",
    [chess.Board(), TWICE, ONE_MOVE_SHORT, chess.Board("8/8/4k3/8/8/3K4/8/R7 w - - 99 80")],
    ids=["start", "twice", "one move short", "99 half-moves"],
)
def test_no_claim_where_the_position_gives_no_grounds(board: chess.Board) -> None:
    assert not draw_claim.may_claim(board)
    for view in (chess.engine.Cp(0), chess.engine.Cp(-900), None):
        assert not draw_claim.claims_draw(board, view)


def test_one_move_short_is_what_python_chess_would_claim() -> None:
    """The position :data:`ONE_MOVE_SHORT` stands for: python-chess's own claim sees a draw
    there, and the claim is made once the move is on the board."""
    assert ONE_MOVE_SHORT.can_claim_threefold_repetition()
    assert draw_claim.may_claim(after("Ng8", board=ONE_MOVE_SHORT.copy()))


def test_the_conduct_asks_the_judge_on_a_turn_it_may_claim_and_claims_instead_of_moving() -> None:
    playing_on = Conduct(1500.0, random.Random(PLAYS_ON))
    assert not playing_on.resigns
    assert not playing_on.needs_judge(TWICE), "early, a fight: no view needed"
    assert playing_on.needs_judge(THREEFOLD)
    level = chess.engine.PovScore(chess.engine.Cp(20), chess.WHITE)
    assert playing_on.act(THREEFOLD, level) is Act.CLAIM_DRAW
    assert playing_on.act(TWICE, level) is Act.MOVE
    ahead = chess.engine.PovScore(chess.engine.Cp(-300), chess.BLACK)  # White's +300
    assert Conduct(1500.0, random.Random(PLAYS_ON)).act(THREEFOLD, ahead) is Act.MOVE


def test_a_lost_side_that_may_claim_claims_rather_than_resign() -> None:
    """One to resign, hopeless to the judge on every turn, resigns nothing it can draw."""
    resigning = Conduct(1500.0, random.Random(RESIGNS))
    assert resigning.resigns
    hopeless = chess.engine.PovScore(chess.engine.Cp(-2000), chess.WHITE)
    for _ in range(5):
        assert resigning.act(THREEFOLD, hopeless) is Act.CLAIM_DRAW


QUEEN_UP_THREEFOLD = after(
    "e4", "e5", "Nf3", "Qh4", "Nxh4", "d6", *("Nc3", "Nf6", "Nb1", "Ng8") * 2
)
"""White a queen up (Black's went to the knight), the position after 3...d6 there for the third
time, White to move: Black's positions have each been there twice."""


@pytest.mark.engine
async def test_the_real_judge_has_a_level_repetition_claimed_and_a_won_one_played_on() -> None:
    """The opponent's whole turn (:meth:`EnginePlayer.take_turn`): its judge sees the knights'
    shuffle level and it claims instead of moving; a queen up it plays on with a move."""
    assert draw_claim.may_claim(QUEEN_UP_THREEFOLD)
    player = EnginePlayer(fast_opponent(), rng=random.Random(PLAYS_ON))
    await player.start()
    try:
        before = await player.take_turn(Turn(TWICE.copy(), None))
        assert before.move is not None and not before.draw_claimed
        claimed = await player.take_turn(Turn(THREEFOLD.copy(), None))
        assert claimed.draw_claimed and claimed.move is None
        player.new_game(random.Random(PLAYS_ON))
        won = await player.take_turn(Turn(QUEEN_UP_THREEFOLD.copy(), None))
        assert won.move is not None and not won.draw_claimed
    finally:
        await player.close()
