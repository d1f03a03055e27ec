"""``rated-play engines calibrate``: the pool measured on this machine, resumed when run again."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from engines.calibration.calibrate import (
    DEFAULT_ANCHOR,
    MINIMUM_GAMES,
    MOVETIME,
    MOVETIME_RANGE,
    SPAN,
    SPAN_RANGE,
)
from engines.calibration.run import prepare_calibration, run_calibration
from engines.errors import EngineUnavailableError
from profiles.errors import printable
from rated_play import paths
from rated_play.commands import add_data_dir
from rated_play.commands.engines._games import add_games, add_workers, games_bar
from rated_play.commands.engines._options import count, number, pool_of, quiet_engines
from rated_play.commands.engines.fit import print_fit, print_kinds


def register(actions: Any) -> None:
    parser = actions.add_parser(
        "calibrate",
        help="measure the pool on this machine",
        description="Play every entry against every entry rated within --span of it, then add "
        "games where the ratings still need them, until every rating's standard error is at "
        "most 35 and every difference within 300 points at most 25; fit every rating at once. "
        "Interrupt at any time: running it again resumes. With --only, the named entries "
        "(e.g. ones you added) are fitted against the calibrated pool held fixed.",
    )
    add_data_dir(parser)
    add_games(parser, MINIMUM_GAMES, "games every pairing plays at least, half with each colour")
    parser.add_argument(
        "--span",
        type=number(*SPAN_RANGE),
        default=SPAN,
        help=f"each entry meets every entry within this many points (default {SPAN:g})",
    )
    parser.add_argument(
        "--movetime",
        type=number(*MOVETIME_RANGE),
        default=MOVETIME,
        help=f"seconds a move for an entry with no limit of its own (default {MOVETIME:g})",
    )
    parser.add_argument(
        "--tc",
        metavar="BASE+INC",
        help="play on this clock instead of each entry's own limits (e.g. 60+0.6)",
    )
    parser.add_argument(
        "--anchor",
        action="append",
        metavar="NAME=RATING",
        help=f"pin an opponent's rating; repeat for more (default {DEFAULT_ANCHOR})",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="add only these opponents (repeatable), fitted against the rest held fixed",
    )
    add_workers(parser)
    parser.add_argument(
        "--max-games",
        type=count(1, 10_000_000),
        help="stop once the games file holds this many games (run again to go on)",
    )
    parser.add_argument(
        "--pgn", metavar="FILE", help="the games file (default in the data directory); resumed"
    )
    parser.add_argument(
        "--output",
        metavar="FILE",
        help="write the calibration here instead of the data directory, where the app reads it",
    )
    parser.set_defaults(
        handler=calibrate_pool,
        advice={
            EngineUnavailableError: "the finished games are kept: fix it and run the command "
            "again to resume"
        },
    )


def calibrate_pool(args: argparse.Namespace) -> int:
    quiet_engines()
    run = prepare_calibration(
        pool_of(args),
        paths.data_dir(args.data_dir),
        anchors=args.anchor or (),
        only=args.only or (),
        clock=args.tc,
        games=args.games,
        span=args.span,
        movetime=args.movetime,
        workers=args.workers,
        max_games=args.max_games,
        pgn=None if args.pgn is None else Path(args.pgn),
        output=None if args.output is None else Path(args.output),
    )
    for missing in run.skipped:
        print(
            f"skipping {printable(missing.name)}: install the package "
            f"'{printable(missing.package)}'",
            file=sys.stderr,
        )
    print(f"calibrating {len(run.ladder)} opponents into {run.pgn}", file=sys.stderr)
    with games_bar() as show:
        report = asyncio.run(run_calibration(run, show))
    outcome = report.outcome
    print_fit(outcome.fit, outcome.goodness, outcome.families)
    if outcome.kinds is not None:
        print_kinds(outcome.kinds)
    for name, measured in report.added.items():
        print(
            f"added {printable(name)}: {measured.rating:.0f} ±{measured.error:.0f}",
            file=sys.stderr,
        )
    if run.keep is not None:
        print(
            f"the other {len(run.settings.anchors)} opponents keep their ratings", file=sys.stderr
        )
    elif not outcome.complete:
        print(
            f"stopped at {len(outcome.games)} games before every target was met; "
            "run the command again to go on",
            file=sys.stderr,
        )
    print(f"calibration written to {run.output}", file=sys.stderr)
    return 0
