"""The order the tests are handed to pytest-xdist's workers in: each worker's share starts with
its part of the engine tests and ends with tests of the fast tier.

``--dist worksteal`` gives each worker a contiguous share of the collection at the start, and a
worker with nothing left takes the second half of the longest queue; but it never takes a
worker's last two tests (xdist's ``MIN_PENDING``). In the order they are collected, the engine
tests' longest (the xboard matches, 25 and 35 s) were the last of the first worker's share, and
the other worker stood idle for their length at the end of the full suite: 406 s where 358
would have done. Starting each share with its engine tests leaves short tests for the end,
where a worker that runs out takes them from the other.
"""

from __future__ import annotations

import os

import pytest


def _worker_count() -> int:
    """How many workers share the run: 1 unless pytest-xdist started this process."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))


def share_sizes(tests: int, workers: int) -> list[int]:
    """The sizes of the first shares worksteal hands out: each idle worker, in turn, gets
    the tests left divided by the workers left (``WorkStealingScheduling.check_schedule``)."""
    sizes = []
    for index in range(workers):
        size = tests // (workers - index)
        sizes.append(size)
        tests -= size
    return sizes


def in_shares(items: list[pytest.Item]) -> list[pytest.Item]:
    """``items`` ordered so that each worker's first share is its part of the engine tests (one
    of every ``workers``, so that a long file is split between them), then fast-tier tests in
    the order they were collected. The same order in every worker, as xdist requires."""
    workers = _worker_count()
    if workers < 2:
        return items
    engine = [item for item in items if item.get_closest_marker("engine") is not None]
    fast = [item for item in items if item.get_closest_marker("engine") is None]
    ordered: list[pytest.Item] = []
    for index, size in enumerate(share_sizes(len(items), workers)):
        own = engine[index::workers][:size]
        ordered += own
        ordered += fast[: size - len(own)]
        del fast[: size - len(own)]
    placed = set(ordered)
    return ordered + [item for item in engine if item not in placed] + fast
