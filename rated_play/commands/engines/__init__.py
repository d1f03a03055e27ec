"""``rated-play engines``: the pool, its calibration on this machine, the check of that
calibration on games it never saw, rating fits of any PGN, and any opponent as a UCI engine."""

# One module per action (calibrate, check, fit, uci), each with its register, loaded by the
# command line when the line names it (rated_play.cli.build_parser); the pool's listing, the
# command with no action, is _listing.py; what they share is _options.py.

from __future__ import annotations

from typing import Any

from rated_play.commands import add_data_dir
from rated_play.commands.engines._listing import list_pool


def register(subparsers: Any) -> Any:
    """The command's parser; its actions are registered on what this returns."""
    parser = subparsers.add_parser(
        "engines",
        help="the opponent pool with calibrated ratings",
        description=__doc__,
    )
    add_data_dir(parser)
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.set_defaults(handler=list_pool)
    return parser.add_subparsers(dest="engines_command", metavar="ACTION")
