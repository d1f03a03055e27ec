"""The ``engine`` mark: where no engine is installed, the tests that need none still run and
the ones that need one are skipped with one reason, but CI fails at once; and a test that asks
for an engine fixture without the mark stops the run, and one that starts an engine without the
mark fails, so the marking cannot fall behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A machine without the engines: none on PATH (an empty directory) and none in the Debian games
# directories that engines.discovery also searches, which the child pytest is told are empty.
WITHOUT_ENGINES = (
    "import sys, pytest, engines.discovery as discovery; "
    "discovery.GAMES_DIRS = (); sys.exit(pytest.main(sys.argv[1:]))"
)

PURE = ["tests/ratings/test_ratings_expected.py", "tests/profiles/test_time_control.py"]
ENGINE = "tests/engines/test_roster.py"
MISSING = (
    "stockfish, fairy-stockfish, pgn-extract, xboard, polyglot, xvfb-run not installed "
    "(on PATH or in /usr/games): "
    "install with scripts/setup --test"
)


def pytest_without_engines(
    tmp_path: Path, *args: str, ci: bool
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI" and not k.startswith("PYTEST_")}
    empty = tmp_path / "empty-path"
    empty.mkdir(exist_ok=True)
    env["PATH"] = str(empty)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_ENGINES, "-q", "-p", "no:cacheprovider", "-rs", *args],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def pytest_with_our_fixtures(test_file: Path) -> subprocess.CompletedProcess[str]:
    """pytest run on ``test_file`` alone, with this suite's conftest and settings."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
         "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"), str(test_file)],
        check=False,
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")},
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip


def test_without_engines_the_pure_tests_run_and_the_engine_tests_are_skipped(
    tmp_path: Path,
) -> None:
    run = pytest_without_engines(tmp_path, *PURE, ENGINE, ci=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 skipped" in run.stdout and " passed" in run.stdout and "failed" not in run.stdout
    assert f"engine test skipped: {MISSING}" in run.stdout


def test_in_ci_a_missing_engine_fails_the_run_at_once(tmp_path: Path) -> None:
    run = pytest_without_engines(tmp_path, *PURE, ENGINE, ci=True)
    assert run.returncode != 0
    assert run.stdout == "" or "passed" not in run.stdout, "no test ran"
    assert f"ERROR: CI cannot run the engine tests: {MISSING}.\n" in run.stderr


def test_an_engine_fixture_without_the_mark_stops_the_run(tmp_path: Path) -> None:
    unmarked = tmp_path / "test_unmarked.py"
    unmarked.write_text("def test_plays(human):\n    pass\n")
    run = pytest_with_our_fixtures(unmarked)
    assert run.returncode != 0
    assert (
        "These tests use an engine fixture but lack @pytest.mark.engine: ::test_plays" in run.stderr
    ), run.stdout + run.stderr


def test_a_test_without_the_mark_that_starts_an_engine_fails_naming_itself(
    tmp_path: Path,
) -> None:
    """The fast tier starts no engine process: an unmarked test that starts one, through
    python-chess as every engine here is started, fails before the process exists."""
    unmarked = tmp_path / "test_starts_an_engine.py"
    unmarked.write_text(
        "import chess.engine\n\n"
        "async def test_starts_one():\n"
        "    await chess.engine.popen_uci('stockfish')\n"
    )
    run = pytest_with_our_fixtures(unmarked)
    assert run.returncode != 0
    said = "test_starts_one starts an engine ('stockfish') but lacks the engine mark"
    assert said in run.stdout, run.stdout + run.stderr
    assert "1 failed" in run.stdout
