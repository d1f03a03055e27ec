"""The Elo calculator: expected score, change and new rating, recomputed as you type.

It opens on the game about to be played: the player's rating in the chosen class (1500 while
provisional, since no rating is shown before 20 games), the chosen opponent, and the K the
app's own FIDE system would use for this player.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, RadioSet, Static

from profiles.ratings import RatingInputError
from profiles.ratings.elo import calculate
from rated_play.ui.widgets.toggles import RadioChoice

RESULTS = {"result-win": 1.0, "result-draw": 0.5, "result-loss": 0.0}


NEUTRAL_RATING = 1500.0
"""The rating the calculator shows for a player who has none yet."""


class CalculatorScreen(Screen[None]):
    """Type two ratings, pick the result and K: the outcome updates on every keystroke."""

    CSS_PATH = "calculator.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "close", "Close")]

    def __init__(
        self,
        rating: float | None = None,
        opponent: float = NEUTRAL_RATING,
        k: float = 40.0,
        k_reason: str = "FIDE: 40 for a player's first 30 games",
    ) -> None:
        super().__init__()
        self.rating = NEUTRAL_RATING if rating is None else rating
        self.opponent = opponent
        self.k = k
        self.k_reason = k_reason

    def compose(self) -> ComposeResult:
        with Vertical(id="calculator"):
            yield Static("Elo rating calculator", classes="title")
            with Grid(id="inputs"):
                yield Label("Your rating")
                yield Input(f"{self.rating:.0f}", id="rating", type="number")
                yield Label("Opponent's rating")
                yield Input(f"{self.opponent:.0f}", id="opponent", type="number")
                yield Label("K factor")
                yield Input(f"{self.k:g}", id="k", type="number")
            yield Static(self.k_reason, id="k-reason", markup=False)
            with RadioSet(id="result"):
                yield RadioChoice("Win", id="result-win", value=True)
                yield RadioChoice("Draw", id="result-draw")
                yield RadioChoice("Loss", id="result-loss")
            yield Static(id="outcome")
        yield Footer()

    def on_mount(self) -> None:
        self.recompute()

    @on(Input.Changed)
    @on(RadioSet.Changed)
    def recompute(self) -> None:
        outcome = self.query_one("#outcome", Static)
        try:
            rating = self._number("#rating")
            opponent = self._number("#opponent")
            k = self._number("#k")
            pressed = self.query_one("#result", RadioSet).pressed_button
            score = RESULTS[pressed.id if pressed is not None and pressed.id else "result-win"]
            game = calculate(rating, opponent, score, k=k)
        except (ValueError, RatingInputError) as error:
            outcome.update(f"[b]–[/b]  {error}")
            outcome.set_class(True, "invalid")
            return
        outcome.set_class(False, "invalid")
        outcome.update(
            f"Expected score  [b]{game.expected:.3f}[/b]\n"
            f"Rating change   [b]{game.change:+d}[/b]\n"
            f"New rating      [b]{game.new_rating:g}[/b]"
        )

    def _number(self, selector: str) -> float:
        field = self.query_one(selector, Input)
        try:
            return float(field.value)
        except ValueError:
            raise ValueError(f"{field.id}: type a number") from None

    def action_close(self) -> None:
        self.dismiss()
