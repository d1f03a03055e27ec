"""The calculator (F2) opens on the game to be played and computes what the app would rate it:
the player's rating, games and K in the app's system, against the chosen opponent."""

from __future__ import annotations

from textual.widgets import Input, RadioButton, Static

from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from profiles.player.card import build_card, preview
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.widgets.title_bar import TitleBar
from tests.builders import record_game
from tests.ui.driving import SIZE, choose_weakest_opponent, wait_until

BLITZ = PRESETS[1]


async def test_a_rated_players_calculator_gives_what_the_game_would_do(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """35 blitz games: a rating, and FIDE's K 20 after 30 games (it once said 40 and used
    no cap); a win, a draw and a loss against the chosen opponent, over 400 points below,
    come out as the setup's preview of them, which rates the ledger with the game added."""
    profile = ledger.create_profile("Magnus")
    for number in range(35):
        score = (1.0, 0.5, 0.0)[number % 3]
        record_game(ledger, profile, score, opponent_rating=1400, time_control=str(BLITZ))
    rating = build_card(ledger, profile).classes[BLITZ.time_class].rating
    assert rating is not None and rating > 1400 - 50
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        opponent = app.pool.nearest(0).rating
        assert rating - opponent > 400  # FIDE's cap counts the gap as 400
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(TitleBar).region.height == 1
        assert screen.query_one("#rating", Input).value == f"{rating:.0f}"
        assert screen.query_one("#opponent", Input).value == f"{opponent:.0f}"
        assert screen.query_one("#k", Input).value == "20"
        assert screen.query_one("#k", Input).disabled  # the system's K, not the player's
        reason = str(screen.query_one("#k-reason", Static).render())
        assert reason == "K 20: 35 rated games in Blitz"
        outlook = preview(ledger.games(profile.id), BLITZ.time_class, opponent)
        for button, card in (
            ("#result-win", outlook.win),
            ("#result-draw", outlook.draw),
            ("#result-loss", outlook.loss),
        ):
            await pilot.click(button)
            await pilot.pause()
            assert screen.query_one(button, RadioButton).value
            assert card.rating is not None
            outcome = str(screen.query_one("#outcome", Static).render())
            assert f"New rating      {card.rating:g}" in outcome, button
            assert f"Rating change   {card.rating - rating:+g}" in outcome, button


async def test_a_provisional_players_calculator_works_out_no_rating(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """19 blitz games: the next is the 20th, which sets the first rating from the performance
    over all twenty; no K works it out, and no rating is shown or hinted at before it (the
    calculator once gave "+34 → 1534, K 40" where the game gives 1835). Plain Elo still works
    a game out on the ratings typed."""
    profile = ledger.create_profile("Magnus")
    for _ in range(19):
        record_game(ledger, profile, 0.5, opponent_rating=1800, time_control=str(BLITZ))
    async with app.run_test(size=SIZE) as pilot:
        await choose_weakest_opponent(pilot)
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        await pilot.pause()
        screen = app.screen
        outcome = str(screen.query_one("#outcome", Static).render())
        assert outcome.startswith("Game 20 of 20: your rating is shown after it.")
        assert "New rating" not in outcome and "K " not in outcome
        assert str(screen.query_one("#k-reason", Static).render()) == ""
        await pilot.click("#plain")
        await pilot.pause()
        assert "New rating" in str(screen.query_one("#outcome", Static).render())
