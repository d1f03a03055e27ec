"""What the first screen loads: only what it shows. The time to it is measured by
``benchmarks/first_screen.py``; this checks the modules that would make it slower."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from tests.builders import record_game

ROOT = Path(__file__).parents[2]

LOADED_AT_FIRST_PAINT = textwrap.dedent(
    """
    import asyncio, gc, json, sys
    from rated_play.ui.app import RatedPlayApp

    loaded = []
    collecting = []

    def close_abandoned_games(self):
        # Called once the first screen is painted: what is loaded by then?
        loaded.extend(sorted(sys.modules))
        collecting.append(gc.isenabled())
        self.exit()

    def run(self):
        async def headless():
            async with self.run_test(size=(120, 40)) as pilot:
                while not loaded:
                    await pilot.pause(0.01)

        asyncio.run(headless())

    RatedPlayApp.close_abandoned_games = close_abandoned_games
    RatedPlayApp.run = run
    from rated_play.cli import main

    main(["--data-dir", sys.argv[1]])
    print(json.dumps({"loaded": loaded, "collecting": collecting + [gc.isenabled()]}))
    """
)


def test_the_first_screen_loads_no_game_no_subcommand_and_no_python_chess(
    ledger: Ledger, profile: Profile, tmp_path: Path
) -> None:
    """The command line, then the app, as ``rated-play`` starts them, for a player with games
    (the card, the colour and the preview read them): python-chess (its import builds attack
    tables), the game session, the analysis, the other screens and dialogs and the subcommands
    load after the first paint."""
    for score in (1.0, 0.5, 0.0):
        record_game(ledger, profile, score)
    out = subprocess.run(
        [sys.executable, "-c", LOADED_AT_FIRST_PAINT, str(tmp_path / "data")],
        cwd=ROOT,
        env={**os.environ, "PATH": f"/usr/games:{os.environ.get('PATH', '')}"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    seen = json.loads(out.splitlines()[-1])
    loaded = set(seen["loaded"])
    assert "rated_play.ui.screens.setup" in loaded, "the first screen was not shown"
    first_screen = {"rated_play.ui.screens.setup", "rated_play.ui.screens.base"}
    unwanted = {
        name
        for name in loaded
        if name.split(".")[0] == "chess"
        or name.startswith(("rated_play.session", "rated_play.commands."))
        or (name.startswith("rated_play.ui.screens.") and name not in first_screen)
        or name == "profiles.accuracy"
    }
    assert unwanted == set()
    # The garbage collector, off while the app starts, is on again once the screen is painted.
    assert seen["collecting"] == [True, True]
