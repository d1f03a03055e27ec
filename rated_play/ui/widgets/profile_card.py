"""The profile card of the setup screen: the player's record in one time-control class."""

from __future__ import annotations

from textual.widgets import Static

from profiles.laws.time_control import TimeClass
from profiles.player.card import ProfileCard
from rated_play.card_text import card_text


class ProfileCardView(Static):
    """Name, rating or provisional count, won/drawn/lost, score and this game's colour."""

    def show(self, card: ProfileCard | None, time_class: TimeClass) -> None:
        if card is None:
            self.update("Pick a profile, or create one with your name.")
        else:
            self.update(card_text(card, time_class))
        self.border_title = "Profile card"
