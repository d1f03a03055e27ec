"""Believable thinking: how long a person would take over the engine's move, on the clock.

An engine limited to a few thousand nodes answers in milliseconds, which no opponent across a
board does. In a rated game on a clock the engine's move is chosen first, at the engine's own
speed, and only then is a person's think time for it worked out; the game waits for the rest
of that time before the move is made, on the engine's running clock, exactly as its search is
charged. The move is never changed by the wait, and an untimed game has none.

The time is drawn as people's are: the log-normal of :mod:`rated_play.session.think_model`,
fitted to people's clocked online games by time control, at the opponent's rating, for the
position, the move and both clocks; the same model for every opponent. Only the clock limits
it: never more than half the time left, so the wait alone never brings the engine near its
flag (the increment only comes after the move).
"""

from __future__ import annotations

import random

import chess

from profiles.laws.time_control import TimeControl
from rated_play.session.think_model import ThinkModel, Turn, shipped_model

MAX_SHARE_OF_CLOCK = 0.5
"""No single move takes more than half the time left: people spend more on about one move in a
hundred at most (``docs/engine-pool.md``, *A person's clock*)."""
MIN_SECONDS = 0.2
"""Even an obvious move takes a hand a moment (people's premoves in bullet, faster still, are
not a think)."""
DEVIATION_LIMIT = 3.0
"""Draws are kept within this many standard deviations of the median: beyond, a think is
rarer than one move in three hundred."""
DEFAULT_RATING = 1500.0
"""The mover's rating when the caller gives none."""


def within_clock(seconds: float, left: float) -> float:
    """``seconds``, at least :data:`MIN_SECONDS`, at most :data:`MAX_SHARE_OF_CLOCK` of
    ``left``."""
    return min(max(seconds, MIN_SECONDS), MAX_SHARE_OF_CLOCK * max(left, 0.0))


def think_time(
    board: chess.Board,
    move: chess.Move,
    left: float,
    increment: float,
    deviation: float = 0.0,
    *,
    base: float | None = None,
    rating: float = DEFAULT_RATING,
    opponent_left: float | None = None,
    own_last: float | None = None,
    opponent_last: float | None = None,
    model: ThinkModel | None = None,
) -> float:
    """Seconds a person rated ``rating`` would take to play ``move`` in ``board`` with ``left``
    seconds on their clock, ``opponent_left`` on the other (the same as ``left`` if not
    given), on a clock of ``base`` seconds (``left`` if not given) and ``increment``, having
    taken ``own_last`` over their previous move and the opponent ``opponent_last`` over the
    move just made (None: not known); ``deviation`` standard deviations from the median (0 is
    the median).

    Never more than :data:`MAX_SHARE_OF_CLOCK` of ``left``.
    """
    left = max(left, 0.0)
    turn = Turn(
        board=board,
        move=move,
        left=left,
        opponent_left=left if opponent_left is None else opponent_left,
        time_control=TimeControl(left if base is None else base, increment),
        rating=rating,
        own_last=own_last,
        opponent_last=opponent_last,
    )
    return within_clock((model or shipped_model()).seconds(turn, deviation), left)


class ThinkingPace:
    """A person's pace at the board, for a rated game's opponent on a clock. It draws the
    random deviation from its own generator, so the engine's own randomness (and so its moves)
    is the same with believable thinking as without."""

    def __init__(self, rng: random.Random | None = None, model: ThinkModel | None = None) -> None:
        self._rng = rng or random.Random()
        self._model = model

    def deviation(self) -> float:
        """A standard normal draw, within :data:`DEVIATION_LIMIT`."""
        return min(max(self._rng.gauss(0.0, 1.0), -DEVIATION_LIMIT), DEVIATION_LIMIT)

    def think_time(
        self,
        board: chess.Board,
        move: chess.Move,
        left: float,
        increment: float,
        *,
        base: float | None = None,
        rating: float = DEFAULT_RATING,
        opponent_left: float | None = None,
        own_last: float | None = None,
        opponent_last: float | None = None,
    ) -> float:
        """:func:`think_time` at a random deviation."""
        return think_time(
            board,
            move,
            left,
            increment,
            self.deviation(),
            base=base,
            rating=rating,
            opponent_left=opponent_left,
            own_last=own_last,
            opponent_last=opponent_last,
            model=self._model,
        )
