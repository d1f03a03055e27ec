"""A full-strength Stockfish beside every opponent, for the few moments when an opponent must
not play at its own strength: finishing a won ending, varying its opening, judging a draw offer,
and seeing when a game is lost or level (to resign, or to offer and accept a draw).

It is started on first use, or with the opponent's engine when the opponent needs it from its
first moves (a veto, the variation of its opening), so an opponent that never needs it costs
nothing and one that does pays for no start on its clock; its searches are the same for every
opponent: a weak entry judges a position with the same eyes as a strong one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from types import MappingProxyType
from typing import NoReturn, TypeVar

import chess
import chess.engine

from engines.cancelling import cancel_and_wait
from engines.errors import EngineUnavailableError
from engines.hang import watch_for_hang
from engines.launch import close_engine, kill_and_reap, open_engine
from engines.opponents.opponent import JUDGE_COMMAND, JUDGE_PACKAGE, Opponent

JUDGE = Opponent(
    name="judge",
    title="Stockfish at full strength",
    command=JUDGE_COMMAND,
    rating=0.0,
    options=MappingProxyType({"Threads": 1, "Hash": 16}),
    package=JUDGE_PACKAGE,
)
JUDGEMENT_LIMIT = chess.engine.Limit(depth=14)
"""How deep the judge looks before an opponent answers an offer (a draw, a double)."""
TURN_LIMIT = chess.engine.Limit(nodes=40_000)
"""How far the judge looks at each of an opponent's turns, for its conduct (whether it resigns
or offers a draw, :mod:`engines.opponents.conduct`): a few hundredths of a second, as it is
paid for on every move, and enough to tell a lost or a dead-level position from a fight."""
SEARCH_TIMEOUT = 10.0
"""Seconds a judge search may take before it counts as failed (and it is started again); its
searches are bounded by depth or nodes and take under a second."""
RESTARTS = 3
"""Times the judge is started again after failing before it is given up for good, as an
opponent's own engine is in a rated game."""
STOP_GRACE = 1.0
"""Seconds a search stopped by its caller (a budget spent, a game over) has to end: a live
Stockfish answers ``stop`` at once, and one that does not is hung. python-chess queues the next
command behind the unanswered one, and a third fails on an assertion ("CommandState.NEW")."""
_log = logging.getLogger(__name__)
_Answer = TypeVar("_Answer")


class JudgeError(EngineUnavailableError):
    """The judge could not answer: it hung, died, answered nonsense or cannot be started, and
    was started again as often as it may be. Its callers go on without it (the opponent plays
    and judges on its own), but for a veto, which the opponent's strength is made of."""


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
    except (EngineUnavailableError, asyncio.CancelledError):
        await close_engine(engine)
        raise
    except Exception as error:  # whatever python-chess fails with, the start failed
        await close_engine(engine)
        why = f"{JUDGE.title} failed its first search ({_said(error)})"
        raise EngineUnavailableError(why) from error
    return engine


class Judge:
    """The full-strength engine, started on first use and watched as an opponent's own engine
    is: a search that hangs (no CPU), dies or fails in any way python-chess can fail has the
    process killed and started again, and the search asked again, up to :data:`RESTARTS`
    times; after that, or when it cannot be started, every method raises :class:`JudgeError`
    at once, and the callers fall back to the opponent's own judgement. The caller's budget
    bounds it all: cancelling a method stops it, and a search that does not then end is taken
    for hung at the next one."""

    def __init__(self) -> None:
        self._engine: chess.engine.Protocol | None = None
        self._starting: asyncio.Task[chess.engine.Protocol] | None = None
        self.restarts = 0
        """Times it was started again after failing."""
        self.gone: str | None = None
        """Why it cannot come back, once it cannot."""
        self._failed = False

    @property
    def pid(self) -> int | None:
        transport = getattr(self._engine, "transport", None)
        return None if transport is None else int(transport.get_pid())

    async def start(self) -> None:
        """Start it now rather than on first use; raises :class:`JudgeError` when it cannot."""
        await self._require()

    def start_soon(self) -> None:
        """Begin its start without waiting for it, for a player that needs it from its first
        moves: its first search then waits for what is left of the start, if anything. A start
        that fails says so at that search, as a start on first use does."""
        if self._engine is None and self._starting is None and self.gone is None:
            self._begin_start()

    async def settled(self) -> None:
        """Wait until a start under way has ended, either way (one that failed raises at the
        next search); at once when none is."""
        if self._starting is not None:
            with contextlib.suppress(JudgeError):
                await self._require()

    def _begin_start(self) -> asyncio.Task[chess.engine.Protocol]:
        if self._failed:
            self.restarts += 1
        self._starting = asyncio.ensure_future(_open_judge())
        return self._starting

    async def _require(self) -> chess.engine.Protocol:
        if self.gone is not None:
            raise JudgeError(self.gone)
        await self.hung_after_stop()
        if self._engine is None:
            starting = self._starting or self._begin_start()
            # Shielded: a search stopped while the engine starts leaves the start to finish,
            # so the process is kept for the next search and closed with the judge.
            try:
                self._engine = await asyncio.shield(starting)
            except EngineUnavailableError as error:
                self._give_up(f"{JUDGE.title} could not be started ({error})")
            finally:
                if starting.done():  # started, or failed (given up above)
                    self._starting = None
            self._failed = False
        return self._engine

    async def hung_after_stop(self) -> bool:
        """Whether a search its caller stopped (a budget spent, a game over) failed to end
        within :data:`STOP_GRACE`: the judge is then hung, and is killed as after any failure
        (to be started again at the next search; :class:`JudgeError` when it may not be)."""
        engine = self._engine
        command = None if engine is None else engine.command
        if command is None:
            return False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(command.finished), STOP_GRACE)
        if command.finished.done():
            return False
        await self._fail(f"it did not answer stop within {STOP_GRACE:.0f} s")
        return True

    async def _ask(self, search: Callable[[chess.engine.Protocol], Awaitable[_Answer]]) -> _Answer:
        """``search`` of the judge's engine, watched; asked again of a fresh process after a
        failure, until it answers or the judge is given up."""
        while True:
            engine = await self._require()
            task = asyncio.ensure_future(asyncio.wait_for(search(engine), SEARCH_TIMEOUT))
            try:
                hung = await watch_for_hang(task, self.pid)
                if hung is None:
                    return task.result()
                why = hung
            except Exception as error:  # whatever python-chess fails with: EngineError,
                # TimeoutError, and its own assertions when a command came out of order
                why = _said(error)
            finally:
                if not task.done():
                    await cancel_and_wait(task)
            await self._fail(why)

    async def _fail(self, why: str) -> None:
        """The engine failed for ``why``: killed, to be started again, or given up for good."""
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await kill_and_reap(engine)
        self._failed = True
        if self.restarts >= RESTARTS:
            self._give_up(f"{JUDGE.title} failed again after {RESTARTS} restarts ({why})")

    def _give_up(self, why: str) -> NoReturn:
        self.gone = why
        _log.warning(
            "%s; the opponent resigns, offers and answers offers on its own judgement now", why
        )
        raise JudgeError(why)

    async def play(
        self, board: chess.Board, limit: chess.engine.Limit, moves: Sequence[chess.Move] = ()
    ) -> chess.engine.PlayResult:
        """Its move among ``moves`` (any legal move when empty), with its search's report."""

        async def search(engine: chess.engine.Protocol) -> chess.engine.PlayResult:
            result = await engine.play(
                board, limit, info=chess.engine.INFO_ALL, root_moves=moves or None
            )
            if result.move is None or result.move not in board.legal_moves:
                raise chess.engine.EngineError(f"it answered no legal move ({result.move})")
            return result

        return await self._ask(search)

    async def lines(
        self,
        board: chess.Board,
        limit: chess.engine.Limit,
        count: int,
        moves: Sequence[chess.Move] = (),
    ) -> list[tuple[chess.Move, chess.engine.Score]]:
        """The ``count`` best moves (among ``moves``, when given) with their scores for the
        side to move, best first."""
        infos = await self._ask(lambda engine: _analysed(engine, board, limit, count, moves))
        return [
            (info["pv"][0], info["score"].pov(board.turn))
            for info in infos
            if info.get("pv") and "score" in info
        ]

    async def evaluate(
        self, board: chess.Board, limit: chess.engine.Limit
    ) -> chess.engine.PovScore:
        async def search(engine: chess.engine.Protocol) -> chess.engine.PovScore:
            score = (await _analysed(engine, board, limit))[0].get("score")
            if score is None:
                raise chess.engine.EngineError("it gave no score")
            return score

        return await self._ask(search)

    async def close(self) -> None:
        if self._starting is not None:
            starting, self._starting = self._starting, None
            with contextlib.suppress(EngineUnavailableError):
                self._engine = await starting
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await close_engine(engine)


async def _analysed(
    engine: chess.engine.Protocol,
    board: chess.Board,
    limit: chess.engine.Limit,
    count: int = 1,
    moves: Sequence[chess.Move] = (),
) -> list[chess.engine.InfoDict]:
    """python-chess's ``analyse``, but a caller that stops it leaves the analysis's own end to
    come: stopping ``analyse`` cancels that end, and an engine killed afterwards (a hung one)
    fails on it inside the event loop ("InvalidStateError", printed over the screen)."""
    analysis = await engine.analysis(board, limit, multipv=count, root_moves=moves or None)
    with analysis:
        ending = asyncio.ensure_future(analysis.wait())
        ending.add_done_callback(lambda done: done.cancelled() or done.exception())
        await asyncio.shield(ending)
    return analysis.multipv


def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
