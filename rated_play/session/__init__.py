"""The rated-game session: the rules of a rated game, headless (no Textual here)."""

from profiles.laws.clock import GameClock
from profiles.laws.endings import Termination
from rated_play.session.abandoned import close_abandoned_games
from rated_play.session.game import (
    DoublingError,
    DrawClaimError,
    DrawOfferError,
    GameOverError,
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
from rated_play.session.outcome import GameOutcome
from rated_play.session.record import GameReport
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
