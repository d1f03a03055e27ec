"""What a screen says happened, or what the player asked of it; the app decides what comes next.

No screen pushes another screen (nor imports one): it posts one of these to the app
(``self.app.post_message``), and :class:`~rated_play.ui.app.RatedPlayApp` shows what comes
next, importing that screen where it is first needed. This module carries types only: what it
names is imported for the type checker alone, so the first screen loads nothing through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from profiles.laws.time_control import TimeClass
    from profiles.ledger.records import Profile
    from profiles.player.card import ClassCard
    from profiles.setup import Setup
    from rated_play.session import GameReport, RatedGame


class GameStarted(Message):
    """A rated game was started from the setup (its engine running, its clock not yet): the
    app shows it."""

    def __init__(self, game: RatedGame, setup: Setup) -> None:
        super().__init__()
        self.game = game
        self.setup = setup
        """What the player chose at the setup, the game's own choices (clock, doubling, pace)
        and how it is shown (the bell)."""


class GameEnded(Message):
    """A rated game ended and is in the ledger: the app puts its result in its screen's
    place."""

    def __init__(self, game_screen: Screen[None], game: RatedGame, report: GameReport) -> None:
        super().__init__()
        self.game_screen = game_screen
        """The game's screen, which the result replaces."""
        self.game = game
        self.report = report


class ReviewWanted(Message):
    """The analysis of a finished game is asked for, at a move (the ply viewed, 0 for the
    start)."""

    def __init__(self, game_id: int, *, ply: int = 0) -> None:
        super().__init__()
        self.game_id = game_id
        self.ply = ply


class PastGameWanted(Message):
    """A game of the list is opened, to be stepped through."""

    def __init__(self, game_id: int, player: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.player = player
        """The name of the profile whose game it is."""


class GamesWanted(Message):
    """A profile's games are asked for, newest first."""

    def __init__(self, profile: Profile) -> None:
        super().__init__()
        self.profile = profile


class HistoryWanted(Message):
    """A profile's rating history is asked for, in a time class."""

    def __init__(self, profile: Profile, time_class: TimeClass) -> None:
        super().__init__()
        self.profile = profile
        self.time_class = time_class


class CalculatorWanted(Message):
    """The rating calculator is asked for, filled in with the game the setup shows."""

    def __init__(
        self, card: ClassCard | None, time_class: TimeClass, opponent_rating: float
    ) -> None:
        super().__init__()
        self.card = card
        self.time_class = time_class
        self.opponent_rating = opponent_rating


class RatingTableWanted(Message):
    """The table of expected scores by rating difference is asked for."""


class LeaderboardWanted(Message):
    """The season's leaderboard is asked for."""


class WorkerFailed(Message):
    """A screen's worker (an engine starting, an engine's move, a draw offer) raised: the app
    tells the player in a dialog, and writes an error it did not expect to the errors log."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error
