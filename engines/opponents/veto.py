"""The veto: a person-like opponent stronger than its network checks its move first.

A network trained on people's games plays what people play, their oversights included; a
stronger person plays the same kind of moves and catches more of their own mistakes before
making them. So above the strength of a network's own choice, an entry may have the judge
(full-strength Stockfish, :mod:`engines.opponents.judge`) veto a move that loses as much as one
of lichess's marks (:class:`profiles.accuracy.Mark`: a blunder, a mistake or an inaccuracy, by
the drop in winning chances lichess uses): the network then chooses again among its other
moves, and only when it has nothing better in :data:`TRIES` choices does the judge's own move
stand. The moves played stay the network's wherever they are sound, so they stay a person's;
which marks are vetoed sets the strength (an entry that never blunders, one that never makes a
mistake, and so on), and the calibration measures it. Between two marks, an entry may veto from
a drop of its own (:attr:`~engines.opponents.opponent.Opponent.veto_drop`): every move of the
stronger mark and the worse of the milder one, a strength between the two.
"""

from __future__ import annotations

import chess
import chess.engine

from profiles.accuracy import MATE_SCORE, winning_chances
from profiles.marks import Mark, least_drop

VETO_DEPTH = 10
"""The judge's depth for the veto: a blunder of a player's kind (a piece left hanging, a mate
in two missed) shows well within it, and two searches of it take a few hundredths of a second."""
TRIES = 3
"""How many of the network's moves may be vetoed in one position before the judge's move
stands."""


def veto_limit() -> chess.engine.Limit:
    return chess.engine.Limit(depth=VETO_DEPTH)


def vetoed_from(mark: Mark, drop: float | None = None) -> float:
    """The least drop in the mover's winning chances (−1 to 1) a veto of ``mark`` vetoes:
    ``drop`` where the entry sets one below the mark's own, else the mark's."""
    return least_drop(mark) if drop is None else drop


def is_vetoed(best: chess.engine.Score, own: chess.engine.Score, least: float) -> bool:
    """Whether a move scored ``own`` (for the mover, after the judge's search of it) loses at
    least ``least`` in winning chances against the judge's best, scored ``best``."""
    best_cp, own_cp = best.score(mate_score=MATE_SCORE), own.score(mate_score=MATE_SCORE)
    assert best_cp is not None and own_cp is not None
    return winning_chances(best_cp) - winning_chances(own_cp) >= least
