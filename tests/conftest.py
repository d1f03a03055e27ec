"""Fixtures shared by every test: the real Stockfish, a real ledger file, a fast "human"; and
the ``engine`` mark, which lets the tests that need no engine run where none is installed."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import NoReturn

import chess
import chess.engine
import pytest
import textual.app
import textual.pilot
from textual.message_pump import MessagePump

import engines.maia  # noqa: F401 - first: numpy's one BLAS thread must be set before it loads
from engines.discovery import find_engine
from engines.opponents.opponent import Opponent
from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import Profile
from tests.builders import fast_opponent, human_engine
from tests.played_games import played_ledger
from tests.settling import counting_dispatch, settled
from tests.shares import in_shares

ENGINE_PROGRAMS = ("stockfish", "fairy-stockfish", "pgn-extract", "xboard", "polyglot", "xvfb-run")
"""What the tests marked ``engine`` run: the programs ``scripts/setup --test`` installs."""

ENGINE_FIXTURES = frozenset({"human", "opponent"})
"""Fixtures that start a real engine, or hand a test one to play: a test asking for one
must carry the ``engine`` mark, so the mark cannot fall behind what the tests use."""


def _in_ci() -> bool:
    """Whether this run is CI's (CI=true, as CI services and .ci/run set it)."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def _missing_engines() -> str | None:
    """One sentence naming the engine programs not installed, or None when all are."""
    missing = [program for program in ENGINE_PROGRAMS if find_engine(program) is None]
    if not missing:
        return None
    return (
        f"{', '.join(missing)} not installed (on PATH or in /usr/games): "
        "install with scripts/setup --test"
    )


def pytest_configure(config: pytest.Config) -> None:
    # In CI the engine tests must fail, never skip: without the engines the run stops here.
    missing = _missing_engines()
    if missing is not None and _in_ci():
        raise pytest.UsageError(f"CI cannot run the engine tests: {missing}.")


def _engine_fixtures(item: pytest.Item) -> set[str]:
    """The engine fixtures ``item`` asks for (a parametrized argument of the same name is not
    one)."""
    callspec = getattr(item, "callspec", None)
    parametrized = set(callspec.params) if callspec is not None else set()
    return ENGINE_FIXTURES.intersection(getattr(item, "fixturenames", ())) - parametrized


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    unmarked = [
        item.nodeid
        for item in items
        if _engine_fixtures(item) and not item.get_closest_marker("engine")
    ]
    if unmarked:
        raise pytest.UsageError(
            "These tests use an engine fixture but lack @pytest.mark.engine: " + ", ".join(unmarked)
        )
    items[:] = in_shares(items)
    missing = _missing_engines()
    if missing is None:
        return
    skip = pytest.mark.skip(reason=f"engine test skipped: {missing}")
    for item in items:
        if item.get_closest_marker("engine") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _no_engine_unmarked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test without the ``engine`` mark starts no engine process: every engine, ours and the
    tests' own, starts through python-chess's ``popen``, which fails such a test. So the fast
    tier (``-m "not engine"``) never waits for an engine, and the mark cannot fall behind what
    a test does."""
    if request.node.get_closest_marker("engine") is not None:
        return
    test = request.node.nodeid

    async def refused(cls: type, command: object, **_: object) -> NoReturn:
        raise AssertionError(f"{test} starts an engine ({command!r}) but lacks the engine mark")

    monkeypatch.setattr(chess.engine.Protocol, "popen", classmethod(refused))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the developer's own data and configuration out of every test."""
    monkeypatch.setenv("RATED_PLAY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


@pytest.fixture(autouse=True)
def _settle_by_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot's keys and pauses wait until the app has handled its messages, not for the
    process to sleep 20 ms with no CPU spent (:mod:`tests.settling`)."""
    monkeypatch.setattr(textual.app, "wait_for_idle", settled)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", settled)
    dispatch = counting_dispatch(MessagePump._dispatch_message)
    monkeypatch.setattr(MessagePump, "_dispatch_message", dispatch)


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    opened = Ledger.open(DataDirectory(tmp_path / "data"))
    yield opened
    opened.close()


@pytest.fixture
def profile(ledger: Ledger) -> Profile:
    return ledger.create_profile("Magnus")


@pytest.fixture
def opponent() -> Opponent:
    return fast_opponent()


@pytest.fixture
async def human() -> AsyncIterator[chess.engine.Protocol]:
    """The player's moves come from a second Stockfish (at depth 1, by :func:`human_move`)."""
    async with human_engine() as engine:
        yield engine


@pytest.fixture(scope="session")
def played_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ledger file of :mod:`tests.played_games`, played once a run (in the directory the
    run's workers share, the parent of each one's own); a test copies it before writing to
    it, as the ``played`` fixture does."""
    run_directory = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_directory = run_directory.parent
    return played_ledger(run_directory / "played")


@pytest.fixture
def played(played_games: Path, tmp_path: Path) -> Iterator[Ledger]:
    """A copy of the played ledger, in this test's data directory, opened."""
    target = tmp_path / "data" / "ledger.sqlite3"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(played_games, target)
    opened = Ledger.open(DataDirectory.of_ledger(target))
    yield opened
    opened.close()
