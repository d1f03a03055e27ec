"""Full garbage collections held back while a game is on, and given back as they were."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from rated_play.ui.collections_held import NEVER, FullCollectionsHeld


@pytest.fixture(autouse=True)
def _thresholds_kept() -> Iterator[None]:
    kept = gc.get_threshold()
    yield
    gc.set_threshold(*kept)


def test_held_twice_and_released_twice_the_threshold_is_the_one_before() -> None:
    gc.set_threshold(700, 10, 12)
    held = FullCollectionsHeld()
    held.hold()
    held.hold()  # a second hold must not save NEVER as the threshold to give back
    assert gc.get_threshold() == (700, 10, NEVER)
    held.release()
    held.release()
    assert gc.get_threshold() == (700, 10, 12)
    assert not held.held


def test_the_young_thresholds_set_while_held_stay() -> None:
    gc.set_threshold(700, 10, 12)
    held = FullCollectionsHeld()
    held.hold()
    gc.set_threshold(1000, 20, NEVER)
    held.release()
    assert gc.get_threshold() == (1000, 20, 12)
