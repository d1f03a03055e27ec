"""Who is rated and what is shown: one policy, and every rating system, card and season line
agreeing with it; no other module compares a count or a rating with its numbers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles.laws.time_control import TimeClass
from profiles.player.card import class_card, rating_words
from profiles.ratings import SYSTEMS, GameScore
from profiles.ratings.base import RATING_FLOOR
from profiles.ratings.visibility import (
    PROVISIONAL_GAMES,
    RATING_GAME,
    at_floor,
    games_until_rated,
    is_provisional,
    of_the_first,
    ordinal,
    shown_rating,
    until_rated_words,
)

ROOT = Path(__file__).parents[2]


def test_the_rating_is_shown_from_the_twentieth_game() -> None:
    assert PROVISIONAL_GAMES == 20
    assert [is_provisional(n) for n in (0, 19, 20, 21)] == [True, True, False, False]
    assert [games_until_rated(n) for n in (0, 19, 20, 35)] == [20, 1, 0, 0]
    assert shown_rating(19, 1500.0) is None and shown_rating(20, 1500.0) == 1500.0
    assert shown_rating(25, None) is None


def test_the_floor_is_one_comparison() -> None:
    assert at_floor(RATING_FLOOR) and not at_floor(RATING_FLOOR + 1) and not at_floor(None)


@pytest.mark.parametrize(
    ("number", "words"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
     (20, "20th"), (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")],
)  # fmt: skip
def test_ordinals(number: int, words: str) -> None:
    assert ordinal(number) == words


def test_the_wording() -> None:
    assert RATING_GAME == "20th"
    assert of_the_first(7) == "7 of 20"
    assert until_rated_words(19) == "19 games until rated (1 of 20 played)"
    assert until_rated_words(1) == "1 game until rated (19 of 20 played)"
    assert until_rated_words(3, short=True) == "3 to rated"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(SYSTEMS)),
    st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=1, max_size=PROVISIONAL_GAMES + 3),
)
def test_every_system_and_the_card_keep_the_policy(name: str, scores: list[float]) -> None:
    """No system calls a player rated before the policy does (Glicko-2 and Chess Scotland may
    keep them provisional longer), and the card shows a number exactly when the policy does."""
    games = [GameScore(1200.0 + 37 * n, s) for n, s in enumerate(scores)]
    state = SYSTEMS[name].rate(games)
    if is_provisional(len(games)):
        assert state.provisional
    card = class_card(TimeClass.BLITZ, games, name)
    assert card.rating == shown_rating(len(games), state.rating)
    assert card.games_until_rated == games_until_rated(len(games))
    if card.rating is None:
        assert rating_words(card) == f"Provisional: {of_the_first(len(games))} games"


def _foreign_comparisons(path: Path) -> list[str]:
    """The comparisons in ``path`` with the policy's own numbers."""
    owned = {"PROVISIONAL_GAMES", "RATING_FLOOR"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Compare):
            names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if names & owned:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_module_but_the_policy_compares_with_its_numbers() -> None:
    """Who is rated, and who is at the floor, is asked of the policy, never worked out again
    with a ``<`` or ``==`` of one's own."""
    policy = ROOT / "profiles" / "ratings" / "visibility.py"
    found = [
        where
        for package in ("profiles", "engines", "rated_play")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != policy
        for where in _foreign_comparisons(path)
    ]
    assert found == []
