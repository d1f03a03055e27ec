"""Opening the ledger for a command that only reads it."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from engines.opponents.pool import load_pool
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from rated_play.commands import CommandError
from rated_play.paths import config_dir, data_dir


@contextmanager
def reading_ledger(args: argparse.Namespace) -> Iterator[Ledger]:
    """The ledger opened read-only: a command that reads never changes a byte of it.

    Rows that could not be read were left out of what the command showed; once it has shown
    the rest, they are named, and the command fails.
    """
    ledger = Ledger.open(DataDirectory(data_dir(args.data_dir)), readonly=True)
    try:
        # Past games are rated against today's calibration, as the app rates them.
        pool = load_pool(config_dir(args.data_dir), data_dir(args.data_dir))
        ledger.rate_opponents(pool.calibrated_ratings())
        yield ledger
    finally:
        ledger.close()
    notice = ledger.damaged_notice()
    if notice is not None:
        raise CommandError(notice)
