"""The tests. What they share is in the harness modules tests/test_harness_imports.py names;
pytest rewrites the asserts of those as of a test module, so a failing check there says its
values too."""

import pytest

pytest.register_assert_rewrite(
    "tests.builders",
    "tests.ui.driving",
    "tests.played_games",
    "tests.scripted_engine",
    "tests.scripted_player",
    "tests.engines.uci_process",
    "tests.engines.maia_nets",
)
