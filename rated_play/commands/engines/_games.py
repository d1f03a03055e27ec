"""What the actions that play games share (``calibrate``, ``check``): their ``--games`` and
``--workers``, and the bar of games played. Kept apart from :mod:`._options`, which ``engines
uci`` loads too: these import the calibration, which serving an opponent does not need."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Iterator

from engines.calibration.calibrate import GAMES_RANGE, WORKERS_RANGE
from engines.calibration.gauntlet import Progress
from rated_play.commands._progress import progress_bar
from rated_play.commands.engines._options import count


@contextlib.contextmanager
def games_bar() -> Iterator[Callable[[Progress], None]]:
    with progress_bar("playing", "games") as show:
        yield lambda progress: show(progress.done, progress.total)


def add_games(parser: argparse.ArgumentParser, default: int, meaning: str) -> None:
    """``--games``: how many games each pairing plays, as ``meaning`` says."""
    parser.add_argument(
        "--games",
        type=count(*GAMES_RANGE),
        default=default,
        help=f"{meaning} (default {default})",
    )


def add_workers(parser: argparse.ArgumentParser) -> None:
    """``--workers``: games played at once, one engine pair each."""
    parser.add_argument(
        "--workers",
        type=count(*WORKERS_RANGE),
        default=os.cpu_count() or 1,
        help="games at once (default: cores)",
    )
