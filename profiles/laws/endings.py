"""How a game of chess ends: the one place the endings are decided for every game rated-play
plays, a rated game at the board and an engine game of the calibration alike, so the two cannot
disagree about a result.

The words are python-chess's where it has them (:class:`chess.Outcome`, its ``result()`` strings,
:data:`chess.COLOR_NAMES`, the names of :class:`chess.Termination`); the endings the board alone
cannot see (a flag, a resignation, an agreement, abandonment, an engine that failed) are added
beside them. The rules are those of the FIDE Laws of Chess (FIDE Handbook E.01): checkmate (article
5.1.1), stalemate (5.2.1), a dead position (5.2.2), a draw claimed on a threefold repetition (9.2)
or after fifty moves (9.3), the automatic draw after a fivefold repetition (9.6.1) or 75 moves
(9.6.2), and the flag (6.9): the player whose time is up loses, unless the opponent cannot checkmate
by any series of legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Self

if TYPE_CHECKING:
    import chess

WHITE: Final = True
"""python-chess's ``chess.WHITE``: a colour is a bool, White is True."""
COLOR_NAMES: Final = ("black", "white")
"""python-chess's ``chess.COLOR_NAMES``, indexed by colour, spelt here so that the app's first
screen (the ledger, the profile card) names colours without importing python-chess, whose
import (it builds its attack tables) costs more than a tenth of the time to that screen;
``tests/session/test_endings.py`` checks that they are python-chess's."""


class Termination(StrEnum):
    """How a game ended, as the ledger stores it (these values are written to it)."""

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


@dataclass(frozen=True)
class Ending:
    """The end of a game: :class:`chess.Outcome` with the endings off the board as well."""

    termination: Termination
    winner: chess.Color | None
    """None for a draw, and for a game that could not be finished (an engine failure)."""
    draw_offered_by: chess.Color | None = None
    """Of a draw agreed (FIDE Laws, article 9.1.2), the side that offered it, the other having
    accepted; None for every other ending, and for an agreed draw recorded without it."""
    draw_claimed_by: chess.Color | None = None
    """Of a draw claimed (articles 9.2 and 9.3), the side that claimed it, on its own turn;
    None for every other ending, and for a claim recorded without it."""

    def result(self) -> str:
        """The PGN result, as :meth:`chess.Outcome.result` writes it; ``*`` for a game that
        could not be finished."""
        if self.termination is Termination.ENGINE_FAILURE:
            return "*"
        return result_for(self.winner)


RESULTS: Final[Mapping[str, float]] = MappingProxyType({"win": 1.0, "draw": 0.5, "loss": 0.0})
"""A player's result of a finished game, in words, and the points it scores: one for a win,
a half for a draw, none for a loss (FIDE Laws of Chess, article 10.1)."""


def points(winner: chess.Color | None, color: chess.Color) -> float:
    """What a game won by ``winner`` (None: drawn) scores for ``color``."""
    return RESULTS["draw" if winner is None else "win" if winner == color else "loss"]


PGN_RESULTS: Final[Mapping[bool | None, str]] = MappingProxyType(
    {WHITE: "1-0", not WHITE: "0-1", None: "1/2-1/2"}
)
"""The PGN result of a finished game by its winner (None: drawn), as python-chess's
:meth:`chess.Outcome.result` writes it, spelt here for the same reason as :data:`COLOR_NAMES`
(``tests/session/test_endings.py`` checks that they are python-chess's)."""

WHITE_SCORE = {result: points(winner, WHITE) for winner, result in PGN_RESULTS.items()}
"""White's points for each PGN result of a finished game (``*`` scores nothing)."""


@dataclass(frozen=True)
class GameResult:
    """How a rated game ended, from the player's side: what the session produces when a game
    ends and the ledger stores (its result, the player's score and the termination are all
    read from here). A game is written as :meth:`abandonment` before its first move."""

    ending: Ending
    """How the game ended, as the board (or the clock, or a player) ended it."""
    player_color: chess.Color

    @classmethod
    def abandonment(cls, player_color: chess.Color) -> Self:
        """The loss of a player who left the game: how every rated game stands until it ends."""
        return cls(Ending(Termination.ABANDONED, not player_color), player_color)

    @property
    def winner(self) -> chess.Color | None:
        """None for a draw, and for a game that could not be finished (an engine failure)."""
        return self.ending.winner

    @property
    def termination(self) -> Termination:
        return self.ending.termination

    @property
    def void(self) -> bool:
        """The game could not be finished: it is unrated and scores nothing."""
        return self.termination is Termination.ENGINE_FAILURE

    @property
    def result(self) -> str:
        """The PGN result (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"*"`` when void)."""
        return self.ending.result()

    @property
    def player_score(self) -> float | None:
        """1, 0.5 or 0 for the player; None when the game is void (unrated)."""
        return None if self.void else points(self.winner, self.player_color)


def result_for(winner: chess.Color | None) -> str:
    """The PGN result of a game won by ``winner`` (None: drawn)."""
    return PGN_RESULTS[winner]


def color_name(color: chess.Color) -> str:
    """``"white"`` or ``"black"``: python-chess's :data:`chess.COLOR_NAMES`."""
    return COLOR_NAMES[color]


def side_name(color: chess.Color) -> str:
    """``"White"`` or ``"Black"``: the colour as the PGN tags and the players name the side."""
    return COLOR_NAMES[color].capitalize()


def color_named(name: str) -> chess.Color:
    """The colour :func:`color_name` wrote as ``name``; ValueError for anything else."""
    for color in (WHITE, not WHITE):
        if COLOR_NAMES[color] == name:
            return color
    raise ValueError(f"{name!r} is not a colour")


def board_ending(board: chess.Board) -> Ending | None:
    """The ending the Laws impose without a claim (mate, stalemate, dead position, fivefold
    repetition, 75 moves), or None while the game goes on."""
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return None
    # Every ending python-chess sees on a board has its name here (its variant endings never
    # happen in standard chess).
    return Ending(Termination[outcome.termination.name], outcome.winner)


def claimable_draw(position: chess.Board) -> Termination | None:
    """The draw a player may claim in ``position``: the position has occurred three times
    (article 9.2), or fifty moves passed without a capture or a pawn move (9.3).

    Not ``board.outcome(claim_draw=True)``: python-chess also counts a repetition the side to
    move could bring about with its next move, which the Laws let a player claim only by
    writing that move down first (9.2.1.1); a claim with the move is made by playing it on a
    copy and asking here.
    """
    if position.is_repetition(3):
        return Termination.THREEFOLD_REPETITION
    if position.halfmove_clock >= 100:
        return Termination.FIFTY_MOVES
    return None


def occurrences(position: chess.Board) -> int:
    """How many times ``position`` has occurred in its game, this time included, as article
    9.2.2 counts positions: the same pieces on the same squares, the same side to move, the
    same castling and en passant rights (its EPD). A capture, a pawn move or a lost castling
    right makes every earlier position unrepeatable, so the count stops there."""
    seen = position.epd()
    board = position.copy()
    count = 1
    while board.move_stack:
        move = board.pop()
        if board.is_irreversible(move):
            break
        count += board.epd() == seen
    return count


def time_forfeit(board: chess.Board, flagged: chess.Color) -> Ending:
    """``flagged``'s time is up: a loss, unless the opponent cannot possibly mate (then a
    draw), article 6.9."""
    if board.has_insufficient_material(not flagged):
        return Ending(Termination.TIMEOUT_VS_INSUFFICIENT, None)
    return Ending(Termination.TIME_FORFEIT, not flagged)
