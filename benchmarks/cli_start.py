"""The subcommands from exec to exit: ``rated-play profile NAME``, ``games NAME``, ``history
NAME``, ``calc``, ``engines uci NAME`` (as a GUI starts it; its input ends at once) and a
misspelt command, each a process of its own, for a player who has played a while (60 games,
as ``benchmarks/first_screen.py`` makes them), beside Python itself starting and doing
nothing. With ``--compare REF`` a git ref's tree is measured too, checked out in a temporary
worktree, in rounds taking turns with this one.

Run as ``python benchmarks/cli_start.py [--compare REF] [--rounds N]``; it prints each
command's median wall time and CPU time (the child's user and system time) for each tree, and
the ratio of the two trees' CPU; it asserts nothing. The bytecode cache is on, as a user has it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from first_screen import rated_play_data
from worktree import HERE, checked_out

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "profile NAME": ["-m", "rated_play", "profile", "Bench"],
    "games NAME": ["-m", "rated_play", "games", "Bench"],
    "history NAME": ["-m", "rated_play", "history", "Bench"],
    "calc": ["-m", "rated_play", "calc", "--rating", "1500", "--opponent", "1600",
             "--result", "win"],
    "engines uci NAME": ["-m", "rated_play", "engines", "uci", "stockfish-unleashed"],
    "misspelt command": ["-m", "rated_play", "profil", "Bench"],
}  # fmt: skip
"""What is timed: Python's own start, then the commands (the last one fails, as it should)."""

Runs = dict[tuple[str, str], list[tuple[float, float]]]
"""Each tree's and command's runs, their wall and CPU seconds."""


def timed(tree: Path, arguments: list[str], data: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``arguments`` on the code of ``tree``."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment |= {"PYTHONPATH": str(tree), "RATED_PLAY_HOME": str(data)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, *arguments],
        cwd=tree,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def measure(trees: dict[str, Path], rounds: int, data: Path) -> Runs:
    """Each command on each tree once a round, the trees taking turns at going first, after
    one run of each that is not counted (the page cache, the bytecode cache)."""
    for tree in trees.values():
        for arguments in COMMANDS.values():
            timed(tree, arguments, data)
    runs: Runs = {(name, command): [] for name in trees for command in COMMANDS}
    for round_ in range(rounds):
        order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
        for command, arguments in COMMANDS.items():
            for name in order:
                runs[name, command].append(timed(trees[name], arguments, data))
    return runs


def print_medians(trees: list[str], runs: Runs) -> None:
    width = max(len(command) for command in COMMANDS)
    print(f"{'':{width}}   " + "   ".join(f"{name:>22}" for name in trees)
          + ("   CPU ratio" if len(trees) == 2 else ""))  # fmt: skip
    print(f"{'':{width}}   " + "   ".join(f"{'wall ms':>10}  {'CPU ms':>10}" for _ in trees))
    for command in COMMANDS:
        cpu = {}
        cells = []
        for name in trees:
            walls, cpus = zip(*runs[name, command], strict=True)
            cpu[name] = statistics.median(cpus)
            cells.append(f"{1000 * statistics.median(walls):10.0f}  {1000 * cpu[name]:10.0f}")
        ratio = f"   {cpu[trees[0]] / cpu[trees[1]]:8.2f}×" if len(trees) == 2 else ""
        print(f"{command:{width}}   " + "   ".join(cells) + ratio)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REF", help="also measure this git ref's tree")
    parser.add_argument("--rounds", type=int, default=15, help="runs of each command a tree")
    parser.add_argument("--games", type=int, default=60, help="the player's finished games")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        rated_play_data(data, arguments.games)
        if arguments.compare is None:
            runs = measure({"this tree": HERE}, arguments.rounds, data)
            print_medians(["this tree"], runs)
            return
        with checked_out(arguments.compare) as other:
            trees = {"this tree": HERE, arguments.compare: other}
            runs = measure(trees, arguments.rounds, data)
        print(f"{arguments.rounds} rounds, taking turns:")
        print_medians(list(trees), runs)


if __name__ == "__main__":
    main()
