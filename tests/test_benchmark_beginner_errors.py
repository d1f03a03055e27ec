"""The beginner's rates as benchmarks/beginner_errors.py derives them from people's moves and
the network's: played with those rates, the model errs as often as the people measured."""

from __future__ import annotations

import random

import chess
import pytest

from benchmarks.beginner_errors import Judged, derive
from benchmarks.people_games import Phase
from engines.opponents.beginner import Kind

LIKELIEST, OTHER, LAST = (chess.Move.from_uci(uci) for uci in ("e2e4", "d2d4", "g1f3"))


def _judged(played: chess.Move, losses: dict[chess.Move, int]) -> Judged:
    weights = {LIKELIEST: 0.6, OTHER: 0.3, LAST: 0.1}
    return Judged((600, 800), Phase.MIDDLEGAME, 0, played, weights, losses, False, False)


def _sample(rng: random.Random) -> list[Judged]:
    """Positions of four sorts: the network's own move blunders (a tenth), a blunder of weight
    is there to make (three tenths), a mistake of weight is (four tenths), nothing is; people
    err in a share of each."""
    judged = []
    for index in range(2000):
        sort = index % 10
        if sort == 0:
            losses = {LIKELIEST: 400, OTHER: 0, LAST: 0}
        elif sort <= 3:
            losses = {LIKELIEST: 0, OTHER: 350, LAST: 20}
        elif sort <= 7:
            losses = {LIKELIEST: 0, OTHER: 150, LAST: 40}
        else:
            losses = {LIKELIEST: 0, OTHER: 30, LAST: 10}
        played = OTHER if rng.random() < 0.4 and sort else LIKELIEST
        judged.append(_judged(played, losses))
    return judged


def test_the_rates_make_the_models_errors_as_frequent_as_peoples() -> None:
    judged = _sample(random.Random(4))
    blunder = derive(judged, Kind.BLUNDER)
    mistake = derive(judged, Kind.MISTAKE, taken=blunder.rate)
    assert blunder.network == pytest.approx(0.1) and blunder.open == pytest.approx(0.9)
    assert blunder.reach == pytest.approx(3 / 9)
    assert mistake.network == 0.0 and mistake.reach == pytest.approx(4 / 9)
    # The model plays them as engines/opponents/beginner.py does: where the network's own
    # move blunders it stands; else a blunder is planned at its rate, made where one of
    # weight is there (else the likeliest stands), and else a mistake at its rate likewise.
    rng = random.Random(9)
    made = {Kind.BLUNDER: 0, Kind.MISTAKE: 0}
    for j in judged * 5:
        if j.losses[LIKELIEST] >= 300:
            made[Kind.BLUNDER] += 1
        elif rng.random() < blunder.rate:
            made[Kind.BLUNDER] += j.losses[OTHER] >= 300
        elif rng.random() < mistake.rate:
            made[Kind.MISTAKE] += 100 <= j.losses[OTHER] < 300
    assert made[Kind.BLUNDER] / (5 * len(judged)) == pytest.approx(blunder.people, abs=0.01)
    assert made[Kind.MISTAKE] / (5 * len(judged)) == pytest.approx(mistake.people, abs=0.01)
    assert 0 < mistake.rate < 1 and 0 < blunder.rate < 1
