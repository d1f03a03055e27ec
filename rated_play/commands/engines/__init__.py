"""``rated-play engines``: the pool, its calibration on this machine, the check of that
calibration on games it never saw, rating fits of any PGN, and any opponent as a UCI engine."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from engines import schema
from engines.calibration.calibrate import (
    DEFAULT_ANCHOR,
    GAMES_RANGE,
    INCONSISTENT,
    MINIMUM_GAMES,
    MOVETIME,
    MOVETIME_RANGE,
    SPAN,
    SPAN_RANGE,
    WORKERS_RANGE,
    parse_anchors,
)
from engines.calibration.gauntlet import Progress
from engines.calibration.pgn_fit import fit_pgn
from engines.calibration.prediction_check import GAMES as CHECK_GAMES
from engines.calibration.prediction_check import CheckedPairing, CheckResult, check_calibration
from engines.calibration.run import prepare_calibration, run_calibration
from engines.calibration.stored import CalibrationFile, CheckSummary, last_check
from engines.errors import EngineUnavailableError, PoolConfigError
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool, load_pool, rating_calibration
from engines.uci.server import serve_uci
from profiles.errors import printable
from profiles.ratings.fit import FitResult, FittedRating
from profiles.ratings.goodness import Consistency, GoodnessOfFit
from rated_play import paths
from rated_play.commands import add_data_dir, print_json
from rated_play.commands._progress import progress_bar

WORST_RESIDUALS = 5


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "engines", help="the opponent pool with calibrated ratings", description=__doc__
    )
    add_data_dir(parser)
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.set_defaults(handler=list_pool)
    actions = parser.add_subparsers(dest="engines_command", metavar="ACTION")

    calibrate_parser = actions.add_parser(
        "calibrate",
        help="measure the pool on this machine",
        description="Play every entry against every entry rated within --span of it, then add "
        "games where the ratings still need them, until every rating's standard error is at "
        "most 35 and every difference within 300 points at most 25; fit every rating at once. "
        "Interrupt at any time: running it again resumes. With --only, the named entries "
        "(e.g. ones you added) are fitted against the calibrated pool held fixed.",
    )
    add_data_dir(calibrate_parser)
    calibrate_parser.add_argument(
        "--games",
        type=_count(*GAMES_RANGE),
        default=MINIMUM_GAMES,
        help=f"games every pairing plays at least, half with each colour (default {MINIMUM_GAMES})",
    )
    calibrate_parser.add_argument(
        "--span",
        type=_number(*SPAN_RANGE),
        default=SPAN,
        help=f"each entry meets every entry within this many points (default {SPAN:g})",
    )
    calibrate_parser.add_argument(
        "--movetime",
        type=_number(*MOVETIME_RANGE),
        default=MOVETIME,
        help=f"seconds a move for an entry with no limit of its own (default {MOVETIME:g})",
    )
    calibrate_parser.add_argument(
        "--tc",
        metavar="BASE+INC",
        help="play on this clock instead of each entry's own limits (e.g. 60+0.6)",
    )
    calibrate_parser.add_argument(
        "--anchor",
        action="append",
        metavar="NAME=RATING",
        help=f"pin an opponent's rating; repeat for more (default {DEFAULT_ANCHOR})",
    )
    calibrate_parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="add only these opponents (repeatable), fitted against the rest held fixed",
    )
    calibrate_parser.add_argument(
        "--workers",
        type=_count(*WORKERS_RANGE),
        default=os.cpu_count() or 1,
        help="games at once (default: cores)",
    )
    calibrate_parser.add_argument(
        "--max-games",
        type=_count(1, 10_000_000),
        help="stop once the games file holds this many games (run again to go on)",
    )
    calibrate_parser.add_argument(
        "--pgn", metavar="FILE", help="the games file (default in the data directory); resumed"
    )
    calibrate_parser.add_argument(
        "--output",
        metavar="FILE",
        help="write the calibration here instead of the data directory, where the app reads it",
    )
    calibrate_parser.set_defaults(
        handler=calibrate_pool,
        advice={
            EngineUnavailableError: "the finished games are kept: fix it and run the command "
            "again to resume"
        },
    )

    check = actions.add_parser(
        "check",
        help="test the calibration on pairings it never played",
        description="Play the pairings the calibration held out (those predicted to score "
        "25-75%) and compare each measured difference, with its 95% interval, with the "
        "predicted one. Exits 1 when the calibration fails its own check.",
    )
    add_data_dir(check)
    check.add_argument(
        "--games",
        type=_count(*GAMES_RANGE),
        default=CHECK_GAMES,
        help=f"games per pairing (default {CHECK_GAMES})",
    )
    check.add_argument(
        "--workers", type=_count(*WORKERS_RANGE), default=os.cpu_count() or 1, help="games at once"
    )
    check.add_argument("--pgn", metavar="FILE", help="keep the check's games here (resumed)")
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    check.set_defaults(handler=check_pool, advice={EngineUnavailableError: "run the check again"})

    fit = actions.add_parser(
        "fit",
        help="fit ratings to any PGN",
        description="Fit every player of a PGN (named by the White and Black tags) by maximum "
        "likelihood, anchored by one or more players with known ratings, and say how well the "
        "ratings fit the games.",
    )
    add_data_dir(fit)
    fit.add_argument("pgn", metavar="GAMES.pgn")
    fit.add_argument(
        "--anchor", action="append", required=True, metavar="NAME=RATING", help="repeatable"
    )
    fit.add_argument("--json", action="store_true", help="one JSON document on stdout")
    fit.set_defaults(handler=fit_games)

    uci = actions.add_parser(
        "uci",
        help="play an opponent as a UCI engine on stdin/stdout",
        description="Speak UCI on standard input and output and play exactly as NAME plays in "
        "a rated game, so any UCI tool (cutechess-cli, a GUI, python-chess) can play it.",
    )
    add_data_dir(uci)
    uci.add_argument("name", metavar="NAME")
    uci.set_defaults(handler=uci_engine)


def _number(low: float, high: float) -> Any:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # also false for nan
            raise argparse.ArgumentTypeError(f"give a number from {low:g} to {high:g}")
        return value

    return parse


def _count(low: int, high: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"give a whole number from {low} to {high}")
        return value

    return parse


def _pool(args: argparse.Namespace) -> Pool:
    return load_pool(paths.config_dir(args.data_dir), paths.data_dir(args.data_dir))


def _quiet_engines() -> None:
    """An engine's own complaints (a crash python-chess logs) are not the command's output:
    what matters reaches the user as the command's one sentence."""
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)


def list_pool(args: argparse.Namespace) -> int:
    pool = _pool(args)
    calibration = rating_calibration(paths.data_dir(args.data_dir))
    check = last_check(paths.data_dir(args.data_dir), calibration)
    if args.json:
        print_json(
            {
                "opponents": [_describe(pool, opponent) for opponent in pool.opponents],
                "calibration": None
                if calibration is None
                else _calibration_document(calibration, check),
            }
        )
        return 0
    # The title names the engine's own setting, whose number (UCI_Elo 2150) its authors chose
    # and this pool's measurement need not agree with (docs/engine-pool.md): the heading and
    # the legend keep the two apart.
    print(f"{'rating':>6} {'± s.e.':8} {'name':36} engine, at its own setting")
    for opponent in pool.opponents:
        rating = f"{opponent.rating:6.0f}"
        if opponent.calibration is not None and opponent.name in opponent.calibration.anchors:
            error = "anchor"
        else:
            error = f"±{opponent.rating_error:<4.0f}" if opponent.calibrated else "nominal"
        package = printable(opponent.package)
        where = "" if pool.is_available(opponent) else f"  [not installed: {package}]"
        name, title = printable(opponent.name), printable(opponent.title)
        print(f"{rating} {error:8} {name:36} {title}{where}")
    low, high = pool.rating_range() if pool.available() else (math.nan, math.nan)
    print(f"\n{len(pool.available())} of {len(pool.opponents)} available, {low:.0f}–{high:.0f}")
    print(
        "rating: measured by the calibration's games, ± one standard error "
        "(the 95% interval is about twice as wide)"
    )
    print("setting: the engine's own; a number in it (UCI_Elo 2150) is its label, not a rating")
    if any(not opponent.calibrated for opponent in pool.opponents):
        print("nominal: not measured yet, a guess; 'rated-play engines calibrate' measures it")
    if calibration is not None:
        _print_calibration_quality(calibration, check)
    return 0


def _print_calibration_quality(calibration: CalibrationFile, check: CheckSummary | None) -> None:
    provenance = calibration.provenance
    print(f"calibrated {provenance.date}: {provenance.games:,} games, {provenance.time_control}")
    quality = calibration.quality
    if quality is not None:
        print(
            f"fit: Pearson χ² {quality.pearson:.1f} on {quality.degrees_of_freedom} degrees of "
            f"freedom (p = {quality.p_value:.2f}), deviance {quality.deviance:.1f}"
        )
    if check is None:
        print("not checked yet on held-out pairings: 'rated-play engines check'")
    else:
        verdict = "holds" if check.passed else "FAILED"
        print(
            f"checked {check.date}: {check.inside} of {check.pairings} "
            f"held-out pairings inside their 95% interval; the calibration {verdict}"
        )


def _describe(pool: Pool, opponent: Opponent) -> dict[str, Any]:
    declared = schema.write(opponent)
    calibration = opponent.calibration
    return {
        "name": opponent.name,
        "title": opponent.title,
        "engine": {key: declared[key] for key in ("command", "protocol", "args", "package")},
        "settings": {key: declared[key] for key in ("options", "search")},
        "nominal": opponent.nominal,
        "rating": opponent.rating,
        "error": opponent.rating_error if opponent.calibrated else None,
        "games": opponent.rating_games,
        "available": pool.is_available(opponent),
        "calibration": None if calibration is None else schema.write(calibration),
    }


def _calibration_document(
    calibration: CalibrationFile, check: CheckSummary | None
) -> dict[str, Any]:
    document = schema.write(calibration)
    return {
        **schema.write(calibration.provenance),
        "goodness_of_fit": document.get("quality"),
        "held_out": document["held_out"],
        "last_check": None if check is None else schema.write(check),
    }


def calibrate_pool(args: argparse.Namespace) -> int:
    _quiet_engines()
    run = prepare_calibration(
        _pool(args),
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
    with _games_bar() as show:
        report = asyncio.run(run_calibration(run, show))
    outcome = report.outcome
    _print_fit(outcome.fit, outcome.goodness, outcome.families)
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


@contextlib.contextmanager
def _games_bar() -> Iterator[Callable[[Progress], None]]:
    with progress_bar("playing", "games") as show:
        yield lambda progress: show(progress.done, progress.total)


def check_pool(args: argparse.Namespace) -> int:
    _quiet_engines()
    pool = _pool(args)
    data_dir = paths.data_dir(args.data_dir)
    calibration = rating_calibration(data_dir)
    with _games_bar() as show:
        result = asyncio.run(
            check_calibration(
                pool.available(),
                calibration,
                data_dir,
                pgn=None if args.pgn is None else Path(args.pgn),
                games=args.games,
                workers=args.workers,
                on_progress=show,
            )
        )
    if args.json:
        summary = schema.write(result.summary())
        print_json({**summary, "results": [_check_row(p) for p in result.pairings]})
    else:
        _print_check(result)
    return 0 if result.passed else 1


def _check_row(pairing: CheckedPairing) -> dict[str, Any]:
    record = pairing.record
    return {
        "first": pairing.first,
        "second": pairing.second,
        "games": record.games,
        "wins": record.wins,
        "draws": record.draws,
        "losses": record.losses,
        "measured": _finite_or_none(pairing.measured.difference),
        "low": _finite_or_none(pairing.measured.low),
        "high": _finite_or_none(pairing.measured.high),
        "predicted": round(pairing.predicted, 1),
        "predicted_error": pairing.predicted_error,
        "inside": pairing.inside,
    }


def _finite_or_none(value: float) -> float | None:
    return round(value, 1) if math.isfinite(value) else None


def _print_check(result: CheckResult) -> None:
    print(f"{'pairing':58} {'games':>5} {'W/D/L':>9} {'measured (95%)':>20} {'predicted':>12}")
    for pairing in result.pairings:
        record, measured = pairing.record, pairing.measured
        name = f"{printable(pairing.first)} v {printable(pairing.second)}"
        wdl = f"{record.wins}/{record.draws}/{record.losses}"
        interval = f"{measured.difference:+.0f} [{measured.low:+.0f}, {measured.high:+.0f}]"
        predicted = f"{pairing.predicted:+.0f} ±{pairing.predicted_error:.0f}"
        verdict = "inside" if pairing.inside else "OUTSIDE"
        print(f"{name:58} {record.games:5d} {wdl:>9} {interval:>20} {predicted:>12}  {verdict}")
    verdict = "holds" if result.passed else "FAILS its check"
    print(
        f"\n{result.inside} of {len(result.pairings)} inside their 95% interval; "
        f"χ² {result.chi_square:.1f} on {len(result.pairings)}, p = {result.p_value:.3f}: "
        f"the calibration {verdict}"
    )


def fit_games(args: argparse.Namespace) -> int:
    anchors = parse_anchors(args.anchor)
    fitted = fit_pgn(Path(args.pgn), anchors, _known_entries(args))
    fit, goodness, families = fitted.fit, fitted.goodness, fitted.families
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
                ],
                "goodness_of_fit": {
                    "deviance": round(goodness.deviance, 2),
                    "pearson": round(goodness.pearson, 2),
                    "degrees_of_freedom": goodness.degrees_of_freedom,
                    "p_value": round(goodness.p_value, 4),
                    "worst": [
                        {
                            "first": residual.record.first,
                            "second": residual.record.second,
                            "games": residual.record.games,
                            "points": residual.record.points,
                            "expected": round(residual.expected, 2),
                            "z": round(residual.z, 2),
                        }
                        for residual in goodness.residuals[:WORST_RESIDUALS]
                    ],
                },
                "families": [
                    {
                        "name": verdict.player,
                        "chi_square": round(verdict.chi_square, 2),
                        "degrees_of_freedom": verdict.degrees_of_freedom,
                        "p_value": round(verdict.p_value, 4),
                        "against": [
                            {
                                "family": group.group,
                                "games": group.games,
                                "points": group.points,
                                "expected": round(group.expected, 2),
                                "z": round(group.z, 2),
                            }
                            for group in verdict.groups
                        ],
                    }
                    for verdict in families
                ],
            }
        )
    else:
        _print_fit(fit, goodness, families)
    return 0


def _known_entries(args: argparse.Namespace) -> list[Opponent]:
    """The pool's entries, to tell the engine families of the players a PGN file names; none
    when the pool cannot be read (a fit of any PGN does not need it)."""
    try:
        return list(_pool(args).opponents)
    except PoolConfigError:
        return []


def _by_rating(fit: FitResult) -> list[FittedRating]:
    return sorted(fit.players.values(), key=lambda player: -player.rating)


def _print_fit(
    fit: FitResult, goodness: GoodnessOfFit, families: Sequence[Consistency] = ()
) -> None:
    print(f"{'rating':>7} {'error':>6} {'games':>6} {'score':>6}  player")
    for player in _by_rating(fit):
        error = "anchor" if player.anchor else f"±{player.error:.0f}"
        print(
            f"{player.rating:7.0f} {error:>6} {player.games:6d} {player.score:6.1f}  "
            f"{printable(player.name)}"
        )
    print(
        f"\ngoodness of fit: deviance {goodness.deviance:.1f}, Pearson χ² {goodness.pearson:.1f} "
        f"(draws allowed for) on {goodness.degrees_of_freedom} degrees of freedom, "
        f"p = {goodness.p_value:.3f}"
    )
    print("worst pairings (standardised residual z, points against expected):")
    for residual in goodness.residuals[:WORST_RESIDUALS]:
        record = residual.record
        print(
            f"  z {residual.z:+5.1f}  {printable(record.first)} v {printable(record.second)}: "
            f"{record.points:g} of "
            f"{record.games} ({record.wins}/{record.draws}/{record.losses}), expected "
            f"{residual.expected:.1f}"
        )
    if families:
        print(
            "least consistent entries against the engine families (χ² of their residuals z; "
            f"p < {INCONSISTENT} says one rating does not describe the entry):"
        )
        for verdict in families[:WORST_RESIDUALS]:
            against = ", ".join(
                f"{printable(group.group)} {group.z:+.1f}" for group in verdict.groups
            )
            print(
                f"  {printable(verdict.player)}: χ² {verdict.chi_square:.1f} on "
                f"{verdict.degrees_of_freedom}, p = {verdict.p_value:.3f} ({against})"
            )


def uci_engine(args: argparse.Namespace) -> int:
    _quiet_engines()
    asyncio.run(serve_uci(_pool(args).playable(args.name)))
    return 0
