"""The first screen as a player sees it: from the command's exec until its first screen is
painted in a real terminal (tmux), rated-play beside cli-chess 1.8.0 and beside a bare Textual
app that shows a board, in interleaved runs on the same machine at the same moment.

Run as ``python benchmarks/first_screen.py --cli-chess PATH`` (or set ``CLI_CHESS``); it prints
the medians and the ratios, it asserts nothing. cli-chess is never a dependency of this
project: install it into a scratch environment of its own::

    python3 -m venv /tmp/cli-chess && /tmp/cli-chess/bin/pip install cli-chess==1.8.0
    .venv/bin/python benchmarks/first_screen.py --cli-chess /tmp/cli-chess/bin/cli-chess

Without cli-chess the other two are measured and the ratio to cli-chess is left out.

A screen counts as painted when a text that only its finished first screen shows is on the
terminal (``tmux capture-pane``, polled back to back): rated-play's "Start rated game"
button, cli-chess's version in its footer, the bare app's footer. Every program starts in a
tmux server already running, at 120×40, with its data in a scratch directory made beforehand
(rated-play: a ledger with one profile), so no first-run work is counted.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

SIZE = ("120", "40")
SOCKET = "rated-play-first-screen"
"""A tmux server of the benchmark's own, so no session of the person running it is touched."""
TIMEOUT = 20.0

BARE_APP = textwrap.dedent(
    """
    import chess
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    class Bare(App[None]):
        BINDINGS = [("ctrl+q", "quit", "Bare board")]

        def compose(self) -> ComposeResult:
            yield Static(chess.Board().unicode(borders=True))
            yield Footer()

    Bare().run()
    """
)


@dataclass
class Contender:
    name: str
    command: str
    painted: str
    """Text on the terminal once the first screen is painted."""
    seconds: list[float] = field(default_factory=list)


def tmux(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=False
    )


def time_first_screen(contender: Contender, run: int) -> float:
    """Seconds from starting the command in a new tmux session until its screen is painted."""
    session = f"run{run}"
    started = time.perf_counter()
    tmux("new-session", "-d", "-x", SIZE[0], "-y", SIZE[1], "-s", session, contender.command)
    try:
        while True:
            screen = tmux("capture-pane", "-p", "-t", session).stdout
            elapsed = time.perf_counter() - started
            if contender.painted in screen:
                return elapsed
            if elapsed > TIMEOUT:
                raise TimeoutError(f"{contender.name} painted nothing in {TIMEOUT:g} s:\n{screen}")
    finally:
        tmux("kill-session", "-t", session)
        time.sleep(0.3)  # let the process go before the next one starts


def rated_play_data(directory: Path) -> None:
    """A data directory as a player has it: a ledger with a profile."""
    from profiles.ledger import Ledger  # noqa: PLC0415 - only the benchmark's setup needs it

    ledger = Ledger.open(directory / "ledger.sqlite3")
    ledger.create_profile("Bench")
    ledger.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--cli-chess",
        default=os.environ.get("CLI_CHESS"),
        help="the cli-chess 1.8.0 executable (default: $CLI_CHESS); see the module docstring",
    )
    parser.add_argument(
        "--rated-play",
        default=str(Path(sys.executable).with_name("rated-play")),
        help="the rated-play executable to measure (default: the one beside this Python)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        (root / "rated-play").mkdir()
        rated_play_data(root / "rated-play")
        (root / "bare.py").write_text(BARE_APP)
        (root / "home").mkdir()
        path = f"/usr/games:{os.environ.get('PATH', '')}"
        contenders = [
            Contender(
                "rated-play",
                f"PATH={shlex.quote(path)} exec {shlex.quote(args.rated_play)} "
                f"--data-dir {shlex.quote(str(root / 'rated-play'))}",
                "Start rated game",
            ),
            Contender(
                "bare Textual app with a board",
                f"exec {shlex.quote(sys.executable)} {shlex.quote(str(root / 'bare.py'))}",
                "Bare board",
            ),
        ]
        if args.cli_chess:
            contenders.append(
                Contender(
                    "cli-chess 1.8.0",
                    f"HOME={shlex.quote(str(root / 'home'))} exec {shlex.quote(args.cli_chess)}",
                    "cli-chess 1.8.0",
                )
            )
        tmux("new-session", "-d", "-s", "keeper", "sleep 100000")  # the server stays up
        try:
            for contender in contenders:  # warm the page cache, and cli-chess's first run
                time_first_screen(contender, -1)
            for run in range(args.rounds):
                # Interleaved, each round starting with the next contender.
                for offset in range(len(contenders)):
                    contender = contenders[(run + offset) % len(contenders)]
                    contender.seconds.append(time_first_screen(contender, run))
        finally:
            tmux("kill-server")
    print(f"exec → first screen painted, tmux {SIZE[0]}×{SIZE[1]}, {args.rounds} rounds each:")
    for contender in contenders:
        s = contender.seconds
        print(
            f"  {contender.name:32} median {statistics.median(s) * 1000:4.0f} ms  "
            f"(min {min(s) * 1000:.0f}, max {max(s) * 1000:.0f})"
        )
    ours = statistics.median(contenders[0].seconds)
    for other in contenders[1:]:
        print(f"  rated-play / {other.name}: {ours / statistics.median(other.seconds):.2f}")
    if not args.cli_chess:
        print("  (cli-chess not measured: give --cli-chess PATH; see the module docstring)")


if __name__ == "__main__":
    main()
