"""One engine-versus-engine game on a Fischer clock, recorded as PGN."""

from __future__ import annotations

import time
from dataclasses import dataclass

import chess
import chess.pgn

from engines.errors import EngineUnavailableError
from engines.openings import Opening
from engines.opponent import Opponent
from engines.player import ClockReading, EngineCrashError, EnginePlayer
from engines.roster import Roster

MOVE_GRACE = 1.0
"""Seconds beyond its clock an engine may take before losing on time: the cost of the pipe and
of a loaded machine, not thinking time."""


MAX_BASE = 24 * 3600.0
"""Seconds: the longest base time a calibration clock may have (a day)."""
MAX_INCREMENT = 3600.0
"""Seconds: the largest increment (an hour a move)."""


@dataclass(frozen=True)
class MatchClock:
    """A Fischer clock: base time and increment per move, in seconds."""

    base: float
    increment: float

    @property
    def pgn(self) -> str:
        """The PGN TimeControl tag, e.g. ``"10+0.1"``."""
        return f"{self.base:g}+{self.increment:g}"

    @classmethod
    def parse(cls, text: str) -> MatchClock:
        """``"10+0.1"`` → 10 s base, 0.1 s increment; raises ValueError with what is wrong."""
        base, _, increment = text.partition("+")
        try:
            clock = cls(float(base), float(increment or 0))
        except ValueError:
            raise ValueError(f"'{text}' is not a time control like 10+0.1") from None
        # Written so that nan fails too: every comparison with nan is false.
        if not (0 < clock.base <= MAX_BASE and 0 <= clock.increment <= MAX_INCREMENT):
            raise ValueError(
                f"'{text}' needs a base time from 0 to {MAX_BASE:g} seconds (not 0) and an "
                f"increment from 0 to {MAX_INCREMENT:g} seconds"
            )
        return clock


async def play_match_game(
    white: Opponent,
    black: Opponent,
    opening: Opening,
    clock: MatchClock | None,
    roster: Roster | None = None,
) -> chess.pgn.Game:
    """Play from the opening to the end and return the game with its result.

    Each side is an :class:`EnginePlayer`, the same player as in a rated game (technique,
    variation and all), told the real clock when there is one. Without a clock each plays at
    its own search limits alone. The game ends as :func:`match_outcome` says.

    The players come from ``roster`` and go back to it after a game that ended normally (an
    engine that failed is closed); without one, both are started for this game alone.
    """
    board = opening.board()
    own_roster = roster is None
    if roster is None:
        roster = Roster(capacity=0)
    players: dict[chess.Color, EnginePlayer] = {}
    remaining = dict.fromkeys((chess.WHITE, chess.BLACK), clock.base if clock else 0.0)
    termination = "normal"
    result = ""
    finished = False
    try:
        players[chess.WHITE] = await roster.take(white)
        players[chess.BLACK] = await roster.take(black)
        while (outcome := match_outcome(board)) is None:
            side = board.turn
            reading = None
            if clock is not None:
                reading = ClockReading(
                    remaining[chess.WHITE], remaining[chess.BLACK], clock.increment
                )
            started = time.monotonic()
            try:
                move = await players[side].play(board, reading)
            except EngineCrashError as error:
                raise EngineUnavailableError(f"{error} at move {board.fullmove_number}") from error
            if clock is not None:
                remaining[side] -= time.monotonic() - started
                if remaining[side] < -MOVE_GRACE:
                    termination = "time forfeit"
                    result = _loss_for(board, side)
                    break
                remaining[side] += clock.increment
            board.push(move)
        else:
            result = outcome.result()
        finished = True
    finally:
        for player in players.values():
            if finished:
                await roster.give_back(player)
            else:
                await player.close()
        if own_roster:
            await roster.close()
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = white.name
    game.headers["Black"] = black.name
    game.headers["Result"] = result
    game.headers["TimeControl"] = time_control_tag(clock)
    game.headers["Opening"] = opening.name
    game.headers["Termination"] = termination
    return game


def match_outcome(board: chess.Board) -> chess.Outcome | None:
    """The end of an engine game: every automatic ending, and a threefold repetition or fifty
    moves that *has happened* (the side it suits would claim it).

    Not ``board.outcome(claim_draw=True)``: python-chess also counts a repetition that the side
    to move could bring about with its next move, and so ends games that a side winning on the
    board would play on; in a rated game nobody claims for the engine.
    """
    outcome = board.outcome()
    if outcome is not None:
        return outcome
    if board.is_repetition(3):
        return chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
    if board.halfmove_clock >= 100:
        return chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    return None


def time_control_tag(clock: MatchClock | None) -> str:
    """The PGN TimeControl tag: ``"10+0.1"``, or ``"-"`` (the standard's "no time control")."""
    return "-" if clock is None else clock.pgn


def _loss_for(board: chess.Board, side: chess.Color) -> str:
    """The side to move loses, unless the opponent could never mate: then it is a draw."""
    if board.has_insufficient_material(not side):
        return "1/2-1/2"
    return "0-1" if side == chess.WHITE else "1-0"
