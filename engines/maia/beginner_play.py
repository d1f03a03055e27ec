"""A beginner's errors in ``rated-play-maia``: the judge they need, in the engine's own process.

A beginner opponent (:mod:`engines.opponents.beginner`) plays the network's likeliest move but
for a blunder or a missed mate in one at its band's rate, and a blunder must lose what a
beginner's loses, which only a full-strength search can tell. It runs here, inside the engine,
and not in the player that drives it: the network's weights, which the errors are drawn by,
are here and nowhere else, and so every GUI that runs ``rated-play-maia`` (or ``rated-play
engines uci``, which runs it) meets the same beginner a rated game does.

The judge is the app's own (:class:`engines.opponents.judge.Judge`: Stockfish at full strength,
watched, started again after a failure), on an event loop of this process's own, run for the
length of each of its searches: the engine reads and answers UCI in plain threads. A judge
that cannot be had (not installed, or failing past its restarts) raises
:class:`~engines.opponents.judge.JudgeError`, and the engine ends with a line on its standard
error: to whatever drives it, a crashed engine, never one that plays errors it did not check.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar

import chess

from engines.opponents.beginner import BeginnerChoice, choose
from engines.opponents.beginner_bands import BeginnerErrors
from engines.opponents.judge import Judge

_Result = TypeVar("_Result")


class BeginnerPlay:
    """The judge of one engine process, started on :meth:`start` or on its first search."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._judge: Judge | None = None

    def start(self) -> None:
        """Start the judge now (at ``isready``), so that one that cannot be had fails before
        the first move; raises :class:`~engines.opponents.judge.JudgeError`."""
        judge = self._require()
        self._run(judge.start())

    def choose(
        self,
        board: chess.Board,
        weights: Mapping[chess.Move, float],
        errors: BeginnerErrors,
        rng: random.Random,
    ) -> BeginnerChoice:
        """The beginner's move (:func:`engines.opponents.beginner.choose`), judged here."""
        return self._run(choose(board, weights, self._require(), errors, rng))

    def close(self) -> None:
        """Quit the judge's Stockfish and close the loop; nothing of it outlives the engine."""
        if self._loop is None:
            return
        if self._judge is not None:
            self._run(self._judge.close())
        self._loop.close()
        self._loop = self._judge = None

    def _require(self) -> Judge:
        if self._judge is None:
            self._judge = Judge()
        return self._judge

    def _run(self, work: Coroutine[Any, Any, _Result]) -> _Result:
        if self._loop is None:
            # The judge's process and its pipes belong to the loop that started them: one loop
            # for the engine's life, run only while the judge is asked.
            self._loop = asyncio.new_event_loop()
        return self._loop.run_until_complete(work)
