"""Believable thinking: how long a person would take over the engine's move, on the clock.

An engine limited to a few thousand nodes answers in milliseconds, which no opponent across a
board does. In a rated game on a clock the engine's move is chosen first, at the engine's own
speed, and only then is a person's think time for it worked out; the game waits for the rest
of that time before the move is made, on the engine's running clock, exactly as its search is
charged. The move is never changed by the wait, and an untimed game has none.

The shape follows what is known of players' move times: a budget from the clock left and the
increment (the "time left / moves to go + most of the increment" rule engines and players
use), quick in the opening and in simple positions, quicker still for an only move or a
recapture, and spread with a long tail (Sigman, Etchemendy, Fernández Slezak and Cecchi,
"Response time distributions in rapid chess: a large-scale decision making experiment",
Frontiers in Neuroscience 4:60, 2010: players make about 40 moves on a budget, their move
times are long-tailed and differ between the stages of the game).
"""

from __future__ import annotations

import random

import chess

GAME_MOVES = 40
"""Moves a game is planned for (Sigman et al.: "players choose around 40 moves")."""
MIN_MOVES_TO_GO = 20
"""However far the game has gone, the time left is spread over at least this many moves."""
INCREMENT_SHARE = 0.8
"""Most of the increment is spent on the move it comes with."""
MAX_SHARE_OF_CLOCK = 0.1
"""No single move takes more than a tenth of the time left plus the increment's share..."""
MAX_SHARE_WITH_INCREMENT = 0.5
"""...nor, however large the increment, half of the time left: the increment only comes
after the move, so the wait can never bring the engine near its flag."""
OPENING_MOVES = 10
"""Moves over which the pace rises from a known opening's quick moves to a full think."""
OPENING_PACE = 0.2
USUAL_MOBILITY = 35
"""Legal moves in a typical middlegame position, where a full think is spent."""
SIMPLEST_PACE = 0.4
"""The pace of the simplest positions (a handful of legal moves), against a full think."""
BUSIEST_PACE = 1.0
ONLY_MOVE_PACE = 0.1
"""An only move (or a forced reply to a check with two or three) is seen at once."""
RECAPTURE_PACE = 0.3
SPREAD = 0.5
"""The log-normal spread of the think times: most moves near the budget, a few much longer."""
SPREAD_LIMITS = (0.25, 3.0)
MIN_SECONDS = 0.4
"""Even an obvious move takes a moment to make."""


def think_time(
    board: chess.Board, move: chess.Move, left: float, increment: float, spread: float = 1.0
) -> float:
    """Seconds a person would take to play ``move`` in ``board`` with ``left`` seconds on
    their clock and ``increment`` to come; ``spread`` is the random factor (1 is typical).

    Never more than :data:`MAX_SHARE_OF_CLOCK` of ``left`` plus the increment's share, nor
    more than :data:`MAX_SHARE_WITH_INCREMENT` of ``left``.
    """
    left = max(left, 0.0)
    moves_to_go = max(MIN_MOVES_TO_GO, GAME_MOVES - board.fullmove_number)
    budget = left / moves_to_go + INCREMENT_SHARE * increment
    seconds = budget * _pace(board, move) * spread
    cap = min(
        MAX_SHARE_OF_CLOCK * left + INCREMENT_SHARE * increment, MAX_SHARE_WITH_INCREMENT * left
    )
    return min(max(seconds, MIN_SECONDS), cap)


def _pace(board: chess.Board, move: chess.Move) -> float:
    """How much of the budget this move deserves (1 is a full think)."""
    replies = board.legal_moves.count()
    if replies == 1 or (board.is_check() and replies <= 3):
        return ONLY_MOVE_PACE
    if _is_recapture(board, move):
        return RECAPTURE_PACE
    stage = min(
        1.0, OPENING_PACE + (1 - OPENING_PACE) * (board.fullmove_number - 1) / OPENING_MOVES
    )
    mobility = min(BUSIEST_PACE, max(SIMPLEST_PACE, replies / USUAL_MOBILITY))
    return stage * mobility


def _is_recapture(board: chess.Board, move: chess.Move) -> bool:
    """Taking back on the square where the opponent has just captured."""
    if not board.move_stack or not board.is_capture(move):
        return False
    last = board.peek()
    if last.to_square != move.to_square:
        return False
    before = board.copy()
    before.pop()
    return before.is_capture(last)


class ThinkingPace:
    """A person's pace at the board, for a rated game's opponent on a clock. It draws the
    random spread from its own generator, so the engine's own randomness (and so its moves)
    is the same with believable thinking as without."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng or random.Random()

    def think_time(
        self, board: chess.Board, move: chess.Move, left: float, increment: float
    ) -> float:
        low, high = SPREAD_LIMITS
        spread = min(max(self._rng.lognormvariate(0.0, SPREAD), low), high)
        return think_time(board, move, left, increment, spread)
