"""The rated-game session: the rules of a rated game, headless (no Textual here)."""

from rated_play.session.abandoned import close_abandoned_games
from rated_play.session.clock import GameClock
from rated_play.session.game import (
    DoublingError,
    DrawClaimError,
    DrawOfferError,
    GameOverError,
    GameReport,
    NotYourTurnError,
    RatedGame,
    RatedGameError,
)
from rated_play.session.moves import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveInputError,
    UnreadableMoveError,
)
from rated_play.session.outcome import GameOutcome, Termination
from rated_play.session.thinking import ThinkingPace

__all__ = [
    "AmbiguousMoveError",
    "DoublingError",
    "DrawClaimError",
    "DrawOfferError",
    "GameClock",
    "GameOutcome",
    "GameOverError",
    "GameReport",
    "IllegalMoveError",
    "MoveInputError",
    "NotYourTurnError",
    "RatedGame",
    "RatedGameError",
    "Termination",
    "ThinkingPace",
    "UnreadableMoveError",
    "close_abandoned_games",
]
