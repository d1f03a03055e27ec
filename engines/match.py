"""One engine-versus-engine game on a Fischer clock, recorded as PGN."""

from __future__ import annotations

import time
from dataclasses import dataclass

import chess
import chess.engine
import chess.pgn

from engines.errors import EngineUnavailableError
from engines.launch import close_engine, open_engine
from engines.openings import Opening
from engines.opponent import Opponent
from engines.player import ClockReading, clocked_limit

MOVE_GRACE = 1.0
"""Seconds beyond its clock an engine may take before losing on time: the cost of the pipe and
of a loaded machine, not thinking time."""


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
        if clock.base <= 0 or clock.increment < 0:
            raise ValueError(f"'{text}' needs a positive base time and an increment of 0 or more")
        return clock


async def play_match_game(
    white: Opponent, black: Opponent, opening: Opening, clock: MatchClock
) -> chess.pgn.Game:
    """Play from the opening to the end and return the game with its result.

    Each engine gets the real clock plus its own search limits, as in a rated game. A draw is
    claimed as soon as the rules allow (threefold repetition, fifty moves).
    """
    board = opening.board()
    engines = {chess.WHITE: await open_engine(white)}
    try:
        engines[chess.BLACK] = await open_engine(black)
        remaining = {chess.WHITE: clock.base, chess.BLACK: clock.base}
        termination = "normal"
        result = ""
        while (outcome := board.outcome(claim_draw=True)) is None:
            side = board.turn
            player = white if side == chess.WHITE else black
            limit = clocked_limit(
                player.search,
                ClockReading(remaining[chess.WHITE], remaining[chess.BLACK], clock.increment),
            )
            started = time.monotonic()
            try:
                played = await engines[side].play(board, limit)
            except chess.engine.EngineError as error:
                raise EngineUnavailableError(
                    f"{player.title} failed at move {board.fullmove_number}: {error}"
                ) from error
            remaining[side] -= time.monotonic() - started
            if played.resigned:
                result = "0-1" if side == chess.WHITE else "1-0"
                break
            if remaining[side] < -MOVE_GRACE or played.move is None:
                termination = "time forfeit" if played.move is not None else "rules infraction"
                result = _loss_for(board, side)
                break
            remaining[side] += clock.increment
            board.push(played.move)
        else:
            result = outcome.result()
    finally:
        for engine in engines.values():
            await close_engine(engine)
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = white.name
    game.headers["Black"] = black.name
    game.headers["Result"] = result
    game.headers["TimeControl"] = clock.pgn
    game.headers["Opening"] = opening.name
    game.headers["Termination"] = termination
    return game


def _loss_for(board: chess.Board, side: chess.Color) -> str:
    """The side to move loses, unless the opponent could never mate: then it is a draw."""
    if board.has_insufficient_material(not side):
        return "1/2-1/2"
    return "0-1" if side == chess.WHITE else "1-0"
