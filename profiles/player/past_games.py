"""A profile's games looked back at: the list, newest first, and one game with its moves.

Looking back waits until the game is over (no aid while it is on): while a profile has a game on,
in this process or another, none of its games — nor their analyses, which come through
:func:`after_the_game` too — can be opened. The list shows every game as the ledger says:
a game a process is playing is "in play", one left by a process that died is the loss by
abandonment every reader sees, a void game is unrated.

Each game's rating column comes from :mod:`profiles.player.history`, so it is the rating the card
shows, derived from the ledger with today's calibration, and follows the 20-game rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from profiles.errors import UserError
from profiles.laws.endings import Termination
from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, GameStatus, Profile
from profiles.player.history import RatingPoint, class_history
from profiles.ratings import DEFAULT_SYSTEM
from profiles.ratings.visibility import of_the_first


class GameInPlayError(UserError):
    """A game, or another game of its profile, is still being played."""


def after_the_game(ledger: Ledger, record: GameRecord) -> None:
    """Raise :class:`GameInPlayError` while the profile of ``record`` has a game on."""
    playing = ledger.game_in_play(record.profile_id)
    if playing is None:
        return
    if playing.id == record.id:
        raise GameInPlayError(
            f"game {record.id} is still being played: it can be looked at, and analysed, "
            "only once it is over"
        )
    between_games(ledger, record.profile_id)


def between_games(ledger: Ledger, profile_id: int) -> None:
    """Raise :class:`GameInPlayError` while the profile ``profile_id`` has a game on: none of
    its past games is opened, analysed or exported meanwhile."""
    playing = ledger.game_in_play(profile_id)
    if playing is not None:
        raise GameInPlayError(
            f"game {playing.id} is still being played: the profile's past games, their "
            "analyses and their export wait until it is over"
        )


@dataclass(frozen=True)
class PastGame:
    """A game that is over, with its moves from the starting position."""

    record: GameRecord
    moves: tuple[chess.Move, ...]

    def sans(self) -> list[str]:
        board = chess.Board()
        sans = []
        for move in self.moves:
            sans.append(board.san(move))
            board.push(move)
        return sans

    def board_after(self, plies: int) -> chess.Board:
        """The position after the first ``plies`` moves (0: the starting position)."""
        board = chess.Board()
        for move in self.moves[:plies]:
            board.push(move)
        return board


def past_game(ledger: Ledger, game_id: int) -> PastGame:
    """Game ``game_id`` and its moves, once its profile has no game on."""
    record = ledger.game(game_id)
    after_the_game(ledger, record)
    return PastGame(record, tuple(ledger.played_moves(game_id)))


def result_words(record: GameRecord) -> str:
    """The game's result from the player's side: "Won", "Lost (left)", "In play", …"""
    if record.status is GameStatus.PENDING:
        return "In play"
    if record.status is GameStatus.VOID:
        return "Void"
    if record.status is GameStatus.ABANDONED:
        return "Lost (left)"
    if record.player_score == 1.0:
        return "Won"
    return "Drawn" if record.player_score == 0.5 else "Lost"


ENDED = {
    Termination.CHECKMATE: "checkmate",
    Termination.STALEMATE: "stalemate",
    Termination.INSUFFICIENT_MATERIAL: "no mate left",
    Termination.FIVEFOLD_REPETITION: "fivefold",
    Termination.SEVENTYFIVE_MOVES: "75 moves",
    Termination.THREEFOLD_REPETITION: "threefold",
    Termination.FIFTY_MOVES: "50 moves",
    Termination.TIME_FORFEIT: "on time",
    Termination.TIMEOUT_VS_INSUFFICIENT: "time, no mate",
    Termination.RESIGNATION: "resignation",
    Termination.DOUBLE_REFUSED: "double refused",
    Termination.DRAW_AGREED: "agreed",
    Termination.ABANDONED: "left",
    Termination.ENGINE_FAILURE: "engine failed",
}
"""How a game ended, in the few words a list of games has room for (the game viewer and the
PGN say it in full)."""


def ended_words(record: GameRecord) -> str:
    """How the game ended, for a list: "checkmate", "on time", "agreed"; nothing while it is
    played (its row stands as an abandonment until it ends)."""
    if record.status is GameStatus.PENDING:
        return ""
    try:
        return ENDED[Termination(record.termination)]
    except ValueError:  # a termination a newer rated-play wrote: said as it was written
        return record.termination


@dataclass(frozen=True)
class GameLine:
    """One game of the list and what it did to the rating of its class."""

    record: GameRecord
    number: int | None
    """The game's number among its class's rated games; None when it is not rated."""
    rating: RatingPoint | None
    """The rating after the game, from the 20th rated game of the class on."""
    change: float | None
    """What the game did to the rating, from the 21st rated game on."""

    @property
    def rating_words(self) -> str:
        """The rating after the game and its change ("1535 +12"), "1523 first" for the game that
        made the rating, "7 of 20" before it, "unrated" for a void game, "" for one in play."""
        if self.record.status is GameStatus.PENDING:
            return ""
        if self.number is None:
            return "unrated"
        if self.rating is None:
            return of_the_first(self.number)
        if self.change is None:
            return f"{self.rating.rating:.0f} first"
        return f"{self.rating.rating:.0f} {self.change:+.0f}"


def game_lines(ledger: Ledger, profile: Profile, system: str = DEFAULT_SYSTEM) -> list[GameLine]:
    """Every game of the profile, newest first."""
    games = ledger.games(profile.id)
    numbers: dict[int, int] = {}
    points: dict[int, RatingPoint] = {}
    changes: dict[int, float] = {}
    for time_class in TimeClass:
        history = class_history(games, time_class, system)
        numbers |= {game.id: number for number, game in enumerate(history.games, start=1)}
        points |= {point.game_id: point for point in history.points}
        changes |= history.changes()
    return [
        GameLine(g, numbers.get(g.id), points.get(g.id), changes.get(g.id)) for g in reversed(games)
    ]
