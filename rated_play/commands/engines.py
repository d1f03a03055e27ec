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
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import chess.pgn
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.progress import Progress as ProgressBar

from engines import schema
from engines.calibrate import (
    INCONSISTENT,
    MINIMUM_GAMES,
    MOVETIME,
    SPAN,
    Settings,
    calibrate,
    calibration_result,
    engine_versions,
    family_consistency,
    machine,
    scored_games,
)
from engines.calibration import (
    SHIPPED_CHECK,
    CalibrationResult,
    CheckSummary,
    provenance_document,
    read_calibration,
    read_check_summary,
    user_calibration_path,
    write_calibration,
    write_check_summary,
)
from engines.check import GAMES as CHECK_GAMES
from engines.check import CheckResult, pairings_to_check, run_check
from engines.errors import EngineUnavailableError, PoolConfigError
from engines.gauntlet import Progress, read_games
from engines.match import match_clock
from engines.opponent import Opponent
from engines.pgn_file import parse_games, read_pgn_text
from engines.pool import Pool, load_pool, shipped_calibration
from engines.uci_server import serve_uci
from profiles.endings import WHITE_SCORE
from profiles.errors import printable
from profiles.ratings.fit import FitResult, fit_ratings
from profiles.ratings.goodness import Consistency, GoodnessOfFit, goodness_of_fit
from profiles.time_control import TimeControl
from rated_play import paths
from rated_play.commands import CommandError, add_data_dir, print_json

DEFAULT_ANCHOR = "stockfish-elo-1800=1800"
GAMES_FILE = "calibration-games.pgn"
ADDED_GAMES_FILE = "calibration-added-games.pgn"
CHECK_FILE = "calibration-check.json"
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
        type=_count(2, 10_000),
        default=MINIMUM_GAMES,
        help=f"games every pairing plays at least, half with each colour (default {MINIMUM_GAMES})",
    )
    calibrate_parser.add_argument(
        "--span",
        type=_number(50, 2000),
        default=SPAN,
        help=f"each entry meets every entry within this many points (default {SPAN:g})",
    )
    calibrate_parser.add_argument(
        "--movetime",
        type=_number(0.01, 60),
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
        type=_count(1, 256),
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
    calibrate_parser.set_defaults(handler=calibrate_pool)

    check = actions.add_parser(
        "check",
        help="test the calibration on pairings it never played",
        description="Play the pairings the calibration held out (those predicted to score "
        "25-75%) and compare each measured difference, with its 95%% interval, with the "
        "predicted one. Exits 1 when the calibration fails its own check.",
    )
    add_data_dir(check)
    check.add_argument(
        "--games",
        type=_count(2, 10_000),
        default=CHECK_GAMES,
        help=f"games per pairing (default {CHECK_GAMES})",
    )
    check.add_argument(
        "--workers", type=_count(1, 256), default=os.cpu_count() or 1, help="games at once"
    )
    check.add_argument("--pgn", metavar="FILE", help="keep the check's games here (resumed)")
    check.add_argument("--json", action="store_true", help="one JSON document on stdout")
    check.set_defaults(handler=check_calibration)

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
    fit.set_defaults(handler=fit_pgn)

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


def _calibration(args: argparse.Namespace) -> CalibrationResult | None:
    """The calibration the pool is rated by: the user's own, else the shipped one."""
    own = read_calibration(user_calibration_path(paths.data_dir(args.data_dir)))
    return own if own is not None else shipped_calibration()


def list_pool(args: argparse.Namespace) -> int:
    pool = _pool(args)
    calibration = _calibration(args)
    check = _last_check(args, calibration)
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
    if calibration is not None:
        _print_calibration_quality(calibration, check)
    return 0


def _print_calibration_quality(calibration: CalibrationResult, check: CheckSummary | None) -> None:
    provenance = calibration.provenance
    print(f"calibrated {provenance.date}: {provenance.games} games, {provenance.time_control}")
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


def _calibration_document(
    calibration: CalibrationResult, check: CheckSummary | None
) -> dict[str, Any]:
    document = schema.write(calibration)
    return {
        **provenance_document(calibration.provenance),
        "goodness_of_fit": document.get("quality"),
        "held_out": document["held_out"],
        "last_check": None if check is None else schema.write(check),
    }


def _check_summary(result: CheckResult, calibration: CalibrationResult) -> CheckSummary:
    return CheckSummary(
        date=result.date,
        calibration_date=calibration.provenance.date,
        pairings=len(result.pairings),
        inside=sum(pairing.inside for pairing in result.pairings),
        chi_square=round(result.chi_square, 2),
        p_value=round(result.p_value, 4),
        passed=result.passed,
    )


def _last_check(
    args: argparse.Namespace, calibration: CalibrationResult | None
) -> CheckSummary | None:
    """The summary of the newest ``engines check`` of this calibration: the user's own, else
    the one shipped with it."""
    if calibration is None:
        return None
    for path in (paths.data_dir(args.data_dir) / CHECK_FILE, SHIPPED_CHECK):
        summary = read_check_summary(path)
        if summary is not None and summary.calibration_date == calibration.provenance.date:
            return summary
    return None


def parse_anchors(texts: Sequence[str]) -> dict[str, float]:
    anchors: dict[str, float] = {}
    for text in texts:
        name, separator, rating = text.rpartition("=")
        try:
            value = float(rating)
        except ValueError:
            value = math.nan
        if not separator or not name or not -1000 <= value <= 5000:
            raise CommandError(
                f"--anchor {text!r}: write NAME=RATING with a rating from -1000 to 5000, "
                "e.g. stockfish-elo-1800=1800"
            )
        if name in anchors:
            raise CommandError(f"--anchor {name} is given twice; give each anchor once")
        anchors[name] = value
    return anchors


def _clock(text: str | None) -> TimeControl | None:
    if text is None:
        return None
    try:
        return match_clock(text)
    except ValueError as error:
        raise CommandError(f"--tc: {error}") from error


def calibrate_pool(args: argparse.Namespace) -> int:
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    pool = _pool(args)
    ladder = pool.available()
    for missing in pool.unavailable():
        print(f"skipping {missing.name}: install the package '{missing.package}'", file=sys.stderr)
    data_dir = paths.data_dir(args.data_dir)
    anchors, keep = _anchors(args, ladder)
    default_pgn = data_dir / (ADDED_GAMES_FILE if keep is not None else GAMES_FILE)
    pgn = Path(args.pgn) if args.pgn else default_pgn
    site = machine()
    settings = Settings(
        anchors=anchors,
        adding=keep is not None,
        span=args.span,
        minimum=args.games,
        movetime=args.movetime,
        clock=_clock(args.tc),
        workers=args.workers,
        limit=args.max_games,
        headers={"Event": "rated-play calibration", "Site": site},
    )
    _check_games_file(pgn)
    print(f"calibrating {len(ladder)} opponents into {pgn}", file=sys.stderr)
    try:
        with _progress() as show:
            outcome = asyncio.run(calibrate(ladder, settings, pgn, show))
        versions = asyncio.run(engine_versions(ladder))
    except EngineUnavailableError as error:
        raise CommandError(
            f"{error}; the finished games are kept: fix it and run the command again to resume"
        ) from error
    except OSError as error:
        raise CommandError(_cannot_write(error)) from error
    result = calibration_result(
        outcome, ladder, settings, engines=versions, machine_name=site, keep=keep
    )
    output = Path(args.output) if args.output else user_calibration_path(data_dir)
    try:
        write_calibration(output, result)
    except OSError as error:
        raise CommandError(_cannot_write(error)) from error
    _print_fit(outcome.fit, outcome.goodness, outcome.families)
    for name in args.only or []:
        measured = result.ratings.get(name)
        if measured is not None:
            print(f"added {name}: {measured.rating:.0f} ±{measured.error:.0f}", file=sys.stderr)
    if keep is not None:
        print(f"the other {len(anchors)} opponents keep their ratings", file=sys.stderr)
    elif not outcome.complete:
        print(
            f"stopped at {len(outcome.games)} games before every target was met; "
            "run the command again to go on",
            file=sys.stderr,
        )
    print(f"calibration written to {output}", file=sys.stderr)
    return 0


def _anchors(
    args: argparse.Namespace, ladder: Sequence[Opponent]
) -> tuple[dict[str, float], CalibrationResult | None]:
    """The fixed ratings of the calibration, and (adding entries with --only) the calibration
    they come from, which the new entries join."""
    known = {opponent.name for opponent in ladder}
    if not args.only:
        anchors = parse_anchors(args.anchor or [DEFAULT_ANCHOR])
        for name in anchors:
            if name not in known:
                raise CommandError(
                    f"--anchor {printable(name)}: no available opponent has that name; "
                    "'rated-play engines' lists them"
                )
        return anchors, None
    unknown = sorted(set(args.only) - known)
    if unknown:
        raise CommandError(
            f"--only {printable(', '.join(unknown))}: no available opponent has that name; "
            "'rated-play engines' lists them"
        )
    if args.anchor:
        raise CommandError(
            "--only fits the named entries against the calibrated pool held fixed; "
            "leave out --anchor"
        )
    keep = _calibration(args)
    fixed = {o.name: o.rating for o in ladder if o.name not in args.only and o.calibrated}
    if keep is None or not fixed:
        raise CommandError(
            "--only needs a calibrated pool to fit against; run 'rated-play engines "
            "calibrate' without --only first"
        )
    return fixed, keep


def _check_games_file(pgn: Path) -> None:
    """Refuse a games file that cannot be resumed before anything is played or printed."""
    try:
        read_games(pgn)
    except OSError as error:
        raise CommandError(
            f"cannot read {printable(pgn)} ({error.strerror or error}): give a games file "
            "you can read and write with --pgn"
        ) from error


def _cannot_write(error: OSError) -> str:
    where = printable(error.filename) if error.filename else "a file"
    return f"cannot write {where} ({error.strerror or error}): choose a place you can write to"


@contextlib.contextmanager
def _progress() -> Iterator[Any]:
    """A rich progress bar on stderr with the games and the time left."""
    with ProgressBar(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task("playing", total=None)

        def show(progress: Progress) -> None:
            bar.update(task, completed=progress.done, total=progress.total)

        yield show


def check_calibration(args: argparse.Namespace) -> int:
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    pool = _pool(args)
    calibration = _calibration(args)
    if calibration is None:
        raise CommandError("there is no calibration to check; run 'rated-play engines calibrate'")
    ladder = pool.available()
    if not pairings_to_check(ladder, calibration):
        raise CommandError(
            "the calibration kept no pairing aside that predicts a score between 25% and 75%; "
            "run 'rated-play engines calibrate' again to make one that does"
        )
    with contextlib.ExitStack() as stack:
        if args.pgn:
            pgn = Path(args.pgn)
        else:
            pgn = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "check.pgn"
        try:
            with _progress() as show:
                result = asyncio.run(
                    run_check(
                        ladder, calibration, pgn, games=args.games, workers=args.workers,
                        on_progress=show,
                    )
                )  # fmt: skip
        except EngineUnavailableError as error:
            raise CommandError(f"{error}; run the check again") from error
        except OSError as error:
            raise CommandError(_cannot_write(error)) from error
    summary = _check_summary(result, calibration)
    data_dir = paths.data_dir(args.data_dir)
    with contextlib.suppress(OSError):
        data_dir.mkdir(parents=True, exist_ok=True)
        write_check_summary(data_dir / CHECK_FILE, summary)
    if args.json:
        print_json({**schema.write(summary), "results": [_check_row(p) for p in result.pairings]})
    else:
        _print_check(result)
    return 0 if result.passed else 1


def _check_row(pairing: Any) -> dict[str, Any]:
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
        name = f"{pairing.first} v {pairing.second}"
        wdl = f"{record.wins}/{record.draws}/{record.losses}"
        interval = f"{measured.difference:+.0f} [{measured.low:+.0f}, {measured.high:+.0f}]"
        predicted = f"{pairing.predicted:+.0f} ±{pairing.predicted_error:.0f}"
        verdict = "inside" if pairing.inside else "OUTSIDE"
        print(f"{name:58} {record.games:5d} {wdl:>9} {interval:>20} {predicted:>12}  {verdict}")
    inside = sum(pairing.inside for pairing in result.pairings)
    verdict = "holds" if result.passed else "FAILS its check"
    print(
        f"\n{inside} of {len(result.pairings)} inside their 95% interval; "
        f"χ² {result.chi_square:.1f} on {len(result.pairings)}, p = {result.p_value:.3f}: "
        f"the calibration {verdict}"
    )


def _fit(games: Sequence[chess.pgn.Game], anchors: Mapping[str, float]) -> FitResult:
    players = {name for game in games for name in (game.headers["White"], game.headers["Black"])}
    unknown = sorted(name for name in anchors if name not in players)
    if unknown:
        raise CommandError(
            f"the anchor {', '.join(unknown)} played no game; anchor one of: "
            + ", ".join(sorted(players))
        )
    return fit_ratings(scored_games(games), anchors)


def fit_pgn(args: argparse.Namespace) -> int:
    anchors = parse_anchors(args.anchor)
    games = _read_pgn(Path(args.pgn))
    fit = _fit(games, anchors)
    goodness = goodness_of_fit(scored_games(games), fit)
    families = family_consistency(scored_games(games), fit, _known_entries(args))
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


def _read_pgn(path: Path) -> list[chess.pgn.Game]:
    games = parse_games(read_pgn_text(path), path)
    for number, game in enumerate(games, 1):
        for tag in ("White", "Black"):
            if game.headers.get(tag, "?") in ("", "?"):
                raise CommandError(f"{path}, game {number}: the {tag} tag names no player")
        result = game.headers.get("Result", "*")
        if result not in (*WHITE_SCORE, "*"):
            raise CommandError(
                f"{path}, game {number}: Result {result!r} is not 1-0, 0-1, 1/2-1/2 or *"
            )
    if not scored_games(games):
        raise CommandError(f"{path} holds no finished game (1-0, 0-1 or 1/2-1/2) to fit")
    return games


def _by_rating(fit: FitResult) -> list[Any]:
    return sorted(fit.players.values(), key=lambda player: -player.rating)


def _print_fit(
    fit: FitResult, goodness: GoodnessOfFit, families: Sequence[Consistency] = ()
) -> None:
    print(f"{'rating':>7} {'error':>6} {'games':>6} {'score':>6}  player")
    for player in _by_rating(fit):
        error = "anchor" if player.anchor else f"±{player.error:.0f}"
        print(
            f"{player.rating:7.0f} {error:>6} {player.games:6d} {player.score:6.1f}  {player.name}"
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
            f"  z {residual.z:+5.1f}  {record.first} v {record.second}: {record.points:g} of "
            f"{record.games} ({record.wins}/{record.draws}/{record.losses}), expected "
            f"{residual.expected:.1f}"
        )
    if families:
        print(
            "least consistent entries against the engine families (χ² of their residuals z; "
            f"p < {INCONSISTENT} says one rating does not describe the entry):"
        )
        for verdict in families[:WORST_RESIDUALS]:
            against = ", ".join(f"{group.group} {group.z:+.1f}" for group in verdict.groups)
            print(
                f"  {verdict.player}: χ² {verdict.chi_square:.1f} on "
                f"{verdict.degrees_of_freedom}, p = {verdict.p_value:.3f} ({against})"
            )


def uci_engine(args: argparse.Namespace) -> int:
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    pool = _pool(args)
    try:
        opponent = pool.get(args.name)
    except KeyError:
        raise CommandError(
            f"no opponent is called {args.name!r}; 'rated-play engines' lists them"
        ) from None
    if not pool.is_available(opponent):
        raise CommandError(
            f"{opponent.title} needs the engine '{opponent.command}': install the Debian "
            f"package '{opponent.package}'"
        )
    asyncio.run(serve_uci(opponent))
    return 0
