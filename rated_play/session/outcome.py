"""How a rated game ended, in the terms a player and a PGN use."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import chess


class Termination(StrEnum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient material"
    FIVEFOLD_REPETITION = "fivefold repetition"
    SEVENTYFIVE_MOVES = "75-move rule"
    THREEFOLD_REPETITION = "threefold repetition (claimed)"
    FIFTY_MOVES = "50-move rule (claimed)"
    TIME_FORFEIT = "time forfeit"
    TIMEOUT_VS_INSUFFICIENT = "time forfeit against insufficient mating material"
    RESIGNATION = "resignation"
    DOUBLE_REFUSED = "double refused"
    DRAW_AGREED = "draw agreed"
    ABANDONED = "abandoned"
    ENGINE_FAILURE = "engine failure"

    @property
    def pgn(self) -> str:
        """The PGN ``Termination`` tag: the standard values where one fits."""
        if self in (Termination.TIME_FORFEIT, Termination.TIMEOUT_VS_INSUFFICIENT):
            return "time forfeit"
        if self is Termination.ABANDONED:
            return "abandoned"
        if self is Termination.ENGINE_FAILURE:
            return "unterminated"
        return "normal"


_CHESS_TERMINATIONS = {
    chess.Termination.CHECKMATE: Termination.CHECKMATE,
    chess.Termination.STALEMATE: Termination.STALEMATE,
    chess.Termination.INSUFFICIENT_MATERIAL: Termination.INSUFFICIENT_MATERIAL,
    chess.Termination.FIVEFOLD_REPETITION: Termination.FIVEFOLD_REPETITION,
    chess.Termination.SEVENTYFIVE_MOVES: Termination.SEVENTYFIVE_MOVES,
    chess.Termination.THREEFOLD_REPETITION: Termination.THREEFOLD_REPETITION,
    chess.Termination.FIFTY_MOVES: Termination.FIFTY_MOVES,
}


@dataclass(frozen=True)
class GameOutcome:
    """The end of a game: who won, how, and what it is worth to the player."""

    winner: chess.Color | None
    """None for a draw, and for a void game."""
    termination: Termination
    player_color: chess.Color
    void_reason: str = "the engine failed and could not be restarted"
    """Why a void game could not go on (only read when the game is void)."""

    @property
    def void(self) -> bool:
        return self.termination is Termination.ENGINE_FAILURE

    @property
    def result(self) -> str:
        if self.void:
            return "*"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == chess.WHITE else "0-1"

    @property
    def player_score(self) -> float | None:
        """1, 0.5 or 0 for the player; None when the game is void (unrated)."""
        if self.void:
            return None
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.player_color else 0.0

    @property
    def description(self) -> str:
        """A sentence for the result screen, e.g. "Black wins on time"."""
        if self.void:
            return f"Game void (unrated): {self.void_reason}"
        if self.winner is None:
            return _DRAWS[self.termination]
        side = "White" if self.winner == chess.WHITE else "Black"
        how = {
            Termination.CHECKMATE: "by checkmate",
            Termination.TIME_FORFEIT: "on time",
            Termination.RESIGNATION: "by resignation",
            Termination.ABANDONED: "by abandonment",
        }.get(self.termination, f"by {self.termination.value}")
        if self.termination is Termination.DOUBLE_REFUSED:
            loser = "Black" if self.winner == chess.WHITE else "White"
            return f"{side} wins: {loser} refused the double, which resigns the game"
        return f"{side} wins {how}"


_DRAWS = {
    Termination.STALEMATE: "Draw by stalemate",
    Termination.INSUFFICIENT_MATERIAL: "Draw: neither side has the material to mate",
    Termination.FIVEFOLD_REPETITION: "Draw: the same position five times",
    Termination.SEVENTYFIVE_MOVES: "Draw: 75 moves without a capture or a pawn move",
    Termination.THREEFOLD_REPETITION: "Draw by threefold repetition, claimed",
    Termination.FIFTY_MOVES: "Draw by the fifty-move rule, claimed",
    Termination.TIMEOUT_VS_INSUFFICIENT: "Draw: a flag fell, but the other side could not mate",
    Termination.DRAW_AGREED: "Draw by agreement",
}
"""How a player says each drawn ending."""


def automatic_outcome(board: chess.Board, player_color: chess.Color) -> GameOutcome | None:
    """The ending the rules impose without a claim (mate, stalemate, dead position, 5-fold,
    75 moves), or None while the game goes on."""
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return None
    return GameOutcome(outcome.winner, _CHESS_TERMINATIONS[outcome.termination], player_color)


def time_forfeit(
    board: chess.Board, flagged: chess.Color, player_color: chess.Color
) -> GameOutcome:
    """The flag of ``flagged`` fell: a loss, unless the opponent cannot possibly mate."""
    if board.has_insufficient_material(not flagged):
        return GameOutcome(None, Termination.TIMEOUT_VS_INSUFFICIENT, player_color)
    return GameOutcome(not flagged, Termination.TIME_FORFEIT, player_color)


def claimable_draw(position: chess.Board) -> Termination | None:
    """The draw a player may claim in ``position`` (threefold repetition, fifty moves)."""
    if position.is_repetition(3):
        return Termination.THREEFOLD_REPETITION
    if position.halfmove_clock >= 100:
        return Termination.FIFTY_MOVES
    return None
