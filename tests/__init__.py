"""The tests. What they share is in the harness modules named here, the only modules a test may
import names from (tests/test_harness_imports.py); pytest rewrites their asserts as of a test
module, so a failing check there says its values too."""

import pytest

HARNESS = frozenset(
    {
        # the CLI run in-process, games written into a ledger, fast opponents, the "human"
        "tests.builders",
        # driving the app as a player would (keys, clicks, waiting), and what the screens show
        "tests.ui.driving",
        # the ledger of finished games, played once per session, and its player and counts
        "tests.played_games",
        # a UCI engine that plays a game's moves from a script (run as a program)
        "tests.scripted_engine",
        # the opponent's side played in the test's own process (the seam's scripted opponent),
        # and the moves a test plays without an engine
        "tests.scripted_opponent",
        # ``rated-play engines uci`` in a child process, and the marks that find what it left
        "tests.engines.uci_process",
        # small lc0 networks written in lc0's format, and a slow reference forward pass
        "tests.engines.maia_nets",
    }
)
"""The modules a test may import names from (a test module or a harness module alike); a new
shared module is named here."""

pytest.register_assert_rewrite(*sorted(HARNESS))
