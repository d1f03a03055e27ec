"""Every screen at 80×24, the smallest terminal the app is made for: nothing cut off, and the
state of every tick box and radio button readable without colour."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Checkbox, Footer, RadioButton, Static
from textual.widgets._footer import FooterKey

from engines.opponents.pool import load_pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.profile_card import ProfileCardView
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import record_game
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    SIZE,
    SMALL,
    answer,
    first_game,
    past_the_notice,
    screen_text,
    shown,
    type_move,
    wait_for_player_turn,
    wait_until,
)


async def test_the_setup_labels_wrap_and_their_ticks_show_without_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        for box in screen.query(Checkbox):
            painted = " ".join(strip.text for strip in box.render_lines(Region(0, 0, *box.size)))
            assert " ".join(str(box.label).split()) in " ".join(painted.split()), box.id
            assert painted[1] == ("X" if box.value else " "), f"{box.id} reads without colour"
        box = screen.query_one("#doubling", Checkbox)
        was = box.render().plain
        box.value = not box.value
        await pilot.pause()
        assert box.render().plain != was


async def test_the_calculator_fits_and_shows_the_chosen_result_without_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        await pilot.pause()
        screen = app.screen
        outcome = screen.query_one("#outcome", Static)
        assert "New rating" in str(outcome.render())
        footer = screen.query_one(Footer)
        assert outcome.region.bottom <= footer.region.y, "the outcome is above the footer"
        assert screen.query_one("#calculator").region.y >= 0
        marks = {button.id: button.render().plain[1] for button in screen.query(RadioButton)}
        assert marks == {
            "app": "●",
            "plain": " ",
            "result-win": "●",
            "result-draw": " ",
            "result-loss": " ",
        }


@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_the_setup_fits_down_to_start_and_its_footer_is_not_cut(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int]
) -> None:
    """At 80×24 the setup scrolled: the preview, the stake and Start could not be seen
    together, and the footer was cut to "h History ^". Now all of it is on the screen at
    once, and every key the footer shows is shown whole."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "Stake" in str(screen.query_one("#preview", Static).render())
        footer = screen.query_one(Footer)
        content = Region(0, 0, size[0], footer.region.y)
        for widget in screen.query_one("#columns").query("*"):
            if widget.display and widget.region:
                assert content.contains_region(widget.region), f"{widget} is cut off"
        assert screen.query_one("#setup").max_scroll_y == 0
        keys = list(footer.query(FooterKey))
        assert any("Start" in str(key.render()) for key in keys)
        for key in keys:
            assert key.region.right <= size[0], f"{key.render()} is cut off"


@pytest.mark.parametrize("rated", [False, True])
async def test_no_choice_at_the_setup_moves_a_control_or_pushes_start_off(
    ledger: Ledger, rated: bool
) -> None:
    """The sentence about the network appeared above the tick box: ticking it pushed the box
    three rows down, from under the pointer, and at 80×24 pushed Start off the screen. Under
    the box, the words still pushed every box below it by one to four rows, and for a rated
    player, whose notes say what the 400-point rule does, Start off the screen again. Now the
    choices come first and the words after them: whatever the slider, the boxes and Unleashed
    (the shipped pool, its titles and notes as long as they are), no control moves, Start
    stays on the screen, and nothing scrolls."""
    profile = ledger.create_profile("Magnus")
    for game in range(24 if rated else 0):
        record_game(ledger, profile, float(game % 2), moves=("e4", "e5"))
    app = RatedPlayApp(
        ledger, load_pool(), AppOptions(handle_signals=False, seating=ScriptedSeating())
    )
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert (screen.estimate() is not None) == rated
        controls = [
            screen.query_one(StrengthSlider),
            *screen.query(Checkbox),
            screen.query_one("#start"),
        ]
        where = {control: control.region for control in controls}
        footer = screen.query_one(Footer)
        content = Region(0, 0, SMALL[0], footer.region.y)
        for unleashed in (False, True):
            screen.query_one("#unleashed", Checkbox).value = unleashed
            for ticked in (True, False):
                screen.query_one("#person-like", Checkbox).value = ticked
                for strength in (200, 500, 900, 1100, 1450, 1800, 2000, 2400, 3000):
                    screen.query_one(StrengthSlider).value = strength
                    await pilot.pause()
                    state = f"unleashed={unleashed} ticked={ticked} at {strength}"
                    for control in controls:
                        assert control.region == where[control], f"{control} moved: {state}"
                    assert content.contains_region(where[controls[-1]]), f"Start is cut: {state}"
                    assert screen.query_one("#setup").max_scroll_y == 0, f"it scrolls: {state}"


async def test_the_card_keeps_each_of_its_lines_whole_at_80_by_24(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """ "Won 0 · Drawn 0 · Lost 12 · Score" ran out of the card's 33 columns and left the
    score alone on the next line."""
    profile = ledger.create_profile("Magnus")
    for _ in range(12):
        record_game(ledger, profile, 0.0, moves=("e4",))
    async with app.run_test(size=SMALL) as pilot:
        await past_the_notice(pilot)
        painted = screen_text(app)
        for line in str(app.screen.query_one(ProfileCardView).render()).splitlines():
            assert any(f"│ {line} " in row for row in painted), f"{line!r} is cut"


async def test_no_message_at_the_board_moves_a_control_at_80_by_24(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """At 80×24 the five-line message of a refused claim pushed the player's clock up two
    rows, cut the moves to two lines and hid the buttons; two messages began in small
    letters. Now every message is a sentence in rows of its own: whatever is said, and
    beside a refused move, the clocks, the move box and the buttons stay where they were,
    and the message is shown whole."""
    async with first_game(app, ledger, size=SMALL) as (pilot, screen):
        await wait_for_player_turn(pilot, screen)
        await pilot.pause()
        controls = [
            screen.query_one("#opponent-clock"),
            screen.query_one("#player-clock"),
            screen.query_one("#move-input"),
            *(button for button in screen.query("#actions Button") if button.display),
        ]
        where = {control: control.region for control in controls}
        content = Region(0, 0, SMALL[0], screen.query_one(Footer).region.y)
        assert all(content.contains_region(region) for region in where.values())
        messages = screen.query_one("#messages")

        async def said_in_place(what: str, selector: str = "#status") -> str:
            await pilot.pause()
            text = " ".join(shown(app, selector).split())
            assert not text[0].islower() and text.endswith("."), f"not a sentence: {text!r}"
            for control in controls:
                assert control.region == where[control], f"{control} moved: {what}"
            assert messages.max_scroll_y == 0, f"cut: {what}"
            return text

        await pilot.press("f7")
        assert (await said_in_place("a claim refused")).startswith("No draw to claim")
        await type_move(pilot, "Ke2")
        assert "not legal" in await said_in_place("a move refused", "#move-error")
        await type_move(pilot, "xyz")
        assert "is not a move" in await said_in_place("a word refused", "#move-error")
        await pilot.press("f6")
        await answer(pilot, "Offer a draw?")
        await wait_until(pilot, lambda: "declines" in shown(app, "#status"))
        await said_in_place("a draw declined")
        await pilot.press("f6")
        assert (await said_in_place("a second offer")).startswith("You have offered a draw")
