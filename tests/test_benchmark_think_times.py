"""The think-time benchmark and fit: people's clocks read (benchmarks/clocked_games.py), the
statistics checked against slow, obvious references, and the fit recovering coefficients it
was not given from times read to the second (benchmarks/fit_think_times.py)."""

from __future__ import annotations

import dataclasses
import io
import itertools
import math
import random

import chess.pgn
import numpy as np
import pytest

from benchmarks.clocked_games import clocked_moves, held_out, resolution
from benchmarks.fit_think_times import Sample, fit_class, posterior_draw
from benchmarks.think_times import (
    Compared,
    average_ranks,
    figures,
    ks_distance,
    phase_of,
    read_like_people,
    spearman,
)
from rated_play.session.think_model import FEATURES

CLOCKED = """[Event "Rated Blitz game"]
[White "alice"]
[Black "bob"]
[WhiteElo "1450"]
[BlackElo "1710"]
[TimeControl "180+2"]
[Result "*"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:55] }
2... Nc6 { [%clk 0:02:41] } 3. Bb5 { [%clk 0:02:56] } 3... a6 { [%clk 0:02:30] } *

[Event "Rated Bullet game"]
[White "carol"]
[Black "engine"]
[BlackTitle "BOT"]
[WhiteElo "1200"]
[BlackElo "2000"]
[TimeControl "60+0"]
[Result "*"]

1. d4 { [%clk 0:01:00] } 1... d5 { [%clk 0:01:00] } 2. c4 { [%clk 0:00:58.7] }
2... e6 { [%clk 0:00:59.9] } *
"""


def games(text: str = CLOCKED) -> list[chess.pgn.Game]:
    handle = io.StringIO(text)
    return list(iter(lambda: chess.pgn.read_game(handle), None))


def test_a_moves_time_is_its_clocks_drop_and_the_increment() -> None:
    moves = list(clocked_moves(games()))
    # Each side's first move has no clock before it; the bot is no person.
    assert [(move.game, move.rating, move.seconds) for move in moves] == [
        (0, 1450, 180 - 175 + 2),
        (0, 1710, 180 - 161 + 2),
        (0, 1450, 175 - 176 + 2),
        (0, 1710, 161 - 150 + 2),
        (1, 1200, pytest.approx(1.3)),
    ]
    assert [move.left for move in moves[:4]] == [180, 180, 175, 161]
    assert [move.resolution for move in moves] == [1.0] * 4 + [0.1]
    assert all(len(move.features) == len(FEATURES) for move in moves)
    skipped = clocked_moves(games(), skipped=["alice"])
    assert [move.seconds for move in skipped] == [21, 13, pytest.approx(1.3)]
    assert [held_out(move) for move in moves] == [True] * 4 + [False]


def test_a_moves_phase_is_read_from_its_features() -> None:
    """The first eight moves are the opening, then the middlegame to move 38, then the
    ending, as the features count the moves past each."""
    move = next(iter(clocked_moves(games())))
    assert phase_of(move) == "opening"

    def at(past_opening: float, past_38: float) -> str:
        values = dict(zip(FEATURES, move.features, strict=True))
        values.update({"moves past the opening": past_opening, "moves past 38": past_38})
        return phase_of(dataclasses.replace(move, features=list(values.values())))

    assert at(1 / 30, 0.0) == "middlegame"
    assert at(1.0, 1 / 60) == "ending"


def test_the_own_spearman_ranks_our_medians_against_our_own_draws() -> None:
    compared = [
        Compared(people=p, ours=o, median=m) for p, o, m in [(1, 3, 1), (2, 2, 2), (3, 1, 3)]
    ]
    read = figures(compared)
    assert read["spearman"] == pytest.approx(1.0)
    assert read["spearman_own"] == pytest.approx(-1.0)


def test_the_clocks_resolution_is_read_from_the_game() -> None:
    lichess, chess_com = games()
    assert resolution(lichess) == 1.0
    assert resolution(chess_com) == 0.1


def test_a_time_is_read_as_a_clock_of_that_precision_reads_it() -> None:
    rng = random.Random(1)
    readings = [read_like_people(2.3, 1.0, rng) for _ in range(20_000)]
    assert set(readings) == {2.0, 3.0}
    assert sum(readings) / len(readings) == pytest.approx(2.3, abs=0.02)
    assert {read_like_people(0.04, 0.1, rng) for _ in range(200)} == {0.0, 0.1}


def _slow_ks(first: list[float], second: list[float]) -> float:
    def share(values: list[float], at: float) -> float:
        return sum(value <= at for value in values) / len(values)

    return max(abs(share(first, at) - share(second, at)) for at in first + second)


def _slow_ranks(values: list[float]) -> list[float]:
    return [
        sum(other < value for other in values) + (sum(other == value for other in values) + 1) / 2
        for value in values
    ]


def _pearson(first: list[float], second: list[float]) -> float:
    mean_a, mean_b = sum(first) / len(first), sum(second) / len(second)
    covariance = sum((a - mean_a) * (b - mean_b) for a, b in zip(first, second, strict=True))
    spread_a = math.sqrt(sum((a - mean_a) ** 2 for a in first))
    spread_b = math.sqrt(sum((b - mean_b) ** 2 for b in second))
    return covariance / (spread_a * spread_b)


def test_the_ks_distance_is_the_largest_gap_between_the_cumulative_shares() -> None:
    assert ks_distance([1, 2, 3], [4, 5, 6]) == 1.0
    assert ks_distance([1, 2, 2, 3], [3, 2, 1, 2]) == 0.0
    rng = random.Random(2)
    for _ in range(20):
        first = [float(rng.randint(0, 6)) for _ in range(rng.randint(1, 30))]
        second = [float(rng.randint(0, 9)) for _ in range(rng.randint(1, 30))]
        assert ks_distance(first, second) == pytest.approx(_slow_ks(first, second))


def test_spearman_ranks_ties_by_their_average_rank() -> None:
    assert list(average_ranks([10, 20, 20, 5])) == [2.0, 3.5, 3.5, 1.0]
    assert spearman([1, 2, 3, 4], [10, 20, 30, 45]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert math.isnan(spearman([1, 2, 3], [5, 5, 5]))
    rng = random.Random(3)
    for _ in range(20):
        first = [float(rng.randint(0, 5)) for _ in range(25)]
        second = [value + rng.randint(-2, 2) for value in first]
        expected = _pearson(_slow_ranks(first), _slow_ranks(second))
        assert spearman(first, second) == pytest.approx(expected)


def _read_to_the_second(times: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.maximum(0, np.ceil(times - rng.random(len(times))))


def test_the_posterior_keeps_a_time_within_a_tick_of_its_reading() -> None:
    rng = np.random.default_rng(4)
    seconds = np.array([0.0, 1.0, 3.0, 3.0])
    drawn = posterior_draw(seconds, np.ones(4), np.log(np.full(4, 2.0)), 1.0, rng)
    assert np.all(drawn > 0) and np.all(np.abs(drawn - seconds) < 1)


def test_the_fit_finds_the_coefficients_of_times_read_to_the_second() -> None:
    """Times drawn from a known log-normal model (median 0.6 s to 8 s, as bullet's and blitz's
    are), read to the whole second as lichess's clocks read them, a fifth of them as 0: the
    fit recovers the coefficients and the scale. Least squares on the readings themselves
    (a zero counted as half a second) would not."""
    rng = np.random.default_rng(5)
    moves = 40_000
    x = np.column_stack([np.ones(moves), rng.uniform(-1, 1, moves), rng.integers(0, 2, moves)])
    truth, scale = np.array([0.8, 1.2, -0.7]), 0.9
    seconds = _read_to_the_second(np.exp(x @ truth + scale * rng.standard_normal(moves)), rng)
    assert 0.1 < np.mean(seconds == 0) < 0.3
    coefficients, fitted_scale = fit_class(Sample(x, seconds, np.ones(moves)), rng)
    assert coefficients == pytest.approx(truth, abs=0.05)
    assert fitted_scale == pytest.approx(scale, abs=0.05)
    naive, *_ = np.linalg.lstsq(x, np.log(np.maximum(seconds, 0.5)), rcond=None)
    assert max(abs(naive - truth)) > 0.1


@pytest.mark.parametrize("tick", [1.0, 0.1])
def test_the_fit_is_unbiased_at_either_precision(tick: float) -> None:
    rng = np.random.default_rng(6)
    moves = 20_000
    x = np.column_stack([np.ones(moves), rng.uniform(-1, 1, moves)])
    truth, scale = np.array([1.5, 0.6]), 0.7
    times = np.exp(x @ truth + scale * rng.standard_normal(moves))
    seconds = tick * np.maximum(0, np.ceil(times / tick - rng.random(moves)))
    coefficients, fitted_scale = fit_class(Sample(x, seconds, np.full(moves, tick)), rng)
    assert list(itertools.chain(coefficients, [fitted_scale])) == pytest.approx(
        [*truth, scale], abs=0.04
    )
