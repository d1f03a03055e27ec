"""What a rated game needs from the opponent across the board, and nothing more.

:class:`~engines.opponents.engine_player.EnginePlayer` is the opponent every game is played
against: a real engine process, with its judge, technique and variation. The game asks it only
what this protocol names, so another player may sit in its place: the tests that are about a
screen or a rule seat one that plays given moves in the test's own process, and the promises
that depend on a real engine keep being tested against the real one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import chess
    import chess.engine

    from engines.opponents.engine_player import ClockReading
    from engines.opponents.opponent import Opponent


class OpponentPlayer(Protocol):
    """The opponent as a game plays against it. Every answer is given from the opponent's
    own judgement: the game never asks it for a hint on the player's behalf."""

    @property
    def restarts(self) -> int:
        """How many times it was started again in this game after failing."""
        ...

    @property
    def last_words(self) -> str | None:
        """What it said last before it last failed (a process's standard error), if anything."""
        ...

    async def start(self) -> None:
        """Get ready to play; raises :class:`~engines.errors.EngineUnavailableError` when it
        cannot, before the game is written."""

    async def restart(self) -> None:
        """Start again after failing; raises :class:`~engines.errors.EngineUnavailableError`
        when it cannot (the game is then void)."""

    async def play(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None = None
    ) -> chess.Move:
        """Its move in ``board`` on ``clock``; raises
        :class:`~engines.opponents.engine_player.EngineCrashError` when it failed on the way
        (the game starts it again and asks once more). Setting ``stop`` makes it move at once."""
        ...

    async def judge_turn(
        self, board: chess.Board, clock: ClockReading | None, stop: asyncio.Event | None = None
    ) -> chess.engine.PovScore | None:
        """How it sees ``board`` on its turn, for its conduct (whether it resigns or offers a
        draw: :mod:`engines.opponents.conduct`); None when it has no view."""
        ...

    async def accepts_draw(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether, playing ``colour``, it accepts the player's draw offer in ``board``."""
        ...

    async def accepts_double(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether, playing ``colour``, it takes the player's double (refusing resigns)."""
        ...

    async def offers_double(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether, playing ``colour`` and to move in ``board``, it doubles with its move."""
        ...

    async def close(self) -> None:
        """Stop for good: whatever it runs ends here."""


PlayerFactory = Callable[["Opponent"], OpponentPlayer]
"""How a game finds the player for an opponent of the pool: by default its engine
(:class:`~engines.opponents.engine_player.EnginePlayer`)."""


def engine_player(opponent: Opponent) -> OpponentPlayer:
    """The opponent's own engine: what every rated game plays against."""
    # Here, not at the top: the engines load when a game starts, not with the first screen.
    from engines.opponents.engine_player import EnginePlayer  # noqa: PLC0415

    return EnginePlayer(opponent)
