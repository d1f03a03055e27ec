"""The first screen as a player sees it: from the command's exec until its first screen is
painted in a real terminal (tmux), rated-play beside cli-chess 1.8.0 and beside a bare Textual
app that shows a board, in interleaved runs on the same machine at the same moment.

Run as ``python benchmarks/first_screen.py --cli-chess PATH`` (or set ``CLI_CHESS``); it prints
the medians and the ratios, it asserts nothing. cli-chess is never a dependency of this
project: install it into a scratch environment of its own::

    python3 -m venv /tmp/cli-chess && /tmp/cli-chess/bin/pip install cli-chess==1.8.0
    .venv/bin/python benchmarks/first_screen.py --cli-chess /tmp/cli-chess/bin/cli-chess

Without cli-chess the other two are measured and the ratio to cli-chess is left out.

A screen counts as painted when every text that only its finished first screen shows is on
the terminal (``tmux capture-pane``, polled back to back): for rated-play, the profile card's
won/drawn/lost read from the ledger, the preview's stake line (computed from the player's
games and the chosen opponent) and the start button, so a screen still waiting for its data
does not count; cli-chess's version in its footer; the bare app's footer. Every program starts
in a tmux server already running, at 120×40, with its data in a scratch directory made
beforehand, so no first-run work is counted. rated-play's is a player who has played a while
(``--games``, 60 by default, most of them blitz, with the setup of the last game saved): the
first screen reads and rates every one of them.

Each program is run once before the measured rounds (the page cache, cli-chess's first run)
with Python's bytecode cache on, as a user has it, even where ``PYTHONDONTWRITEBYTECODE`` is
set in the shell running the benchmark: without it an editable install compiles rated-play on
every start while the other two load theirs compiled by pip.

``--rated-play`` may be given more than once (say, before and after a change): every build is
measured in the same interleaved rounds and compared with the others.
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

from profiles.data_directory import DataDirectory
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger
from profiles.setup import Setup

SIZE = ("120", "40")
SOCKET = "rated-play-first-screen"
"""A tmux server of the benchmark's own, so no session of the person running it is touched."""
TIMEOUT = 20.0
EXIT_TIMEOUT = 5.0
"""How long a measured program may take to exit before the next one starts anyway."""

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


BLITZ, RAPID = TimeControl.parse("5+3"), TimeControl.parse("15+10")


@dataclass
class Contender:
    name: str
    command: str
    painted: tuple[str, ...]
    """Texts that are all on the terminal once the first screen is painted."""
    seconds: list[float] = field(default_factory=list)


def tmux(*args: str) -> subprocess.CompletedProcess[str]:
    # The programs measured run as a user's do, writing and reading their bytecode cache.
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.run(
        ["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=False, env=environment
    )


def time_first_screen(contender: Contender, run: int) -> float:
    """Seconds from starting the command in a new tmux session until its screen is painted."""
    session = f"run{run}"
    started = time.perf_counter()
    tmux("new-session", "-d", "-x", SIZE[0], "-y", SIZE[1], "-s", session, contender.command)
    pid = tmux("display-message", "-p", "-t", session, "#{pane_pid}").stdout.strip()
    try:
        while True:
            screen = tmux("capture-pane", "-p", "-t", session).stdout
            elapsed = time.perf_counter() - started
            if all(text in screen for text in contender.painted):
                return elapsed
            if elapsed > TIMEOUT:
                raise TimeoutError(f"{contender.name} painted nothing in {TIMEOUT:g} s:\n{screen}")
    finally:
        tmux("kill-session", "-t", session)
        wait_for_exit(pid)


def wait_for_exit(pid: str) -> None:
    """Wait until the measured process is gone: one still shutting down (rated-play, told its
    terminal closed, may take a second) would slow whichever contender starts next."""
    deadline = time.monotonic() + EXIT_TIMEOUT
    while pid and Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.1)  # and a moment for the terminal server to settle


def rated_play_data(directory: Path, games: int) -> str:
    """A data directory as a player has it: a profile with ``games`` finished games, two in
    three of them blitz, wins, draws and losses in turn against opponents of 1000 to 1600, and
    the setup of the last one saved. Returns the card's won/drawn/lost line in blitz."""
    ledger = Ledger.open(DataDirectory(directory))
    profile = ledger.create_profile("Bench")
    tally = [0, 0, 0]
    for n in range(games):
        time_control = RAPID if n % 3 == 2 else BLITZ
        game = ledger.open_game(
            profile,
            opponent_name="bench-opponent",
            opponent_title="Opponent",
            opponent_rating=1000 + 600 * (n * 37 % 100) / 100,
            time_control=time_control,
            rating_before=None,
        )
        score = (1.0, 0.5, 0.0)[n % 3 if time_control is BLITZ else 0]
        if time_control is BLITZ:
            tally[n % 3] += 1
        winner = {1.0: game.player_color, 0.0: not game.player_color}.get(score)
        ending = Termination.CHECKMATE if winner is not None else Termination.DRAW_AGREED
        result = GameResult(Ending(ending, winner), game.player_color)
        ledger.close_game(game.id, result, pgn="", rating_after=None)
    ledger.save_setup(profile.id, Setup(strength=1400.0, time_control=BLITZ.pgn, doubling=False))
    ledger.close()
    return f"Won {tally[0]} · Drawn {tally[1]} · Lost {tally[2]}"


def rated_play(name: str, command: str, data: Path, record: str) -> Contender:
    """rated-play started by ``command`` on the data of :func:`rated_play_data`, whose card's
    line is ``record``."""
    path = f"/usr/games:{os.environ.get('PATH', '')}"
    return Contender(
        name,
        f"PATH={shlex.quote(path)} exec {shlex.quote(command)} --data-dir {shlex.quote(str(data))}",
        (record, "Stake $", "Start rated game"),
    )


def measure(contenders: list[Contender], rounds: int) -> None:
    """Each contender once to warm the page cache (and cli-chess's first run), then ``rounds``
    interleaved rounds, each starting with the next contender."""
    tmux("new-session", "-d", "-s", "keeper", "sleep 100000")  # the server stays up
    try:
        for contender in contenders:
            time_first_screen(contender, -1)
        for run in range(rounds):
            for offset in range(len(contenders)):
                contender = contenders[(run + offset) % len(contenders)]
                contender.seconds.append(time_first_screen(contender, run))
    finally:
        tmux("kill-server")


def print_medians(timings: dict[str, list[float]]) -> None:
    """Each name's median, minimum and maximum, in milliseconds."""
    width = max(len(name) for name in timings)
    for name, s in timings.items():
        print(
            f"  {name:{width}} median {statistics.median(s) * 1000:4.0f} ms  "
            f"(min {min(s) * 1000:.0f}, max {max(s) * 1000:.0f})"
        )


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
        action="append",
        help="a rated-play executable to measure, may be repeated "
        "(default: the one beside this Python)",
    )
    parser.add_argument("--games", type=int, default=60, help="games the player has played")
    args = parser.parse_args()
    builds = args.rated_play or [str(Path(sys.executable).with_name("rated-play"))]
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        (root / "rated-play").mkdir()
        record = rated_play_data(root / "rated-play", args.games)
        (root / "bare.py").write_text(BARE_APP)
        (root / "home").mkdir()
        contenders = [
            rated_play(
                "rated-play" if len(builds) == 1 else f"rated-play {build}",
                build,
                root / "rated-play",
                record,
            )
            for build in builds
        ]
        contenders.append(
            Contender(
                "bare Textual app with a board",
                f"exec {shlex.quote(sys.executable)} {shlex.quote(str(root / 'bare.py'))}",
                ("Bare board",),
            )
        )
        if args.cli_chess:
            contenders.append(
                Contender(
                    "cli-chess 1.8.0",
                    f"HOME={shlex.quote(str(root / 'home'))} exec {shlex.quote(args.cli_chess)}",
                    ("cli-chess 1.8.0",),
                )
            )
        measure(contenders, args.rounds)
    print(
        f"exec → first screen painted, tmux {SIZE[0]}×{SIZE[1]}, {args.rounds} rounds each, "
        f"rated-play with {args.games} games played:"
    )
    print_medians({contender.name: contender.seconds for contender in contenders})
    ours, others = contenders[: len(builds)], contenders[len(builds) :]
    for mine in ours:
        for other in [*others, *ours[: ours.index(mine)]]:
            ratio = statistics.median(mine.seconds) / statistics.median(other.seconds)
            print(f"  {mine.name} / {other.name}: {ratio:.2f}")
    if not args.cli_chess:
        print("  (cli-chess not measured: give --cli-chess PATH; see the module docstring)")


if __name__ == "__main__":
    main()
