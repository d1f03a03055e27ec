"""``rated-play games NAME``: a profile's games, newest first, with what each did to the rating."""

from __future__ import annotations

import argparse
from typing import Any

from profiles.errors import printable
from profiles.laws.endings import color_name
from profiles.laws.time_control import TimeControl
from profiles.player.past_games import GameLine, ended_words, game_lines, result_words
from profiles.ratings import DEFAULT_SYSTEM, get_system
from profiles.ratings.visibility import RATING_GAME
from rated_play.commands import add_data_dir, print_json
from rated_play.commands._ledger import reading_ledger


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help="a profile's games, newest first",
        description="Every game of the profile, newest first: colour, opponent and its rating "
        "(today's calibration), time control, result, and the rating after the game with its "
        f"change (shown from the {RATING_GAME} rated game of a class on), how it ended. '#' "
        "numbers the profile's games; GAME_ID of 'rated-play analyse' is the 'id' column.",
    )
    parser.add_argument("name", help="the profile's name")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with reading_ledger(args) as ledger:
        profile = ledger.profile(args.name)
        lines = game_lines(ledger, profile)
        if args.json:
            print_json(
                {
                    "name": profile.name,
                    "system": DEFAULT_SYSTEM,
                    "games": [game_document(line) for line in lines],
                }
            )
        else:
            print(games_text(profile.name, lines))
    return 0


def game_document(line: GameLine) -> dict[str, Any]:
    record = line.record
    return {
        "id": record.id,
        "number": record.number,
        "started_at": record.started_at.isoformat(),
        "finished_at": None if record.finished_at is None else record.finished_at.isoformat(),
        "color": color_name(record.player_color),
        "opponent": record.opponent_name,
        "opponent_title": record.opponent_title,
        "opponent_kind": None if record.opponent_kind is None else record.opponent_kind.value,
        "opponent_rating": round(record.opponent_rating_today, 1),
        "opponent_rating_played": round(record.opponent_rating, 1),
        "time_control": record.time_control,
        "time_class": record.time_class.value,
        "status": record.status.value,
        "result": record.result,
        "player_score": record.player_score,
        "termination": record.termination,
        "ended": ended_words(record),
        "rated_number": line.number,
        "rating_after": None if line.rating is None else round(line.rating.rating, 1),
        "rating_change": None if line.change is None else round(line.change, 1),
    }


def games_text(name: str, lines: list[GameLine]) -> str:
    if not lines:
        return f"{printable(name)} has played no games yet."
    out = [
        f"{printable(name)}: {len(lines)} game{'' if len(lines) == 1 else 's'}, newest first "
        f"(ratings: {get_system(DEFAULT_SYSTEM).title})",
        f"  {'#':>4} {'id':>6}  {'date':<10}  {'colour':<6} {'clock':<9} {'result':<12} "
        f"{'ended':<14} {'rating':<11} opponent",
    ]
    for line in lines:
        record = line.record
        clock = str(TimeControl.from_pgn(record.time_control))
        out.append(
            f"  {record.number:>4} {record.id:>6}  {record.started_at.astimezone():%Y-%m-%d}  "
            f"{color_name(record.player_color):<6} {clock:<9} "
            f"{result_words(record):<12} {ended_words(record):<14} {line.rating_words:<11} "
            + printable(record.against(record.opponent_rating_today))
        )
    return "\n".join(out)
