"""The marks of a move: an inaccuracy, a mistake, a blunder (lila's ``CpAdvice``; when a move
earns one is :func:`profiles.accuracy.judge`'s rule).

On their own, without python-chess, so that what only names a mark (a pool entry's ``veto``,
read as the app's first screen loads the pool) loads nothing more.
"""

from __future__ import annotations

from enum import StrEnum


class Mark(StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def glyph(self) -> str:
        """The mark as players write it after the move (the PGN standard's NAGs 6, 2, 4)."""
        return {Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}[self]

    @property
    def plural(self) -> str:
        """The mark's name for more than one: "inaccuracies", "mistakes", "blunders"."""
        return "inaccuracies" if self is Mark.INACCURACY else f"{self.value}s"


JUDGEMENTS = ((0.3, Mark.BLUNDER), (0.2, Mark.MISTAKE), (0.1, Mark.INACCURACY))
"""``CpAdvice.winningChanceJudgements``: the first drop in the mover's winning chances (−1 to 1)
reached, largest first (when a move reaches one is :func:`profiles.accuracy.judge`'s rule)."""


def least_drop(mark: Mark) -> float:
    """The drop in the mover's winning chances (−1 to 1) from which a move earns ``mark``."""
    return next(limit for limit, judged in JUDGEMENTS if judged is mark)
