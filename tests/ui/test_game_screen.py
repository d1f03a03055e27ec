"""What the game screen shows at its start: who the opponent is, and that the clock runs."""

from __future__ import annotations

import gc
from dataclasses import replace

import chess
from textual.widgets import Checkbox

from engines.opponents.pool import Pool
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.opponent_kind import OpponentKind
from profiles.player.past_games import past_game
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.collections_held import NEVER
from rated_play.ui.screens.game import GameScreen
from rated_play.ui.screens.game_viewer import headers_text
from rated_play.ui.widgets.clock import ClockView
from tests.builders import record_game
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import SIZE, first_game, long_named, resign, start_game, wait_until


async def test_the_opponents_colour_and_rating_survive_a_long_name_at_80x24(
    ledger: Ledger,
) -> None:
    ledger.create_profile("Magnus")
    app = RatedPlayApp(
        ledger, Pool([long_named()]), AppOptions(handle_signals=False, seating=ScriptedSeating())
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")  # the Start button lies below the fold at 80x24
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: bool(screen.query("#opponent-clock")))
        await pilot.pause()
        clock = screen.query_one("#opponent-clock", ClockView)
        assert str(clock.border_title).startswith("Black · 455 · Fairy-Stockfish")
        rated = str(screen.query_one("#rated").render())
        # Named in full above the clocks; its rating said once, on its clock's border.
        assert "against Fairy-Stockfish 11.1 at Skill Level -9" in rated.replace("\n", " ")
        assert "455" not in rated
        await wait_until(
            pilot, lambda: "clock is running" in str(screen.query_one("#status").render())
        )
        assert "started with the game" in str(screen.query_one("#status").render())
        assert screen.game.clock.running == chess.WHITE


async def test_a_person_like_opponent_is_named_short_on_its_clock_and_its_rating_said_once(
    ledger: Ledger,
) -> None:
    """The clock's border read "Maia 1500, a netwo…" and the line above it "against Maia 1500,
    a network trained on people's games (1448)" beside "1448 · Maia 1500"."""
    ledger.create_profile("Magnus")
    network = replace(
        long_named(),
        rating=1448.2,
        kind=OpponentKind.PERSON_LIKE,
        provenance="Maia-1 of lichess players 1500–1599",
    )
    app = RatedPlayApp(
        ledger, Pool([network]), AppOptions(handle_signals=False, seating=ScriptedSeating())
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: bool(screen.query("#opponent-clock")))
        await pilot.pause()
        clock = screen.query_one("#opponent-clock", ClockView)
        assert str(clock.border_title) == "Black · Person-like ≈1450"
        rated = " ".join(str(screen.query_one("#rated").render()).split())
        assert rated.endswith(
            "against a person-like opponent (Maia-1 of lichess players 1500–1599)"
        )
        assert screen.opponent_name == "Your opponent"


async def test_a_game_without_a_clock_says_so_once(app: RatedPlayApp, ledger: Ledger) -> None:
    """The heading said "Rated No clock · no clock": the class and the clock, which are one
    thing without a clock."""
    ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#no-clock", Checkbox).value = True
        screen = await start_game(pilot)
        heading = str(screen.query_one("#rated").render()).splitlines()[0]
        assert heading == "Rated game · No clock"
    for tc, said in (("5+3", "5+3 · Blitz"), ("none", "No clock")):
        assert TimeControl.parse(tc).label == said


def test_a_past_game_without_a_clock_says_so_once(ledger: Ledger) -> None:
    profile = ledger.create_profile("Magnus")
    game_id = record_game(ledger, profile, 1.0, time_control="none")
    headers = headers_text(past_game(ledger, game_id), "Magnus").splitlines()[2]
    assert headers.startswith("No clock · ") and headers.lower().count("clock") == 1


async def test_full_collections_wait_while_the_game_is_on(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """A full garbage collection stopped the event loop for 10 to 80 ms in the middle of a
    game (rated_play/ui/collections_held.py): it waits for the game's end, and then the
    collector's own threshold is back."""
    before = gc.get_threshold()
    async with first_game(app, ledger) as (pilot, screen):
        await wait_until(pilot, lambda: screen.game.clock_started)
        young, middle, oldest = gc.get_threshold()
        assert (young, middle) == before[:2]  # the young generations are collected as usual
        assert oldest == NEVER
        await resign(pilot)
        assert gc.get_threshold() == before
