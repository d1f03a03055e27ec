"""What the actions of ``rated-play engines`` share: their numbers' ranges, the pool they
load, engines kept quiet, and the bar of games played."""

from __future__ import annotations

import argparse
import contextlib
import logging
import math
import os
from collections.abc import Callable, Iterator
from typing import Any

from engines.calibration.calibrate import GAMES_RANGE, WORKERS_RANGE
from engines.calibration.gauntlet import Progress
from engines.opponents.pool import Pool, load_pool
from rated_play import paths
from rated_play.commands._progress import progress_bar


def number(low: float, high: float) -> Any:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # also false for nan
            raise argparse.ArgumentTypeError(f"give a number from {low:g} to {high:g}")
        return value

    return parse


def count(low: int, high: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"give a whole number from {low} to {high}")
        return value

    return parse


def pool_of(args: argparse.Namespace) -> Pool:
    return load_pool(paths.config_dir(args.data_dir), paths.data_dir(args.data_dir))


def quiet_engines() -> None:
    """An engine's own complaints (a crash python-chess logs) are not the command's output:
    what matters reaches the user as the command's one sentence."""
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)


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
