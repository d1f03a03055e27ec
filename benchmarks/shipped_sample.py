"""A random sample of the shipped calibration games with both entries' calibrated ratings, for
the benchmarks that set our own games beside people's (``benchmarks/draws_people.py``,
``benchmarks/draw_agreements.py``)."""

from __future__ import annotations

import gzip
import io
import random
from collections.abc import Iterator

import chess.pgn

from engines.calibration.stored import SHIPPED_GAMES
from engines.opponents.pool import shipped_calibration


def rated_sample(
    count: int, rng: random.Random
) -> Iterator[tuple[chess.pgn.Game, tuple[float, float]]]:
    """``count`` games drawn with ``rng`` from the shipped file, each with White's and Black's
    calibrated ratings; a game of an entry the calibration no longer rates is left out."""
    calibration = shipped_calibration()
    assert calibration is not None, "no shipped calibration"
    ratings = {name: measured.rating for name, measured in calibration.ratings.items()}
    with gzip.open(SHIPPED_GAMES, "rt", encoding="utf-8") as stream:
        texts = stream.read().split("\n\n[Event ")
    for index in rng.sample(range(len(texts)), min(count, len(texts))):
        text = texts[index] if index == 0 else "[Event " + texts[index]
        game = chess.pgn.read_game(io.StringIO(text))
        if game is None:
            continue
        names = game.headers["White"], game.headers["Black"]
        if all(name in ratings for name in names):
            yield game, (ratings[names[0]], ratings[names[1]])
