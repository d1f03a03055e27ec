"""Starting the app from the command line: data directory, ledger, abandoned games, pool."""

from __future__ import annotations

import gc
import os
import threading

from engines.opponents.pool import load_pool
from profiles.data_directory import DataDirectory
from profiles.errors import UserError
from profiles.ledger.ledger import Ledger
from rated_play import paths
from rated_play.error_log import log_engine_notices
from rated_play.ui.app import AppOptions, RatedPlayApp


def run_app(data_dir: str | None, ascii_pieces: bool) -> int:
    """Run the app on the ledger in ``data_dir``; returns the exit status.

    A ledger that cannot be used is refused untouched: the :class:`UserError` goes to the
    command line's edge, which shows it.
    """
    directory = paths.data_dir(data_dir)
    ledger = Ledger.open(DataDirectory(directory))
    log_engine_notices(directory)
    try:
        # Games left by a process that died (killed, crashed, power cut) are closed as losses
        # by the app when it starts, which tells the player so.
        pool = load_pool(paths.config_dir(data_dir), directory)
        pool.rating_range()  # raises when no engine of the pool is installed
        ledger.rate_opponents(pool.calibrated_ratings())
    except UserError:
        ledger.close()
        raise
    options = AppOptions(
        ascii_pieces=ascii_pieces, on_leaving_signal=exit_soon, on_first_paint=collect_again
    )
    app = RatedPlayApp(ledger, pool, options)
    try:
        app.run()
    finally:
        ledger.close()
    if app.farewell is not None:
        print(app.farewell)
    return app.return_code or 0


def collect_again() -> None:
    """Turn Python's cyclic garbage collector back on once the first screen is painted.

    The command line turns it off before the app's modules load: starting makes about a
    hundred thousand objects that live as long as the app, and a few thousand of garbage, and
    the collector walked them over and over, a seventh of the processor time to the first
    screen. Frozen (:func:`gc.freeze`), they stay out of every later collection too, the little
    garbage among them included.
    """
    gc.freeze()
    gc.enable()


EXIT_GRACE_SECONDS = 1.5
"""How long Textual may take to shut down after a leaving signal before the process ends
anyway: with its terminal gone, Textual's driver can block for ever on its writer thread
(``LinuxDriver.close`` → ``WriterThread.stop``)."""


def exit_soon(status: int) -> None:
    """End the process with ``status`` in :data:`EXIT_GRACE_SECONDS` unless it has ended.

    Called once the game is in the ledger: nothing is left to save, so ending the process
    this way cannot lose a game.
    """
    watchdog = threading.Timer(EXIT_GRACE_SECONDS, os._exit, args=(status,))
    watchdog.daemon = True
    watchdog.start()
