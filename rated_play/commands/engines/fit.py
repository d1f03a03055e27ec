"""``rated-play engines fit``: the ratings of the players of any PGN, and how well they fit."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines.calibration.calibrate import INCONSISTENT, parse_anchors
from engines.calibration.pgn_fit import fit_pgn
from engines.errors import PoolConfigError
from engines.opponents.opponent import Opponent
from profiles.errors import printable
from profiles.ratings.by_kind import KindFit
from profiles.ratings.fit import FitResult, FittedRating
from profiles.ratings.goodness import Consistency, GoodnessOfFit
from rated_play.commands import add_data_dir, print_json
from rated_play.commands.engines._options import pool_of

WORST_RESIDUALS = 5


def register(actions: Any) -> None:
    parser = actions.add_parser(
        "fit",
        help="fit ratings to any PGN",
        description="Fit every player of a PGN (named by the White and Black tags) by maximum "
        "likelihood, anchored by one or more players with known ratings, and say how well the "
        "ratings fit the games.",
    )
    add_data_dir(parser)
    parser.add_argument("pgn", metavar="GAMES.pgn")
    parser.add_argument(
        "--anchor", action="append", required=True, metavar="NAME=RATING", help="repeatable"
    )
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.set_defaults(handler=fit_games)


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
                    for player in by_rating(fit)
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
        print_fit(fit, goodness, families)
    return 0


def _known_entries(args: argparse.Namespace) -> list[Opponent]:
    """The pool's entries, to tell the engine families of the players a PGN file names; none
    when the pool cannot be read (a fit of any PGN does not need it)."""
    try:
        return list(pool_of(args).opponents)
    except PoolConfigError:
        return []


def by_rating(fit: FitResult) -> list[FittedRating]:
    return sorted(fit.players.values(), key=lambda player: -player.rating)


def print_fit(
    fit: FitResult, goodness: GoodnessOfFit, families: Sequence[Consistency] = ()
) -> None:
    print(f"{'rating':>7} {'error':>6} {'games':>6} {'score':>6}  player")
    for player in by_rating(fit):
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


def print_kinds(kinds: KindFit) -> None:
    """Each person-like entry's ratings against engines and against its own kind, and the
    difference (its kind offset), the strongest against person-like opponents first."""
    rows = []
    for name in kinds.people.players if kinds.people is not None else ():
        engines, people, offset = (
            kinds.against_engines(name),
            kinds.against_people(name),
            kinds.offset(name),
        )
        if engines is not None and people is not None and offset is not None:
            rows.append((people, engines, offset, name))
    if not rows:
        return
    print(
        "\nby kind (the rating against person-like opponents rates a person's games):\n"
        f"{'against person-like':>20} {'against engines':>16} {'kind offset':>12}  player"
    )
    for people, engines, offset, name in sorted(rows, key=lambda row: -row[0].rating):
        print(
            f"{people.rating:11.0f} ±{people.error:<7.0f} {engines.rating:7.0f} "
            f"±{engines.error:<7.0f} {offset[0]:+5.0f} ±{offset[1]:<4.0f}  {printable(name)}"
        )
    print(f"links (their offsets zero on average): {', '.join(kinds.links)}")
