"""A calibration game played before opponents resigned or offered draws, ended again as its
sides' conduct would have ended it: cut where the side lost beyond doubt resigns, with the
result and tags a game the conduct ended has, and left whole where the conduct does nothing.
Against the real judge."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import pytest

from engines.calibration.conduct_replay import conduct_ending, ended_at
from engines.launch import close_engine, open_engine
from engines.opponents.judge import JUDGE
from profiles.laws.endings import Termination

pytestmark = pytest.mark.engine

HOPELESS = """[White "strong"]
[Black "weak"]
[Result "1/2-1/2"]
[FEN "4k3/p7/8/8/8/8/PPPPPPPP/R2QK3 w - - 0 1"]
[SetUp "1"]

1. Rb1 a6 2. Ra1 a5 3. Rb1 a4 4. Ra1 Kd8 1/2-1/2
"""
"""Black a queen, a rook and seven pawns down from the start (the judge sees more than 30 pawns);
the result as stored is not the board's."""

RATINGS = {"strong": 2500.0, "weak": 2500.0}


class Always(random.Random):
    """Every draw the same: below every share (everyone resigns) or above them all."""

    def __init__(self, value: float) -> None:
        super().__init__()
        self.value = value

    def random(self) -> float:
        return self.value


def stored(text: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    return game


async def test_the_side_lost_beyond_doubt_resigns_on_its_third_turn_and_the_game_says_so() -> None:
    judge = await open_engine(JUDGE)
    try:
        game = stored(HOPELESS)
        ended = await conduct_ending(game, RATINGS, judge, Always(0.0))
        assert ended is not None
        assert ended.ending.termination is Termination.RESIGNATION
        assert ended.ending.winner == chess.WHITE
        assert ended.plies == 5, "Black's third turn, before its third move"
        cut = ended_at(game, ended)
        assert cut.headers["Result"] == "1-0" and cut.headers["EndReason"] == "resignation"
        assert cut.headers["White"] == "strong" and cut.headers["FEN"] == game.headers["FEN"]
        assert len(list(cut.mainline_moves())) == 5
        # One that plays every lost game to mate changes nothing.
        assert await conduct_ending(stored(HOPELESS), RATINGS, judge, Always(0.99)) is None
    finally:
        await close_engine(judge)


async def test_a_level_game_is_left_as_it_was() -> None:
    judge = await open_engine(JUDGE)
    try:
        level = stored(
            '[White "strong"]\n[Black "weak"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'
        )
        assert await conduct_ending(level, RATINGS, judge, Always(0.0)) is None
    finally:
        await close_engine(judge)
