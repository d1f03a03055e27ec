"""``rated-play rate``: a rating from a file of results, in any rating system.

The results file holds one game a line, ``OPPONENT_RATING SCORE [OPPONENT_RD]`` (score 1, 0.5
or 0; ``#`` starts a comment). Sequential systems take the games in order; ``chess-scotland``
takes the file as one season. ``glicko2`` rates each game as its own rating period, as the app
does; ``--period`` takes the file as one rating period, the paper's (and, for the Elo systems,
rates every game from the rating at the start).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from profiles.errors import printable
from profiles.input_file import MIB, read_file, read_stream
from profiles.ratings import (
    DEFAULT_SYSTEM,
    SYSTEMS,
    GameScore,
    PlayerStart,
    RatingState,
    RatingSystem,
    get_system,
)
from profiles.ratings.base import RD_RANGE, VOLATILITY_RANGE, check_number, check_rating
from profiles.ratings.elo import DEFAULT_K, NEW_PLAYER_GAMES, EloSystem, flat_elo
from profiles.ratings.glicko2 import Glicko2
from rated_play.commands import CommandError, add_data_dir, print_json

SCORES = (1.0, 0.5, 0.0)
HALF = ("1/2", "½")
"""A draw as a crosstable writes it, besides any number equal to 0.5."""


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
    parser.add_argument("--k", type=float, help=f"elo: the K factor (default {DEFAULT_K:g})")
    parser.add_argument(
        "--period",
        action="store_true",
        help="Elo systems and glicko2: the file is one rating period, every game rated from "
        "the rating at its start",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    system = _system(args)
    start = _start(args)
    games = _read_results(args.results)
    if args.period:
        if not isinstance(system, EloSystem | Glicko2):
            raise CommandError(
                f"--period applies to the Elo systems (elo, club, fide-classic, fide) and "
                f"glicko2, not {system.name}"
            )
        state = system.rate_period(games, start)
    else:
        state = system.rate(games, start)
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


GIVEN_RD_RANGE = (1.0, RD_RANGE[1])
"""A starting RD a person gives: one rating point is already more certainty than any number of
games can bring (lichess keeps every RD at 45 or more), and a smaller one has a square that
underflows on Glicko-2's scale (Glickman, "Example of the Glicko-2 system", steps 2 and 6)."""

GIVEN_VOLATILITY_RANGE = (0.0001, VOLATILITY_RANGE[1])
"""A starting volatility a person gives: the paper's example starts at 0.06 and lichess at 0.09;
one of 1e-154 or less has a square that is 0.0, whose logarithm step 5 takes."""


def _start(args: argparse.Namespace) -> PlayerStart:
    if args.rd is not None:
        check_number(args.rd, "--rd", *GIVEN_RD_RANGE)
    if args.volatility is not None:
        check_number(args.volatility, "--volatility", *GIVEN_VOLATILITY_RANGE)
    if args.rating is None:
        if args.games is not None:
            raise CommandError("--games counts the games behind --rating: give --rating too")
        return PlayerStart(rd=args.rd, volatility=args.volatility)
    games = NEW_PLAYER_GAMES if args.games is None else args.games
    return PlayerStart(rating=args.rating, games=games, rd=args.rd, volatility=args.volatility)


RESULTS_LIMIT = 64 * MIB
"""The most a results file may hold: a game takes about ten bytes a line, so this is millions
of games, more than anyone plays; anything larger (``/dev/zero`` piped in) is not one."""

WHAT = "a results file"


def _read_results(source: str) -> list[GameScore]:
    if source == "-":
        if sys.stdin is None:
            raise CommandError(
                "--results -: standard input is closed; give a FILE, or pipe the results in"
            )
        data = read_stream(sys.stdin.buffer, RESULTS_LIMIT, "standard input", WHAT)
        return _parse_bytes(data, "standard input")
    path = Path(source)
    try:
        # A named pipe is read too: the shell's <(command) is one.
        data = read_file(path, RESULTS_LIMIT, WHAT, pipe=True)
    except OSError as error:
        raise CommandError(
            f"cannot read the results file {printable(path)}: {error.strerror}; "
            "give the path of a text file"
        ) from error
    return _parse_bytes(data, printable(path))


def _parse_bytes(data: bytes, source: str) -> list[GameScore]:
    """Results from bytes that must be UTF-8 text (a byte order mark is allowed, as Windows
    editors write one), so a binary or UTF-16 file is named as such."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CommandError(
            f"{source} is not UTF-8 text (byte {error.object[error.start]:#04x}): save the "
            "results as plain UTF-8 text, one game a line"
        ) from error
    # Lines as a text file reads them: \n, \r\n or \r ends one.
    return parse_results(io.StringIO(text, newline=None), source)


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
                f"not {printable(line.strip())!r}"
            )
        rating = _number(fields[0], where, "the opponent's rating")
        score = _score(fields[1])
        if score is None:
            raise CommandError(
                f"{where}: the score must be 1, 0.5 or 0 (in any spelling of those numbers, "
                f"such as 1.0, 0.50 or .5, or 1/2 or ½), not {printable(fields[1])!r}"
            )
        check_rating(rating, f"{where}: the opponent's rating")
        rd = None if len(fields) == 2 else _number(fields[2], where, "the opponent's RD")
        if rd is not None:
            check_number(rd, f"{where}: the opponent's RD", *RD_RANGE)
        games.append(GameScore(opponent_rating=rating, score=score, opponent_rd=rd))
    return games


def _score(text: str) -> float | None:
    if text in HALF:
        return 0.5
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value in SCORES else None


def _number(text: str, where: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise CommandError(f"{where}: {what} must be a number, not {printable(text)!r}") from None


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
