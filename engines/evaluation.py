"""The engine's evaluation of a finished game: full-strength Stockfish over every position.

One engine process of its own, one search per position: the search of the position before a
move gives both the engine's better move there and (searched from the next position) the
evaluation after it, so a game of *n* plies costs *n* + 1 searches. The positions are searched
in order with the hash kept between them, which makes each search after the first cheaper.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import chess
import chess.engine

from engines.errors import EngineUnavailableError
from engines.launch import close_engine, open_engine
from engines.opponents.judge import JUDGE
from profiles.accuracy import CEILING, MATE_SCORE, PositionEvaluation, is_mate

DEPTH = 14
"""The default depth. Measured with ``benchmarks/analysis.py`` on a 2-core machine with a
calibration running on both cores: an 80-ply game takes 6–8 s at depth 14 with the cap below,
10–19 s at depth 14 without it (the high end with a test run loading the machine too), 24 s at
depth 16."""
MOVE_TIME_CAP = 0.2
"""Seconds any one position may take: a position whose tree explodes, or a machine too busy to
reach depth 14 in time, stops early instead of pushing a long game over the 20 s budget
(81 positions × 0.2 s stays under it). The price: on a loaded machine two analyses of one game
may differ in a close call, which is one reason an analysis is made once and stored."""
LINE_PLIES = 12
"""Plies of the engine's principal variation kept for each position, as lichess keeps them
(lila ``modules/analyse/src/main/Info.scala``, ``LineMaxPlies``): enough to show why the
better move is better, and the tail of a depth-14 search says little more."""
MATE_MOVES = 10
"""A decisive position (beyond :data:`profiles.accuracy.CEILING`) that the search scored in
centipawns is searched again for a mate in this many moves (UCI ``go mate``): under the time
cap a forced mate a few moves away was shown as +44.06."""
MATE_TIME_CAP = 0.3
"""Seconds the search for a mate may take; only decisive positions pay it."""
SEARCH_TIMEOUT = 30.0
"""Seconds after which a search that has not answered counts as a failed engine."""

Progress = Callable[[int, int], None]
"""Called with (positions done, positions in all) after each position."""


@dataclass(frozen=True)
class AnalysisLimit:
    depth: int = DEPTH
    time_cap: float | None = MOVE_TIME_CAP

    def limit(self) -> chess.engine.Limit:
        return chess.engine.Limit(depth=self.depth, time=self.time_cap)


@dataclass(frozen=True)
class Evaluations:
    positions: list[PositionEvaluation]
    """The starting position and the position after every move."""
    engine: str
    """The engine's own name (``id name``), e.g. ``"Stockfish 15.1"``."""


def _final(board: chess.Board) -> PositionEvaluation | None:
    """A position where the game is over is scored by the rules, not searched."""
    outcome = board.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return PositionEvaluation(0, None)
    return PositionEvaluation(MATE_SCORE if outcome.winner == chess.WHITE else -MATE_SCORE, None)


async def evaluate_game(
    moves: Sequence[chess.Move],
    *,
    limit: AnalysisLimit | None = None,
    on_progress: Progress | None = None,
) -> Evaluations:
    """Evaluate the starting position and the position after each move, in order.

    Raises :class:`EngineUnavailableError` when Stockfish is missing, dies or hangs; a
    cancelled caller (a closed screen) stops the engine with it.
    """
    search = (limit or AnalysisLimit()).limit()
    engine = await open_engine(JUDGE)
    try:
        board = chess.Board()
        positions: list[PositionEvaluation] = []
        total = len(moves) + 1
        for index in range(total):
            if index:
                board.push(moves[index - 1])
            positions.append(_final(board) or await _search(engine, board, search))
            if on_progress is not None:
                on_progress(index + 1, total)
        return Evaluations(positions, engine.id.get("name", JUDGE.title))
    except (chess.engine.EngineError, TimeoutError) as error:
        raise EngineUnavailableError(
            f"the analysis stopped: {JUDGE.title} failed ({error or type(error).__name__}); "
            "try again"
        ) from error
    finally:
        await close_engine(engine)


async def _search(
    engine: chess.engine.Protocol, board: chess.Board, limit: chess.engine.Limit
) -> PositionEvaluation:
    info = await asyncio.wait_for(engine.analyse(board, limit), SEARCH_TIMEOUT)
    score = info.get("score")
    line = _legal_line(board, info.get("pv", []))
    if score is None or not line:
        raise chess.engine.EngineError(f"no score or move for {board.fen()}")
    eval_cp = score.white().score(mate_score=MATE_SCORE)
    if abs(eval_cp) > CEILING and not is_mate(eval_cp):
        mate = await _mate(engine, board)
        if mate is not None:
            return mate
    return PositionEvaluation(eval_cp, line[0], line)


async def _mate(engine: chess.engine.Protocol, board: chess.Board) -> PositionEvaluation | None:
    """The forced mate the engine finds in :data:`MATE_MOVES` moves, if it finds one."""
    limit = chess.engine.Limit(mate=MATE_MOVES, time=MATE_TIME_CAP)
    info = await asyncio.wait_for(engine.analyse(board, limit), SEARCH_TIMEOUT)
    score = info.get("score")
    line = _legal_line(board, info.get("pv", []))
    if score is None or not score.is_mate() or not line:
        return None
    return PositionEvaluation(score.white().score(mate_score=MATE_SCORE), line[0], line)


def _legal_line(board: chess.Board, pv: Sequence[chess.Move]) -> tuple[chess.Move, ...]:
    """The first :data:`LINE_PLIES` moves of the engine's principal variation, cut at the
    first that is not legal where it stands: an engine's ``pv`` is its own word (UCI protocol,
    ``info pv``), and a line shown to a player must be playable on the board."""
    position = board.copy(stack=False)
    line: list[chess.Move] = []
    for move in pv[:LINE_PLIES]:
        if not position.is_legal(move):
            break
        line.append(move)
        position.push(move)
    return tuple(line)
