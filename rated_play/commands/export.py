"""``rated-play export NAME``: a profile's rated games as one PGN file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from profiles.errors import printable
from profiles.ledger import GameStatus
from rated_play.commands import CommandError, add_data_dir
from rated_play.commands._ledger import reading_ledger
from rated_play.session.abandoned import abandoned_pgn


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help="a profile's rated games as PGN")
    parser.add_argument("name", help="the profile's name")
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with reading_ledger(args) as ledger:
        profile = ledger.profile(args.name)
        # Every closed game, void ones too (their Result is "*"): the archive hides nothing.
        # A game left by a dead process is the loss it will be closed as, moves and all.
        games = [
            abandoned_pgn(ledger, g, profile)
            if not g.pgn and g.status is GameStatus.ABANDONED
            else g.pgn
            for g in ledger.games(profile.id)
            if g.status is not GameStatus.PENDING
        ]
        text = "\n".join(pgn.rstrip("\n") + "\n" for pgn in games)
        if args.out is None:
            sys.stdout.write(text)
            return 0
        out = Path(args.out)
        if _is_ledger(out, ledger.path):
            raise CommandError(
                f"--out {printable(out)} is the ledger itself: write the PGN to another file"
            )
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(
                f"cannot write {printable(args.out)}: {error.strerror}; choose another --out"
            ) from error
        print(f"{len(games)} games written to {printable(args.out)}", file=sys.stderr)
    return 0


def _is_ledger(out: Path, ledger: Path) -> bool:
    """Whether ``out`` is the ledger file or one of SQLite's files beside it."""
    for name in (ledger.name, f"{ledger.name}-wal", f"{ledger.name}-shm"):
        try:
            if out.samefile(ledger.with_name(name)):
                return True
        except OSError:
            continue  # one of the two does not exist: not the same file
    return False
