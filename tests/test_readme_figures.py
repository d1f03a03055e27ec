"""The README's figures are read from it and checked against what they describe: the shipped
pool, its calibration and check, and the rules' constants. The README once said "Thirty-eight
opponents from about 250" while the pool held 37 from 166."""

from __future__ import annotations

import re
from pathlib import Path

from engines.calibration.plan import DIFFERENCE_ERROR, RATING_ERROR
from engines.calibration.stored import (
    SHIPPED_CALIBRATION,
    SHIPPED_CHECK,
    CalibrationFile,
    read_calibration,
    read_check_summary,
)
from engines.opponents.catalog import SHIPPED_POOL, load_catalog
from profiles.player.opponent_choice import REACH_ABOVE
from profiles.player.purse import STAKE, START_PURSE
from profiles.ratings import PROVISIONAL_GAMES
from profiles.ratings.expected import GAP_CAP
from profiles.ratings.fit import fit_counted
from tests.builders import AWAITING_CALIBRATION

ROOT = Path(__file__).parents[1]

_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_in_words(words: str) -> int:
    """A number below a hundred as a sentence spells it: "Thirty-seven" is 37."""
    parts = words.casefold().split("-")
    if len(parts) == 1 and parts[0] in _UNITS:
        return _UNITS.index(parts[0])
    tens = 10 * (_TENS.index(parts[0]) + 2)
    return tens + (_UNITS.index(parts[1]) if len(parts) == 2 else 0)


def figures(path: Path, pattern: str) -> tuple[str, ...]:
    """The groups of ``pattern`` in ``path``'s text, its lines joined as the reader reads them."""
    text = " ".join(path.read_text(encoding="utf-8").split())
    found = re.search(pattern, text)
    assert found is not None, f"{path.name} no longer says {pattern!r}: update this test with it"
    return found.groups()


def readme(pattern: str) -> tuple[str, ...]:
    return figures(ROOT / "README.md", pattern)


def shipped() -> CalibrationFile:
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None
    return calibration


def test_the_number_of_opponents_and_their_range_are_the_pools() -> None:
    count, low, high = readme(
        r"([A-Z][a-z]+(?:-[a-z]+)?) opponents (?:rated )?from (?:about )?(\d+) to (\d+)"
    )
    catalog = load_catalog(SHIPPED_POOL)
    # The rated ones: those awaiting their calibration games have no rating to say yet.
    entries = [entry for entry in catalog if entry.name in shipped().ratings]
    assert {entry.name for entry in catalog} - {entry.name for entry in entries} == (
        AWAITING_CALIBRATION
    )
    ratings = [shipped().ratings[entry.name].rating for entry in entries]
    assert number_in_words(count) == len(entries)
    assert (int(low), int(high)) == (round(min(ratings)), round(max(ratings)))


def test_the_calibrations_figures_are_its_own() -> None:
    calibration = shipped()
    games, rating_error, difference_error, person_like_error, fit_p = readme(
        r"The shipped calibration \(([\d,]+) games\) rates every engine within ±(\d+) of its "
        r"anchor and every two engines within 300 points of each other to ±(\d+) of their "
        r"difference, and each offered person-like opponent, by its games against its own kind, "
        r"to ±(\d+) or better; it fits its games (?:[a-z ]+ )?\(p = ([\d.]+)[:)]"
    )
    assert games == f"{calibration.provenance.games:,}"
    entries = load_catalog(SHIPPED_POOL)
    engines = [e.name for e in entries if not e.person_like]
    assert int(rating_error) == RATING_ERROR
    assert max(calibration.ratings[name].error for name in engines) <= RATING_ERROR
    assert int(difference_error) == DIFFERENCE_ERROR
    offered = [e.name for e in entries if e.person_like and e.offered]
    worst = max(calibration.ratings[name].error for name in offered)
    assert int(person_like_error) == round(worst)
    quality = calibration.quality
    assert quality is not None
    assert fit_p in (f"{quality.p_value:.{places}f}" for places in (2, 3, 4))

    anchor, at = readme(r"The shipped calibration pins `([a-z0-9-]+)` at (\d+)")
    assert dict(calibration.provenance.anchors) == {anchor: float(at)}


def test_the_checks_figures_are_the_shipped_checks() -> None:
    inside, pairings, p_value = readme(
        r"holds on (\d+) of its (\d+) held-out pairings \(χ² p = ([\d.]+)\)"
    )
    check = read_check_summary(SHIPPED_CHECK)
    assert check is not None and check.calibration_date == shipped().provenance.date
    assert check.passed and (check.inside, check.pairings) == (int(inside), int(pairings))
    assert p_value == f"{check.p_value:.2f}"


def test_the_floor_is_explained_with_the_weakest_opponent() -> None:
    weakest, fitted = readme(r"twenty losses to the weakest engine (?:\((\d+)\) )?fit at −(\d+)")
    engines = {entry.name for entry in load_catalog(SHIPPED_POOL) if not entry.person_like}
    lowest = min(m.rating for name, m in shipped().ratings.items() if name in engines)
    assert weakest is not None and int(weakest) == round(lowest), "the README names it"
    fit = fit_counted([("player", "weakest", 20, 0.0)], {"weakest": lowest})
    assert -int(fitted) == round(fit["player"].rating)


def test_the_rules_figures_are_the_codes() -> None:
    (games,) = readme(r"After (\d+) games in a time-control class your rating appears")
    assert int(games) == PROVISIONAL_GAMES
    stake, purse = readme(r"a stake of virtual money \(\$(\d+) of a starting \$([\d,]+)\)")
    assert (int(stake), purse) == (STAKE, f"{START_PURSE:,}")
    above, band = readme(r"reaches up to (\d+) above it, marks the band within (\d+) where")
    assert (int(above), int(band)) == (REACH_ABOVE, GAP_CAP)


def test_the_engine_pool_pages_table_is_the_shipped_calibration() -> None:
    """docs/engine-pool.md's table of the shipped calibration, row by row."""
    page = (ROOT / "docs" / "engine-pool.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| `([a-z0-9-]+)` \| [^|]+ \| (\d+) \| (\d+|anchor) \| (\d+) \|", page, re.M
    )
    calibration = shipped()
    assert [name for name, *_ in rows] == sorted(
        calibration.ratings, key=lambda name: calibration.ratings[name].rating
    )
    for name, rating, error, games in rows:
        measured = calibration.ratings[name]
        assert int(rating) == round(measured.rating), name
        assert error == (
            "anchor" if name in calibration.provenance.anchors else f"{measured.error:.0f}"
        )
        assert int(games) == measured.games, name
    (total,) = figures(ROOT / "docs" / "engine-pool.md", r"\*\*([\d,]+) games\*\* with no clock")
    assert total == f"{calibration.provenance.games:,}"
