"""``rated-play rate``: a rating from a file of results, in any rating system.

The results file holds one game a line, ``OPPONENT_RATING SCORE [OPPONENT_RD]`` (score 1, 0.5
or 0; ``#`` starts a comment). Sequential systems take the games in order; ``chess-scotland``
takes the file as one season and ``glicko2`` as one rating period.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from profiles.ratings import (
    DEFAULT_SYSTEM,
    SYSTEMS,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    RatingSystem,
    get_system,
)
from profiles.ratings.elo import NEW_PLAYER_GAMES, EloSystem, flat_elo
from profiles.ratings.glicko2 import Glicko2
from rated_play.commands import CommandError, add_data_dir, print_json

SCORES = {"1": 1.0, "1.0": 1.0, "0.5": 0.5, ".5": 0.5, "1/2": 0.5, "0": 0.0, "0.0": 0.0}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rate",
        help="rate a file of results in any rating system",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_data_dir(parser)
    parser.add_argument(
        "--system",
        default=DEFAULT_SYSTEM,
        metavar="NAME",
        help=f"one of {', '.join(SYSTEMS)} (default {DEFAULT_SYSTEM})",
    )
    parser.add_argument(
        "--results", required=True, metavar="FILE", help="the results file, or - for stdin"
    )
    parser.add_argument("--rating", type=float, help="the rating before the games (none: new)")
    parser.add_argument(
        "--games",
        type=int,
        help=f"rated games behind --rating (default {NEW_PLAYER_GAMES}: past every new-player "
        "period)",
    )
    parser.add_argument("--rd", type=float, help="glicko2: the rating deviation before")
    parser.add_argument("--volatility", type=float, help="glicko2: the volatility before")
    parser.add_argument("--tau", type=float, help="glicko2: τ (default lichess's 0.75)")
    parser.add_argument("--k", type=float, help="elo: the K factor (default 32)")
    parser.add_argument(
        "--period",
        action="store_true",
        help="Elo systems: rate every game from the rating at the start of the period",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        system = _system(args)
        start = _start(args)
        games = _read_results(args.results)
        if args.period:
            if not isinstance(system, EloSystem):
                raise CommandError(
                    f"--period applies to the Elo systems (elo, club, fide-classic, fide), "
                    f"not {system.name}"
                )
            state = system.rate_period(games, start)
        else:
            state = system.rate(games, start)
    except RatingInputError as error:
        raise CommandError(str(error)) from error
    document = _document(system, state)
    if args.json:
        print_json(document)
    else:
        _print(system, state)
    return 0


def _system(args: argparse.Namespace) -> RatingSystem:
    system = get_system(args.system)
    glicko_only = {"--rd": args.rd, "--volatility": args.volatility, "--tau": args.tau}
    for option, value in glicko_only.items():
        if value is not None and not isinstance(system, Glicko2):
            raise CommandError(f"{option} applies to --system glicko2 only")
    if args.k is not None:
        if system.name != "elo":
            raise CommandError(
                f"--k applies to --system elo only; {system.name} sets K by its own rules"
            )
        return flat_elo(args.k)
    if args.tau is not None and isinstance(system, Glicko2):
        return system.with_tau(args.tau)
    return system


def _start(args: argparse.Namespace) -> PlayerStart:
    if args.rating is None:
        if args.games is not None:
            raise CommandError("--games counts the games behind --rating: give --rating too")
        return PlayerStart(rd=args.rd, volatility=args.volatility)
    if not math.isfinite(args.rating):
        raise CommandError(f"--rating must be a number, not {args.rating}")
    games = NEW_PLAYER_GAMES if args.games is None else args.games
    if games < 0:
        raise CommandError(f"--games must be 0 or more, not {games}")
    return PlayerStart(rating=args.rating, games=games, rd=args.rd, volatility=args.volatility)


def _read_results(source: str) -> list[GameScore]:
    if source == "-":
        return parse_results(sys.stdin, "stdin")
    path = Path(source)
    try:
        with path.open(encoding="utf-8") as lines:
            return parse_results(lines, str(path))
    except OSError as error:
        raise CommandError(f"cannot read the results file {path}: {error.strerror}") from error


def parse_results(lines: Iterable[str], source: str) -> list[GameScore]:
    """Games from ``OPPONENT_RATING SCORE [OPPONENT_RD]`` lines; errors name the line."""
    games = []
    for number, line in enumerate(lines, start=1):
        fields = line.partition("#")[0].split()
        if not fields:
            continue
        where = f"{source} line {number}"
        if len(fields) not in (2, 3):
            raise CommandError(
                f"{where}: write OPPONENT_RATING SCORE [OPPONENT_RD], such as '1650 0.5', "
                f"not {line.strip()!r}"
            )
        rating = _number(fields[0], where, "the opponent's rating")
        score = SCORES.get(fields[1])
        if score is None:
            raise CommandError(f"{where}: the score must be 1, 0.5 or 0, not {fields[1]!r}")
        rd = None if len(fields) == 2 else _number(fields[2], where, "the opponent's RD")
        if rd is not None and rd < 0:
            raise CommandError(f"{where}: the opponent's RD must be 0 or more, not {fields[2]}")
        games.append(GameScore(opponent_rating=rating, score=score, opponent_rd=rd))
    return games


def _number(text: str, where: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise CommandError(f"{where}: {what} must be a number, not {text!r}")
    return value


def _document(system: RatingSystem, state: RatingState) -> dict[str, Any]:
    document: dict[str, Any] = {
        "system": system.name,
        "rating": state.rating,
        "history": list(state.history),
        "games": state.games,
        "provisional": state.provisional,
    }
    if isinstance(system, Glicko2):
        document["rd"] = state.rd
        document["volatility"] = state.volatility
    return document


def _print(system: RatingSystem, state: RatingState) -> None:
    shown = f"{state.rating:.0f}"
    if state.rd is not None:
        shown += f" ± {state.rd:.0f} (volatility {state.volatility:.5f})"
    status = "provisional" if state.provisional else "established"
    print(f"{system.title}: {shown} after {state.games} games ({status})")
    if state.history:
        print("after each game: " + " ".join(f"{value:.0f}" for value in state.history))
