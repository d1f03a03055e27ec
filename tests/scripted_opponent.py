"""The opponent's side played in the test's own process, for the tests that are about a screen
or a rule: it plays given moves, resigns, claims and offers where it is told, answers offers as
it is told, and fails on cue. No engine runs: a game against it takes milliseconds, and plays
the same way with any Stockfish and any random seed.

It sits where the real engine sits (:class:`engines.opponents.seated.SeatedOpponent`), so the
game, its clock, its ledger row, its PGN and its screens are all the real ones. What it cannot
stand for (when a real opponent resigns, offers, doubles or answers) is tested against the real
engine, in the tier marked ``engine``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import zlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import chess

from engines.errors import EngineUnavailableError
from engines.opponents.engine_player import EngineCrashError
from engines.opponents.opponent import Opponent
from engines.opponents.seated import SeatedOpponent
from engines.opponents.turn import Turn, TurnResult
from profiles.material import PIECE_POINTS, material_lead


def drawn_move(board: chess.Board) -> chess.Move:
    """A legal move drawn at random, the draw seeded by the position: the same move in the same
    position on every run and with any Stockfish, and a game that goes somewhere (the first
    move in a fixed order shuffles one rook for ever)."""
    moves = sorted(board.legal_moves, key=chess.Move.uci)
    return random.Random(zlib.crc32(board.fen().encode())).choice(moves)


@dataclass
class ScriptedOpponent:
    """Plays ``script``, the whole game's moves (both sides', in UCI from the starting
    position): in a position the script reached it plays the script's next move, anywhere
    else (past the script's end, or off it) :func:`drawn_move`.

    Its conduct is told, not judged; a move N is the number of its turn's move (Black's 10th
    move is move 10, as the score sheet numbers it). It resigns instead of its move at
    ``resigns_at``, claims a draw instead of its move at ``claims_draw_at`` (whether or not the
    position gives grounds: the game judges a claim), offers a draw with its moves at
    ``offers_draw_at``, and doubles with its moves at ``doubles_at`` (whether or not the rules
    allow it: the game keeps them, and offers the player only a double they allow). Offers are
    answered as told: ``accepts_draws`` and ``accepts_doubles``. It fails on cue: ``start`` is
    refused with ``unavailable``, its turn at a move in ``crashes_at`` fails once its think is
    over (``crashes`` times running, each answered by a restart), a restart is refused with
    ``restart_refused``; ``think`` seconds pass over each move (longer than its clock: it loses
    on time).
    """

    script: Sequence[str] = ()
    resigns_at: int | None = None
    claims_draw_at: Collection[int] = ()
    offers_draw_at: Collection[int] = ()
    doubles_at: Collection[int] = ()
    accepts_draws: bool = False
    accepts_doubles: bool = True
    think: float = 0.0
    unavailable: str | None = None
    crashes_at: Collection[int] = ()
    crashes: int = 1
    restart_refused: str | None = None
    last_words: str | None = None
    restarts: int = 0
    closed: bool = False
    asked: list[str] = field(default_factory=list)
    """What the game asked it, in order: "turn", "draw", "double"."""
    turns: list[Turn] = field(default_factory=list)
    """The turns the game gave it, in order."""
    _failed: dict[int, int] = field(default_factory=dict)

    async def start(self) -> None:
        if self.unavailable is not None:
            raise EngineUnavailableError(self.unavailable)

    async def restart(self) -> None:
        self.restarts += 1
        if self.restart_refused is not None:
            raise EngineUnavailableError(self.restart_refused)

    async def take_turn(self, turn: Turn, stop: asyncio.Event | None = None) -> TurnResult:
        self.asked.append("turn")
        self.turns.append(turn)
        board = turn.board
        number = board.fullmove_number
        if number == self.resigns_at:
            return TurnResult.resignation()
        if number in self.claims_draw_at:
            return TurnResult.draw_claim()
        if self.think:
            waiting = asyncio.Event() if stop is None else stop
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiting.wait(), timeout=self.think)
        if number in self.crashes_at and self._failed.get(number, 0) < self.crashes:
            self._failed[number] = self._failed.get(number, 0) + 1
            self.last_words = f"scripted failure at move {number}"
            raise EngineCrashError(f"the scripted opponent failed at move {number}")
        return TurnResult(
            self.move(board),
            draw_offered=number in self.offers_draw_at,
            doubled=number in self.doubles_at,
        )

    def move(self, board: chess.Board) -> chess.Move:
        """Its move in ``board``: the script's where the script reached it."""
        played = [move.uci() for move in board.move_stack]
        ply = len(played)
        if ply < len(self.script) and played == list(self.script[:ply]):
            return chess.Move.from_uci(self.script[ply])
        return drawn_move(board)

    async def accepts_draw(self, board: chess.Board, colour: chess.Color) -> bool:
        self.asked.append("draw")
        return self.accepts_draws

    async def accepts_double(self, board: chess.Board, colour: chess.Color) -> bool:
        self.asked.append("double")
        return self.accepts_doubles

    async def close(self) -> None:
        self.closed = True


_SEATED: type[SeatedOpponent] = ScriptedOpponent
"""mypy holds the scripted opponent to the seam's protocol here, whether or not a test seats it
where the protocol is asked for: a method the game calls that it lacks fails the type check."""


class ScriptedSeating:
    """Seats a new :class:`ScriptedOpponent`, made as told, for every game the app starts (the
    ``seating`` of :class:`rated_play.ui.app.AppOptions`): ``seated`` holds them in order."""

    def __init__(self, **told: Any) -> None:
        self.told = told
        self.seated: list[ScriptedOpponent] = []

    def __call__(self, opponent: Opponent) -> ScriptedOpponent:
        seated = ScriptedOpponent(**self.told)
        self.seated.append(seated)
        return seated

    @property
    def last(self) -> ScriptedOpponent:
        """The opponent of the last game started."""
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
