"""What a rated game needs from the opponent across the board, and nothing more.

:class:`~engines.opponents.engine_player.EnginePlayer` is the opponent every game is played
against: a real engine process, with its judge, its conduct, technique and variation. The game
asks it only what this protocol names, so another opponent may sit in its place: the tests that
are about a screen or a rule seat one that plays given moves in the test's own process, and the
promises that depend on a real engine keep being tested against the real one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import chess

    from engines.opponents.opponent import Opponent
    from engines.opponents.turn import Turn, TurnResult


class SeatedOpponent(Protocol):
    """The opponent as a game plays against it. It decides its own turns and answers, from its
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

    async def take_turn(self, turn: Turn, stop: asyncio.Event | None = None) -> TurnResult:
        """Its turn: a move, or instead a resignation or a draw claimed (only where the
        position on the board gives grounds for one), and with a move a draw offer or (where
        ``turn`` allows one) a double. Raises
        :class:`~engines.opponents.engine_player.EngineCrashError` when it failed on the way;
        the game starts it again and gives it the same turn, which it decides as before (its
        conduct once a turn). Setting ``stop`` makes it move at once."""
        ...

    async def accepts_draw(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether, playing ``colour``, it accepts the other side's draw offer in ``board``."""
        ...

    async def accepts_double(self, board: chess.Board, colour: chess.Color) -> bool:
        """Whether, playing ``colour``, it takes the player's double (refusing resigns)."""
        ...

    async def close(self) -> None:
        """Stop for good: whatever it runs ends here."""


Seating = Callable[["Opponent"], SeatedOpponent]
"""How a game seats an opponent of the pool: by default its engine (:func:`seat_engine`)."""


def seat_engine(opponent: Opponent) -> SeatedOpponent:
    """The opponent's own engine: what every rated game plays against."""
    # Here, not at the top: the engines load when a game starts, not with the first screen.
    from engines.opponents.engine_player import EnginePlayer  # noqa: PLC0415

    return EnginePlayer(opponent)
