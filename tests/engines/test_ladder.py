"""The person-like ladder the shipped pool offers: its rungs are distinct strengths, in the
order the slider meets them, as the shipped calibration measured them."""

from __future__ import annotations

import itertools
import tomllib

from engines.calibration.stored import SHIPPED_CALIBRATION, read_calibration
from engines.opponents.catalog import SHIPPED_POOL, load_catalog
from engines.opponents.pool import load_pool
from profiles.opponent_kind import OpponentKind


def test_the_offered_person_like_ladder_is_in_rating_order_with_distinct_strengths() -> None:
    """Maia 1400 measured below Maia 1300, and most of the nine networks lay within each
    other's errors: the slider offered another network at nearly every 25-point step, no
    stronger than the last. Each offered rung now lies further from the next than the sum of
    their standard errors, and a higher rung is a stronger one."""
    calibration = read_calibration(SHIPPED_CALIBRATION)
    assert calibration is not None
    ladder = [
        opponent
        for opponent in load_catalog(SHIPPED_POOL)
        if opponent.kind is OpponentKind.PERSON_LIKE and opponent.offered
    ]
    assert len(ladder) >= 2
    unmeasured = [o.name for o in ladder if o.name not in calibration.ratings]
    assert unmeasured == [], "offered before the calibration measured them: offered = false"
    # The order the slider meets them in: by the rating measured.
    rungs = sorted(
        ((calibration.ratings[o.name], o.name) for o in ladder), key=lambda r: r[0].rating
    )
    for (lower, low), (higher, high) in itertools.pairwise(rungs):
        assert higher.rating - lower.rating > lower.error + higher.error, (
            f"{low} ({lower.rating:.0f} ± {lower.error:.0f}) and {high} "
            f"({higher.rating:.0f} ± {higher.error:.0f}) are no distinct strengths"
        )


def test_a_network_off_the_ladder_stays_in_the_pool() -> None:
    """Kept for the calibration, 'engines uci' and past games: only the slider leaves it out."""
    pool = load_pool()
    hidden = [o for o in pool.opponents if o.kind is OpponentKind.PERSON_LIKE and not o.offered]
    assert hidden
    for opponent in hidden:
        assert pool.get(opponent.name).calibrated


def test_every_shipped_entry_declares_its_kind() -> None:
    """Its kind is said, never guessed from the command's file name."""
    entries = tomllib.loads(SHIPPED_POOL.read_text(encoding="utf-8"))["opponent"]
    undeclared = [entry["name"] for entry in entries if "kind" not in entry]
    assert undeclared == []
    kinds = {entry["name"]: entry["kind"] for entry in entries}
    assert kinds["stockfish-unleashed"] == "unleashed"
    assert {kinds[f"maia-{band}"] for band in range(1100, 2000, 100)} == {"person-like"}
