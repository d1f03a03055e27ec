"""``rated-play profile NAME``: the profile card in every class, in any rating system."""

from __future__ import annotations

import argparse
from typing import Any

from profiles.laws.endings import color_name
from profiles.player.card import ClassCard, ProfileCard, build_card
from profiles.ratings.visibility import is_provisional
from rated_play.card_text import card_text, next_colour_text, purse_words
from rated_play.commands import add_data_dir, print_json
from rated_play.commands._ledger import reading_ledger
from rated_play.commands._system import add_rating_system, chosen_system


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("profile", help="show a profile's card")
    parser.add_argument("name", help="the profile's name")
    add_rating_system(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    system = chosen_system(args)
    with reading_ledger(args) as ledger:
        card = build_card(ledger, ledger.profile(args.name), system)
        if args.json:
            print_json(card_document(card))
        else:
            print(every_class_text(card))
    return 0


def _class_document(card: ClassCard) -> dict[str, Any]:
    return {
        "games": card.games,
        "wins": card.wins,
        "draws": card.draws,
        "losses": card.losses,
        "score": None if card.score_percent is None else round(card.score_percent, 1),
        "rating": None if card.rating is None else round(card.rating, 1),
        "rd": None if card.rd is None else round(card.rd, 1),
        "provisional": is_provisional(card.games),
        "games_until_rated": card.games_until_rated,
        "at_floor": card.at_floor,
    }


def card_document(card: ProfileCard) -> dict[str, Any]:
    return {
        "name": card.name,
        "system": card.system,
        "next_color": color_name(card.next_color),
        "purse": card.purse,
        "classes": {
            time_class.value: _class_document(class_card)
            for time_class, class_card in card.classes.items()
        },
    }


def every_class_text(card: ProfileCard) -> str:
    """The card of every class, as the app shows one, and once under them the purse and the
    colour of the next game, whatever its class (one purse and one colour, not one a class)."""
    classes = "\n\n".join(
        card_text(card, time_class, next_colour=False, purse=False).plain
        for time_class in card.classes
    )
    return f"{classes}\n\n{purse_words(card)}{next_colour_text(card, 'next game').plain}"
