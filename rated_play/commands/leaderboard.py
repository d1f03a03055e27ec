"""``rated-play leaderboard``: the month's season standings of the profiles on this machine."""

from __future__ import annotations

import argparse
from dataclasses import asdict

from profiles.errors import printable
from profiles.laws.time_control import TimeClass
from profiles.player.seasons import (
    SEASON_START_RATING,
    SEASON_SYSTEM_TITLE,
    Season,
    SeasonStanding,
    leaderboard,
)
from profiles.ratings.visibility import PROVISIONAL_GAMES
from rated_play.commands import add_data_dir, print_json
from rated_play.commands._ledger import reading_ledger


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "leaderboard",
        help="the season standings of this machine's profiles",
        description="Season ratings per time-control class for one month (club Elo: everyone "
        f"starts the month at {SEASON_START_RATING:.0f}), shown once a profile has "
        f"{PROVISIONAL_GAMES} rated games in the class.",
    )
    add_data_dir(parser)
    parser.add_argument("--month", metavar="YYYY-MM", help="the season (default this month)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    season = Season.current() if args.month is None else Season.parse(args.month)
    # No ledger is said as every reading command says it (NoLedgerError, status 2): an empty
    # table would hide a --data-dir that is not where the games were played.
    with reading_ledger(args) as ledger:
        _show(args, season, leaderboard(ledger, season))
    return 0


def _show(
    args: argparse.Namespace, season: Season, standings: dict[TimeClass, list[SeasonStanding]]
) -> None:
    if args.json:
        print_json(
            {
                "month": str(season),
                "system": SEASON_SYSTEM_TITLE,
                "classes": {
                    time_class.value: [
                        {"rank": rank, **asdict(standing)}
                        for rank, standing in enumerate(rows, start=1)
                    ]
                    for time_class, rows in standings.items()
                },
            }
        )
        return
    if not standings:
        print(f"No rated games in {season}.")
    for time_class, rows in standings.items():
        print(f"{time_class.label} — {season} ({SEASON_SYSTEM_TITLE})")
        for rank, s in enumerate(rows, start=1):
            games = f"{s.games:>3} {'game ' if s.games == 1 else 'games'}"
            print(f"{rank:>3}. {printable(s.profile):<24} {s.shown:>14}  {games}  "
                  f"+{s.wins} ={s.draws} -{s.losses}")  # fmt: skip
