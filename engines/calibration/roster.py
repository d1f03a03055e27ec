"""Engines kept running between the games of a gauntlet.

Starting Stockfish costs about a third of a CPU-second (it loads its network), which is more
than a whole game between the weaker entries takes: a calibration that started two engines and
two judges for every game spent most of its time starting them. A roster keeps the last few
players a gauntlet worker used, each told ``ucinewgame`` before its next game, and one judge
for all of them.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from types import TracebackType

from engines.cancelling import close_all
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.judge import Judge
from engines.opponents.opponent import Opponent

CAPACITY = 4
"""Idle players a roster keeps: a Stockfish process holds about 140 MB, so a few per worker.
A calibration's schedule meets the same entries game after game (its pairings come in ladder
order), so a few are enough to start most engines once."""


class Roster:
    """The players of one gauntlet worker, which plays one game at a time: so its judge,
    shared by every player it hands out, is never asked two things at once."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self.judge = Judge()
        self._idle: OrderedDict[str, EnginePlayer] = OrderedDict()

    async def take(self, opponent: Opponent, rng: random.Random | None = None) -> EnginePlayer:
        """A started player for ``opponent``, ready for a new game (its conduct drawn from
        ``rng`` when given): an idle one when there is one, else a new one. Raises
        :class:`~engines.errors.EngineUnavailableError`."""
        player = self._idle.pop(opponent.name, None)
        if player is None or player.opponent != opponent or not player.running:
            if player is not None:
                await player.close()
            player = EnginePlayer(opponent, judge=self.judge)
            await player.start()
        player.new_game(rng)
        return player

    async def give_back(self, player: EnginePlayer) -> None:
        """Keep a player whose game ended normally, closing the longest idle beyond capacity."""
        other = self._idle.pop(player.opponent.name, None)
        if other is not None and other is not player:
            await other.close()
        self._idle[player.opponent.name] = player
        while len(self._idle) > self.capacity:
            _, oldest = self._idle.popitem(last=False)
            await oldest.close()

    async def close(self) -> None:
        players = list(self._idle.values())
        self._idle.clear()
        await close_all(*(player.close for player in players), self.judge.close)

    async def __aenter__(self) -> Roster:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
