"""A calibration by the kind of opponent (engines/calibration/kinds.py): planned, stored and
checked with each pairing predicted by the ratings of its kind."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path

import pytest

from engines.calibration.calibrate import CalibrationFit, Settings, calibration_file
from engines.calibration.gauntlet import network_pairings
from engines.calibration.kinds import (
    PEOPLE_SIDE,
    fit_kinds,
    held_out_by_kind,
    planned_anchors,
    planned_ladder,
    planned_name,
    planned_pairings,
    played_name,
)
from engines.calibration.prediction_check import (
    CheckedPairing,
    CheckResult,
    PairingKind,
    pairing_kind,
)
from engines.calibration.stored import read_calibration, write_calibration
from engines.opponents.opponent import Opponent, SearchLimit
from profiles.marks import Mark
from profiles.opponent_kind import OpponentKind
from profiles.ratings.by_kind import kind_goodness
from profiles.ratings.fit import Game, fit_ratings
from profiles.ratings.goodness import PairingRecord, measured_difference


def _engine(name: str, rating: float) -> Opponent:
    return Opponent(name, name, "stockfish", rating, search=SearchLimit(nodes=int(rating)))


def _network(name: str, rating: float, *, veto: Mark | None = None) -> Opponent:
    return Opponent(
        name,
        name,
        "rated-play-maia",
        rating,
        options={"WeightsFile": "maia-1100"},
        kind=OpponentKind.PERSON_LIKE,
        veto=veto,
    )


ENGINES = {"sf-a": 1300.0, "sf-b": 1600.0, "sf-c": 1900.0, "sf-d": 2200.0}
NETS = {"net-a": 1300.0, "net-b": 1500.0}
VETO = "net-a-vetoed"
TRUE_VETO = (2000.0, 1650.0)
"""The vetoed network's true ratings against engines and against person-like opponents."""


def _ladder() -> list[Opponent]:
    return [
        *(_engine(name, rating) for name, rating in ENGINES.items()),
        *(_network(name, rating) for name, rating in NETS.items()),
        _network(VETO, 1800.0, veto=Mark.BLUNDER),
    ]


def _truth(name: str, opponent: str) -> float:
    if name == VETO:
        return TRUE_VETO[1] if opponent in NETS else TRUE_VETO[0]
    return {**ENGINES, **NETS}[name]


def _games() -> list[Game]:
    names = [*ENGINES, *NETS, VETO]
    return [
        (w, b, 1.0 / (1.0 + 10.0 ** ((_truth(b, w) - _truth(w, b)) / 400.0)))
        for i, w in enumerate(names)
        for b in names[i + 1 :]
        for _ in range(20)
    ]


def test_only_a_network_choosing_alone_links_the_two_kinds() -> None:
    ladder = {o.name: o for o in _ladder()}
    assert ladder["net-a"].plays_its_network_alone
    assert not ladder[VETO].plays_its_network_alone
    assert not ladder["sf-a"].plays_its_network_alone
    warm = dataclasses.replace(ladder["net-a"], options={"WeightsFile": "x", "Temperature": "1"})
    assert not warm.plays_its_network_alone
    searching = dataclasses.replace(ladder["net-a"], search=SearchLimit(nodes=32))
    assert not searching.plays_its_network_alone


def test_the_plan_pairs_person_like_entries_by_their_ratings_against_their_kind() -> None:
    """The vetoed network is 2000 against engines and 1650 against the networks: within 250
    points of the stronger network only against its own kind, and of sf-d only against
    engines."""
    kinds = fit_kinds(_games(), {"sf-b": 1600.0}, _ladder())
    assert kinds is not None
    rated = planned_ladder(_ladder(), kinds)
    by_name = {o.name: o.rating for o in rated}
    assert by_name[VETO] == pytest.approx(TRUE_VETO[0], abs=0.5)
    assert by_name[VETO + PEOPLE_SIDE] == pytest.approx(TRUE_VETO[1], abs=0.5)
    pairs = {frozenset(pair) for pair in planned_pairings(rated, 250)}
    assert frozenset((VETO + PEOPLE_SIDE, "net-b" + PEOPLE_SIDE)) in pairs
    assert frozenset((VETO, "sf-d")) in pairs and frozenset((VETO, "sf-c")) in pairs
    # Never a person-like pair by its ratings against engines, nor a side against an engine.
    assert frozenset((VETO, "net-b")) not in pairs
    assert not any(
        any(n.endswith(PEOPLE_SIDE) for n in pair)
        and not all(n.endswith(PEOPLE_SIDE) for n in pair)
        for pair in pairs
    )
    # The single scale would have put the veto at 1800, within 200 of net-b as one player.
    assert frozenset((VETO, "net-b")) in {frozenset(p) for p in network_pairings(_ladder(), 300)}


def test_a_pairing_is_played_by_the_entries_own_names() -> None:
    people = {"net-a", VETO}
    assert planned_name(("net-a", VETO), people) == ("net-a" + PEOPLE_SIDE, VETO + PEOPLE_SIDE)
    assert planned_name(("sf-a", VETO), people) == ("sf-a", VETO)
    assert played_name(planned_name(("net-a", VETO), people)) == ("net-a", VETO)


def test_the_plan_fixes_the_zero_of_the_second_scale_at_a_link() -> None:
    kinds = fit_kinds(_games(), {"sf-b": 1600.0}, _ladder())
    rated = planned_ladder(_ladder(), kinds)
    fixed = planned_anchors(rated, kinds, {"sf-b": 1600.0}, adding=False)
    assert set(fixed) == {"sf-b", "net-a" + PEOPLE_SIDE}
    adding = planned_anchors(rated, kinds, {"sf-b": 1600.0, "net-b": 1500.0}, adding=True)
    assert "net-b" + PEOPLE_SIDE in adding


def test_some_person_like_pairings_are_held_out_as_well_as_those_across_kinds() -> None:
    ladder = [
        *(_engine(f"sf-{i}", 1000.0 + 100 * i) for i in range(12)),
        *(_network(f"net-{i}", 1050.0 + 100 * i) for i in range(12)),
    ]
    kinds = {o.name: o.person_like for o in ladder}
    held_out = held_out_by_kind(ladder)
    assert any(kinds[a] != kinds[b] for a, b in held_out)
    assert any(kinds[a] and kinds[b] for a, b in held_out)
    entries = [name for pair in held_out for name in pair]
    assert len(entries) == len(set(entries))


def test_the_stored_calibration_rates_a_person_like_entry_by_its_kind(tmp_path: Path) -> None:
    """Its rating is the one against person-like opponents; both are kept, with the offset; a
    held-out pairing is predicted by the ratings of its kind."""
    ladder = _ladder()
    games = _games()
    anchors = {"sf-b": 1600.0}
    kinds = fit_kinds(games, anchors, ladder)
    assert kinds is not None
    people = {o.name for o in ladder if o.person_like}
    outcome = CalibrationFit(
        games=[],
        fit=fit_ratings(games, anchors),
        goodness=kind_goodness(games, kinds, people),
        held_out=(("net-b", VETO), ("sf-c", VETO)),
        complete=True,
        kinds=kinds,
    )
    stored = calibration_file(
        outcome,
        ladder,
        Settings(anchors=anchors),
        engines={},
        machine_name="test",
        date=datetime.date(2026, 12, 1),
    )
    path = tmp_path / "calibration.json"
    write_calibration(path, stored)
    read = read_calibration(path)
    assert read is not None and read == stored
    assert read.ratings[VETO].rating == pytest.approx(TRUE_VETO[1], abs=0.5)
    veto = read.by_kind[VETO]
    assert veto.engines.rating == pytest.approx(TRUE_VETO[0], abs=0.5)
    assert veto.people is not None and veto.offset == pytest.approx(-350.0, abs=0.5)
    assert read.by_kind["sf-c"].people is None
    assert read.ratings["sf-c"].rating == pytest.approx(1900.0, abs=0.5)
    assert set(read.links) == set(NETS)
    assert read.predicted("net-b", VETO) == pytest.approx(1500.0 - TRUE_VETO[1], abs=0.5)
    assert read.predicted("sf-c", VETO) == pytest.approx(1900.0 - TRUE_VETO[0], abs=0.5)
    assert json.loads(path.read_text(encoding="utf-8"))["by_kind"][VETO]["offset"] < -300


def test_the_stored_calibration_keeps_the_error_of_every_step_between_person_like_entries(
    tmp_path: Path,
) -> None:
    """What says whether two rungs are distinct: the error of their difference, from the fit of
    each kind, for every two person-like entries, in either order; between two entries that
    played each other and the same opponents it is smaller than their two errors added."""
    ladder = _ladder()
    games = _games()
    anchors = {"sf-b": 1600.0}
    kinds = fit_kinds(games, anchors, ladder)
    assert kinds is not None
    outcome = CalibrationFit(
        games=[],
        fit=kinds.engines,
        goodness=kind_goodness(games, kinds, {o.name for o in ladder if o.person_like}),
        held_out=(),
        complete=True,
        kinds=kinds,
    )
    stored = calibration_file(
        outcome, ladder, Settings(anchors=anchors), engines={}, machine_name="test"
    )
    path = tmp_path / "calibration.json"
    write_calibration(path, stored)
    read = read_calibration(path)
    assert read is not None and read.step_errors == stored.step_errors
    assert {frozenset((s.first, s.second)) for s in read.step_errors} == {
        frozenset(("net-a", "net-b")),
        frozenset(("net-a", VETO)),
        frozenset(("net-b", VETO)),
    }
    step = read.step_error(VETO, "net-b")
    assert step is not None and step == read.step_error("net-b", VETO)
    assert step.people == pytest.approx(kinds.people_difference_error("net-b", VETO), abs=0.05)
    assert step.engines == pytest.approx(kinds.engines.difference_error("net-b", VETO), abs=0.05)
    veto, net = read.by_kind[VETO], read.by_kind["net-b"]
    assert veto.people is not None and net.people is not None
    assert 0 < step.people < veto.people.error + net.people.error
    assert 0 < step.engines < veto.engines.error + net.engines.error
    assert read.step_error("sf-a", VETO) is None


def test_the_check_tests_each_kind_apart_and_all_together() -> None:
    ladder = {o.name: o for o in _ladder()}
    assert pairing_kind(ladder["sf-a"], ladder["sf-b"]) is PairingKind.ENGINES
    assert pairing_kind(ladder["sf-a"], ladder[VETO]) is PairingKind.ACROSS
    assert pairing_kind(ladder["net-a"], ladder[VETO]) is PairingKind.PEOPLE

    def checked(kind: PairingKind, wins: int, predicted: float) -> CheckedPairing:
        record = PairingRecord("a", "b", wins, 0, 40 - wins)
        return CheckedPairing("a", "b", kind, record, predicted, 20.0, measured_difference(record))

    result = CheckResult(
        "2026-12-01",
        "2026-12-01",
        (
            checked(PairingKind.ENGINES, 20, 0.0),
            checked(PairingKind.PEOPLE, 20, 0.0),
            checked(PairingKind.PEOPLE, 20, -345.0),
        ),
        0.0,
        1.0,
    )
    tallies = {tally.kind: tally for tally in result.by_kind()}
    assert set(tallies) == {PairingKind.ENGINES, PairingKind.PEOPLE}
    assert (tallies[PairingKind.PEOPLE].pairings, tallies[PairingKind.PEOPLE].inside) == (2, 1)
    assert tallies[PairingKind.PEOPLE].p_value < 0.01 < tallies[PairingKind.ENGINES].p_value
