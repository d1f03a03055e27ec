"""The strength slider: a rating maps to the nearest installed opponent."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.errors import EngineUnavailableError
from engines.opponents.pool import Pool
from tests.builders import weak_fairy


def _pool() -> Pool:
    return Pool(
        [
            replace(weak_fairy(-20), name="weakest", rating=600),
            replace(weak_fairy(-10), name="middle", rating=900),
            replace(weak_fairy(0), name="strongest", rating=1400),
            replace(weak_fairy(0), name="ghost", rating=1100, command="no-such-engine"),
        ]
    )


def test_opponents_are_sorted_by_rating() -> None:
    names = [opponent.name for opponent in _pool().opponents]
    assert names == ["weakest", "middle", "ghost", "strongest"]


@pytest.mark.engine
@pytest.mark.parametrize(
    ("rating", "name"),
    [
        (0, "weakest"),
        (749, "weakest"),
        (750, "weakest"),
        (751, "middle"),
        (1100, "middle"),
        (1151, "strongest"),
        (9999, "strongest"),
    ],
)
def test_nearest_picks_the_closest_installed_opponent(rating: float, name: str) -> None:
    assert _pool().nearest(rating).name == name


@pytest.mark.engine
def test_the_range_and_unleashed_ignore_missing_engines() -> None:
    pool = _pool()
    assert pool.rating_range() == (600, 1400)
    assert pool.unleashed().name == "strongest"
    assert [o.name for o in pool.unavailable()] == ["ghost"]


def test_get_by_name() -> None:
    assert _pool().get("middle").rating == 900
    with pytest.raises(KeyError):
        _pool().get("nobody")


def test_a_pool_with_nothing_installed_names_the_packages() -> None:
    pool = Pool([replace(weak_fairy(0), command="no-such-engine", package="stockfish")])
    with pytest.raises(EngineUnavailableError, match="stockfish"):
        pool.nearest(1500)
