"""The profile card of the setup screen: the player's record in one time-control class."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from profiles.card import ProfileCard, money, rating_words
from profiles.endings import side_name
from profiles.time_control import TimeClass


def card_text(card: ProfileCard, time_class: TimeClass) -> Text:
    games = card.classes[time_class]
    score = "–" if games.score_percent is None else f"{games.score_percent:.0f}%"
    # Text, not markup: a profile name may hold brackets.
    return Text.assemble(
        (card.name, "bold"),
        f" · {time_class.label}\n",
        rating_words(games),
        (f"\n{card.system_title}", "dim"),
        f"\nWon {games.wins} · Drawn {games.draws} · Lost {games.losses} · Score {score}\n",
        f"Purse {money(card.purse)}\n",
        "You play ",
        (side_name(card.next_color), "bold"),
        " this game",
    )


class ProfileCardView(Static):
    """Name, rating or provisional count, won/drawn/lost, score and this game's colour."""

    def show(self, card: ProfileCard | None, time_class: TimeClass) -> None:
        if card is None:
            self.update("Pick a profile, or create one with your name.")
        else:
            self.update(card_text(card, time_class))
        self.border_title = "Profile card"
