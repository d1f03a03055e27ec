"""The opponent's turn as the seam carries it: a move or a resignation, never both nor neither,
and an offer only beside a move; the clocks it is told once its judge has spent some of its own."""

from __future__ import annotations

import chess
import pytest

from engines.opponents.turn import ClockReading, TurnResult

E4 = chess.Move.from_uci("e2e4")


def test_a_turn_is_a_move_or_a_resignation() -> None:
    assert TurnResult(E4).move == E4 and not TurnResult(E4).resigned
    resigned = TurnResult.resignation()
    assert resigned.move is None and resigned.resigned
    with pytest.raises(ValueError, match="a move or a resignation"):
        TurnResult(None)
    with pytest.raises(ValueError, match="a move or a resignation"):
        TurnResult(E4, resigned=True)


def test_an_offer_comes_with_a_move_never_with_a_resignation() -> None:
    both = TurnResult(E4, draw_offered=True, doubled=True)
    assert (both.move, both.draw_offered, both.doubled) == (E4, True, True)
    for offer in ({"draw_offered": True}, {"doubled": True}):
        with pytest.raises(ValueError, match="an offer comes with a move"):
            TurnResult(None, resigned=True, **offer)


def test_the_clock_spent_is_the_movers_own() -> None:
    reading = ClockReading(white=60.0, black=30.0, increment=2.0)
    assert reading.spent(chess.WHITE, 1.5) == ClockReading(58.5, 30.0, 2.0)
    assert reading.spent(chess.BLACK, 1.5) == ClockReading(60.0, 28.5, 2.0)
