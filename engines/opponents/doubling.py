"""When an opponent offers to double the stake, and when it accepts a double: from its chances.

The rated game mode this product follows (the ChessBase Workshop article on Fritz's rated
games, 2006) lets either side offer to double the money a game is played for; a refused double
is a resignation. An opponent judges both from its chances of winning, the way a backgammon
player judges the doubling cube: Keeler and Spencer ("Optimal doubling in backgammon",
Operations Research 23, 1975) show a double is worth taking while the taker still wins at
least a quarter of the time, and worth offering once the doubler is a clear favourite.

Chances come from the full-strength judge's evaluation through lichess's winning-chances
curve (lila ``WinPercent``: ``50 + 50·(2/(1 + e^(−0.00368208·cp)) − 1)``), the same for every
opponent, so a weak opponent is not more eager to double from a position that only looks good
to its shallow search; a draw counts as half a win.
"""

from __future__ import annotations

import chess
import chess.engine

from profiles.accuracy import MATE_SCORE, win_percent

TAKE_POINT = 0.25
"""Keeler and Spencer: a double is taken while the taker's chances are at least this."""

OFFER_POINT = 0.70
"""A double is offered from these chances on: a clear favourite, still short of the point at
which the other side should refuse (and so resign)."""

EARLIEST_MOVE = 10
"""No double before this move: an opening's evaluation is not a position's verdict."""


def winning_chances(score: chess.engine.Score) -> float:
    """The side's chances (a draw half) for its own evaluation ``score``, from 0 to 1: the
    curve the post-game analysis uses (:func:`profiles.accuracy.win_percent`)."""
    centipawns = score.score(mate_score=MATE_SCORE)
    assert centipawns is not None
    return win_percent(centipawns) / 100.0


def offers_double(score: chess.engine.Score, board: chess.Board) -> bool:
    """``score`` is the opponent's own view of ``board``, on its turn."""
    return board.fullmove_number >= EARLIEST_MOVE and winning_chances(score) >= OFFER_POINT


def accepts_double(score: chess.engine.Score) -> bool:
    """``score`` is the opponent's own view of the position it is offered a double in."""
    return winning_chances(score) >= TAKE_POINT
