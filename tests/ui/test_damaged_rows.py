"""A ledger row no game can hold (text that is not UTF-8, a rating off the scale, a score of 7)
is left out and named by its game id, by the app as by every reading command: no traceback."""

from __future__ import annotations

import io
import re
import sqlite3
import sys

import pytest

from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.cli import main
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.error import ErrorDialog
from rated_play.ui.screens.setup import SetupScreen
from tests.builders import record_game
from tests.scripted_opponent import ScriptedSeating
from tests.ui.driving import SIZE, wait_until

DAMAGE = {
    "text that is not UTF-8": "opponent_title = CAST(x'ff41' AS TEXT)",
    "a rating of 1e308": "opponent_rating = 1e308",
    "a rating of -5": "opponent_rating = -5",
    "a score of 7": "player_score = 7",
    "a finished game without a score": "player_score = NULL",
    "a time control of x+y": "time_control = 'x+y'",
    "a rating that is text": "rating_after = 'high'",
}

DAMAGED = 8
"""The damaged game's id: its profile's sixth game, its class's fifth rated one."""


def damaged_ledger(ledger: Ledger, damage: str) -> None:
    magnus = ledger.create_profile("Magnus")
    other = ledger.create_profile("Hikaru")
    record_game(ledger, other, 1.0)
    record_game(ledger, other, 0.0)
    record_game(ledger, magnus, None)  # void: not rated
    for score in (1.0, 0.5, 0.0, 1.0, 1.0, 0.0):
        record_game(ledger, magnus, score)
    db = sqlite3.connect(ledger.path)
    db.execute(f"UPDATE games SET {DAMAGE[damage]} WHERE id = ?", (DAMAGED,))
    db.commit()
    db.close()


def named_games(text: str) -> set[int]:
    return {int(number) for number in re.findall(r"\bgame (\d+)", text)}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_the_app_leaves_out_a_damaged_row_and_names_its_game(
    ledger: Ledger, pool: Pool, damage: str
) -> None:
    damaged_ledger(ledger, damage)
    app = RatedPlayApp(ledger, pool, AppOptions(handle_signals=False, seating=ScriptedSeating()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog)
        assert named_games(app.screen.message) == {DAMAGED}, app.screen.message
        assert "restore the ledger from a backup" in app.screen.message
        await pilot.click("#ok")
        # The dialog is dismissed on the app's next turn: wait for it, as under load it comes late.
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))


@pytest.mark.parametrize("command", ["profile", "games", "history", "export"])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_reading_command_names_the_damaged_row_by_its_game_id(
    ledger: Ledger, damage: str, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged_ledger(ledger, damage)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", err)
    status = main([command, "Magnus", "--data-dir", str(ledger.path.parent)])
    assert status != 0
    [line] = err.getvalue().splitlines()
    assert named_games(line) == {DAMAGED}, line
