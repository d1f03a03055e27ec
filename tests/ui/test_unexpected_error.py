"""An error the app did not expect is written, with its traceback, to the errors log in the data
directory, and the player is told where; a problem the player can fix is only told."""

from __future__ import annotations

import pytest

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from profiles.ledger.ledger import Ledger
from rated_play.ui.app import AppOptions, RatedPlayApp
from rated_play.ui.screens.error import ErrorDialog
from rated_play.ui.screens.setup import SetupScreen
from tests.scripted_opponent import ScriptedOpponent
from tests.ui.driving import SIZE, shown, wait_until


async def _a_programming_error(self: ScriptedOpponent) -> None:
    """A bug, raised where a game starts: no engine or player can cause one on demand."""
    raise KeyError("white_clock")


async def test_a_programming_error_in_a_worker_is_logged_and_the_dialog_says_where(
    app: RatedPlayApp, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger.create_profile("Magnus")
    log = ledger.directory.errors_log
    log.write_text("an earlier error\n", encoding="utf-8")
    monkeypatch.setattr(ScriptedOpponent, "start", _a_programming_error)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await wait_until(pilot, lambda: isinstance(app.screen, ErrorDialog))
        said = shown(app, ".question")
        assert str(log) in said and "KeyError" in said
        assert "Traceback" not in said and "File " not in said
        await pilot.press("escape")
        assert isinstance(app.screen, SetupScreen)
        assert not app.screen.query_one("#start").disabled
    written = log.read_text(encoding="utf-8")
    assert written.startswith("an earlier error\n"), "the log is appended to"
    assert "Traceback (most recent call last)" in written
    assert "_a_programming_error" in written and "KeyError: 'white_clock'" in written
    assert ledger.games() == []


@pytest.mark.engine
async def test_a_problem_the_player_can_fix_is_told_and_not_logged(ledger: Ledger) -> None:
    broken = Opponent(name="broken", title="Not an engine", command="/bin/true", rating=1000)
    ledger.create_profile("Magnus")
    app = RatedPlayApp(ledger, Pool([broken]), AppOptions(handle_signals=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await wait_until(pilot, lambda: isinstance(app.screen, ErrorDialog))
        assert "could not be started" in shown(app, ".question")
    assert not (ledger.directory.errors_log).exists()
