"""``rated-play engines uci NAME``: one opponent of the pool as a UCI engine on stdin/stdout."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from engines.uci.server import serve_uci
from rated_play.commands import add_data_dir
from rated_play.commands.engines._options import pool_of, quiet_engines


def register(actions: Any) -> None:
    parser = actions.add_parser(
        "uci",
        help="play an opponent as a UCI engine on stdin/stdout",
        description="Speak UCI on standard input and output and play exactly as NAME plays in "
        "a rated game, so any UCI tool (cutechess-cli, a GUI, python-chess) can play it.",
    )
    add_data_dir(parser)
    parser.add_argument("name", metavar="NAME")
    parser.set_defaults(handler=uci_engine)


def uci_engine(args: argparse.Namespace) -> int:
    quiet_engines()
    asyncio.run(serve_uci(pool_of(args).playable(args.name)))
    return 0
