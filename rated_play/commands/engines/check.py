"""``rated-play engines check``: the calibration's predictions tested on pairings it never
played."""

from __future__ import annotations

import argparse
import asyncio
import math
from pathlib import Path
from typing import Any

from engines import schema
from engines.calibration.prediction_check import GAMES as CHECK_GAMES
from engines.calibration.prediction_check import (
    CheckedPairing,
    CheckResult,
    KindTally,
    PairingKind,
    check_calibration,
)
from engines.errors import EngineUnavailableError
from engines.opponents.pool import rating_calibration
from profiles.errors import printable
from rated_play import paths
from rated_play.commands import add_data_dir, print_json
from rated_play.commands.engines._games import add_games, add_workers, games_bar
from rated_play.commands.engines._options import pool_of, quiet_engines


def register(actions: Any) -> None:
    parser = actions.add_parser(
        "check",
        help="test the calibration on pairings it never played",
        description="Play the pairings the calibration held out (those predicted to score "
        "25-75%) and compare each measured difference, with its 95% interval, with the "
        "predicted one. Exits 1 when the calibration fails its own check.",
    )
    add_data_dir(parser)
    add_games(parser, CHECK_GAMES, "games per pairing")
    add_workers(parser)
    parser.add_argument("--pgn", metavar="FILE", help="keep the check's games here (resumed)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.set_defaults(handler=check_pool, advice={EngineUnavailableError: "run the check again"})


def check_pool(args: argparse.Namespace) -> int:
    quiet_engines()
    pool = pool_of(args)
    data_dir = paths.data_dir(args.data_dir)
    calibration = rating_calibration(data_dir)
    with games_bar() as show:
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
        kinds = [_kind_row(tally) for tally in result.by_kind()]
        print_json({**summary, "kinds": kinds, "results": [_check_row(p) for p in result.pairings]})
    else:
        _print_check(result)
    return 0 if result.passed else 1


def _check_row(pairing: CheckedPairing) -> dict[str, Any]:
    record = pairing.record
    return {
        "first": pairing.first,
        "second": pairing.second,
        "kind": pairing.kind.value,
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


def _kind_row(tally: KindTally) -> dict[str, Any]:
    return {
        "kind": tally.kind.value,
        "pairings": tally.pairings,
        "inside": tally.inside,
        "chi_square": round(tally.chi_square, 2),
        "p_value": round(tally.p_value, 4),
    }


def _finite_or_none(value: float) -> float | None:
    return round(value, 1) if math.isfinite(value) else None


def _print_check(result: CheckResult) -> None:
    for tally in result.by_kind():
        _print_pairings([p for p in result.pairings if p.kind is tally.kind], tally.kind)
        print(
            f"{tally.kind}: {tally.inside} of {tally.pairings} inside; "
            f"χ² {tally.chi_square:.1f} on {tally.pairings}, p = {tally.p_value:.3f}\n"
        )
    verdict = "holds" if result.passed else "FAILS its check"
    print(
        f"{result.inside} of {len(result.pairings)} inside their 95% interval; "
        f"χ² {result.chi_square:.1f} on {len(result.pairings)}, p = {result.p_value:.3f}: "
        f"the calibration {verdict}"
    )


def _print_pairings(pairings: list[CheckedPairing], kind: PairingKind) -> None:
    heading = f"{kind}: pairing"
    print(f"{heading:58} {'games':>5} {'W/D/L':>9} {'measured (95%)':>20} {'predicted':>12}")
    for pairing in pairings:
        record, measured = pairing.record, pairing.measured
        name = f"{printable(pairing.first)} v {printable(pairing.second)}"
        wdl = f"{record.wins}/{record.draws}/{record.losses}"
        interval = f"{measured.difference:+.0f} [{measured.low:+.0f}, {measured.high:+.0f}]"
        predicted = f"{pairing.predicted:+.0f} ±{pairing.predicted_error:.0f}"
        verdict = "inside" if pairing.inside else "OUTSIDE"
        print(f"{name:58} {record.games:5d} {wdl:>9} {interval:>20} {predicted:>12}  {verdict}")
