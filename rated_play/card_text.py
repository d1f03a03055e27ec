"""The profile card in words: the one renderer that the app's setup screen and ``rated-play
profile`` both show (rich :class:`~rich.text.Text`, which the command line prints plain)."""

from __future__ import annotations

from rich.text import Text

from profiles.errors import printable
from profiles.laws.endings import side_name
from profiles.laws.time_control import TimeClass
from profiles.player.card import ProfileCard, money, rating_words


def card_text(
    card: ProfileCard, time_class: TimeClass, *, next_colour: bool = True, purse: bool = True
) -> Text:
    """Name, rating or provisional count, won/drawn/lost, score, purse and the colour of the
    game being set up, in one time-control class; the purse and the colour, which are the
    profile's and not the class's, can be left to be said once under every class."""
    games = card.classes[time_class]
    score = "–" if games.score_percent is None else f"{games.score_percent:.0f}%"
    # Text, not markup: a profile name may hold brackets.
    text = Text.assemble(
        (printable(card.name), "bold"),
        f" · {time_class.label}\n",
        rating_words(games),
        (f"\n{card.system_title}", "dim"),
        # The score on a line of its own: after the three counts, it wrapped alone at 80×24.
        f"\nWon {games.wins} · Drawn {games.draws} · Lost {games.losses}\nScore {score}",
    )
    if purse:
        text.append(f" · {purse_words(card)}")
    if next_colour:
        text.append_text(next_colour_text(card, "this game"))
    return text


def purse_words(card: ProfileCard) -> str:
    """``Purse $1,000``: one purse for every class."""
    return f"Purse {money(card.purse)}"


def next_colour_text(card: ProfileCard, which: str) -> Text:
    """``You play Black this game``: the colour the ledger gives the next game."""
    return Text.assemble("\nYou play ", (side_name(card.next_color), "bold"), f" {which}")
