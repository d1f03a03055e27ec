"""``rated-play history NAME``: the rating after every rated game, per class, and the record
against each opponent, in any rating system."""

from __future__ import annotations

import argparse
from typing import Any

from profiles.errors import printable
from profiles.laws.time_control import TimeClass
from profiles.player.card import rating_words
from profiles.player.head_to_head import OpponentRecord, head_to_head
from profiles.player.history import ClassHistory, rating_history
from profiles.ratings import get_system
from profiles.ratings.visibility import RATING_GAME
from rated_play.commands import add_data_dir, print_json
from rated_play.commands._ledger import reading_ledger
from rated_play.commands._system import add_rating_system, chosen_system


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "history",
        help="a profile's rating after every rated game, and its record against each opponent",
        description="Per time-control class: the rating after every rated game from the "
        f"{RATING_GAME} on (no rating exists before), with its ± where the system has "
        "one, and per opponent the games, won/drawn/lost, score and performance rating.",
    )
    parser.add_argument("name", help="the profile's name")
    parser.add_argument(
        "--class",
        dest="time_class",
        metavar="CLASS",
        default=None,
        help=f"only this class ({', '.join(c.value for c in TimeClass)})",
    )
    add_rating_system(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Both are read before the ledger is opened: a mistake there is said before anything else.
    system = chosen_system(args)
    only = None if args.time_class is None else TimeClass.parse(args.time_class)
    with reading_ledger(args) as ledger:
        profile = ledger.profile(args.name)
        histories = {
            time_class: history
            for time_class, history in rating_history(ledger, profile, system).items()
            if only in (None, time_class)
        }
        if args.json:
            print_json(
                {
                    "name": profile.name,
                    "system": system,
                    "classes": {
                        time_class.value: class_document(history)
                        for time_class, history in histories.items()
                    },
                }
            )
        else:
            print(history_text(profile.name, system, histories, every_class=only is not None))
    return 0


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _opponent_document(line: OpponentRecord) -> dict[str, Any]:
    return {
        "name": line.name,
        "title": line.title,
        "short": line.short,
        "rating": round(line.rating, 1),
        "games": line.games,
        "wins": line.wins,
        "draws": line.draws,
        "losses": line.losses,
        "score": round(line.score_percent, 1),
        "performance": _rounded(line.performance),
    }


def class_document(history: ClassHistory) -> dict[str, Any]:
    card = history.card
    return {
        "games": card.games,
        "games_until_rated": card.games_until_rated,
        "rating": _rounded(card.rating),
        "rd": _rounded(card.rd),
        "points": [
            {
                "game": point.number,
                "game_id": point.game_id,
                "date": point.played_on.isoformat(),
                "rating": round(point.rating, 1),
                "rd": _rounded(point.rd),
            }
            for point in history.points
        ],
        "opponents": [_opponent_document(line) for line in head_to_head(history.games, card)],
    }


def _point_line(history: ClassHistory, index: int) -> str:
    point = history.points[index]
    rd = "" if point.rd is None else f" ± {point.rd:.0f}"
    change = "" if index == 0 else f" ({point.rating - history.points[index - 1].rating:+.0f})"
    return (
        f"    game {point.number:>4}  {point.played_on}  id {point.game_id:<6} "
        f"{point.rating:>5.0f}{rd}{change}"
    )


def _opponent_line(line: OpponentRecord) -> str:
    performance = "-" if line.performance is None else f"{line.performance:.0f}"
    record = f"+{line.wins} ={line.draws} -{line.losses}"
    return (
        f"    {printable(line.short)[:40]:<40} {line.rating:>6.0f} {line.games:>5}  "
        f"{record:<10} {line.score_percent:>5.1f}%  {performance:>5}"
    )


OPPONENTS_HEADING = (
    f"    {'opponent':<40} {'rating':>6} {'games':>5}  {'record':<10} {'score':>6}  {'perf.':>5}"
)
"""Each word over its column, as wide as it (the opponent's "rated" and "games" read as one
heading, "rated games", over two)."""


def history_text(
    name: str, system: str, histories: dict[TimeClass, ClassHistory], *, every_class: bool
) -> str:
    out = [f"{printable(name)}: rating history ({get_system(system).title})"]
    shown = [h for h in histories.values() if every_class or h.card.games]
    if not shown:
        out.append("  No rated games yet.")
    for history in shown:
        out += ["", f"  {history.time_class.label} · {rating_words(history.card)}"]
        if history.points:
            out.append("  Rating after each rated game:")
            out += [_point_line(history, index) for index in range(len(history.points))]
        elif history.card.games:
            out.append(f"  (the rating appears after the {RATING_GAME} rated game)")
        opponents = head_to_head(history.games, history.card)
        if opponents:
            out += ["  Opponents:", OPPONENTS_HEADING]
            out += [_opponent_line(line) for line in opponents]
    return "\n".join(out)
