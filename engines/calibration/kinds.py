"""Calibrating by the kind of opponent: a person-like entry is measured twice, against engines
and against person-like opponents (:mod:`profiles.ratings.by_kind`), so the planner sees it
twice.

To the planner a person-like entry's games with its own kind are the games of a second player,
its name and :data:`PEOPLE_SIDE`, rated by its rating against person-like opponents: the
precision of those ratings, and of the differences between them, is planned as every other
rating's is. That second side's zero is one link's rating (the first link, held where the
games put it), as the anchor is the zero of the ratings against engines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from engines.calibration.gauntlet import Pairing, held_out_pairings, network_pairings
from engines.opponents.opponent import Opponent
from profiles.ratings.base import RatingInputError
from profiles.ratings.by_kind import KindFit, fit_by_kind
from profiles.ratings.fit import Game

PEOPLE_SIDE = " against person-like"
"""Added to a person-like entry's name for its games with its own kind, in a plan."""


def fit_kinds(
    scored: Sequence[Game], anchors: Mapping[str, float], ladder: Iterable[Opponent]
) -> KindFit | None:
    """The games fitted by the kind of opponent: the person-like entries are the ladder's, the
    links those that play their network's own choice
    (:attr:`~engines.opponents.opponent.Opponent.plays_its_network_alone`). None where the games
    give no link."""
    entries = list(ladder)
    people = {opponent.name for opponent in entries if opponent.person_like}
    links = {opponent.name for opponent in entries if opponent.plays_its_network_alone}
    try:
        return fit_by_kind(scored, anchors, people, links)
    except RatingInputError:
        return None


def held_out_by_kind(ladder: Sequence[Opponent]) -> list[Pairing]:
    """The pairings a calibration keeps from its fit: those of
    :func:`~engines.calibration.gauntlet.held_out_pairings` over the whole ladder (of different
    families where it can, so across kinds), then as many again among the person-like entries
    left, so that the ratings against person-like opponents are tested too."""
    chosen = held_out_pairings(ladder)
    used = {name for pair in chosen for name in pair}
    people = [o for o in ladder if o.person_like and o.name not in used]
    return chosen + held_out_pairings(people)


def planned_ladder(ladder: Sequence[Opponent], kinds: KindFit | None) -> list[Opponent]:
    """Every entry at its rating against engines, and each person-like entry again, named for
    its games with its own kind, at its rating against person-like opponents (its rating
    against engines until it has one)."""
    rated = []
    sides = []
    for opponent in ladder:
        engines = None if kinds is None else kinds.against_engines(opponent.name)
        rating = opponent.rating if engines is None else engines.rating
        rated.append(replace(opponent, rating=rating))
        if opponent.person_like:
            people = None if kinds is None else kinds.against_people(opponent.name)
            sides.append(
                replace(
                    opponent,
                    name=opponent.name + PEOPLE_SIDE,
                    rating=rating if people is None else people.rating,
                )
            )
    return sorted(rated + sides, key=lambda opponent: opponent.rating)


def planned_pairings(ladder: Sequence[Opponent], span: float) -> list[Pairing]:
    """The pairings within ``span`` of a :func:`planned_ladder`: an engine with anyone at their
    ratings against engines, two person-like entries at theirs against person-like ones."""
    against_engines = [o for o in ladder if not o.name.endswith(PEOPLE_SIDE)]
    people = [o for o in ladder if o.name.endswith(PEOPLE_SIDE)]
    return [
        pair
        for pair in network_pairings(against_engines, span)
        if not all(_person_like(against_engines, name) for name in pair)
    ] + network_pairings(people, span)


def _person_like(ladder: Sequence[Opponent], name: str) -> bool:
    return any(opponent.person_like for opponent in ladder if opponent.name == name)


def planned_scale(name: str) -> str:
    """The scale a rating of the plan is on: against engines, or against person-like
    opponents (a side's)."""
    return PEOPLE_SIDE if name.endswith(PEOPLE_SIDE) else ""


def planned_name(pair: Pairing, people: Iterable[str]) -> Pairing:
    """A pairing as the plan names it: two person-like entries by their sides against their
    own kind."""
    person_like = set(people)
    first, second = pair
    if first in person_like and second in person_like:
        return first + PEOPLE_SIDE, second + PEOPLE_SIDE
    return pair


def played_name(pair: Pairing) -> Pairing:
    """A planned pairing as it is played: by the entries' own names."""
    first, second = pair
    return first.removesuffix(PEOPLE_SIDE), second.removesuffix(PEOPLE_SIDE)


def planned_anchors(
    ladder: Sequence[Opponent],
    kinds: KindFit | None,
    anchors: Mapping[str, float],
    *,
    adding: bool,
) -> dict[str, float]:
    """The plan's fixed ratings: the anchors, and the zero of the ratings against person-like
    opponents (the first link's; adding entries, every fixed person-like entry's, as the
    anchors fix their ratings against engines)."""
    fixed = dict(anchors)
    sides = {
        opponent.name: opponent.rating for opponent in ladder if opponent.name.endswith(PEOPLE_SIDE)
    }
    if adding:
        fixed.update(
            {
                name: rating
                for name, rating in sides.items()
                if name.removesuffix(PEOPLE_SIDE) in anchors
            }
        )
    links = [] if kinds is None else list(kinds.links)
    zero = links[0] + PEOPLE_SIDE if links else None
    if zero is not None and zero in sides:
        fixed.setdefault(zero, sides[zero])
    elif sides:
        # No link has met its own kind yet: the first side holds the zero until one has.
        first = min(sides)
        fixed.setdefault(first, sides[first])
    return fixed
