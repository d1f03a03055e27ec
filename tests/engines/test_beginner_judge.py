"""The beginner's errors with the real judge (Stockfish) and the real network (maia-1100) on
positions of real games: its blunders are moves the network gives weight to that the judge
finds losing, and it makes them at its configured rate where it can."""

from __future__ import annotations

import math
import random

import pytest

import engines.maia  # noqa: F401 - first: one BLAS thread, as the engine runs
from engines.maia.choice import move_probabilities
from engines.maia.network import evaluate
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.weights import load_network
from engines.opponents import beginner
from engines.opponents.beginner import (
    ERROR_LOSS,
    WEIGHT_FLOOR,
    Kind,
    capped,
    error_limit,
    likeliest,
    loss,
    mates_in_one,
    weighted,
)
from engines.opponents.beginner_bands import BeginnerErrors
from engines.opponents.judge import Judge
from profiles.accuracy import CEILING
from tests.builders import real_positions

RATE = 0.4
POSITIONS = 60
DRAWS = 200
"""Draws of the pure choice a position, over the judge's scores of it."""


def _errors(rate: float) -> BeginnerErrors:
    return BeginnerErrors((0, 600), blunder_rate=rate, mistake_rate=0.0, mate_miss_rate=0.0)


@pytest.mark.engine
async def test_on_real_positions_it_blunders_at_its_rate_with_moves_of_weight() -> None:
    network = load_network(network_path("maia-1100"))
    boards = [
        b
        for b in real_positions(POSITIONS, every=7)
        if not b.is_game_over() and not mates_in_one(b)
    ]
    judge = Judge()
    rng = random.Random(5)
    chances = blunders_made = 0
    chosen = []
    try:
        for board in boards:
            weights = move_probabilities(board, evaluate(network, input_planes(board)))
            # The judge's own view, independent of the model's searches: every move of weight.
            best = (await judge.lines(board, error_limit(), 1))[0][1]
            if capped(best) < ERROR_LOSS - CEILING:
                continue  # lost beyond a blunder: the searches' mates differ, capped alike
            moves = [likeliest(weights), *weighted(weights, but=likeliest(weights))]
            scores = dict(await judge.lines(board, error_limit(), len(moves), moves))
            losing = beginner.blunders(best, scores, scores.get(likeliest(weights)))
            for _ in range(DRAWS):
                planned = beginner.plan(board, weights, _errors(RATE), rng)
                move, kind = beginner.settle(planned, weights, best, scores, rng)
                if losing:
                    chances += 1
                    blunders_made += kind is Kind.BLUNDER
                assert kind is not Kind.BLUNDER or move in losing
            choice = await beginner.choose(board, weights, judge, _errors(1.0), rng)
            chosen.append((board, weights, choice, best))
        # The whole choice, its own searches included: each blunder a move of weight, and
        # most of them losing on a search of their own (at depth 10 one search of a move
        # differs from another by up to a couple of hundred centipawns, the hash apart).
        confirmed = []
        for board, weights, choice, best in chosen:
            if choice.kind is Kind.BLUNDER:
                assert weights[choice.move] >= WEIGHT_FLOOR
                own = (await judge.lines(board, error_limit(), 1, [choice.move]))[0][1]
                confirmed.append(loss(best, own) >= ERROR_LOSS - 100)
    finally:
        await judge.close()
    assert len(confirmed) >= 5, "too few positions where a blunder of weight was there to make"
    assert sum(confirmed) >= 0.75 * len(confirmed), confirmed
    spread = 4 * math.sqrt(RATE * (1 - RATE) / chances)
    assert abs(blunders_made / chances - RATE) <= spread
