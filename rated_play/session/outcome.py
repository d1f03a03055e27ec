"""How a rated game ended, in the terms a player and a PGN use."""

from __future__ import annotations

from dataclasses import dataclass

import chess

from profiles.laws import endings
from profiles.laws.endings import GameResult, Termination


@dataclass(frozen=True)
class GameOutcome(GameResult):
    """The end of a game as the player is told it: the :class:`GameResult` the ledger stores,
    and why a void game could not go on."""

    void_reason: str = "the engine failed and could not be restarted"
    """Why a void game could not go on (only read when the game is void)."""

    @property
    def description(self) -> str:
        """A sentence for the result screen, e.g. "Black wins on time"."""
        if self.void:
            return f"Game void (unrated): {self.void_reason}"
        offered_by = self.ending.draw_offered_by
        if self.termination is Termination.DRAW_AGREED and offered_by is not None:
            offerer, accepter = endings.side_name(offered_by), endings.side_name(not offered_by)
            return f"Draw agreed: offered by {offerer}, accepted by {accepter}"
        claimed_by = self.ending.draw_claimed_by
        if self.termination in CLAIMED and claimed_by is not None:
            return f"{_DRAWS[self.termination]} by {endings.side_name(claimed_by)}"
        if self.winner is None:
            return _DRAWS[self.termination]
        side = endings.side_name(self.winner)
        if self.termination is Termination.RESIGNATION:
            return f"{endings.side_name(not self.winner)} resigned: {side} wins"
        how = {
            Termination.CHECKMATE: "by checkmate",
            Termination.TIME_FORFEIT: "on time",
            Termination.RESIGNATION: "by resignation",
            Termination.ABANDONED: "by abandonment",
        }.get(self.termination, f"by {self.termination.value}")
        if self.termination is Termination.DOUBLE_REFUSED:
            loser = endings.side_name(not self.winner)
            return f"{side} wins: {loser} refused the double, which resigns the game"
        return f"{side} wins {how}"

    @property
    def told(self) -> str:
        """:attr:`description` in the player's words where it names who did what (a
        resignation, an agreed draw, a claim): "Your opponent (Black) resigned"."""
        offered_by = self.ending.draw_offered_by
        if self.termination is Termination.DRAW_AGREED and offered_by is not None:
            if offered_by == self.player_color:
                return "Draw agreed: offered by you, accepted by your opponent"
            return "Draw agreed: offered by your opponent, accepted by you"
        if self.termination is Termination.RESIGNATION and self.winner is not None:
            loser = endings.side_name(not self.winner)
            who = "Your opponent" if self.winner == self.player_color else "You"
            return f"{who} ({loser}) resigned"
        claimed_by = self.ending.draw_claimed_by
        if self.termination in CLAIMED and claimed_by is not None:
            who = "you" if claimed_by == self.player_color else "your opponent"
            return f"{_DRAWS[self.termination]} by {who}"
        return self.description


CLAIMED = frozenset({Termination.THREEFOLD_REPETITION, Termination.FIFTY_MOVES})
"""The draws a side claims, on its own turn (FIDE Laws, 9.2 and 9.3: the player having the move):
the player, or the opponent; every other ending comes by itself."""

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
    """The ending the rules impose without a claim (:func:`profiles.laws.endings.board_ending`),
    from the player's side, or None while the game goes on."""
    ending = endings.board_ending(board)
    return None if ending is None else GameOutcome(ending, player_color)


def time_forfeit(
    board: chess.Board, flagged: chess.Color, player_color: chess.Color
) -> GameOutcome:
    """The flag of ``flagged`` fell (:func:`profiles.laws.endings.time_forfeit`), from the player's
    side."""
    ending = endings.time_forfeit(board, flagged)
    return GameOutcome(ending, player_color)
