"""A full-strength Stockfish beside every opponent, for the few moments when an opponent must
not play at its own strength: finishing a won ending, varying its opening, judging a draw offer,
and seeing when a game is lost or dead drawn (to resign, or offer a draw).

It is started on first use and shared by nothing else, so an opponent that never needs it costs
nothing, and its searches are the same for every opponent: a weak entry judges a position with
the same eyes as a strong one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from types import MappingProxyType

import chess
import chess.engine

from engines.errors import EngineUnavailableError
from engines.launch import close_engine, open_engine
from engines.opponents.opponent import Opponent

JUDGE = Opponent(
    name="judge",
    title="Stockfish at full strength",
    command="stockfish",
    rating=0.0,
    options=MappingProxyType({"Threads": 1, "Hash": 16}),
    package="stockfish",
)
JUDGEMENT_LIMIT = chess.engine.Limit(depth=14)
"""How deep the judge looks before an opponent answers an offer (a draw, a double)."""
TURN_LIMIT = chess.engine.Limit(nodes=40_000)
"""How far the judge looks at each of an opponent's turns, for its conduct (whether it resigns
or offers a draw, :mod:`engines.opponents.conduct`): a few hundredths of a second, as it is
paid for on every move, and enough to tell a lost or a dead-level position from a fight."""
SEARCH_TIMEOUT = 10.0
"""Seconds a judge search may take before it counts as failed (and the opponent plays or
judges on its own); its searches are bounded by depth or nodes and take under a second."""


async def _open_judge() -> chess.engine.Protocol:
    """The judge's engine, past python-chess's handshake of a first search (``ucinewgame``,
    ``isready``): an analysis stopped during it fails in python-chess when the ``readyok``
    comes ("InvalidStateError", printed from the event loop), and every search of the judge
    may be stopped. One search of a node, where nothing stops it, leaves later ones without it."""
    engine = await open_engine(JUDGE)
    try:
        await asyncio.wait_for(
            engine.play(chess.Board(), chess.engine.Limit(nodes=1)), SEARCH_TIMEOUT
        )
        # Stockfish's "Clear Hash" empties what that search left (Search::clear, as at
        # ucinewgame): the judge's searches stay those of a fresh engine, move for move.
        await engine.configure({"Clear Hash": None})
    except BaseException:
        await close_engine(engine)
        raise
    return engine


class Judge:
    """The full-strength engine, started on first use. Every method raises
    :class:`chess.engine.EngineError` (or :class:`~engines.errors.EngineUnavailableError`) on
    failure; callers fall back to the opponent's own judgement."""

    def __init__(self) -> None:
        self._engine: chess.engine.Protocol | None = None
        self._starting: asyncio.Task[chess.engine.Protocol] | None = None

    async def _require(self) -> chess.engine.Protocol:
        if self._engine is None:
            if self._starting is None:
                self._starting = asyncio.ensure_future(_open_judge())
            # Shielded: a search stopped while the engine starts leaves the start to finish,
            # so the process is kept for the next search and closed with the judge.
            try:
                self._engine = await asyncio.shield(self._starting)
            finally:
                if self._starting.done():  # started, or failed (the next search retries)
                    self._starting = None
        return self._engine

    async def play(
        self, board: chess.Board, limit: chess.engine.Limit, moves: Sequence[chess.Move] = ()
    ) -> chess.engine.PlayResult:
        """Its move among ``moves`` (any legal move when empty), with its search's report."""
        engine = await self._require()
        result = await asyncio.wait_for(
            engine.play(board, limit, info=chess.engine.INFO_ALL, root_moves=moves or None),
            SEARCH_TIMEOUT,
        )
        if result.move is None or result.move not in board.legal_moves:
            raise chess.engine.EngineError(f"the judge answered no legal move ({result.move})")
        return result

    async def lines(
        self,
        board: chess.Board,
        limit: chess.engine.Limit,
        count: int,
        moves: Sequence[chess.Move] = (),
    ) -> list[tuple[chess.Move, chess.engine.Score]]:
        """The ``count`` best moves (among ``moves``, when given) with their scores for the
        side to move, best first."""
        engine = await self._require()
        infos = await asyncio.wait_for(
            engine.analyse(board, limit, multipv=count, root_moves=moves or None), SEARCH_TIMEOUT
        )
        return [
            (info["pv"][0], info["score"].pov(board.turn))
            for info in infos
            if info.get("pv") and "score" in info
        ]

    async def evaluate(
        self, board: chess.Board, limit: chess.engine.Limit
    ) -> chess.engine.PovScore:
        engine = await self._require()
        info = await asyncio.wait_for(engine.analyse(board, limit), SEARCH_TIMEOUT)
        score = info.get("score")
        if score is None:
            raise chess.engine.EngineError("the judge gave no score")
        return score

    async def close(self) -> None:
        if self._starting is not None:
            starting, self._starting = self._starting, None
            with contextlib.suppress(EngineUnavailableError):
                self._engine = await starting
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await close_engine(engine)
