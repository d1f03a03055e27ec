"""The tests. What they share is in the harness modules named here, the only modules a test may
import names from (tests/test_harness_imports.py); pytest rewrites their asserts as of a test
module, so a failing check there says its values too."""

import pytest
from hypothesis import settings

# A loaded machine can stall one example past Hypothesis's default deadline of 200 ms, which
# fails the test. The properties are about values (speed is measured in benchmarks/), so there
# is no deadline; the rest is Hypothesis's own profile ("ci" under CI=true, derandomised). Here,
# before any harness module builds its settings (tests.builders.FUZZ), which take the profile
# loaded then: loaded in the conftest, after its imports, it left FUZZ the 200 ms deadline.
settings.register_profile("rated-play", parent=settings.default, deadline=None)
settings.load_profile("rated-play")

HARNESS = frozenset(
    {
        # the CLI run in-process, games written into a ledger, fast opponents, the "human"
        "tests.builders",
        # driving the app as a player would (keys, clicks, waiting), and what the screens show
        "tests.ui.driving",
        # the pilot's keys and pauses waiting for the app's messages, not for a quiet clock
        "tests.settling",
        # the order the tests are handed to the workers in: the engine tests first in each share
        "tests.shares",
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
