"""``rated-play table``: expected score against rating difference, logistic and FIDE table."""

from __future__ import annotations

import argparse

from profiles.ratings.expected import score_table
from rated_play.commands import add_data_dir, print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "table",
        help="expected score against rating difference",
        description="Expected score by rating difference (you − opponent): the logistic curve "
        "1/(1+10^(−d/400)) and FIDE's normal-distribution table.",
    )
    add_data_dir(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rows = score_table()
    if args.json:
        print_json(
            {
                "rows": [
                    {"difference": d, "expected": logistic, "fide_table": table}
                    for d, logistic, table in rows
                ]
            }
        )
        return 0
    print(f"{'difference':>10}  {'expected':>8}  {'FIDE table':>10}")
    for d, logistic, table in rows:
        print(f"{d:>+10d}  {logistic:>8.3f}  {table:>10.2f}")
    return 0
