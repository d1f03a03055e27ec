"""``rated-play engines``: the pool, each entry's rating and setting, and its calibration's
quality."""

from __future__ import annotations

import argparse
import math
from typing import Any

from engines import schema
from engines.calibration.stored import CalibrationFile, CheckSummary, last_check
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool, rating_calibration
from profiles.errors import printable
from rated_play import paths
from rated_play.commands import print_json
from rated_play.commands.engines._options import pool_of


def list_pool(args: argparse.Namespace) -> int:
    pool = pool_of(args)
    calibration = rating_calibration(paths.data_dir(args.data_dir))
    check = last_check(paths.data_dir(args.data_dir), calibration)
    if args.json:
        print_json(
            {
                "opponents": [
                    _describe(pool, opponent, calibration) for opponent in pool.opponents
                ],
                "calibration": None
                if calibration is None
                else _calibration_document(calibration, check),
            }
        )
        return 0
    # The title names the engine's own setting, whose number (UCI_Elo 2150) its authors chose
    # and this pool's measurement need not agree with (docs/engine-pool.md): the heading and
    # the legend keep the two apart.
    print(f"{'rating':>6} {'± s.e.':8} {'kind':12} {'name':36} engine, at its own setting")
    for opponent in pool.opponents:
        rating = f"{opponent.rating:6.0f}"
        if opponent.calibration is not None and opponent.name in opponent.calibration.anchors:
            error = "anchor"
        else:
            error = f"±{opponent.rating_error:<4.0f}" if opponent.calibrated else "nominal"
        why = pool.why_unavailable(opponent)
        where = "" if why is None else f"  [{printable(why)}]"
        where += "" if opponent.offered else "  [not offered]"
        kinds = None if calibration is None else calibration.by_kind.get(opponent.name)
        if opponent.person_like and kinds is not None and kinds.people is not None:
            where += f"  [{kinds.engines.rating:.0f} against engines]"
        name = printable(opponent.name)
        # A person-like entry's title repeats its rating: its provenance is what it is.
        what = printable(opponent.provenance if opponent.person_like else opponent.title)
        print(f"{rating} {error:8} {opponent.kind.value:12} {name:36} {what}{where}")
    low, high = pool.rating_range() if pool.available() else (math.nan, math.nan)
    print(f"\n{len(pool.available())} of {len(pool.opponents)} available, {low:.0f}–{high:.0f}")
    print(
        "rating: measured by the calibration's games, ± one standard error "
        "(the 95% interval is about twice as wide)"
    )
    print("setting: the engine's own; a number in it (UCI_Elo 2150) is its label, not a rating")
    print(
        "kind: an engine, person-like (a network trained on people's games, listed by what it "
        "learnt from) or unleashed (full strength)"
    )
    if calibration is not None and calibration.by_kind:
        print(
            "person-like: rated by its games against person-like opponents, which predict a "
            "person's; its rating against engines beside it"
        )
    if any(not opponent.offered for opponent in pool.opponents):
        print("not offered: off the setup's slider, kept for the calibration and past games")
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


def _describe(pool: Pool, opponent: Opponent, rated_by: CalibrationFile | None) -> dict[str, Any]:
    declared = schema.write(opponent)
    calibration = opponent.calibration
    kinds = None if rated_by is None else rated_by.by_kind.get(opponent.name)
    return {
        "name": opponent.name,
        "title": opponent.title,
        "short": opponent.short_title,
        "kind": opponent.kind.value,
        "provenance": opponent.provenance,
        "offered": opponent.offered,
        "engine": {key: declared[key] for key in ("command", "protocol", "args", "package")},
        "settings": {key: declared[key] for key in ("options", "search")},
        "veto": None if opponent.veto is None else opponent.veto.value,
        "beginner": None if opponent.beginner is None else opponent.beginner.value,
        "needs": [
            {"command": need.command, "package": need.package, "for": need.purpose}
            for need in opponent.needs
        ],
        "nominal": opponent.nominal,
        "rating": opponent.rating,
        "error": opponent.rating_error if opponent.calibrated else None,
        "games": opponent.rating_games,
        "available": pool.is_available(opponent),
        "unavailable": pool.why_unavailable(opponent),
        "calibration": None if calibration is None else schema.write(calibration),
        "by_kind": None if kinds is None else schema.write(kinds),
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
