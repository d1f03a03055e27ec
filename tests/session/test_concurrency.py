"""Several copies recording games and several settling stale ones on one ledger at once, killed
at random: afterwards no game is lost or counted twice, no live game was closed, colours still
alternate, and SQLite finds the file sound."""

from __future__ import annotations

import itertools
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameStatus
from rated_play.session import close_abandoned_games

ROOT = Path(__file__).parents[2]
RUN_SECONDS = 10.0
WRITERS = 3
SETTLERS = 2

# A copy of the app playing games back to back on one profile, writing to its journal what the
# ledger has committed: opened, each move, closed. Two copies share a profile: while one plays
# its game, the other is refused a second one and tries again.
WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import GameClosedError, SecondGameError, Ledger
    from profiles.ledger.records import ProfileError
    from profiles.laws.endings import Ending, GameResult, Termination
    from profiles.laws.time_control import TimeControl

    ledger_path, journal_path, name = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    ledger = Ledger.open(DataDirectory.of_ledger(ledger_path))
    try:
        profile = ledger.create_profile(name)
    except ProfileError:
        profile = ledger.profile(name)
    journal = open(journal_path, "a", buffering=1)
    while True:
        try:
            game = ledger.open_game(
                profile, opponent_name="sf", opponent_title="Stockfish", opponent_rating=1500,
                time_control=TimeControl.parse("3+2"), rating_before=None,
            )
        except SecondGameError:
            continue  # another copy plays this profile's game: one game at a time
        journal.write(f"opened {game.id}\\n")
        for ply, uci in enumerate(("e2e4", "e7e5", "g1f3", "b8c6"), start=1):
            ledger.record_move(game.id, ply, uci, 180_000)
        try:
            drawn = GameResult(Ending(Termination.DRAW_AGREED, None), game.player_color)
            ledger.close_game(game.id, drawn, pgn="", rating_after=None)
        except GameClosedError:
            journal.write(f"stolen {game.id}\\n")
            raise
        journal.write(f"closed {game.id}\\n")
    """
)

# A copy of the app starting up: it settles every stale game, again and again.
SETTLER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from profiles.data_directory import DataDirectory
    from profiles.ledger.ledger import Ledger
    from rated_play.session import close_abandoned_games

    ledger_path, journal_path = Path(sys.argv[1]), sys.argv[2]
    journal = open(journal_path, "a", buffering=1)
    while True:
        ledger = Ledger.open(DataDirectory.of_ledger(ledger_path))
        for report in close_abandoned_games(ledger):
            journal.write(f"settled {report.game_id}\\n")
        ledger.close()
    """
)


def journal_lines(directory: Path, prefix: str) -> list[tuple[str, int]]:
    entries = []
    for journal in sorted(directory.glob(f"{prefix}-*.log")):
        for line in journal.read_text().splitlines():
            word, _, number = line.partition(" ")
            if number.isdigit():  # a line cut short by the kill is not an entry
                entries.append((word, int(number)))
    return entries


def test_writers_and_settlers_killed_at_random_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    Ledger.open(DataDirectory.of_ledger(path)).close()
    rng = random.Random(7)

    def start(kind: str, number: int, generation: int) -> subprocess.Popen[bytes]:
        journal = tmp_path / f"{kind}-{number}-{generation}.log"
        script, extra = (WRITER, [f"Player {number % 2}"]) if kind == "writer" else (SETTLER, [])
        return subprocess.Popen(
            [sys.executable, "-c", script, str(path), str(journal), *extra],
            cwd=ROOT,
            stderr=subprocess.PIPE,
        )

    running = {("writer", n): start("writer", n, 0) for n in range(WRITERS)}
    running |= {("settler", n): start("settler", n, 0) for n in range(SETTLERS)}
    kills = 0
    generation = 0
    deadline = time.monotonic() + RUN_SECONDS
    try:
        while time.monotonic() < deadline:
            time.sleep(rng.uniform(0.2, 0.8))
            victim = rng.choice(sorted(running))
            running[victim].send_signal(signal.SIGKILL)
            running[victim].wait()
            kills += 1
            generation += 1
            running[victim] = start(victim[0], victim[1], generation)
            for process in running.values():
                assert process.poll() is None, process.communicate()[1].decode()
    finally:
        for process in running.values():
            process.send_signal(signal.SIGKILL)
            process.wait()

    ledger = Ledger.open(DataDirectory.of_ledger(path))
    close_abandoned_games(ledger)  # the next start settles what the last kills left
    games = {game.id: game for game in ledger.games()}
    writers = journal_lines(tmp_path, "writer")
    settled = [number for word, number in journal_lines(tmp_path, "settler") if word == "settled"]
    opened = {number for word, number in writers if word == "opened"}
    closed = {number for word, number in writers if word == "closed"}

    assert kills >= 10
    assert not [n for w, n in writers if w == "stolen"], "a live game was closed under its player"
    assert opened and opened <= set(games), "every game a player started is in the ledger"
    assert all(games[n].status is GameStatus.FINISHED for n in closed)
    assert len(settled) == len(set(settled)), "a game was settled twice"
    assert not set(settled) & closed, "a settled game was also finished"
    assert all(game.status is not GameStatus.PENDING for game in games.values())
    for number in settled:
        assert (games[number].status, games[number].player_score) == (GameStatus.ABANDONED, 0.0)
    # A game its player did not finish was settled as a loss, unless the kill fell between
    # the player's finishing it and writing that to the journal.
    assert all(g.status is GameStatus.FINISHED for g in games.values() if g.player_score == 0.5)
    assert all(g.player_score == 0.0 for g in games.values() if g.status is GameStatus.ABANDONED)
    for profile in ledger.profiles():
        colours = [g.player_color for g in games.values() if g.profile_id == profile.id]
        assert all(a != b for a, b in itertools.pairwise(colours)), "colours alternate"
    ledger.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
