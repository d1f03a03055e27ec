"""The setup follows the player's results (slider, 400-point labels, what the game would do),
and the 20-game rule holds on every screen: no rating, nor a hint of one, before 20 games."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Static

from profiles.laws.time_control import PRESETS
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from profiles.player.card import build_card, preview
from profiles.player.seasons import Season
from profiles.ratings.expected import GAP_CAP
from rated_play.ui.app import RatedPlayApp
from rated_play.ui.screens.calculator import CalculatorScreen
from rated_play.ui.screens.games import GamesScreen
from rated_play.ui.screens.history import HistoryScreen
from rated_play.ui.screens.leaderboard import LeaderboardScreen
from rated_play.ui.screens.setup import SetupScreen
from rated_play.ui.widgets.rating_graph import RatingGraph
from rated_play.ui.widgets.strength import StrengthSlider
from tests.builders import record_game
from tests.ui.driving import SIZE, shown, wait_until

BLITZ = PRESETS[1]


def record_games(
    ledger: Ledger, profile: Profile, opponent: float, score: float, count: int
) -> None:
    """Closed blitz games written straight to the ledger, for known ratings."""
    for _ in range(count):
        record_game(ledger, profile, score, opponent_rating=opponent, time_control=str(BLITZ))


def everything_shown(screen: Screen[None]) -> str:
    """The words of every text, graph and table cell on ``screen``."""
    texts = [str(w.render()) for w in screen.query(Static)]
    texts += [str(w.render()) for w in screen.query(RatingGraph)]
    for table in screen.query(DataTable):
        texts += [" ".join(map(str, table.get_row_at(n))) for n in range(table.row_count)]
    return "\n".join(texts)


async def test_a_losing_player_sees_the_slider_come_down_to_the_opponents_near_them(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    profile = ledger.create_profile("Magnus")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slider = app.screen.query_one(StrengthSlider)
        assert (slider.high, slider.informative) == (1500, None), "no results: the whole pool"
        assert "Whatever the result, this is game 1 of 20." in shown(app, "#preview")
    record_games(ledger, profile, 700, 0.0, 20)

    again = RatedPlayApp(ledger, app.pool, app.options)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slider = again.screen.query_one(StrengthSlider)
        # Twenty losses to 700: the floor, 100. The slider reaches 900 and opens at 700.
        assert slider.high == 900 and slider.informative == (-300, 500)
        assert slider.value == 700
        assert "More than 400 above you" in shown(again, "#opponent")
        preview = shown(again, "#preview")
        assert preview.startswith("Win ") and "· Draw " in preview and "· Loss 100 (+0)" in preview
        assert "Stake $10" in preview


async def test_a_provisional_player_is_told_only_what_is_true_of_a_far_stronger_opponent(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    """A provisional game is rated by the performance over the first 20 games, each counted
    at the opponent's own rating: the 400-point rule does nothing to it, so the setup does not
    say it does; it says which game of the 20 this is."""
    profile = ledger.create_profile("Magnus")
    record_games(ledger, profile, 700, 0.5, 3)
    estimate = build_card(ledger, profile).classes[BLITZ.time_class].state
    unleashed = app.pool.unleashed().rating
    assert estimate is not None and unleashed > estimate.rating + GAP_CAP
    games = ledger.games(profile.id)
    far, capped = (
        preview(games, BLITZ.time_class, rating)
        for rating in (unleashed, estimate.rating + GAP_CAP)
    )
    assert far.win.state != capped.win.state, "counted at its own rating, not 400 above"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#unleashed", Checkbox).value = True
        await pilot.pause()
        assert app.pool.unleashed().title in shown(app, "#opponent")
        assert "400" not in shown(app, "#opponent")
        assert (
            shown(app, "#preview").splitlines()[0] == "Whatever the result, this is game 4 of 20."
        )


async def _step_a_month_back_and_forth(pilot: Pilot[None], app: RatedPlayApp) -> None:
    """The leaderboard's month before is a season of its own, which these games are not in."""
    this_month = Season.current()
    await pilot.press("left")
    await pilot.pause()
    assert str(this_month.shifted(-1)) in shown(app, "#season")
    assert not app.screen.query(DataTable)
    await pilot.press("right")
    await pilot.pause()
    assert str(this_month) in shown(app, "#season")
    assert app.screen.query_one(DataTable).get_row_at(0)[1] == "Magnus"


async def test_the_twenty_game_rule_holds_on_every_screen(
    app: RatedPlayApp, ledger: Ledger
) -> None:
    profile = ledger.create_profile("Magnus")
    record_games(ledger, profile, 1200, 1.0, 19)
    hidden = build_card(ledger, profile).classes[BLITZ.time_class].state
    assert hidden is not None
    secret = f"{hidden.rating:.0f}"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        card, preview = shown(app, "#card"), shown(app, "#preview")
        assert "Provisional: 19 of 20 games" in card and secret not in card
        assert "Game 20 of 20: your rating is shown after it." in preview and secret not in preview
        assert secret not in shown(app, "#opponent")

        await pilot.press("f4")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.get_row_at(0)[1:3] == ["Magnus", "1 to rated"]
        await _step_a_month_back_and_forth(pilot, app)
        await pilot.press("escape")

        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, CalculatorScreen))
        assert app.screen.query_one("#rating", Input).value == "1500"
        await pilot.press("escape")

        for key, screen_type, counted in (
            ("h", HistoryScreen, "19 of 20 rated games"),
            ("g", GamesScreen, "19 of 20"),
        ):
            app.screen.set_focus(None)
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, screen_type))  # noqa: B023
            await pilot.pause()
            words = everything_shown(app.screen)
            assert counted in words and secret not in words, key
            await pilot.press("escape")

    record_games(ledger, profile, 1200, 1.0, 1)
    again = RatedPlayApp(ledger, app.pool, app.options)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rating = build_card(ledger, profile).classes[BLITZ.time_class].rating
        assert rating is not None
        assert f"Rating {rating:.0f}" in shown(again, "#card")
        await pilot.press("f4")
        await wait_until(pilot, lambda: isinstance(again.screen, LeaderboardScreen))
        await pilot.pause()
        assert again.screen.query_one(DataTable).get_row_at(0)[1] == "Magnus"
        assert "to rated" not in again.screen.query_one(DataTable).get_row_at(0)[2]
        await pilot.press("escape")
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(again.screen, CalculatorScreen))
        assert again.screen.query_one("#rating", Input).value == f"{rating:.0f}"


async def test_a_new_profile_sees_what_its_first_game_does(app: RatedPlayApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        box = app.screen.query_one("#new-profile", Input)
        box.focus()
        box.value = "Judit"
        await pilot.press("enter")
        await pilot.pause()
        assert "Whatever the result, this is game 1 of 20." in shown(app, "#preview")
        # The name is done: the next key is a command, not another letter of it.
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, GamesScreen))
        assert box.value == ""
