"""The profile card in words: the one renderer that the app's setup screen and ``rated-play
profile`` both show (rich :class:`~rich.text.Text`, which the command line prints plain)."""

from __future__ import annotations

from rich.text import Text

from profiles.errors import printable
from profiles.laws.endings import side_name
from profiles.laws.time_control import TimeClass
from profiles.player.card import ProfileCard, money, rating_words


def card_text(card: ProfileCard, time_class: TimeClass) -> Text:
    """Name, rating or provisional count, won/drawn/lost, score, purse and the next colour,
    in one time-control class."""
    games = card.classes[time_class]
    score = "–" if games.score_percent is None else f"{games.score_percent:.0f}%"
    # Text, not markup: a profile name may hold brackets.
    return Text.assemble(
        (printable(card.name), "bold"),
        f" · {time_class.label}\n",
        rating_words(games),
        (f"\n{card.system_title}", "dim"),
        f"\nWon {games.wins} · Drawn {games.draws} · Lost {games.losses} · Score {score}\n",
        f"Purse {money(card.purse)}\n",
        "You play ",
        (side_name(card.next_color), "bold"),
        " this game",
    )
