"""The pool entries a benchmark is asked to measure (shared by the benchmarks, not a benchmark)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool


def chosen_entries(pool: Pool, names: Sequence[str]) -> list[Opponent]:
    """The available entries called ``names``; SystemExit naming any that is not one."""
    available = {entry.name: entry for entry in pool.available()}
    unknown = [name for name in names if name not in available]
    if unknown:
        raise SystemExit(f"not an available entry: {', '.join(unknown)} (see `rated-play engines`)")
    return [available[name] for name in names]
