"""The rating calculator: expected score, change and new rating, recomputed as you type.

Two calculations, one choice apart, each labelled for what it computes:

- as the app rates: the app's own rating system (FIDE's K 40/20/10, a gap over 400 points
  counted as 400), through the very function that rates every game of the ledger
  (:meth:`EloSystem.game`), with the K the system gives this player;
- plain Elo: Elo's formula with the K typed and no cap on the gap, as ``rated-play calc``.

It opens on the game about to be played: the player's rating in the chosen class, the games
behind it and the chosen opponent. A provisional player has no rating to work a game out from:
the app rates no single game of the first 20 (their performance is the first rating), so "as
rated here" says which of them this is, and shows no number, as nothing else does before 20
games; plain Elo works a game out on any ratings typed.
"""

from __future__ import annotations

from typing import ClassVar, Self

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, RadioSet, Static

from profiles.laws.endings import RESULTS
from profiles.laws.time_control import TimeClass
from profiles.player.card import ClassCard, provisional_words
from profiles.ratings import DEFAULT_SYSTEM, RatingInputError, get_system
from profiles.ratings.base import check_rating
from profiles.ratings.elo import (
    PLAIN_ELO,
    EloCalculation,
    EloSystem,
    Standing,
    calculate,
)
from profiles.ratings.visibility import PROVISIONAL_GAMES, is_provisional
from rated_play.ui.screens.base import close
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.title_bar import TitleBar
from rated_play.ui.widgets.toggles import RadioChoice

NEUTRAL_RATING = 1500.0
"""The rating the calculator shows for a player who has none yet."""


def app_system() -> EloSystem:
    """The system the app rates every game with."""
    system = get_system(DEFAULT_SYSTEM)
    # The calculator shows K and an expected score: the default is one of the Elo systems.
    assert isinstance(system, EloSystem)
    return system


class CalculatorScreen(Screen[None]):
    """Type two ratings, pick the result (and for plain Elo, K): the outcome updates on every
    keystroke."""

    CSS_PATH = "calculator.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "close", "Close")]

    def __init__(
        self,
        standing: Standing | None = None,
        opponent: float = NEUTRAL_RATING,
        *,
        counted: str = "",
        provisional: int | None = None,
    ) -> None:
        """``standing``: the player's rating, games and peak (None: a new player);
        ``counted``: where the games are counted ("in Blitz"), said beside K;
        ``provisional``: the games of a player not yet rated there."""
        super().__init__()
        self.provisional = provisional
        self.standing = standing or Standing(NEUTRAL_RATING, 0, NEUTRAL_RATING)
        self.rated = standing is not None and not is_provisional(standing.games)
        self.opponent = opponent
        self.counted = counted
        self.system = app_system()

    @classmethod
    def for_game(cls, card: ClassCard | None, time_class: TimeClass, opponent: float) -> Self:
        """The calculator on the game about to be played: the player's class card (None
        without a profile) against ``opponent``."""
        counted = f"in {time_class.label}"
        if card is None:
            return cls(None, opponent, counted=counted)
        if card.rating is None or card.state is None:
            return cls(None, opponent, counted=counted, provisional=card.games)
        return cls(app_system().next_standing(card.state), opponent, counted=counted)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="calculator"):
            with RadioSet(id="system", compact=True):
                yield RadioChoice(f"As rated here: {self.system.title}", id="app", value=True)
                yield RadioChoice(f"{PLAIN_ELO}: the K you type, no cap on the gap", id="plain")
            with Grid(id="inputs"):
                yield Label("Your rating")
                yield Input(f"{self.standing.rating:.0f}", id="rating", type="number", compact=True)
                yield Label("Opponent's rating")
                yield Input(f"{self.opponent:.0f}", id="opponent", type="number", compact=True)
                yield Label("K factor")
                yield Input(
                    f"{self.system.k_factor(self.standing):g}", id="k", type="number", compact=True
                )
            yield Static("", id="k-reason", markup=False)
            with RadioSet(id="result", compact=True):
                for word in RESULTS:
                    yield RadioChoice(word.capitalize(), id=f"result-{word}", value=word == "win")
            yield Static(id="outcome")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Rating calculator"
        self.recompute()

    @property
    def plain(self) -> bool:
        return self.query_one("#plain", RadioChoice).value

    @on(Input.Changed)
    @on(RadioSet.Changed)
    def recompute(self) -> None:
        outcome = self.query_one("#outcome", Static)
        k_field = self.query_one("#k", Input)
        # K is the player's to choose in plain Elo only: the app's system gives it.
        k_field.disabled = not self.plain
        try:
            rating = self._number("#rating")
            opponent = self._number("#opponent")
            pressed = self.query_one("#result", RadioSet).pressed_button
            chosen = pressed.id if pressed is not None and pressed.id else "result-win"
            score = RESULTS[chosen.removeprefix("result-")]
            if self.plain:
                game = calculate(rating, opponent, score, k=self._number("#k"))
            elif self.provisional is not None:
                self.query_one("#k-reason", Static).update("")
                outcome.set_class(False, "invalid")
                outcome.update(
                    f"{provisional_words(self.provisional)}\nNo single game of the first "
                    f"{PROVISIONAL_GAMES} is rated: their performance is your first rating. "
                    f"Choose {PLAIN_ELO} to work a game out on ratings you type."
                )
                return
            else:
                game = self.as_the_app_rates(rating, opponent, score)
                k_field.value = f"{game.k:g}"
        except (ValueError, RatingInputError) as error:
            outcome.update(f"[b]–[/b]  {error}")
            outcome.set_class(True, "invalid")
            return
        self.query_one("#k-reason", Static).update(self.k_reason(game))
        outcome.set_class(False, "invalid")
        outcome.update(
            f"Expected score  [b]{game.expected:.3f}[/b]\n"
            f"Rating change   [b]{game.new_rating - rating:+g}[/b]\n"
            f"New rating      [b]{game.new_rating:g}[/b]"
        )

    def as_the_app_rates(self, rating: float, opponent: float, score: float) -> EloCalculation:
        """The game as the app's system rates it, from the player's standing with the rating
        typed (a peak of 2400 typed keeps FIDE's K at 10, as one reached does)."""
        check_rating(rating)
        check_rating(opponent, "the opponent's rating")
        standing = Standing(rating, self.standing.games, max(self.standing.peak, rating))
        return self.system.game(standing, opponent, score)

    def k_reason(self, game: EloCalculation) -> str:
        if self.plain:
            return f"{PLAIN_ELO}: K {game.k:g} as typed, as `rated-play calc` computes"
        games = self.standing.games
        counted = f"{games} rated game{'' if games == 1 else 's'} {self.counted}".rstrip()
        provisional = "" if self.rated else f"; no rating shown before {PROVISIONAL_GAMES}"
        return f"K {game.k:g}: {counted}{provisional}"

    def _number(self, selector: str) -> float:
        field = self.query_one(selector, Input)
        try:
            return float(field.value)
        except ValueError:
            raise ValueError(f"{field.id}: type a number") from None

    def action_close(self) -> None:
        close(self)
