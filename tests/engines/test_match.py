"""One calibration game: the clock's rules and the time-control syntax."""

from __future__ import annotations

import chess
import pytest

from engines.match import MatchClock, _loss_for
from engines.openings import load_openings


def test_time_controls_parse_and_print_as_pgn() -> None:
    assert MatchClock.parse("20+0.2") == MatchClock(20.0, 0.2)
    assert MatchClock.parse("60").pgn == "60+0"
    for bad in ("fast", "0+1", "10+-1"):
        with pytest.raises(ValueError, match=r"time control|positive"):
            MatchClock.parse(bad)


def test_running_out_of_time_loses_unless_the_opponent_cannot_mate() -> None:
    assert _loss_for(chess.Board(), chess.WHITE) == "0-1"
    assert _loss_for(chess.Board(), chess.BLACK) == "1-0"
    lone_knight = chess.Board("8/8/8/4k3/8/8/3NK3/8 b - - 0 1")
    assert _loss_for(lone_knight, chess.BLACK) == "1/2-1/2"


def test_the_shipped_openings_are_legal_and_distinct() -> None:
    openings = load_openings()
    assert len(openings) >= 40
    positions = {opening.board().fen() for opening in openings}
    assert len(positions) == len(openings)
