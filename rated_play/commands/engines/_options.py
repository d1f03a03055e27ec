"""What the actions of ``rated-play engines`` share: their numbers' ranges, the pool they
load and engines kept quiet. What only the actions that play games share is :mod:`._games`."""

from __future__ import annotations

import argparse
import logging
import math
from typing import Any

from engines.opponents.pool import Pool, load_pool
from rated_play import paths


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
