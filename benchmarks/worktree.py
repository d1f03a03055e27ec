"""A git ref's tree checked out beside this one, for the benchmarks that compare the two."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
"""This tree: the checkout the benchmarks are in."""


@contextmanager
def checked_out(reference: str) -> Iterator[Path]:
    """``reference``'s tree in a temporary worktree, removed afterwards."""
    with tempfile.TemporaryDirectory() as scratch:
        other = Path(scratch) / "tree"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(other), reference],
            check=True,
            capture_output=True,
        )
        try:
            yield other
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(other)],
                check=False,
            )
