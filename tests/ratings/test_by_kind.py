"""Ratings by the kind of opponent (profiles/ratings/by_kind.py) on synthetic games whose
offsets are known: a person-like player that gains against engines what it does not gain
against its own kind is measured apart, and the links fix the zero."""

from __future__ import annotations

import math
import random

import pytest

from profiles.ratings import RatingInputError
from profiles.ratings.by_kind import fit_by_kind, kind_goodness, split_by_kind
from profiles.ratings.fit import Game, fit_ratings
from profiles.ratings.goodness import goodness_of_fit

ENGINES = {"sf-1": 1200.0, "sf-2": 1500.0, "sf-3": 1800.0, "sf-4": 2100.0}
"""Engines and their true ratings (one number each)."""
PEOPLE = {
    # name: (rating against engines, rating against person-like players)
    "net-a": (1300.0, 1300.0),
    "net-b": (1450.0, 1450.0),
    "net-c": (1600.0, 1600.0),
    "veto": (2000.0, 1700.0),
}
"""Person-like players: ``veto`` is 300 points weaker against its own kind than against
engines; the three networks are the links, with no offset."""
LINKS = {"net-a", "net-b", "net-c"}


def _expected(first: float, second: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((second - first) / 400.0))


def _rating(name: str, opponent: str) -> float:
    """``name``'s true rating in a game with ``opponent``."""
    if name in ENGINES:
        return ENGINES[name]
    against_engines, against_people = PEOPLE[name]
    return against_people if opponent in PEOPLE else against_engines


def _games(per_pairing: int, seed: int) -> list[Game]:
    """Every pairing plays ``per_pairing`` games, won, drawn or lost at random so that the
    expected score is the model's (draws up to 30% of the games, fewer where one side is much
    stronger)."""
    rng = random.Random(seed)
    names = [*ENGINES, *PEOPLE]
    games: list[Game] = []
    for i, white in enumerate(names):
        for black in names[i + 1 :]:
            p = _expected(_rating(white, black), _rating(black, white))
            draws = 0.6 * min(p, 1.0 - p)
            for _ in range(per_pairing):
                u = rng.random()
                score = 1.0 if u < p - draws / 2 else 0.5 if u < p + draws / 2 else 0.0
                games.append((white, black, score))
    return games


def _exact_games() -> list[Game]:
    """One game a pairing scored exactly at its expectation: the fit's fixed point."""
    names = [*ENGINES, *PEOPLE]
    return [
        (white, black, _expected(_rating(white, black), _rating(black, white)))
        for i, white in enumerate(names)
        for black in names[i + 1 :]
    ]


def test_games_at_their_expectation_give_back_both_ratings_and_the_offset() -> None:
    fit = fit_by_kind(_exact_games(), {"sf-2": 1500.0}, PEOPLE, LINKS)
    for name, (against_engines, against_people) in PEOPLE.items():
        engines, people = fit.against_engines(name), fit.against_people(name)
        assert engines is not None and people is not None
        assert engines.rating == pytest.approx(against_engines, abs=1e-3)
        assert people.rating == pytest.approx(against_people, abs=1e-3)
        offset = fit.offset(name)
        assert offset is not None
        assert offset[0] == pytest.approx(against_people - against_engines, abs=1e-3)
    for name, rating in ENGINES.items():
        engine = fit.against_engines(name)
        assert engine is not None and engine.rating == pytest.approx(rating, abs=1e-3)
        assert fit.against_people(name) is None and fit.offset(name) is None


def test_a_known_offset_is_recovered_from_random_games_within_its_interval() -> None:
    """200 games a pairing, drawn at the model's odds: the veto's offset of −300 comes back
    within two standard errors, and the networks' offsets (none) too."""
    fit = fit_by_kind(_games(200, seed=7), {"sf-2": 1500.0}, PEOPLE, LINKS)
    for name, (against_engines, against_people) in PEOPLE.items():
        offset = fit.offset(name)
        assert offset is not None
        value, error = offset
        assert 0 < error < 60
        assert abs(value - (against_people - against_engines)) < 2.5 * error, name
    veto = fit.offset("veto")
    assert veto is not None and veto[0] < -200


def test_one_scale_cannot_describe_the_pool_and_two_can() -> None:
    """The single fit puts the veto between its two strengths and fits the games badly; the
    fit by kind explains them."""
    games = _games(200, seed=11)
    single = fit_ratings(games, {"sf-2": 1500.0})
    assert 1700 + 30 < single["veto"].rating < 2000 - 30
    kinds = fit_by_kind(games, {"sf-2": 1500.0}, PEOPLE, LINKS)
    goodness = kind_goodness(games, kinds, PEOPLE)
    assert goodness.p_value > 0.001
    assert goodness_of_fit(games, single).p_value < 1e-6


def test_the_links_mean_offset_is_zero_and_each_links_own_is_measured() -> None:
    """A link 100 points stronger against its own kind shows its offset against the others';
    the mean of the links' offsets stays zero."""
    shifted = {**PEOPLE, "net-c": (1600.0, 1750.0)}
    names = [*ENGINES, *shifted]

    def rating(name: str, opponent: str) -> float:
        if name in ENGINES:
            return ENGINES[name]
        engines, people = shifted[name]
        return people if opponent in shifted else engines

    games = [
        (w, b, _expected(rating(w, b), rating(b, w)))
        for i, w in enumerate(names)
        for b in names[i + 1 :]
    ]
    fit = fit_by_kind(games, {"sf-2": 1500.0}, shifted, LINKS)
    offsets = {}
    for link in LINKS:
        offset = fit.offset(link)
        assert offset is not None
        offsets[link] = offset[0]
    assert sum(offsets.values()) == pytest.approx(0.0, abs=1e-3)
    assert offsets["net-c"] - offsets["net-a"] == pytest.approx(150.0, abs=1e-3)


def test_errors_against_people_include_the_links_own() -> None:
    """A rating against person-like players carries the error of the link that puts it on
    the scale; a difference of two does not."""
    fit = fit_by_kind(_games(50, seed=3), {"sf-2": 1500.0}, PEOPLE, LINKS)
    veto, net = fit.against_people("veto"), fit.against_people("net-a")
    assert veto is not None and net is not None
    difference = fit.people_difference_error("veto", "net-a")
    assert difference < math.hypot(veto.error, net.error)
    assert fit.people is not None
    assert difference == pytest.approx(fit.people.difference_error("veto", "net-a"))


def test_the_games_split_by_kind() -> None:
    games: list[Game] = [("sf-1", "sf-2", 1.0), ("sf-1", "net-a", 0.5), ("net-a", "veto", 0.0)]
    against_engines, between_people = split_by_kind(games, PEOPLE)
    assert against_engines == games[:2]
    assert between_people == games[2:]


def test_without_games_between_person_like_players_there_is_no_second_scale() -> None:
    games = [g for g in _exact_games() if not (g[0] in PEOPLE and g[1] in PEOPLE)]
    fit = fit_by_kind(games, {"sf-2": 1500.0}, PEOPLE, LINKS)
    assert fit.people is None and fit.against_people("veto") is None


def test_person_like_games_without_a_link_in_both_kinds_are_refused() -> None:
    """The links met only their own kind: nothing ties the second scale to the first."""
    games = [
        g for g in _exact_games() if not ({g[0], g[1]} & LINKS and {g[0], g[1]} & ENGINES.keys())
    ]
    with pytest.raises(RatingInputError, match="no link"):
        fit_by_kind(games, {"sf-2": 1500.0}, PEOPLE, LINKS)
