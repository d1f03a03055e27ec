"""``rated-play export NAME``: a profile's rated games as one PGN file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from profiles.ledger import GameStatus
from rated_play.commands import CommandError, add_data_dir
from rated_play.commands._ledger import find_profile, open_ledger


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help="a profile's rated games as PGN")
    parser.add_argument("name", help="the profile's name")
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    ledger = open_ledger(args)
    profile = find_profile(ledger, args.name)
    # Every closed game, void ones too (their Result is "*"): the archive hides nothing.
    games = [g.pgn for g in ledger.games(profile.id) if g.status is not GameStatus.PENDING]
    ledger.close()
    text = "\n".join(pgn.rstrip("\n") + "\n" for pgn in games)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot write {args.out}: {error.strerror}") from error
    print(f"{len(games)} games written to {args.out}", file=sys.stderr)
    return 0
