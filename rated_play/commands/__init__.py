"""One module per subcommand of ``rated-play``; each exposes ``register(subparsers)``.

``register`` adds the subcommand's parser and sets ``handler`` to a function taking the parsed
arguments and returning the exit status. A subcommand of several actions (``engines``) is a
package instead: its ``register`` returns the subparsers its actions go on, and each action is
a module of the package with a ``register`` of its own. Errors meant for the user are any
:class:`~profiles.errors.UserError`, raised where the problem is found; the command line prints
them once, as one sentence on stderr (see :mod:`rated_play.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from profiles.errors import UserError

Handler = Callable[[argparse.Namespace], int]


class CommandError(UserError):
    """A command-line input the user can fix; the message says how."""


def print_json(document: Any) -> None:
    """Print one JSON document on stdout, as every ``--json`` output is."""
    json.dump(document, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        # Suppressed when absent, so "rated-play --data-dir X engines" keeps the X given
        # before the subcommand instead of a subcommand's empty default.
        default=argparse.SUPPRESS,
        help="keep the ledger here instead of the user data directory (or $RATED_PLAY_HOME)",
    )
