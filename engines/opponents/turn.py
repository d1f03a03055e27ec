"""One turn of the opponent, as a game gives it and as the opponent takes it.

The opponent is handed its turn (:class:`Turn`: the position, the clocks, what the rules allow
it beside a move) and decides all of it itself (:class:`TurnResult`): its move, or instead a
resignation or a draw claimed, and with a move a draw offer or a double. python-chess's
``PlayResult`` carries a draw offer and a resignation beside an engine's move the same way, and
lila keeps an offer as the offering player's own. The game keeps the rules, the clocks, the
stake and the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import chess

from profiles.laws.clock import GameClock


@dataclass(frozen=True)
class ClockReading:
    """Both clocks at the moment the opponent's turn begins, as its engine is told them."""

    white: float
    black: float
    increment: float

    @classmethod
    def of(cls, clock: GameClock) -> ClockReading | None:
        """The clocks now, as the engine is told them; None for a game without a clock."""
        white, black = clock.remaining(chess.WHITE), clock.remaining(chess.BLACK)
        if white is None or black is None:
            return None
        return cls(white, black, float(clock.time_control.increment_seconds))

    def spent(self, colour: chess.Color, seconds: float) -> ClockReading:
        """The clocks once ``colour`` has spent ``seconds`` more of its own (its clock runs
        while it judges its turn, before its engine is told the clocks)."""
        if colour == chess.WHITE:
            return replace(self, white=self.white - seconds)
        return replace(self, black=self.black - seconds)


@dataclass(frozen=True)
class Turn:
    """What the opponent is given on its turn."""

    board: chess.Board
    """The position, its moves from the start of the game included (the opponent's own copy):
    the side to move is the opponent."""
    clock: ClockReading | None
    """Both clocks as the turn began; None in a game without a clock."""
    may_double: bool = False
    """Whether the rules let it double the stake with its move: the game is played with
    doubling, and the right to double is not the other side's."""


@dataclass(frozen=True)
class TurnResult:
    """What the opponent did with its turn: a move, or instead of one a resignation or a draw
    claimed."""

    move: chess.Move | None
    """Its move; None when it resigned or claimed a draw."""
    resigned: bool = False
    """It resigned instead of moving."""
    draw_claimed: bool = False
    """It claimed a draw instead of moving, in the position it was given (FIDE Laws, articles
    9.2 and 9.3: the player having the move claims); the game judges the claim."""
    draw_offered: bool = False
    """It offers a draw with its move (FIDE Laws, article 9.1.2.1: the offer is made after
    making a move, before pressing the clock)."""
    doubled: bool = False
    """It offers to double the stake with its move, as a draw is offered."""

    def __post_init__(self) -> None:
        # A turn is one of a move, a resignation and a claim, never two nor none; an offer
        # comes with a move.
        if (self.move is not None) + self.resigned + self.draw_claimed != 1:
            raise ValueError(f"a turn is a move, a resignation or a claim, one of them, not {self}")
        if self.move is None and (self.draw_offered or self.doubled):
            raise ValueError("an offer comes with a move, not with a resignation or a claim")

    @classmethod
    def resignation(cls) -> TurnResult:
        return cls(None, resigned=True)

    @classmethod
    def draw_claim(cls) -> TurnResult:
        return cls(None, draw_claimed=True)
