"""The help (F1, ?, Ctrl+P): every screen's keys, read from its bindings, and the rules of a
rated game; on the game screen ? is text like every other character, and the clock runs."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input
from textual.widgets._footer import FooterKey

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen, double_offered
from rated_play.ui.screens.game_viewer import GameViewerScreen
from rated_play.ui.screens.games import GamesScreen
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import CUSTOM, SetupScreen
from rated_play.ui.widgets.decision import DecisionPanel
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.title_bar import TitleBar
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    QUIET,
    SIZE,
    SMALL,
    answer,
    choose_weakest_opponent,
    close_help,
    first_game,
    listed,
    open_help,
    review,
    screen_text,
    shown,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_until,
    write_game,
)


async def test_f1_and_question_mark_open_the_help_on_every_screen_with_its_keys(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        help_screen = await open_help(app, pilot, "f1")
        assert ("F2", "Calculator") in listed(help_screen)
        help_keys = [keys.split() for keys, does in listed(help_screen) if does == "Help"]
        assert help_keys == [["F1", "Ctrl+P", "?"]]  # no text box has the focus: ? is a key
        assert not help_screen.during_game
        await close_help(app, pilot, setup)
        # The F-keys and letters of the setup screen, each screen they open, and the help
        # on each by F1 and by ? (no text box focused: ? is nobody's text there).
        for key in ("f2", "f3", "f4", "g", "h"):
            setup.set_focus(None)
            await pilot.press(key)
            await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
            opened = app.screen
            assert opened.query_one(TitleBar).region.height == 1, key
            for help_key in ("f1", "question_mark"):
                opened.set_focus(None)
                await open_help(app, pilot, help_key)
                await close_help(app, pilot, opened)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup.set_focus(None)
        await open_help(app, pilot, "ctrl+p")
        await close_help(app, pilot, setup)

        # After a game: the result screen's keys.
        await choose_weakest_opponent(pilot)
        await start_game(pilot)
        await pilot.press("f8")
        await answer(pilot, "Resign")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        result = app.screen
        help_screen = await open_help(app, pilot, "question_mark")
        assert not help_screen.during_game
        await close_help(app, pilot, result)

        # The game's list and the game itself, looked back at.
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.set_focus(None)
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, GamesScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameViewerScreen))
        viewer = app.screen
        help_screen = await open_help(app, pilot, "f1")
        assert ("Home", "Start") in listed(help_screen)
        await close_help(app, pilot, viewer)


async def test_the_help_key_is_in_the_footer_at_80_columns(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The setup's and the game's footers hold more keys than 80 columns show: F1 comes first
    in them, where it is never cut off."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for_setup = help_in_footer(app.screen)
        await choose_weakest_opponent(pilot)
        game_screen = await start_game(pilot)
        game_screen.query_one("#board").focus()  # its key joins the footer's
        await pilot.pause()
        assert for_setup and help_in_footer(game_screen)


def help_in_footer(screen: Screen[Any]) -> bool:
    keys = [key for key in screen.query(FooterKey) if key.key == "f1"]
    return len(keys) == 1 and keys[0].region.right <= 80 and keys[0].region.width > 0


async def test_a_question_mark_typed_in_a_text_box_is_text(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        name = app.screen.query_one("#new-profile", Input)
        name.focus()
        await pilot.press("W", "h", "o", "question_mark")
        await pilot.pause()
        assert name.value == "Who?"
        assert isinstance(app.screen, SetupScreen)


async def test_on_the_game_screen_f1_opens_the_help_and_question_mark_is_typed(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        game_screen = await start_game(pilot)
        box = game_screen.query_one("#move-input", Input)
        # From the move box and from the board: ? goes where moves are typed, never a help
        # over the board in the middle of a move.
        await pilot.press("e", "4", "question_mark")
        game_screen.query_one("#board").focus()
        await pilot.press("question_mark")
        await pilot.pause()
        assert box.value == "e4??"
        assert app.screen is game_screen

        help_screen = await open_help(app, pilot, "f1")
        assert help_screen.during_game
        assert "Your clock is running." in shown(app, "#clock-runs")
        keys = listed(help_screen)
        assert ("⏎ Space", "Pick up/put down") in keys  # the board's keys, focused or not
        assert ("F1 Ctrl+P", "Help") in keys  # and not ?, which is typed here
        # The game goes on under the help: the player's clock runs, and nothing was played.
        assert game_screen.game.clock.running == game_screen.game.player_color
        assert game_screen.in_play and not game_screen.game.san_moves()
        await close_help(app, pilot, game_screen)
        assert app.focused is box and box.value == "e4??"

        # A move typed over the help is a move, as anywhere on the game screen: the first
        # character closes the help and goes to the move box with the rest.
        await open_help(app, pilot, "f1")
        box.value = ""
        await pilot.press("N", "f", "3")
        await wait_until(pilot, lambda: box.value == "Nf3")
        assert app.screen is game_screen and app.focused is box
        await open_help(app, pilot, "f1")
        await pilot.press("plus")  # a sign closes it too, and is kept
        await wait_until(pilot, lambda: box.value == "Nf3+")
        assert app.screen is game_screen


async def test_a_question_the_game_asks_comes_out_from_under_the_help(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The engine's double arrives with its move, whenever that comes: asked while the help
    is open, the question is put in sight, never left under the help on the player's clock."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        game_screen = await start_game(pilot)
        await type_move(pilot, "e4")  # an offer comes with a move: the engine's reply
        await wait_for_player_turn(pilot, game_screen)
        await open_help(app, pilot, "f1")
        answers: list[str] = []
        await game_screen.ask(double_offered(game_screen.game, answers.append))
        await pilot.pause()
        assert app.screen is game_screen
        assert game_screen.query_one(DecisionPanel).display
        assert game_screen.asking and not answers


async def test_a_flag_that_falls_under_the_help_brings_the_result_then_the_setup(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """The result replaces the game, not the help over it: Enter on it goes back to the
    setup, never to the ended game."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        app.screen.query_one("#preset", Dropdown).value = CUSTOM
        custom = app.screen.query_one("#custom", Input)
        custom.value = "0.1+0"  # six seconds: the flag falls while the help is read
        await pilot.pause()
        game_screen = await start_game(pilot)
        await open_help(app, pilot, "f1")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen), timeout=60)
        assert not game_screen.in_play
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert not any(isinstance(screen, GameScreen) for screen in app.screen_stack)


@pytest.mark.engine
@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_the_reviews_help_names_every_click_it_takes(
    app: RatedPlayApp, ledger: Ledger, size: tuple[int, int]
) -> None:
    """At 120×40 the help named the graph's click alone, not the list's; at 80×24 it had no
    mouse section at all: what it says of the mouse is on the screen at both sizes."""
    game_id = write_game(ledger, QUIET, 0.0)
    async with app.run_test(size=size) as pilot:
        review_screen = await review(pilot, ledger, game_id)
        await open_help(app, pilot, "f1")
        await pilot.pause()
        painted = "\n".join(screen_text(app))
        assert "a move in the list: go to it" in painted
        assert "the graph: go to that move" in painted
        await close_help(app, pilot, review_screen)
        await pilot.press("t")  # the chart in the graph's place: its click, not the graph's
        help_screen = await open_help(app, pilot, "f1")
        clicks = [does for _keys, does in listed(help_screen)]
        assert "the move-time chart: go to that move" in clicks
        assert "the graph: go to that move" not in clicks


async def test_a_game_without_a_clock_offers_no_pace_and_its_help_runs_no_clock(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """ "Opponent at a person's pace" stayed ticked where it does nothing, and the help over a
    game without a clock said the player's clock kept running."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        pace = app.screen.query_one("#believable-thinking", Checkbox)
        assert pace.value and pace.render().plain[1] == "X"
        app.screen.query_one("#no-clock", Checkbox).value = True
        await pilot.pause()
        assert pace.disabled and pace.render().plain[1] == " ", "no tick where it does nothing"
        app.screen.query_one("#no-clock", Checkbox).value = False
        await pilot.pause()
        assert pace.value and pace.render().plain[1] == "X", "the choice kept for a clock"

        app.screen.query_one("#no-clock", Checkbox).value = True
        await choose_weakest_opponent(pilot)
        game_screen = await start_game(pilot)
        assert game_screen.game.time_control.untimed
        await open_help(app, pilot, "f1")
        said = shown(app, "#clock-runs")
        assert "clock is running" not in said and "no clock" in said


async def test_keys_queued_over_the_help_close_it_once_and_the_game_goes_on(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """On a busy machine "Nb4" and Escape typed over the help each closed "it": the second
    closed the game below, left and scored as a loss by abandonment. A message over the game
    closed the same way."""
    async with first_game(app, ledger) as (pilot, game_screen):
        help_screen = await open_help(app, pilot, "f1")
        for key, character in (("N", "N"), ("b", "b"), ("escape", None)):
            help_screen.post_message(events.Key(key, character))  # all queued at once
        await wait_until(pilot, lambda: app.screen is game_screen)
        await pilot.pause()
        assert game_screen.in_play and game_screen in app.screen_stack
        assert game_screen.query_one("#move-input", Input).value == "Nb"
        # A message over the game, its OK pressed twice before the first is handled.
        app.tell("Something went wrong", "An engine could not start.")
        await wait_until(pilot, lambda: bool(app.screen.query("ErrorDialog #ok")))
        ok = app.screen.query_one("#ok", Button)
        for _ in range(2):
            ok.press()
        await wait_until(pilot, lambda: app.screen is game_screen)
        await pilot.pause()
        assert game_screen.in_play and game_screen in app.screen_stack


async def test_the_help_over_the_opponents_turn_says_its_clock_runs_and_follows_the_turn(
    app: RatedPlayApp, ledger: Ledger, seating: ScriptedSeating
) -> None:
    """F1 while the opponent thought said "your clock keeps running": it was the opponent's
    that ran. Now the help says whose clock runs, and says it again when the turn passes."""
    seating.told["think"] = 4.0
    async with first_game(app, ledger) as (pilot, game_screen):
        await wait_for_player_turn(pilot, game_screen)
        await type_move(pilot, "e4")
        await wait_until(pilot, lambda: not game_screen.game.is_player_turn)
        await open_help(app, pilot, "f1")
        said = shown(app, "#clock-runs")
        assert "Your opponent's clock is running" in said and "Your clock" not in said
        assert game_screen.game.clock.running == game_screen.game.opponent_color
        await wait_until(pilot, lambda: game_screen.game.is_player_turn)
        await wait_until(pilot, lambda: "Your clock is running." in shown(app, "#clock-runs"))
        assert "opponent" not in shown(app, "#clock-runs")
