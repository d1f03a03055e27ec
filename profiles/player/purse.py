"""The player's purse: virtual money won and lost on rated games.

The rated game mode this product follows (the ChessBase Workshop article on Fritz's rated games,
2006) plays every rated game for a stake of "virtual money" shown on the profile card, with a
"doubling" option: either side may offer to double the stake. The purse is derived from the
ledger like a rating: the starting purse plus every closed game's settlement, so it can always
be recomputed and nothing won is ever lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from profiles.ledger.records import GameRecord

START_PURSE = 1000
"""Every profile starts with this much virtual money."""

STAKE = 10
"""What a rated game is played for before any doubling."""


def settlement(stake: int, score: float | None) -> int:
    """What a game pays the player: the stake for a win, nothing for a draw or a void game,
    minus the stake for a loss."""
    if score is None:
        return 0
    return round(stake * (2.0 * score - 1.0))


def purse(games: Iterable[GameRecord], *, leaving_out: int | None = None) -> int:
    """The purse after ``games`` (one profile's): a pending game counts as the loss it stands
    as; ``leaving_out`` is a game being closed, not yet to be counted."""
    return START_PURSE + sum(
        settlement(game.stake, game.player_score) for game in games if game.id != leaving_out
    )
