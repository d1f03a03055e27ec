"""The setup's toggles are declared once (:mod:`profiles.setup`): every one declared is shown
with its label and help, opens at its default, and once ticked is saved with the profile's
setup and reaches the game. A toggle added to the declaration is covered here as it is added;
what it does in the game is said in :data:`EFFECTS`, which a new toggle must join."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from profiles.setup import TOGGLES, Setup
from rated_play.session import ThinkingPace
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.toggles import TickBox
from tests.builders import fast_opponent, offered_at
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import SIZE, wait_until

EFFECTS: dict[str, Callable[[GameScreen, Pool, int], bool]] = {
    "person_like": lambda screen, pool, paces: screen.game.opponent.person_like,
    "unleashed": lambda screen, pool, paces: screen.game.opponent == pool.unleashed(),
    "doubling": lambda screen, pool, paces: screen.game.doubling,
    "believable_thinking": lambda screen, pool, paces: paces == 1,
    "bell": lambda screen, pool, paces: screen.bell,
}
"""What each toggle, ticked against its default, does to the game the setup starts (read off
the game and its screen; ``paces`` counts the person's paces made for it)."""


@pytest.fixture
def pool() -> Pool:
    """Engines about the slider's start and a person-like network beside them, so that each
    toggle that chooses the opponent gets one of its own."""
    return Pool(
        [
            fast_opponent(50, 1100.0, calibrated=True),
            offered_at("maia-1100", 1250.0, 25.0),
            fast_opponent(20000, 2500.0, calibrated=True),
        ]
    )


def test_every_toggle_says_what_it_does_in_the_game() -> None:
    assert set(EFFECTS) == set(TOGGLES)


@pytest.mark.parametrize("name", list(TOGGLES))
async def test_a_toggle_is_shown_saved_and_reaches_the_game(
    ledger: Ledger, pool: Pool, name: str
) -> None:
    profile = ledger.create_profile("Judit")
    made: list[ThinkingPace] = []

    def pace() -> ThinkingPace:
        made.append(ThinkingPace())
        return made[-1]

    options = AppOptions(handle_signals=False, seating=ScriptedSeating(), paces=pace)
    app = RatedPlayApp(ledger, pool, options)
    default = getattr(Setup(), name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        box = setup.query_one(f"#{name.replace('_', '-')}", TickBox)
        assert str(box.label).startswith(TOGGLES[name].label)
        assert box.tooltip == TOGGLES[name].help
        assert box.value is default and not box.disabled
        # The player turns it from its default; F5 starts with the setup as shown.
        await pilot.click(box)
        assert box.value is not default
        chosen = setup.current_setup()
        assert chosen == replace(Setup(), strength=chosen.strength, **{name: not default})
        await pilot.press("f5")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.setup == chosen == ledger.last_setup(profile.id)
        paces = len(made)
        ticked_on = EFFECTS[name](game, pool, paces)
        assert ticked_on is (not default), f"{name} ticked {not default} reaches the game"
        await game.game.close()
