"""The opponent's turn as the seam carries it: a move, a resignation or a draw claimed, one of
them, and an offer only beside a move; the clocks it is told once its judge has spent some of
its own."""

from __future__ import annotations

import chess
import pytest

from engines.opponents.turn import ClockReading, TurnResult

E4 = chess.Move.from_uci("e2e4")


def test_a_turn_is_a_move_a_resignation_or_a_claim() -> None:
    moved = TurnResult(E4)
    assert moved.move == E4 and not moved.resigned and not moved.draw_claimed
    resigned = TurnResult.resignation()
    assert resigned.move is None and resigned.resigned and not resigned.draw_claimed
    claimed = TurnResult.draw_claim()
    assert claimed.move is None and claimed.draw_claimed and not claimed.resigned
    for neither_or_two in (
        {"move": None},
        {"move": E4, "resigned": True},
        {"move": E4, "draw_claimed": True},
        {"move": None, "resigned": True, "draw_claimed": True},
    ):
        with pytest.raises(ValueError, match="a move, a resignation or a claim"):
            TurnResult(**neither_or_two)


def test_an_offer_comes_with_a_move_never_instead_of_one() -> None:
    both = TurnResult(E4, draw_offered=True, doubled=True)
    assert (both.move, both.draw_offered, both.doubled) == (E4, True, True)
    for offer in ({"draw_offered": True}, {"doubled": True}):
        for instead in ({"resigned": True}, {"draw_claimed": True}):
            with pytest.raises(ValueError, match="an offer comes with a move"):
                TurnResult(None, **instead, **offer)


def test_the_clock_spent_is_the_movers_own() -> None:
    reading = ClockReading(white=60.0, black=30.0, increment=2.0)
    assert reading.spent(chess.WHITE, 1.5) == ClockReading(58.5, 30.0, 2.0)
    assert reading.spent(chess.BLACK, 1.5) == ClockReading(60.0, 28.5, 2.0)
