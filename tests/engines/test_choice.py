"""The choice of an opponent from the setup's wish (engines/opponents/choice.py), without a
screen: ticked gets a person-like entry only, and says so when none plays near the wish;
unticked never gets one; Unleashed gets the engine at full strength and says it wins over the
box; only installed and offered entries are chosen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.errors import EngineUnavailableError
from engines.opponents.choice import OpponentWish, choose_opponent, person_like_reach
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from profiles.opponent_kind import OpponentKind
from tests.builders import weak_fairy

pytestmark = pytest.mark.engine
"""An entry is chosen only when its engine is installed: these need Fairy-Stockfish on PATH
(none of them runs it)."""


def entry(name: str, rating: float, kind: OpponentKind = OpponentKind.ENGINE) -> Opponent:
    """An installed entry of ``kind``: the kind is declared, whatever engine runs it."""
    return replace(weak_fairy(0), name=name, rating=rating, kind=kind, provenance=name)


def person_like(name: str, rating: float) -> Opponent:
    return entry(name, rating, OpponentKind.PERSON_LIKE)


def missing(opponent: Opponent) -> Opponent:
    return replace(opponent, command="no-such-engine")


ENGINES = [entry("engine-500", 500), entry("engine-1300", 1300), entry("engine-1900", 1900)]
LADDER = [person_like("net-1200", 1200), person_like("net-1400", 1400)]
UNLEASHED = entry("full", 3500, OpponentKind.UNLEASHED)


def pool(*extra: Opponent) -> Pool:
    return Pool([*ENGINES, *LADDER, UNLEASHED, *extra])


def choose(
    strength: float,
    *,
    person_like: bool = False,
    unleashed: bool = False,
    within: Pool | None = None,
) -> tuple[str, str]:
    choice = choose_opponent(
        within or pool(), OpponentWish(strength, person_like=person_like, unleashed=unleashed)
    )
    return choice.opponent.name, choice.note


def test_the_reach_is_half_the_ladders_mean_step() -> None:
    assert person_like_reach(LADDER) == 100
    assert person_like_reach(LADDER[:1]) == 50


@pytest.mark.parametrize(
    ("strength", "name"),
    [(1110, "net-1200"), (1290, "net-1200"), (1310, "net-1400"), (1490, "net-1400")],
)
def test_ticked_inside_the_ladder_gets_the_nearest_person_like_entry_and_no_note(
    strength: float, name: str
) -> None:
    """Inside the ladder, or within half a step of its ends, nothing needs saying."""
    assert choose(strength, person_like=True) == (name, "")


def test_ticked_below_the_ladder_gets_its_weakest_and_says_so() -> None:
    assert choose(500, person_like=True) == (
        "net-1200",
        "No person-like opponent plays near 500; the weakest plays (with a beginner's "
        "errors, people's moves play no weaker than it).",
    )


def test_ticked_above_the_ladder_gets_its_strongest_and_says_so() -> None:
    assert choose(2600, person_like=True) == (
        "net-1400",
        "No person-like opponent plays near 2600; the strongest plays.",
    )


@pytest.mark.parametrize("strength", [0, 500, 1200, 1250, 1350, 1400, 2000, 3500])
def test_unticked_never_gets_a_person_like_entry(strength: float) -> None:
    """An engine plays, however near a network's rating the wish lies."""
    name, note = choose(strength)
    assert name in {o.name for o in [*ENGINES, UNLEASHED]} and note == ""


def test_unticked_gets_the_nearest_engine() -> None:
    assert choose(1200)[0] == "engine-1300"
    assert choose(2000)[0] == "engine-1900"


@pytest.mark.parametrize("person_like", [False, True])
def test_unleashed_gets_the_unleashed_engine_and_says_it_wins_over_the_box(
    person_like: bool,
) -> None:
    name, note = choose(1300, person_like=person_like, unleashed=True)
    assert name == "full"
    if person_like:
        assert note == (
            "Unleashed wins: the engine at full strength plays. "
            "“Plays like a person” chooses along the slider."
        )
    else:
        assert note == ""


def test_ticked_with_no_person_like_entry_installed_gets_the_nearest_engine_and_says_so() -> None:
    nothing = Pool([*ENGINES, *(missing(o) for o in LADDER)])
    assert choose(1350, person_like=True, within=nothing) == (
        "engine-1300",
        "No person-like opponent is installed: the engine nearest 1350 plays.",
    )


def test_an_entry_not_installed_or_not_offered_is_never_chosen() -> None:
    """A network nearer the wish whose engine is missing, or that is kept off the slider,
    leaves the choice to the others."""
    hidden = replace(person_like("net-1300", 1300), offered=False)
    gone = missing(person_like("net-1310", 1310))
    also_hidden = replace(entry("engine-1250", 1250), offered=False)
    within = pool(hidden, gone, also_hidden)
    assert choose(1300, person_like=True, within=within)[0] in {"net-1200", "net-1400"}
    assert choose(1250, within=within)[0] == "engine-1300"


def test_nothing_installed_says_what_to_install() -> None:
    nothing = Pool([missing(o) for o in [*ENGINES, *LADDER]])
    for person_like_wish in (False, True):
        with pytest.raises(EngineUnavailableError, match="fairy-stockfish"):
            choose(1300, person_like=person_like_wish, within=nothing)
