"""Seeing that an engine's search will never end: its process is gone, or it thinks no more.

Every engine we run is watched the same way, the opponent's own and its judge alike
(:mod:`engines.opponents.engine_player`, :mod:`engines.opponents.judge`).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

HANG_WINDOW = 6.0
"""Seconds a thinking engine may go without using any CPU time before it counts as hung."""
WATCH_INTERVAL = 1.0


def cpu_seconds(pid: int) -> float | None:
    """CPU time a process (all its threads) has used, from /proc; None where unavailable."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    # Fields after the command name: utime and stime are the 12th and 13th.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def watch_for_hang(search: asyncio.Future[Any], pid: int | None) -> str | None:
    """Wait for ``search``; None once it has ended, or why the engine is taken for dead: its
    process is gone, or it stopped using the CPU.

    A thinking engine burns CPU; one that is stopped, deadlocked or blocked uses none. A live
    process can always be asked ``isready``, but python-chess serialises commands, so the
    CPU counter is the one signal that works while a search is running.
    """
    if pid is None or not sys.platform.startswith("linux"):
        await asyncio.wait({search})
        return None
    last_cpu = cpu_seconds(pid)
    idle = 0.0
    while True:
        done, _ = await asyncio.wait({search}, timeout=WATCH_INTERVAL)
        if done:
            return None
        cpu = cpu_seconds(pid)
        if cpu is None or last_cpu is None:
            return "the engine process is gone"
        idle = idle + WATCH_INTERVAL if cpu - last_cpu < 0.01 else 0.0
        last_cpu = cpu
        if idle >= HANG_WINDOW:
            return f"the engine used no CPU for {HANG_WINDOW:.0f} s while thinking"
