"""``rated-play calc``: plain Elo — expected score, change and new rating by Elo's formula
with one K (32 unless told) and no cap on the gap. It says so: the app rates with its own
system (``rated-play rate``; the app's calculator, F2, computes both)."""

from __future__ import annotations

import argparse
from typing import Any

from profiles.laws.endings import RESULTS
from profiles.ratings import DEFAULT_SYSTEM, get_system
from profiles.ratings.elo import DEFAULT_K, PLAIN_ELO, calculate
from rated_play.commands import add_data_dir, print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "calc",
        help="what one game is worth: expected score, rating change, new rating",
        description=(
            f"{PLAIN_ELO}: new rating = rating + K·(score − expected), the expected score from "
            "the logistic curve with no cap on the rating gap. The app rates with "
            f"{get_system(DEFAULT_SYSTEM).title}: see `rated-play rate`."
        ),
    )
    add_data_dir(parser)
    parser.add_argument("--rating", type=float, required=True, help="your rating")
    parser.add_argument("--opponent", type=float, required=True, help="your opponent's rating")
    parser.add_argument("--result", choices=tuple(RESULTS), required=True, help="your result")
    parser.add_argument(
        "--k", type=float, default=DEFAULT_K, help=f"K factor (default {DEFAULT_K:g})"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    game = calculate(args.rating, args.opponent, RESULTS[args.result], k=args.k)
    document: dict[str, Any] = {
        "computes": f"{PLAIN_ELO}, K {args.k:g}",
        "rating": args.rating,
        "opponent": args.opponent,
        "result": args.result,
        "k": args.k,
        "expected": game.expected,
        "change": game.change,
        "new_rating": game.new_rating,
    }
    if args.json:
        print_json(document)
    else:
        print(f"{PLAIN_ELO}, K {args.k:g}, no cap on the gap")
        print(f"Expected score  {game.expected:.3f}")
        print(f"Rating change   {game.change:+d}")
        print(f"New rating      {game.new_rating:g}")
    return 0
