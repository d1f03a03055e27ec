"""``rated-play engines``: the pool, its calibration on this machine, and rating fits of any PGN."""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import math
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import chess.pgn

from engines.calibrate import (
    calibration_from_fit,
    engine_versions,
    fit_games,
    machine,
    scored_games,
)
from engines.calibration import provenance_document, user_calibration_path, write_calibration
from engines.errors import EngineUnavailableError, PoolConfigError
from engines.gauntlet import Progress, neighbour_schedule, run_gauntlet
from engines.match import MatchClock
from engines.openings import load_openings
from engines.opponent import Opponent
from engines.pool import Pool, load_pool
from profiles.ratings import RatingInputError
from profiles.ratings.fit import FitResult
from rated_play import paths
from rated_play.commands import CommandError, add_data_dir, print_json

DEFAULT_TIME_CONTROL = "20+0.2"
"""Only the unleashed engine plays on the clock; every other entry stops at its depth or node
limit long before this clock would, so a longer one costs nothing but the unleashed games."""
DEFAULT_GAMES = 20
DEFAULT_ANCHOR = "stockfish-elo-1800=1800"
GAMES_FILE = "calibration-games.pgn"
PROGRESS_WIDTH = 30


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "engines", help="the opponent pool with calibrated ratings", description=__doc__
    )
    add_data_dir(parser)
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.set_defaults(handler=list_pool)
    actions = parser.add_subparsers(dest="engines_command", metavar="ACTION")

    calibrate = actions.add_parser(
        "calibrate",
        help="measure the pool on this machine",
        description="Play a gauntlet between neighbours on the ladder, on every core, then fit "
        "every rating at once. Interrupt at any time: running it again resumes.",
    )
    add_data_dir(calibrate)
    calibrate.add_argument(
        "--tc",
        default=DEFAULT_TIME_CONTROL,
        help=f"time control base+increment in seconds (default {DEFAULT_TIME_CONTROL})",
    )
    calibrate.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games per pairing, half with each colour (default {DEFAULT_GAMES})",
    )
    calibrate.add_argument(
        "--reach",
        type=int,
        default=2,
        help="each opponent plays this many neighbours up the ladder (default 2)",
    )
    calibrate.add_argument(
        "--anchor",
        action="append",
        metavar="NAME=RATING",
        help=f"pin an opponent's rating; repeat for more (default {DEFAULT_ANCHOR})",
    )
    calibrate.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="calibrate only these opponents (repeatable), e.g. ones you added",
    )
    calibrate.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="games at once (default: cores)"
    )
    calibrate.add_argument(
        "--pgn",
        metavar="FILE",
        help=f"the games (default DATA_DIR/{GAMES_FILE}); resumed if it exists",
    )
    calibrate.add_argument(
        "--output",
        metavar="FILE",
        help="write the calibration here instead of the data directory, where the app reads it",
    )
    calibrate.set_defaults(handler=calibrate_pool)

    fit = actions.add_parser(
        "fit",
        help="fit ratings to any PGN",
        description="Fit every player of a PGN (named by the White and Black tags) by maximum "
        "likelihood, anchored by one or more players with known ratings.",
    )
    add_data_dir(fit)
    fit.add_argument("pgn", metavar="GAMES.pgn")
    fit.add_argument(
        "--anchor", action="append", required=True, metavar="NAME=RATING", help="repeatable"
    )
    fit.add_argument("--json", action="store_true", help="one JSON document on stdout")
    fit.set_defaults(handler=fit_pgn)


def _pool(args: argparse.Namespace) -> Pool:
    try:
        return load_pool(paths.config_dir(args.data_dir), paths.data_dir(args.data_dir))
    except PoolConfigError as error:
        raise CommandError(str(error)) from error


def list_pool(args: argparse.Namespace) -> int:
    pool = _pool(args)
    if args.json:
        print_json({"opponents": [_describe(pool, opponent) for opponent in pool.opponents]})
        return 0
    for opponent in pool.opponents:
        rating = f"{opponent.rating:6.0f}"
        if opponent.calibration is not None and opponent.name in opponent.calibration.anchors:
            error = "anchor"
        else:
            error = f"±{opponent.rating_error:<4.0f}" if opponent.calibrated else "nominal"
        where = "" if pool.is_available(opponent) else f"  [not installed: {opponent.package}]"
        print(f"{rating} {error:8} {opponent.name:36} {opponent.title}{where}")
    low, high = pool.rating_range() if pool.available() else (math.nan, math.nan)
    print(f"\n{len(pool.available())} of {len(pool.opponents)} available, {low:.0f}–{high:.0f}")
    return 0


def _describe(pool: Pool, opponent: Opponent) -> dict[str, Any]:
    calibration = opponent.calibration
    return {
        "name": opponent.name,
        "title": opponent.title,
        "engine": {
            "command": opponent.command,
            "protocol": opponent.protocol.value,
            "args": list(opponent.args),
            "package": opponent.package,
        },
        "settings": {
            "options": dict(opponent.options),
            "search": {k: v for k, v in asdict(opponent.search).items() if v is not None},
        },
        "nominal": opponent.nominal,
        "rating": opponent.rating,
        "error": opponent.rating_error if opponent.calibrated else None,
        "games": opponent.rating_games,
        "available": pool.is_available(opponent),
        "calibration": None if calibration is None else provenance_document(calibration),
    }


def parse_anchors(texts: Sequence[str]) -> dict[str, float]:
    anchors = {}
    for text in texts:
        name, separator, rating = text.rpartition("=")
        try:
            value = float(rating)
        except ValueError:
            value = math.nan
        if not separator or not name or not math.isfinite(value):
            raise CommandError(
                f"--anchor {text!r}: write NAME=RATING, e.g. stockfish-elo-1800=1800"
            )
        anchors[name] = value
    return anchors


def calibrate_pool(args: argparse.Namespace) -> int:
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    pool = _pool(args)
    anchors = parse_anchors(args.anchor or [DEFAULT_ANCHOR])
    try:
        clock = MatchClock.parse(args.tc)
    except ValueError as error:
        raise CommandError(f"--tc: {error}") from error
    if args.games < 1 or args.reach < 1 or args.workers < 1:
        raise CommandError("--games, --reach and --workers must be at least 1")
    ladder = pool.available()
    if args.only:
        unknown = sorted(set(args.only) - {opponent.name for opponent in ladder})
        if unknown:
            raise CommandError(
                f"--only {', '.join(unknown)}: no available opponent has that name; "
                "'rated-play engines' lists them"
            )
        ladder = tuple(opponent for opponent in ladder if opponent.name in args.only)
    for missing in pool.unavailable():
        print(f"skipping {missing.name}: install the package '{missing.package}'", file=sys.stderr)
    names = {opponent.name for opponent in ladder}
    for name in anchors:
        if name not in names:
            raise CommandError(
                f"--anchor {name}: no available opponent has that name; "
                "'rated-play engines' lists them"
            )
    data_dir = paths.data_dir(args.data_dir)
    pgn = Path(args.pgn) if args.pgn else data_dir / GAMES_FILE
    schedule = neighbour_schedule(ladder, load_openings(), args.games, args.reach)
    site = machine()
    print(
        f"{len(schedule)} games ({args.games} a pairing) at {clock.pgn} on {args.workers} "
        f"workers into {pgn}",
        file=sys.stderr,
    )
    progress = ProgressBar()
    try:
        games = asyncio.run(
            run_gauntlet(
                schedule,
                {opponent.name: opponent for opponent in ladder},
                clock,
                pgn,
                workers=args.workers,
                on_progress=progress.show,
                headers={"Event": "rated-play calibration", "Site": site},
            )
        )
        versions = asyncio.run(engine_versions(ladder))
    except EngineUnavailableError as error:
        raise CommandError(
            f"{error}; the finished games are kept: fix it and run the command again to resume"
        ) from error
    except PoolConfigError as error:
        raise CommandError(str(error)) from error
    finally:
        progress.close()
    fit = _fit(games, anchors)
    result = calibration_from_fit(
        fit,
        ladder,
        time_control=clock.pgn,
        engines=versions,
        games=len(games),
        anchors=anchors,
        machine_name=site,
    )
    output = Path(args.output) if args.output else user_calibration_path(data_dir)
    write_calibration(output, result)
    _print_fit(fit)
    print(f"calibration written to {output}", file=sys.stderr)
    return 0


def _fit(games: Sequence[chess.pgn.Game], anchors: Mapping[str, float]) -> FitResult:
    players = {name for game in games for name in (game.headers["White"], game.headers["Black"])}
    unknown = sorted(name for name in anchors if name not in players)
    if unknown:
        raise CommandError(
            f"the anchor {', '.join(unknown)} played no game; anchor one of: "
            + ", ".join(sorted(players))
        )
    try:
        return fit_games(games, anchors)
    except RatingInputError as error:
        raise CommandError(str(error)) from error


def fit_pgn(args: argparse.Namespace) -> int:
    anchors = parse_anchors(args.anchor)
    games = _read_pgn(Path(args.pgn))
    fit = _fit(games, anchors)
    if args.json:
        print_json(
            {
                "players": [
                    {
                        "name": player.name,
                        "rating": round(player.rating, 1),
                        "error": round(player.error, 1),
                        "games": player.games,
                        "score": player.score,
                        "anchor": player.anchor,
                    }
                    for player in _by_rating(fit)
                ]
            }
        )
    else:
        _print_fit(fit)
    return 0


def _read_pgn(path: Path) -> list[chess.pgn.Game]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from error
    games: list[chess.pgn.Game] = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        number = len(games) + 1
        if game.errors:
            raise CommandError(f"{path}, game {number}: {game.errors[0]}; fix or remove it")
        for tag in ("White", "Black"):
            if game.headers.get(tag, "?") in ("", "?"):
                raise CommandError(f"{path}, game {number}: the {tag} tag names no player")
        result = game.headers.get("Result", "*")
        if result not in ("1-0", "0-1", "1/2-1/2", "*"):
            raise CommandError(
                f"{path}, game {number}: Result {result!r} is not 1-0, 0-1, 1/2-1/2 or *"
            )
        games.append(game)
    if not scored_games(games):
        raise CommandError(f"{path} holds no finished game (1-0, 0-1 or 1/2-1/2) to fit")
    return games


def _by_rating(fit: FitResult) -> list[Any]:
    return sorted(fit.players.values(), key=lambda player: -player.rating)


def _print_fit(fit: FitResult) -> None:
    print(f"{'rating':>7} {'error':>6} {'games':>6} {'score':>6}  player")
    for player in _by_rating(fit):
        error = "anchor" if player.anchor else f"±{player.error:.0f}"
        print(
            f"{player.rating:7.0f} {error:>6} {player.games:6d} {player.score:6.1f}  {player.name}"
        )


class ProgressBar:
    """A one-line progress bar with the time left, redrawn on stderr."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.drawn = False

    def show(self, progress: Progress) -> None:
        filled = PROGRESS_WIDTH * progress.done // max(1, progress.total)
        bar = "#" * filled + "-" * (PROGRESS_WIDTH - filled)
        left = (
            "estimating time left"
            if progress.seconds_left is None
            else f"{_duration(progress.seconds_left)} left"
        )
        sys.stderr.write(f"\r[{bar}] {progress.done}/{progress.total} games, {left}   ")
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            elapsed = _duration(time.monotonic() - self.started)
            sys.stderr.write(f"\nplayed for {elapsed}\n")


def _duration(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}h{minute:02d}m" if hours else f"{minute}m{second:02d}s"
