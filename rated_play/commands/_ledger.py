"""Opening the ledger for a command, with the errors a person can act on."""

from __future__ import annotations

import argparse

from profiles.ledger import Ledger, LedgerError, Profile, ProfileError
from rated_play.commands import CommandError
from rated_play.paths import LEDGER_FILE, data_dir


def open_ledger(args: argparse.Namespace) -> Ledger:
    path = data_dir(args.data_dir) / LEDGER_FILE
    if not path.exists():
        raise CommandError(
            f"there is no ledger in {path.parent} yet: play a rated game first, "
            "or give the --data-dir you played with"
        )
    try:
        return Ledger.open(path)
    except LedgerError as error:
        raise CommandError(str(error)) from error


def find_profile(ledger: Ledger, name: str) -> Profile:
    try:
        return ledger.profile(name)
    except ProfileError as error:
        raise CommandError(str(error)) from error
