"""One engine-versus-engine game on a Fischer clock, recorded as PGN."""

from __future__ import annotations

import random

import chess
import chess.pgn

from engines.calibration.openings import Opening
from engines.calibration.roster import Roster
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.turn import ClockReading, Turn
from profiles.laws.clock import GameClock
from profiles.laws.endings import (
    Ending,
    Termination,
    board_ending,
    claimable_draw,
    time_forfeit,
)
from profiles.laws.time_control import TimeControl, TimeControlError

MOVE_GRACE = 1.0
"""Seconds beyond its clock an engine may take before losing on time: the cost of the pipe and
of a loaded machine, not thinking time."""


MAX_BASE = 24 * 3600.0
"""Seconds: the longest base time a calibration clock may have (a day)."""
MAX_INCREMENT = 3600.0
"""Seconds: the largest increment (an hour a move)."""


def match_clock(text: str) -> TimeControl:
    """A calibration clock in seconds: ``"10+0.1"`` → 10 s base, 0.1 s increment (the PGN
    ``TimeControl`` form, :meth:`TimeControl.from_pgn`), within a day and an hour a move."""
    if text.strip().endswith("+"):
        # "60+" is a clock half typed: taken as 60+0, it would play games on a clock the
        # user may not have meant.
        raise TimeControlError(f"'{text}' has no increment after the '+': write 60+0 for none")
    clock = TimeControl.from_pgn(text)
    if clock.untimed or not (
        clock.base_seconds <= MAX_BASE and clock.increment_seconds <= MAX_INCREMENT
    ):
        raise TimeControlError(
            f"'{text}' needs a base time from 0 to {MAX_BASE:g} seconds (not 0) and an "
            f"increment from 0 to {MAX_INCREMENT:g} seconds"
        )
    return clock


async def play_match_game(
    white: Opponent,
    black: Opponent,
    opening: Opening,
    clock: TimeControl | None,
    roster: Roster | None = None,
    *,
    rng: random.Random | None = None,
) -> chess.pgn.Game:
    """Play from the opening to the end and return the game with its result.

    Each side is an :class:`EnginePlayer`, the same player as in a rated game (technique,
    variation and all), told the real clock when there is one. Without a clock each plays at
    its own search limits alone. The game ends on the board as a rated game does
    (:func:`profiles.laws.endings.board_ending`), or on the flag
    (:func:`profiles.laws.endings.time_forfeit`): the same rules and the same clock. Each side
    takes its turns as in a rated game (:meth:`EnginePlayer.take_turn`, its conduct drawn from
    ``rng`` when given): a side may resign or claim a draw instead of moving, and a draw one
    side offers with its move is agreed when the other side accepts it
    (:meth:`EnginePlayer.accepts_draw`). Nothing is played for a stake, so no side doubles.

    A claim is the side's own, on its turn, as in a rated game
    (:mod:`engines.opponents.draw_claim`). The games played before it ended at every threefold
    repetition or fifty moves that had happened, whoever it suited, which was not the same
    conduct: only the side to move may claim (FIDE Laws, 9.2 and 9.3), and of the shipped games
    so drawn, 269 of 1,515 repetitions and 52 of 280 fifty-move draws had that side more than a
    pawn up to the judge, which plays on now (``benchmarks/claims_shipped.py``). Such a game
    may still be drawn a ply later, by the other side's claim (after fifty moves at once,
    unless a pawn moved or a piece was taken; a repetition if the position comes round again).
    Those games are kept as played: one that would have gone on cannot be replayed, and a game
    ended by a claim is tagged as they are (no ``EndReason``: the board shows the grounds).

    The players come from ``roster`` and go back to it after a game that ended normally (an
    engine that failed is closed); without one, both are started for this game alone. An engine
    that cannot start, or dies or hangs mid-game, ends it with its
    :class:`~engines.errors.EngineUnavailableError` (an
    :class:`~engines.opponents.engine_player.EngineCrashError` says at which move).
    """
    board = opening.board()
    own_roster = roster is None
    if roster is None:
        roster = Roster(capacity=0)
    players: dict[chess.Color, EnginePlayer] = {}
    game_clock = GameClock(clock or TimeControl.no_clock())
    finished = False
    try:
        players[chess.WHITE] = await roster.take(white, rng)
        players[chess.BLACK] = await roster.take(black, rng)
        game_clock.start(board.turn)
        while (ending := board_ending(board)) is None:
            side = board.turn
            result = await players[side].take_turn(Turn(board.copy(), ClockReading.of(game_clock)))
            if game_clock.flagged(grace=MOVE_GRACE) is not None:
                ending = time_forfeit(board, side)
                break
            if result.draw_claimed:
                claim = claimable_draw(board)
                assert claim is not None  # a conduct claims only on grounds (draw_claim)
                ending = Ending(claim, None, draw_claimed_by=side)
                break
            if result.move is None:
                ending = Ending(Termination.RESIGNATION, not side)
                break
            game_clock.press()
            board.push(result.move)
            # A draw the other side may claim is its own to claim or play on: no offer stands.
            offered = result.draw_offered and board_ending(board) is None
            offered = offered and claimable_draw(board) is None
            if offered and await players[not side].accepts_draw(board, not side):
                ending = Ending(Termination.DRAW_AGREED, None, draw_offered_by=side)
                break
        finished = True
    finally:
        for player in players.values():
            if finished:
                await roster.give_back(player)
            else:
                await player.close()
        if own_roster:
            await roster.close()
    return _recorded(board, (white, black), ending, clock, opening)


def _recorded(
    board: chess.Board,
    players: tuple[Opponent, Opponent],
    ending: Ending,
    clock: TimeControl | None,
    opening: Opening,
) -> chess.pgn.Game:
    """The game played to ``board`` as PGN, with the tags a calibration reads; ``players``
    White first."""
    white, black = players
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = white.name
    game.headers["Black"] = black.name
    game.headers["TimeControl"] = time_control_tag(clock)
    game.headers["Opening"] = opening.name
    tag_ending(game.headers, ending)
    return game


def tag_ending(headers: chess.pgn.Headers, ending: Ending) -> None:
    """The tags that say how a calibration game ended: its result, its ``Termination``, and an
    ``EndReason`` for a resignation or an agreed draw (a claim's grounds are on the board, as
    in the games played before sides judged their claims)."""
    headers["Result"] = ending.result()
    headers["Termination"] = ending.termination.pgn
    if ending.termination in (Termination.RESIGNATION, Termination.DRAW_AGREED):
        # The standard's Termination is "normal" for both; the board does not show them.
        headers["EndReason"] = ending.termination.value


def time_control_tag(clock: TimeControl | None) -> str:
    """The PGN TimeControl tag: ``"10+0.1"``, or ``"-"`` (the standard's "no time control")."""
    return (clock or TimeControl.no_clock()).pgn
