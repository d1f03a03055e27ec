"""The footer is built again when the keys it shows change, and only then: a Tab that keeps
them keeps the footer's keys as they were drawn (rated_play/ui/widgets/keys_footer.py)."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.setup import SetupScreen
from tests.ui.driving import SIZE, first_game, wait_for_question, wait_until


def footer_keys(app: RatedPlayApp) -> list[FooterKey]:
    return list(app.screen.query_one(Footer).query(FooterKey))


def actions_shown(app: RatedPlayApp) -> list[str]:
    return [key.action for key in footer_keys(app)]


async def test_a_tab_that_keeps_the_keys_keeps_the_footer(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(footer_keys(app)))
        assert isinstance(app.screen, SetupScreen)
        drawn = footer_keys(app)
        focused = []
        for _ in range(4):
            await pilot.press("tab")
            focused.append(app.focused)
            assert footer_keys(app) == drawn, "the same keys, the same footer"
        assert len(set(map(id, focused))) == 4, "each Tab moved the focus"


async def test_other_keys_build_the_footer_again(app: RatedPlayApp, ledger: Ledger) -> None:
    """A question asked beside the board takes the board's keys out of the footer (the
    screen's check_action); answered, they are back."""
    async with first_game(app, ledger) as (pilot, _):
        await wait_until(pilot, lambda: "resign" in actions_shown(app))
        playing = actions_shown(app)
        await pilot.press("f8")
        await wait_for_question(pilot, "Resign")
        await wait_until(pilot, lambda: "resign" not in actions_shown(app))
        assert set(actions_shown(app)) < set(playing)
        await pilot.press("escape")  # the safe answer: play on
        await wait_until(pilot, lambda: actions_shown(app) == playing)
