"""``rated-play export NAME``: a profile's rated games as one PGN file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from profiles.errors import printable, printable_lines
from profiles.written_file import PGN, check_writable
from rated_play.commands import CommandError, add_data_dir
from rated_play.commands._ledger import reading_ledger
from rated_play.session.decoration import Decorating
from rated_play.session.export import exported_games, pgn_text


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help="a profile's rated games as PGN")
    parser.add_argument("name", help="the profile's name")
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with reading_ledger(args) as ledger:
        decorating = Decorating(ledger.directory.root)
        games = exported_games(ledger, ledger.profile(args.name), decorating)
        for note in decorating.notes:  # the games are written all the same
            print(f"rated-play: {note}", file=sys.stderr)
        # The ledger's text as it is, escapes made visible: what a hand put in the file must
        # not act on the terminal (or on whoever reads the file with cat).
        text = printable_lines(pgn_text(games))
        if args.out is None:
            sys.stdout.write(text)
            return 0
        out = Path(args.out)
        check_writable(out, PGN, data_dir=ledger.directory.root, option="--out")
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(
                f"cannot write {printable(args.out)}: {error.strerror}; choose another --out"
            ) from error
        print(f"{len(games)} games written to {printable(args.out)}", file=sys.stderr)
    return 0
