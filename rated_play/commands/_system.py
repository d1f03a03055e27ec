"""The ``--system`` option of the commands that show a profile's ratings."""

from __future__ import annotations

import argparse

from profiles.ratings import DEFAULT_SYSTEM, SYSTEMS, get_system


def add_rating_system(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--system",
        default=None,
        help=f"the rating system ({', '.join(SYSTEMS)}; default {DEFAULT_SYSTEM})",
    )


def chosen_system(args: argparse.Namespace) -> str:
    """The system asked for, or the default when none was. An empty ``--system`` is a mistake
    to point out, not a request for the default: it gets the unknown system's message."""
    return get_system(DEFAULT_SYSTEM if args.system is None else args.system).name
