"""The tests are handed to pytest-xdist's workers with each worker's share starting with its part
of the engine tests (:mod:`tests.shares`): run for real, in a small suite of its own whose
engine tests are all in its first file, where xdist alone would give them all to one worker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.shares import share_sizes

ROOT = Path(__file__).parent.parent

CONFTEST = """
import pytest
from tests.shares import in_shares

def pytest_configure(config):
    config.addinivalue_line("markers", "engine: as in rated-play")

def pytest_collection_modifyitems(config, items):
    items[:] = in_shares(items)
"""

FIRST = """
import os
import pytest

@pytest.mark.engine
@pytest.mark.parametrize("n", range(6))
def test_engine(n):
    with open(os.environ["RAN"], "a") as ran:
        ran.write(f"{os.environ['PYTEST_XDIST_WORKER']} engine\\n")
"""

SECOND = """
import os
import pytest

@pytest.mark.parametrize("n", range(30))
def test_fast(n):
    with open(os.environ["RAN"], "a") as ran:
        ran.write(f"{os.environ['PYTEST_XDIST_WORKER']} fast\\n")
"""


def test_the_sizes_are_those_xdist_hands_out_first() -> None:
    assert share_sizes(1593, 2) == [796, 797]
    assert share_sizes(10, 4) == [2, 2, 3, 3]
    assert share_sizes(3, 1) == [3]


def test_each_worker_starts_with_engine_tests(tmp_path: Path) -> None:
    workers = 2
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "test_a_engines.py").write_text(FIRST, encoding="utf-8")
    (tmp_path / "test_b_fast.py").write_text(SECOND, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    ran = tmp_path / "ran.txt"
    env = {**os.environ, "RAN": str(ran), "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "-n", str(workers), "--dist", "worksteal",
    ]  # fmt: skip
    result = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout[-2000:]
    by_worker: dict[str, list[str]] = {}
    for line in ran.read_text(encoding="utf-8").splitlines():
        worker, kind = line.split()
        by_worker.setdefault(worker, []).append(kind)
    assert len(by_worker) == workers
    for kinds in by_worker.values():
        assert kinds[0] == "engine", kinds
        # Its part of the engine tests, all of it, before the first fast one.
        assert kinds.index("fast") >= 6 // workers, kinds
