"""The opponent's side played in the test's own process, for the tests that are about a screen
or a rule: it plays given moves, answers offers as it is told, and fails on cue. No engine runs:
a game against it takes milliseconds, and plays the same way with any Stockfish.

It sits where the real engine sits (:class:`engines.opponents.player.OpponentPlayer`), so
the game, its clock, its ledger row, its PGN and its screens are all the real ones. What it
cannot stand for is tested against the real engine, in the tier marked ``engine``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import zlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import chess
import chess.engine

from engines.errors import EngineUnavailableError
from engines.opponents.engine_player import ClockReading, EngineCrashError
from engines.opponents.opponent import Opponent
from profiles.material import PIECE_POINTS, material_lead

View = Callable[[chess.Board], chess.engine.Score | None]
"""How the opponent sees a position on its turn, from its own side: what its conduct (resign,
offer a draw) is decided on; None is no view."""


def drawn_move(board: chess.Board) -> chess.Move:
    """A legal move drawn at random, the draw seeded by the position: the same move in the same
    position on every run and with any Stockfish, and a game that goes somewhere (the first
    move in a fixed order shuffles one rook for ever)."""
    moves = sorted(board.legal_moves, key=chess.Move.uci)
    return random.Random(zlib.crc32(board.fen().encode())).choice(moves)


def level(_: chess.Board) -> chess.engine.Score:
    """A view of every position as dead level (0.00): the opponent offers a draw once its
    conduct allows one."""
    return chess.engine.Cp(0)


def hopeless(_: chess.Board) -> chess.engine.Score:
    """A view of every position as mated soon: an opponent that is one to resign resigns."""
    return chess.engine.Mate(-3)


@dataclass
class ScriptedPlayer:
    """Plays ``script``, the whole game's moves (both sides', in UCI from the starting
    position): in a position the script reached it plays the script's next move, anywhere
    else (past the script's end, or off it) :func:`drawn_move`.

    Offers are answered as told: ``accepts_draws`` and ``accepts_doubles``; it doubles with
    its move at the plies in ``doubles_at`` (the ply its move will be). ``view`` is how it
    judges its turn (None: it never resigns nor offers a draw). It fails on cue: ``start``
    is refused with ``unavailable``, a move at a ply in ``crashes_at`` fails once its think is
    over (``crashes`` times running, each answered by a restart), a restart is refused with
    ``restart_refused``; ``think`` seconds pass over each move (longer than its clock: it loses
    on time).
    """

    script: Sequence[str] = ()
    accepts_draws: bool = False
    accepts_doubles: bool = True
    doubles_at: Collection[int] = ()
    view: View | None = None
    think: float = 0.0
    unavailable: str | None = None
    crashes_at: Collection[int] = ()
    crashes: int = 1
    restart_refused: str | None = None
    last_words: str | None = None
    restarts: int = 0
    closed: bool = False
    asked: list[str] = field(default_factory=list)
    """What the game asked it, in order: "move", "draw", "double", "doubles?", "judge"."""
    _failed: dict[int, int] = field(default_factory=dict)

    async def start(self) -> None:
        if self.unavailable is not None:
            raise EngineUnavailableError(self.unavailable)

    async def restart(self) -> None:
        self.restarts += 1
        if self.restart_refused is not None:
            raise EngineUnavailableError(self.restart_refused)

    async def play(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None = None
    ) -> chess.Move:
        self.asked.append("move")
        if self.think:
            waiting = asyncio.Event() if stop is None else stop
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiting.wait(), timeout=self.think)
        ply = len(board.move_stack)
        if ply in self.crashes_at and self._failed.get(ply, 0) < self.crashes:
            self._failed[ply] = self._failed.get(ply, 0) + 1
            self.last_words = f"scripted failure at ply {ply + 1}"
            raise EngineCrashError(f"the scripted opponent failed at move {board.fullmove_number}")
        return self.move(board)

    def move(self, board: chess.Board) -> chess.Move:
        """Its move in ``board``: the script's where the script reached it."""
        played = [move.uci() for move in board.move_stack]
        ply = len(played)
        if ply < len(self.script) and played == list(self.script[:ply]):
            return chess.Move.from_uci(self.script[ply])
        return drawn_move(board)

    async def judge_turn(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None = None
    ) -> chess.engine.PovScore | None:
        self.asked.append("judge")
        score = None if self.view is None else self.view(board)
        return None if score is None else chess.engine.PovScore(score, board.turn)

    async def accepts_draw(self, board: chess.Board, colour: chess.Color) -> bool:
        self.asked.append("draw")
        return self.accepts_draws

    async def accepts_double(self, board: chess.Board, colour: chess.Color) -> bool:
        self.asked.append("double")
        return self.accepts_doubles

    async def offers_double(self, board: chess.Board, colour: chess.Color) -> bool:
        self.asked.append("doubles?")
        # ``board`` is the position after the move it doubles with.
        return len(board.move_stack) - 1 in self.doubles_at

    async def close(self) -> None:
        self.closed = True


class Seating:
    """Seats a new :class:`ScriptedPlayer`, made as told, for every game the app starts (the
    ``players`` of :class:`rated_play.ui.app.AppOptions`): ``seated`` holds them in order."""

    def __init__(self, **told: Any) -> None:
        self.told = told
        self.seated: list[ScriptedPlayer] = []

    def __call__(self, opponent: Opponent) -> ScriptedPlayer:
        player = ScriptedPlayer(**self.told)
        self.seated.append(player)
        return player

    @property
    def last(self) -> ScriptedPlayer:
        """The player of the last game started."""
        return self.seated[-1]


def greedy_move(board: chess.Board) -> chess.Move:
    """The player's move where a test needs one and no engine runs: mate at once where it can,
    else the move that keeps the most material once the opponent has taken what it can, then
    one that does not repeat a position, then the furthest pawn push, then the one that
    leaves the opponent fewest moves, then the first in UCI order. Against :func:`drawn_move`
    it wins, soon and the same way every run: as White by mate at move 23 with a queen made at
    move 11, as Black by mate at move 24 with a queen made at move 15."""
    best: tuple[int, bool, int, int, str] | None = None
    chosen = drawn_move(board)
    for move in board.legal_moves:
        pawn = board.piece_type_at(move.from_square) == chess.PAWN
        board.push(move)
        if board.is_checkmate():
            board.pop()
            return move
        kept = material_lead(board, not board.turn) - _best_capture(board)
        repeats = board.is_repetition(2)
        freedom = board.legal_moves.count()
        board.pop()
        advance = (
            chess.square_rank(move.to_square)
            if board.turn == chess.WHITE
            else 7 - chess.square_rank(move.to_square)
        )
        rank = (-kept, repeats, -advance if pawn else 0, freedom, move.uci())
        if best is None or rank < best:
            best, chosen = rank, move
    return chosen


def _best_capture(board: chess.Board) -> int:
    """What the side to move wins at most with one capture (no recapture counted)."""
    won = 0
    for move in board.generate_legal_captures():
        taken = board.piece_at(move.to_square)
        value = PIECE_POINTS[taken.piece_type] if taken is not None else 1  # en passant
        won = max(won, value)
    return won
