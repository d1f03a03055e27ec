"""The engine across the board: plays an opponent's moves on the real clock, and notices when
its process dies or hangs so the game can go on with a fresh one."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Coroutine
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import chess
import chess.engine

from engines.cancelling import cancel_and_wait, close_all
from engines.errors import EngineUnavailableError
from engines.hang import watch_for_hang
from engines.launch import (
    close_engine,
    heard_out,
    kill_engine,
    last_words,
    open_engine,
    with_last_words,
)
from engines.opponents import doubling
from engines.opponents.conduct import Act, Conduct
from engines.opponents.judge import JUDGEMENT_LIMIT, TURN_LIMIT, Judge, JudgeError
from engines.opponents.opponent import Opponent, Protocol, SearchLimit
from engines.opponents.technique import TECHNIQUE_NODES, is_simple_win
from engines.opponents.turn import ClockReading, Turn, TurnResult
from engines.opponents.variation import (
    CANDIDATES,
    VARIATION_DEPTH,
    variation_limit,
    varied_move,
    varies_here,
)
from engines.opponents.veto import TRIES, VETO_DEPTH, is_vetoed, veto_limit, vetoed_from

UNTIMED_MOVETIME = 5.0
"""Seconds per move for an engine with no clock and no search limit of its own."""
MAX_CLOCK_SECONDS = (2**31 - 1) / 1000
"""The longest clock an engine is told: 2^31-1 ms (24.8 days), the most a signed 32-bit
integer holds, as many engines read a clock. A longer one can be read as nothing at all:
Stockfish 15, told ``wtime`` of 309 digits, stops reading the ``go`` line there, so the
``depth`` or ``nodes`` after it are lost and it searches for ever."""
MOVE_NOW = {Protocol.UCI: "stop", Protocol.XBOARD: "?"}
"""What tells an engine to move at once with the best move it has: ``stop`` in UCI (the
protocol of April 2006, "stop calculating as soon as possible, don't forget the bestmove"),
``?`` in the xboard protocol ("move now")."""
STOP_REPEAT = 0.2
"""Seconds between repeats of the move-now command until the move comes: one sent before the
engine has started its search (between ``ucinewgame`` and ``go``) is ignored by it."""
JUDGE_SHARE = 0.1
"""Of the mover's clock, the most the judge's searches for one move (technique, variation) may
take: on a short clock the opponent's own move stands instead of one that loses on time."""
TECHNIQUE_CHOICE = "a full-strength search, as every opponent finishes a won ending"
VARIATION_CHOICE = "a random pick among moves a full-strength search judges as good as its own"
VETO_CHOICE = "chosen again, a full-strength search having vetoed its first choice"
JUDGE_CHOICE = "a full-strength search, every move the opponent chose having been vetoed"
SEARCH_INFO = chess.engine.INFO_BASIC | chess.engine.INFO_SCORE | chess.engine.INFO_PV
_Result = TypeVar("_Result")


class EngineCrashError(EngineUnavailableError):
    """The engine process died or stopped answering during a search. A rated game and the UCI
    server restart it; a calibration game, which cannot, ends with it, and its message (the
    engine, the move, the fault) is the one the user reads."""


@dataclass(frozen=True)
class Bounds:
    """Limits a caller puts on one move on top of the opponent's own (a GUI's ``go depth``,
    ``nodes``, ``movetime``, ``searchmoves``): the engine stops at whichever comes first, so an
    opponent never searches past its own setting (its strength stays its label) and stops
    sooner when asked."""

    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None
    """Seconds."""
    moves: tuple[chess.Move, ...] = ()
    """The only moves to choose from; any legal move when empty."""
    until_stopped: bool = False
    """No budget of ours: an engine with no limit of its own and no clock searches until it is
    told to move (``go infinite``), instead of for :data:`UNTIMED_MOVETIME`."""

    def shorten(self, search: SearchLimit) -> bool:
        """Whether they bound the depth or the nodes more tightly than ``search`` does: the
        judge's deeper search, which varies an opening, is then left out, as the move must come
        from no deeper a search than the caller asked for."""
        return _tighter(self.depth, search.depth) or _tighter(self.nodes, search.nodes)


@dataclass(frozen=True)
class Choice:
    """An opponent's move and the search behind it."""

    move: chess.Move
    search: chess.engine.InfoDict
    """What the engine that chose the move reported of its search (depth, score, nodes, time,
    principal variation); empty when it reported nothing."""
    chosen_by: str | None = None
    """How the move was picked when the search's best line did not pick it (the judge, a
    random choice, a net), in a few words; None when it did."""


def clocked_limit(
    search: SearchLimit, clock: ClockReading | None, bounds: Bounds | None = None
) -> chess.engine.Limit:
    """An opponent's own limits plus the real clock (or a per-move budget without one): how
    an engine is asked for a move in a rated game and in a calibration game alike. ``bounds``
    only ever shorten the search."""
    bounds = bounds or Bounds()
    limit = search.limit()
    limit.depth = _least(limit.depth, bounds.depth)
    limit.nodes = _least(limit.nodes, bounds.nodes)
    limit.time = _least(limit.time, bounds.movetime)
    if clock is None:
        unlimited = limit.depth is None and limit.nodes is None and limit.time is None
        if unlimited and not bounds.until_stopped:
            limit.time = UNTIMED_MOVETIME
        return limit
    limit.white_clock = engine_clock(clock.white)
    limit.black_clock = engine_clock(clock.black)
    limit.white_inc = limit.black_inc = engine_clock(clock.increment)
    return limit


_Number = TypeVar("_Number", int, float)


def _least(own: _Number | None, asked: _Number | None) -> _Number | None:
    """The tighter of two limits, either of which may be absent."""
    if own is None:
        return asked
    return own if asked is None else min(own, asked)


def _tighter(asked: int | None, own: int | None) -> bool:
    return asked is not None and (own is None or asked < own)


def judge_budget(clock: ClockReading | None, turn: chess.Color) -> float | None:
    """Seconds the judge's searches for one move may take (:data:`JUDGE_SHARE` of the mover's
    clock); None without a clock (its own timeout bounds each search then)."""
    if clock is None:
        return None
    return JUDGE_SHARE * engine_clock(clock.white if turn == chess.WHITE else clock.black)


def engine_clock(seconds: float) -> float:
    """``seconds`` of a clock as an engine can read them: none below 0, none above
    :data:`MAX_CLOCK_SECONDS`."""
    return min(max(seconds, 0.0), MAX_CLOCK_SECONDS)


class EnginePlayer:
    """One opponent as it plays: its engine process (restartable), with the technique and the
    variation every opponent has (see :mod:`engines.opponents.technique`,
    :mod:`engines.opponents.variation`), and its conduct off the board
    (:mod:`engines.opponents.conduct`), all judged by its judge. The same player plays rated
    games, calibration games and ``rated-play engines uci``, so an opponent is measured exactly
    as it plays. Not a rules keeper: the session is."""

    def __init__(
        self, opponent: Opponent, judge: Judge | None = None, rng: random.Random | None = None
    ) -> None:
        """``judge``: one shared with other players (see :mod:`engines.calibration.roster`),
        which this player does not close; without it the player starts its own when it first
        needs one. ``rng`` draws its conduct in each game (whether it is one to resign); by
        default one seeded from the module's generator, so a test that seeds that plays the
        same games every run."""
        self.opponent = opponent
        self._engine: chess.engine.Protocol | None = None
        self._owns_judge = judge is None
        self._judge = Judge() if judge is None else judge
        self._rng = rng or random.Random(random.random())
        self._game = object()
        self._conduct = Conduct(opponent.rating, self._rng)
        self._decided: tuple[str, Act] | None = None
        """The position of the last turn its conduct decided, and what it decided there."""
        self.restarts = 0
        self.last_words: str | None = None
        """What the engine said last on its standard error before it last failed."""

    def new_game(self, rng: random.Random | None = None) -> None:
        """The next move starts another game: the engine is told so (``ucinewgame``) and
        forgets what it learnt in the last one, and its conduct is drawn again for the game
        (from ``rng`` when given, else from its own generator)."""
        self._game = object()
        self._conduct = Conduct(self.opponent.rating, rng or self._rng)
        self._decided = None

    async def start(self) -> None:
        """Start the engine, and the judge of an entry whose veto is its strength. Raises
        :class:`EngineUnavailableError` when either cannot be. The judge of an entry whose
        opening it varies is started too, unwaited for (see :meth:`ready`): a Stockfish
        starting at the first move would take the time given to vary it (on a short clock,
        all of it) before the opponent's own move was played."""
        self._engine = await open_engine(self.opponent)
        if self.opponent.veto is not None:
            try:
                await self._judge.start()
            except BaseException:
                await self._close_engine()
                raise
        elif not self.opponent.varies_by_itself:
            self._judge.start_soon()

    async def ready(self) -> None:
        """Wait until a start of its judge begun by :meth:`start` has ended, either way (one
        that failed is told at its first search)."""
        await self._judge.settled()

    async def restart(self) -> None:
        """Replace a dead or hung process with a new one (closing what is left of the old); a
        judge of our own given up for good is replaced too, for the veto that needs it."""
        if self._engine is not None:
            kill_engine(self._engine)
            self._engine = None
        self.restarts += 1
        if self._owns_judge and self._judge.gone is not None:
            await self._judge.close()
            self._judge = Judge()
        await self.start()

    @property
    def running(self) -> bool:
        """Whether the engine process is up (it may have died while idle)."""
        return self._engine is not None and not self._engine.returncode.done()

    @property
    def pid(self) -> int | None:
        transport = getattr(self._engine, "transport", None)
        return None if transport is None else int(transport.get_pid())

    async def take_turn(self, turn: Turn, stop: asyncio.Event | None = None) -> TurnResult:
        """Its turn in a game (see :class:`~engines.opponents.seated.SeatedOpponent`): its
        conduct first (resign or claim a draw instead of moving, or offer a draw with its
        move), then its move
        (:meth:`choose`), then, where the rules allow, whether it doubles with it. Raises
        :class:`EngineCrashError` as :meth:`choose` does."""
        began = time.monotonic()
        board, clock = turn.board, turn.clock
        act = await self._conduct_on(board, clock, stop)
        if act is Act.RESIGN:
            return TurnResult.resignation()
        if act is Act.CLAIM_DRAW:
            return TurnResult.draw_claim()
        if clock is not None:
            # Its clock ran while the judge looked: its engine is told what is left.
            clock = clock.spent(board.turn, time.monotonic() - began)
        move = (await self.choose(board, clock, stop)).move
        # A stopped turn is a move at once: the judge is not asked about a double then.
        stopped = stop is not None and stop.is_set()
        doubled = turn.may_double and not stopped and await self._doubles_with(board, move)
        return TurnResult(move, draw_offered=act is Act.OFFER_DRAW, doubled=doubled)

    async def _conduct_on(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None
    ) -> Act:
        """What its conduct decides on this turn. A turn given again, after its engine failed
        on the way to a move, keeps what was decided: its judge is not asked again, nor its
        view counted twice (three hopeless views are three turns, not one turn asked thrice)."""
        position = board.fen()
        if self._decided is not None and self._decided[0] == position:
            return self._decided[1]
        view = None
        if self._conduct.needs_judge(board):
            view = await self._view_of_turn(board, clock, stop)
        seconds = None if clock is None else clock.white if board.turn else clock.black
        act = self._conduct.act(board, view, seconds)
        self._decided = (position, act)
        return act

    async def play(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None = None
    ) -> chess.Move:
        """The opponent's move in ``board``: :meth:`choose` without bounds, the move alone."""
        return (await self.choose(board, clock, stop)).move

    async def choose(
        self,
        board: chess.Board,
        clock: ClockReading | None,
        stop: asyncio.Event | None = None,
        bounds: Bounds | None = None,
    ) -> Choice:
        """The opponent's move in ``board`` (which has a legal move), and the search behind it.
        Raises :class:`EngineCrashError` when its engine dies, answers nonsense, or hangs (see
        :func:`engines.hang.watch_for_hang`). Cancelling stops the search and gives no move; setting
        ``stop`` makes the engine move at once, with the best move it has found (the judge's
        searches, technique and variation, are dropped: the engine's own move is the one it
        has), as does running out of :func:`judge_budget` for them."""
        stop = stop or asyncio.Event()
        bounds = bounds or Bounds()
        budget = judge_budget(clock, board.turn)
        if is_simple_win(board):
            limit = clocked_limit(SearchLimit(nodes=TECHNIQUE_NODES), clock, bounds)
            with contextlib.suppress(JudgeError):
                best = await _unless_stopped(
                    stop, self._judge.play(board, limit, bounds.moves), budget
                )
                if best is not None and best.move is not None:
                    return Choice(best.move, best.info, TECHNIQUE_CHOICE)
        own = await self._own_move(board, clock, stop, bounds)
        shortened = bounds.shorten(self.opponent.search)
        if self.opponent.veto is not None and not shortened:
            checked = await self._vetted_or_failed(
                board, clock, stop, bounds, own=own, budget=budget
            )
            if checked is not None:
                return checked
        if not (self.opponent.varies_by_itself or shortened) and varies_here(board):
            with contextlib.suppress(JudgeError):
                lines = await _unless_stopped(
                    stop,
                    self._judge.lines(board, variation_limit(), CANDIDATES, bounds.moves),
                    budget,
                )
                if lines is not None and (move := varied_move(own.move, lines)) != own.move:
                    score = dict(lines)[move]
                    search: chess.engine.InfoDict = {
                        "depth": VARIATION_DEPTH,
                        "score": chess.engine.PovScore(score, board.turn),
                        "pv": [move],
                    }
                    return Choice(move, search, VARIATION_CHOICE)
        return own

    async def _vetted_or_failed(
        self,
        board: chess.Board,
        clock: ClockReading | None,
        stop: asyncio.Event,
        bounds: Bounds,
        *,
        own: Choice,
        budget: float | None,
    ) -> Choice | None:
        """:meth:`_vetted` within ``budget``; None when ``stop`` or the budget came first (the
        opponent's own move stands, as on a short clock it must). A judge that cannot veto is
        a failure of the opponent, whose strength the veto is: :class:`EngineCrashError`, and
        the game starts it again and asks again, or ends void; it never plays unvetted."""
        try:
            checked = await _unless_stopped(
                stop, self._vetted(board, clock, stop, bounds, own), budget
            )
            if checked is None and not stop.is_set() and await self._judge.hung_after_stop():
                raise JudgeError("its judge hung while checking its move")
        except JudgeError as error:
            self.last_words = f"its judge: {error}"
            raise EngineCrashError(
                f"{self.opponent.title} failed at move {board.fullmove_number}: its veto "
                f"could not be had ({error})"
            ) from error
        return checked

    async def _vetted(
        self,
        board: chess.Board,
        clock: ClockReading | None,
        stop: asyncio.Event,
        bounds: Bounds,
        own: Choice,
    ) -> Choice:
        """``own``, or when the judge vetoes it (:mod:`engines.opponents.veto`), the
        opponent's next choice among the moves left, up to :data:`~engines.opponents.veto.TRIES`
        choices; after that the judge's own move."""
        assert self.opponent.veto is not None
        least = vetoed_from(self.opponent.veto, self.opponent.veto_drop)
        limit = veto_limit()
        lines = await self._judge.lines(board, limit, 1, bounds.moves)
        if not lines:
            raise chess.engine.EngineError("the judge gave no line")
        best_move, best = lines[0]
        left = set(bounds.moves or board.legal_moves)
        choice = own
        for tried in range(TRIES):
            if choice.move == best_move:
                return choice
            scored = await self._judge.lines(board, limit, 1, [choice.move])
            if not scored or not is_vetoed(best, scored[0][1], least):
                return choice
            left.discard(choice.move)
            if tried + 1 == TRIES or not left:
                break
            again = await self._own_move(board, clock, stop, replace(bounds, moves=tuple(left)))
            said = "; ".join(word for word in (again.chosen_by, VETO_CHOICE) if word)
            choice = Choice(again.move, again.search, said)
        search: chess.engine.InfoDict = {
            "depth": VETO_DEPTH,
            "score": chess.engine.PovScore(best, board.turn),
            "pv": [best_move],
        }
        return Choice(best_move, search, JUDGE_CHOICE)

    async def _view_of_turn(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None
    ) -> chess.engine.PovScore | None:
        """The judge's view of ``board``, the opponent to move, for its conduct: one search at
        :data:`TURN_LIMIT`, within :func:`judge_budget`; None when it fails, runs out of time,
        or ``stop`` is set first (no view: the opponent neither resigns nor offers on it, and
        takes a draw it may claim)."""
        with contextlib.suppress(JudgeError):
            return await _unless_stopped(
                stop or asyncio.Event(),
                self._judge.evaluate(board, TURN_LIMIT),
                judge_budget(clock, board.turn),
            )
        return None

    async def accepts_draw(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether the opponent, playing ``colour``, accepts a draw offered in ``board``
        as a person of its rating would (:meth:`Conduct.accepts_draw`); it declines when it
        cannot judge."""
        try:
            score = await self._judge.evaluate(board, JUDGEMENT_LIMIT)
        except JudgeError:
            return False
        return self._conduct.accepts_draw(board, score.pov(colour))

    async def accepts_double(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether the opponent, playing ``colour``, takes a double offered in ``board`` (see
        :mod:`engines.opponents.doubling`); when it cannot judge it takes it, as refusing
        would resign."""
        try:
            score = await self._judge.evaluate(board, JUDGEMENT_LIMIT)
        except JudgeError:
            return True
        return doubling.accepts_double(score.pov(colour))

    async def _doubles_with(self, board: chess.Board, move: chess.Move) -> bool:
        """Whether the opponent, to move in ``board``, offers to double the stake with ``move``
        (see :mod:`engines.opponents.doubling`), judged in the position after it; it does not
        when it cannot judge."""
        after = board.copy()
        after.push(move)
        try:
            score = await self._judge.evaluate(after, JUDGEMENT_LIMIT)
        except JudgeError:
            return False
        return doubling.offers_double(score.pov(board.turn), after)

    async def _own_move(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event, bounds: Bounds
    ) -> Choice:
        engine = self._require()
        limit = clocked_limit(self.opponent.search, clock, bounds)
        # The xboard protocol restricts moves in analysis only (python-chess refuses it in play).
        moves = bounds.moves if self.opponent.protocol is Protocol.UCI and bounds.moves else None
        search = asyncio.ensure_future(
            engine.play(board, limit, game=self._game, info=SEARCH_INFO, root_moves=moves)
        )
        mover = asyncio.ensure_future(_move_now_when(stop, engine, self.opponent.protocol, search))
        failed = f"{self.opponent.title} failed at move {board.fullmove_number}"
        try:
            hung = await watch_for_hang(search, self.pid)
            if hung is not None:
                raise EngineCrashError(f"{failed}: {with_last_words(hung, engine)}")
            result = search.result()
        except (chess.engine.EngineError, OSError) as error:
            if isinstance(error, chess.engine.EngineTerminatedError):
                await heard_out(engine)
            self.last_words = last_words(engine)
            said = with_last_words(str(error) or type(error).__name__, engine)
            raise EngineCrashError(f"{failed}: {said}") from error
        finally:
            mover.cancel()
            await cancel_and_wait(search)
        if result.move is None or result.move not in board.legal_moves:
            raise EngineCrashError(f"{failed}: it answered no legal move ({result.move})")
        return Choice(result.move, result.info, self.opponent.move_choice)

    async def close(self) -> None:
        await close_all(*([self._judge.close] if self._owns_judge else []), self._close_engine)

    async def _close_engine(self) -> None:
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await close_engine(engine)

    def _require(self) -> chess.engine.Protocol:
        if self._engine is None:
            raise EngineUnavailableError(f"{self.opponent.title} is not running")
        return self._engine


async def _unless_stopped(
    stop: asyncio.Event, work: Coroutine[Any, Any, _Result], timeout: float | None = None
) -> _Result | None:
    """What ``work`` gives, or None when ``stop`` is set or ``timeout`` seconds pass first
    (``work`` is cancelled then)."""
    task = asyncio.ensure_future(work)
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopped}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
        if not task.done():
            await cancel_and_wait(task)
    return task.result() if task.done() and not task.cancelled() else None


async def _move_now_when(
    stop: asyncio.Event,
    engine: chess.engine.Protocol,
    protocol: Protocol,
    search: asyncio.Future[chess.engine.PlayResult],
) -> None:
    """Once ``stop`` is set, tell the engine to move now until its move comes. The search ends
    with the engine's own answer, the best move it has, as the protocols mean it; cancelling
    ``search`` instead would throw that answer away."""
    await stop.wait()
    while not search.done():
        if not engine.returncode.done():  # a dead engine's search fails by itself
            engine.send_line(MOVE_NOW[protocol])
        await asyncio.wait({search}, timeout=STOP_REPEAT)
