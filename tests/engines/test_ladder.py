"""The person-like ladder the shipped pool offers: its rungs are distinct strengths, in the
order the slider meets them, as the shipped calibration measured them."""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import replace

import pytest

from engines.calibration.stored import (
    SHIPPED_CALIBRATION,
    KindRatings,
    MeasuredRating,
    read_calibration,
)
from engines.opponents.catalog import SHIPPED_POOL, load_catalog
from engines.opponents.pool import load_pool
from profiles.opponent_kind import OpponentKind
from tests.builders import AWAITING_CALIBRATION


def _offered_rungs() -> list[tuple[str, KindRatings]]:
    """The offered person-like entries in the order the slider meets them (by their rating
    against person-like opponents, which the pool rates a person's games by), with their
    ratings by kind in the shipped calibration."""
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None
    ladder = [
        opponent
        for opponent in load_catalog(SHIPPED_POOL)
        if opponent.kind is OpponentKind.PERSON_LIKE and opponent.offered
    ]
    assert len(ladder) >= 2
    unmeasured = [o.name for o in ladder if o.name not in calibration.by_kind]
    assert unmeasured == [], "offered before the calibration measured them: offered = false"
    rungs = [(o.name, calibration.by_kind[o.name]) for o in ladder]
    for name, kinds in rungs:
        assert kinds.people is not None, f"{name} was never measured against its own kind"
        assert calibration.ratings[name] == replace(
            kinds.people, games=kinds.engines.games + kinds.people.games
        ), f"{name} is not rated by its games against person-like opponents"
    return sorted(rungs, key=lambda rung: _people(rung[1]).rating)


def _people(kinds: KindRatings) -> MeasuredRating:
    assert kinds.people is not None
    return kinds.people


ONE_SIDED_95 = 1.645
"""How many standard errors of a step make its higher rung the stronger with 95% confidence:
the ladder promises an order (each rung stronger than the last), so the test is one-sided."""


@pytest.mark.parametrize("kind", ["against person-like", "against engines"])
def test_the_offered_person_like_ladder_has_distinct_strengths_in_both_kinds(kind: str) -> None:
    """Maia 1400 measured below Maia 1300, and most of the nine networks lay within each
    other's errors: the slider offered another network at nearly every 25-point step, no
    stronger than the last. And the entries above the networks' own strength, measured on
    one scale, were 90–330 points weaker against person-like play than against engines. Each
    offered rung is now the stronger than the last with 95% confidence, against person-like
    opponents and against engines alike: its step exceeds 1.645 standard errors of the step
    itself, as the calibration's fits give it (the two ratings' errors added would count twice
    the path to the links the two share, and leave out that neighbours played each other)."""
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None
    rungs = _offered_rungs()
    for (low, lower), (high, higher) in itertools.pairwise(rungs):
        a, b = (
            (_people(lower), _people(higher))
            if kind == "against person-like"
            else (lower.engines, higher.engines)
        )
        step = calibration.step_error(low, high)
        assert step is not None, f"the calibration keeps no error of {low} to {high}"
        error = step.people if kind == "against person-like" else step.engines
        assert b.rating - a.rating > ONE_SIDED_95 * error, (
            f"{kind}: {low} ({a.rating:.0f}) to {high} ({b.rating:.0f}) is a step of "
            f"{b.rating - a.rating:.0f} ± {error:.0f}: no distinct strengths"
        )


def test_the_offered_person_like_ladder_reaches_from_about_1000_to_2000() -> None:
    """Against person-like opponents, as a person meets them: from about 1000 to 2000 or more,
    no step between two offered rungs over 150 points (four were wider, up to 279, when one
    scale rated the entries; the last, 1917 to 2090, closed with the veto of Maia 1900's
    mistakes of 11 points or more)."""
    rungs = _offered_rungs()
    ratings = [_people(kinds).rating for _, kinds in rungs]
    assert ratings[0] <= 1100 and ratings[-1] >= 2000, ratings
    wide = {
        (low, high): _people(higher).rating - _people(lower).rating
        for (low, lower), (high, higher) in itertools.pairwise(rungs)
        if _people(higher).rating - _people(lower).rating > 150
    }
    assert wide == {}


def test_a_network_off_the_ladder_stays_in_the_pool() -> None:
    """Kept for the calibration, 'engines uci' and past games: only the slider leaves it out."""
    pool = load_pool()
    hidden = [o for o in pool.opponents if o.kind is OpponentKind.PERSON_LIKE and not o.offered]
    assert hidden
    for opponent in hidden:
        assert pool.get(opponent.name).calibrated or opponent.name in AWAITING_CALIBRATION


def test_every_shipped_entry_declares_its_kind() -> None:
    """Its kind is said, never guessed from the command's file name."""
    entries = tomllib.loads(SHIPPED_POOL.read_text(encoding="utf-8"))["opponent"]
    undeclared = [entry["name"] for entry in entries if "kind" not in entry]
    assert undeclared == []
    kinds = {entry["name"]: entry["kind"] for entry in entries}
    assert kinds["stockfish-unleashed"] == "unleashed"
    assert {kinds[f"maia-{band}"] for band in range(1100, 2000, 100)} == {"person-like"}
