"""What ``scripts/play`` adds to ``.venv/bin/rated-play`` once set up, with the package index
unreachable: both started in interleaved runs, to ``--help`` printed (the launcher's own cost,
little else) and to the first screen painted in tmux (what a player waits for, measured as
``first_screen.py`` does). It prints the medians, the difference and the ratio; it asserts
nothing, but stops before measuring when ``scripts/play`` prints anything of its own (a set-up
due, or pip's retries): set up first, with the network, by launching ``scripts/play`` once.

Everything it starts sees the index unreachable (``http://127.0.0.1:9/``, the discard port),
no pip configuration file and no proxy, as on a machine without network.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from first_screen import SIZE, measure, print_medians, rated_play, rated_play_data

ROOT = Path(__file__).resolve().parent.parent
UNREACHABLE = {"PIP_INDEX_URL": "http://127.0.0.1:9/", "PIP_CONFIG_FILE": os.devnull}


def offline() -> None:
    """This process's environment, which everything it starts inherits, without network (and
    with Python's bytecode cache on, as a user has it: see first_screen.py)."""
    for key in list(os.environ):
        if key.lower().endswith("_proxy") or key.startswith("PIP_"):
            del os.environ[key]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ.update(UNREACHABLE)


def seconds(*command: str) -> tuple[float, str]:
    """How long the command took, and what it printed."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, done.stdout + done.stderr


def compare(label: str, launcher: list[float], app: list[float]) -> None:
    difference = statistics.median(launcher) - statistics.median(app)
    ratio = statistics.median(launcher) / statistics.median(app)
    print(f"  {label}: scripts/play − rated-play {difference * 1000:+.0f} ms, ratio {ratio:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="runs of each to --help")
    parser.add_argument("--screens", type=int, default=10, help="runs of each to the screen")
    parser.add_argument("--games", type=int, default=60, help="games the player has played")
    args = parser.parse_args()
    offline()
    app = str(Path(sys.executable).with_name("rated-play"))
    launcher = str(ROOT / "scripts/play")

    _, expected = seconds(app, "--help")
    probe = subprocess.run([launcher, "--help"], capture_output=True, text=True, check=False)
    if probe.returncode != 0 or probe.stdout + probe.stderr != expected:
        extra = (probe.stdout + probe.stderr).replace(expected, "").strip()
        sys.exit(f"scripts/play printed more than the app; set it up first:\n{extra}")

    timings: dict[str, list[float]] = {launcher: [], app: []}
    for run in range(args.rounds):
        for command in (launcher, app) if run % 2 else (app, launcher):
            timings[command].append(seconds(command, "--help")[0])
    # The check alone, which is all scripts/play adds: without the app's own spread around it.
    check = [seconds(str(ROOT / "scripts/setup"), "--if-needed")[0] for _ in range(args.rounds)]

    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch)
        record = rated_play_data(data, args.games)
        screens = [rated_play("scripts/play", launcher, data, record)]
        screens.append(rated_play(".venv/bin/rated-play", app, data, record))
        measure(screens, args.screens)

    print("package index unreachable (PIP_INDEX_URL=http://127.0.0.1:9/, no proxy, no pip.conf)")
    print(f"exec → --help printed, {args.rounds} runs each:")
    print_medians({"scripts/play": timings[launcher], ".venv/bin/rated-play": timings[app]})
    compare("--help", timings[launcher], timings[app])
    alone = statistics.median(check) * 1000
    print(f"  scripts/play's check alone (scripts/setup --if-needed): median {alone:.0f} ms")
    print(
        f"exec → first screen painted, tmux {SIZE[0]}×{SIZE[1]}, {args.screens} runs each, "
        f"{args.games} games played:"
    )
    print_medians({screen.name: screen.seconds for screen in screens})
    compare("first screen", screens[0].seconds, screens[1].seconds)


if __name__ == "__main__":
    main()
