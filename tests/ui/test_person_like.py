"""An opponent that plays like a person, asked for at the setup: the Maia network nearest the
wanted strength, never an engine while the box is ticked and never a network while it is not,
said plainly when none plays near the wish or Unleashed wins over the box, remembered per
profile, and a whole rated game against it through the app."""

from __future__ import annotations

import chess.engine
import pytest
from textual.widgets import Checkbox

from engines.opponents.choice import OpponentWish, choose_opponent
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.result import ResultScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import fast_opponent, offered_at, record_game
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import (
    SIZE,
    ask_for,
    opponent_said,
    play_out_against,
    resign,
    shown,
    start_game,
    wait_until,
)


def network(name: str, rating: float) -> Opponent:
    """A shipped network at a known rating, offered on this test's own ladder."""
    return offered_at(name, rating, 25.0)


@pytest.fixture
def pool() -> Pool:
    return Pool(
        [
            fast_opponent(50, 700.0, rating_error=60.0, calibrated=True),
            network("maia-1100", 1300.0),
            network("maia-1900", 1700.0),
            fast_opponent(20000, 2500.0, calibrated=True),
        ]
    )


async def test_ticked_gets_the_nearest_network_by_what_it_plays_or_says_none_plays_there(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask_for(app, 1350, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1100"
        assert (
            "Wanted ≈1350 → A person-like opponent, about 1300: Maia-1 of lichess players "
            "1100–1199 (measured 1300 ± 25)" in opponent_said(app)
        )
        assert "No person-like" not in opponent_said(app)
        await ask_for(app, 1640, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1900"
        await ask_for(app, 800, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1100"  # never an engine while the box is ticked
        assert (
            "No person-like opponent plays near 800; the weakest plays (with a beginner's "
            "errors, people's moves play no weaker than it)." in opponent_said(app)
        )
        await ask_for(app, 2400, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1900"
        assert "No person-like opponent plays near 2400; the strongest plays." in (
            opponent_said(app)
        )
        await ask_for(app, 800, person_like=False)
        await pilot.pause()
        assert screen.opponent.name == "stockfish-nodes-50"
        assert "person-like" not in opponent_said(app)  # nothing was asked that is not met


async def test_unticked_never_offers_a_person_like_opponent(ledger: Ledger, pool: Pool) -> None:
    """Not even where the slider lands on a network's own rating."""
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        slider = screen.query_one(StrengthSlider)
        reached = []
        for strength in [*range(600, 2600, 25), 1300, 1700]:
            await ask_for(app, strength, person_like=False)
            await pilot.pause()
            if slider.value == strength:  # inside the slider's reach
                reached.append(strength)
                assert not screen.opponent.person_like, strength
                assert "person-like" not in opponent_said(app)
        assert {1300, 1700} <= set(reached) and len(reached) > 50


async def test_unleashed_with_the_box_ticked_says_unleashed_wins(
    ledger: Ledger, pool: Pool
) -> None:
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask_for(app, 1300, person_like=True)
        screen.query_one("#unleashed", Checkbox).value = True
        await pilot.pause()
        assert screen.opponent.name == "stockfish-nodes-20000"
        assert (
            "Unleashed wins: the engine at full strength plays. "
            "“Plays like a person” chooses along the slider." in opponent_said(app)
        )
        screen.query_one("#person-like", Checkbox).value = False
        await pilot.pause()
        assert "Plays like a person" not in opponent_said(app)


@pytest.mark.engine
async def test_a_whole_game_against_a_network_and_the_wish_is_remembered(
    ledger: Ledger, pool: Pool, human: chess.engine.Protocol
) -> None:
    ledger.create_profile("Ashton")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        game = (await play_out_against(app, pilot, human, 1300)).game
        assert game.opponent.name == "maia-1100"
        record = ledger.game(game.game_id)
        assert record.status is GameStatus.FINISHED
        assert record.opponent_name == "maia-1100"
        assert len(ledger.moves(game.game_id)) == len(game.san_moves()) >= 10

    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = again.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#person-like", Checkbox).value
        assert setup.opponent.person_like


async def test_the_result_against_a_person_like_opponent_keeps_its_buttons_at_80_by_24(
    ledger: Ledger, pool: Pool
) -> None:
    """The sentence named the opponent with its provenance ("… rated 257 (Maia-1 of lichess
    players 1100–1199, every move drawn at temperature 3)"), six lines at 80×24, and the
    buttons fell off the screen: only their top borders showed."""
    ledger.create_profile("Ashton")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=(80, 24)) as pilot:
        await ask_for(app, 1300, person_like=True)
        await pilot.pause()
        screen = await start_game(pilot)
        assert screen.game.opponent.person_like
        await resign(pilot)
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen)
        for button in ("#next-game", "#analyse"):
            region = result.query_one(button).region
            assert region.height >= 3 and region.bottom <= 23, f"{button} is cut: {region}"
        summary = " ".join(shown(app, "#summary").split())
        assert "against a person-like opponent rated" in summary and "Maia" not in summary


async def test_a_wish_beyond_the_ladder_is_remembered_as_the_opponent_that_played(
    ledger: Ledger, pool: Pool
) -> None:
    """Ticked at 800, the weakest person-like opponent (1300) plays; remembered as 800, a won
    game against it came back as "Your last choice, 800, is more than 400 below what your
    first game performed at", the slider moved off the opponent the player had chosen."""
    profile = ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ask_for(app, 800, person_like=True)
        await pilot.pause()
        assert screen.opponent.name == "maia-1100" and screen.opponent.rating == 1300.0
        chosen = screen.current_setup()
    assert chosen.strength == 1300.0 and chosen.person_like
    ledger.save_setup(profile.id, chosen)  # as the start of a game saves it
    record_game(ledger, profile, 1.0, moves=("e4",), opponent_rating=1300.0)
    again = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one(StrengthSlider).value == 1300.0
        assert screen.opponent.name == "maia-1100"
        assert "Your last choice" not in shown(again, "#opponent")
    unticked = OpponentWish(strength=800.0)
    assert choose_opponent(pool, unticked).chosen_strength(unticked) == 800.0


async def test_back_from_a_game_beyond_the_ladder_the_setup_says_why_the_slider_moved(
    ledger: Ledger, pool: Pool
) -> None:
    """After the beginner's first game "Wanted ≈700" became "Wanted ≈1007" with no line saying
    why (the club player, whose wish the results moved, was told)."""
    ledger.create_profile("Reid")
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        await ask_for(app, 800, person_like=True)
        await pilot.pause()
        assert "Wanted ≈800 →" in opponent_said(app)
        await start_game(pilot)
        await resign(pilot)
        await pilot.click("#next-game")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        assert app.screen.query_one(StrengthSlider).value == 1300.0
        assert (
            "Wanted ≈1300 → " in opponent_said(app)
            and "You asked for 800, where no person-like opponent plays: the slider is at the "
            "weakest of them, 1300, which played."
            in opponent_said(app)
        )
        app.screen.query_one(StrengthSlider).focus()
        await pilot.press("right")
        await pilot.pause()
        assert "You asked for" not in opponent_said(app), "said until the slider is moved"
