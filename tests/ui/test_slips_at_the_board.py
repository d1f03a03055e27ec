"""The slips a club player found at the board (issue 28): a move typed past a question, the
focused answer read without colour, the keys a question holds, and the clock under 20 s.
Real games against the scripted opponent, driven by keys as a player types them."""

from __future__ import annotations

import chess
import pytest
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Checkbox, Input
from textual.widgets._footer import FooterKey

from profiles.ledger.ledger import Ledger
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.game import GameScreen, double_offered, move_hint
from rated_play.ui.widgets.board import contrast_ratio
from rated_play.ui.widgets.board_contrast import TARGET
from rated_play.ui.widgets.clock import ClockView
from tests.builders import record_game
from tests.ui.driving import (
    SIZE,
    choose_weakest_opponent,
    listed,
    open_help,
    screen_text,
    shown,
    start_game,
    type_move,
    wait_for_player_turn,
    wait_for_question,
    wait_until,
)


async def at_the_board(pilot: Pilot[None], *moves: str, doubling: bool = False) -> GameScreen:
    """A game against the weakest opponent, ``moves`` played (each answered), the player to
    move."""
    await choose_weakest_opponent(pilot)
    pilot.app.screen.query_one("#doubling", Checkbox).value = doubling
    screen = await start_game(pilot)
    await wait_for_player_turn(pilot, screen)
    for move in moves:
        await type_move(pilot, move)
        await wait_for_player_turn(pilot, screen)
    return screen


@pytest.mark.parametrize("typed", ["Qb3", "Bf4"])
async def test_a_move_typed_in_one_burst_past_a_question_keeps_its_order(
    app: RatedPlayApp, ledger: Ledger, typed: str
) -> None:
    """F8, then Qb3 typed fast, gave b3Q in the box: the first key answered the question and
    reached the box after the keys typed behind it."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_the_board(pilot, "e4")
        await pilot.press("f8")
        await wait_for_question(pilot, "Resign?")
        for character in typed:  # one burst: no key waits for the one before
            app.post_message(events.Key(character, character))
        box = screen.query_one("#move-input", Input)
        await wait_until(pilot, lambda: len(box.value) == len(typed))
        await pilot.pause()
        assert box.value == typed
        assert not screen.game.is_over and not screen.asking


def answers_line(app: RatedPlayApp) -> str:
    """The answers of the question shown, as a monochrome screen shows them: no colour."""
    lines = [line for line in screen_text(app) if "Keep playing" in line or "Accept (" in line]
    assert len(lines) == 1
    return " ".join(lines[0].split("│")[-2].split())


async def test_the_answer_enter_presses_reads_without_colour(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Reverse video alone said which answer had the focus: nothing in the text did, and a
    Tab moved it onto Resign unseen."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_the_board(pilot, "e4", doubling=True)
        await pilot.press("f8")
        await wait_for_question(pilot, "Resign?")
        await pilot.pause()
        assert answers_line(app) == "▸ Keep playing Resign"
        await pilot.press("tab")
        await pilot.pause()
        await pilot.pause()  # the answer, a mark wider, laid out again
        assert answers_line(app) == "Keep playing ▸ Resign"
        await pilot.press("escape")
        await pilot.pause()

        await screen.ask(double_offered(screen.game, lambda _: None))
        await wait_for_question(pilot, "Double offered")
        await pilot.pause()
        assert "▸" not in answers_line(app), "no answer is safe: Enter presses none"
        await pilot.press("tab")
        await pilot.pause()
        assert answers_line(app).startswith("▸ Accept")


async def test_the_clock_under_20_seconds_reads_as_well_as_the_normal_one(
    app: RatedPlayApp, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The low-time clock fell to 2.6:1 against its background, the normal one being 11:1."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_the_board(pilot)
        # The clocks show what is set here, not what the game's clock reads.
        monkeypatch.setattr(screen, "show_clocks", lambda: None)
        for clock_id, running in (("#player-clock", True), ("#opponent-clock", False)):
            clock = screen.query_one(clock_id, ClockView)
            clock.show(15.0, running=running)
            await pilot.pause()
            assert clock.has_class("-low")
            digits = [
                segment.style
                for strip in clock.render_lines(clock.region.reset_offset)
                for segment in strip
                if "0:15.0" in segment.text
            ]
            assert len(digits) == 1 and digits[0].color and digits[0].bgcolor
            ratio = contrast_ratio(digits[0].color, digits[0].bgcolor)
            assert ratio >= TARGET, f"{clock_id}: {ratio:.2f}:1"


async def test_while_the_double_waits_the_board_keys_leave_the_footer_and_say_why(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """F6, F8 and F9 did nothing and said nothing while the engine's double waited, and the
    footer still offered them."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_the_board(pilot, "e4", doubling=True)
        assert {"f6", "f8", "f9"} <= footer_keys(screen)
        await screen.ask(double_offered(screen.game, lambda _: None))
        await wait_for_question(pilot, "Double offered")
        await pilot.pause()
        assert not {"f6", "f7", "f8", "f9"} & footer_keys(screen)
        for key, said in (("f8", "Resign waits"), ("f6", "Offer draw waits")):
            await pilot.press(key)
            await pilot.pause()
            assert said in " ".join(screen_text(app)), key
        assert screen.asking and not screen.game.is_over


def footer_keys(screen: Screen[None]) -> set[str]:
    return {key.key for key in screen.query(FooterKey)}


async def test_a_refused_moves_message_goes_with_the_next_thing_that_happens(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_board(pilot)
        await type_move(pilot, "e5")
        await pilot.pause()
        assert "e5" in shown(app, "#move-error")
        await pilot.press("f8", "escape")  # a question asked and answered
        await pilot.pause()
        assert shown(app, "#move-error") == ""
        await type_move(pilot, "Ke3")
        await pilot.pause()
        assert "Ke3" in shown(app, "#move-error")
        await pilot.press("f6", "escape")  # a draw offer asked for and taken back
        await pilot.pause()
        assert shown(app, "#move-error") == ""


async def test_the_game_help_lists_what_applies_and_stands_beside_both_clocks(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """It listed Tab as Focus Next, missed the mouse, and covered both clocks while the
    player's clock ran."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_board(pilot)
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is screen.query_one("#move-input"), "a stray Tab does nothing"
        help_screen = await open_help(app, pilot, "f1")
        keys = listed(help_screen)
        assert not [line for line in keys if "Focus" in line[1]]
        assert ("Click", "a piece, then a square: move it (the piece again: put it back)") in keys
        await pilot.pause()
        shown_help = help_screen.query_one("#help").region
        for clock in screen.query(ClockView):
            assert not shown_help.overlaps(clock.region), clock.id
            assert clock.region.height == 3
        text = " ".join(screen_text(app))
        assert "White · You" in text and "Black · " in text, "both clocks in sight"


async def test_the_move_box_suggests_moves_of_the_players_own_side(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """Black was told "Your move: e4, Nf3", two moves it cannot play."""
    profile = ledger.create_profile("Magnus")
    record_game(ledger, profile, 1.0, moves=("e4",))  # the next game is Black's
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_the_board(pilot)
        assert screen.game.player_color == chess.BLACK
        hint = screen.query_one("#move-input", Input).placeholder
        assert "e5" in hint and "Nf6" in hint and "e4" not in hint, hint
        assert "e4" in move_hint(chess.WHITE) and "e5" not in move_hint(chess.WHITE)
