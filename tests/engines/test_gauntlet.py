"""The calibration gauntlet plays real games, survives being killed, and never replays one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import chess.pgn

from engines.gauntlet import append_game, game_key, neighbour_schedule, pending, read_games
from engines.openings import load_openings
from tests.engines.conftest import weak_fairy

LADDER = """
[[opponent]]
name = "{name}"
command = "fairy-stockfish"
package = "fairy-stockfish"
options = {{ Threads = 1, Hash = 16, "Skill Level" = {skill} }}
search = {{ depth = 1 }}
rating = {rating}
"""
NAMES = ["tiny-a", "tiny-b", "tiny-c"]


def _calibrate(data_dir: Path) -> list[str]:
    only = [arg for name in NAMES for arg in ("--only", name)]
    return [
        sys.executable, "-m", "rated_play", "engines", "calibrate", "--data-dir", str(data_dir),
        "--tc", "5+0.05", "--games", "4", "--workers", "2", "--anchor", "tiny-b=1000", *only,
    ]  # fmt: skip


def _write_ladder(data_dir: Path) -> None:
    engines = data_dir / "config" / "engines"
    engines.mkdir(parents=True)
    text = "".join(
        LADDER.format(name=name, skill=skill, rating=rating)
        for name, skill, rating in zip(NAMES, (-20, -5, -1), (700, 900, 1100), strict=True)
    )
    (engines / "tiny.toml").write_text(text, encoding="utf-8")


def _wait_for_games(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if path.exists() and path.read_text(encoding="utf-8").count("[Event ") >= count:
            return
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} games after a minute")


def test_a_killed_calibration_resumes_without_losing_or_replaying_a_game(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _write_ladder(data_dir)
    pgn = data_dir / "calibration-games.pgn"
    # SIGKILL: no cleanup runs, as after a power cut; its engines are killed with its group.
    first = subprocess.Popen(_calibrate(data_dir), text=True, stderr=subprocess.PIPE,
                             start_new_session=True)  # fmt: skip
    _wait_for_games(pgn, 3, first)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    before = read_games(pgn)
    assert 3 <= len(before) < 12
    text_before = pgn.read_text(encoding="utf-8")

    second = subprocess.run(_calibrate(data_dir), text=True, capture_output=True, check=False)
    assert second.returncode == 0, second.stderr

    games = read_games(pgn)
    assert pgn.read_text(encoding="utf-8").startswith(text_before)
    keys = [game_key(game) for game in games]
    assert len(keys) == len(set(keys)) == 12  # 3 pairings x 4 games, each exactly once
    for game in games:
        assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
        assert game.headers["TimeControl"] == "5+0.05"
        assert game.end().board().outcome(claim_draw=True) is not None or (
            game.headers["Termination"] != "normal"
        )
    # Every pairing played each of its openings once with each colour.
    pairings: dict[frozenset[str], list[tuple[str, str]]] = {}
    for white, _black, opening, _round in keys:
        pairings.setdefault(frozenset((white, _black)), []).append((opening, white))
    assert all(len(set(played)) == 4 for played in pairings.values())
    assert "games," in second.stderr and "left" in second.stderr  # the progress bar

    calibration = json.loads((data_dir / "calibration.json").read_text(encoding="utf-8"))
    assert calibration["provenance"]["games"] == 12
    assert calibration["provenance"]["time_control"] == "5+0.05"
    assert calibration["provenance"]["anchors"] == {"tiny-b": 1000.0}
    assert "Fairy-Stockfish" in calibration["provenance"]["engines"]["fairy-stockfish"]
    assert set(calibration["ratings"]) == set(NAMES)
    assert calibration["ratings"]["tiny-b"] == {"rating": 1000.0, "error": 0.0, "games": 8}

    listed = subprocess.run(
        [sys.executable, "-m", "rated_play", "engines", "--json", "--data-dir", str(data_dir)],
        text=True, capture_output=True, check=True,
    )  # fmt: skip
    opponents = {o["name"]: o for o in json.loads(listed.stdout)["opponents"]}
    assert opponents["tiny-a"]["calibration"]["games"] == 12
    assert opponents["tiny-a"]["games"] == 8
    # Not measured by this calibration: the user's replaces the shipped one as a whole.
    assert opponents["stockfish-unleashed"]["calibration"] is None


def test_a_game_cut_off_mid_write_is_dropped_and_appending_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"], game.headers["Round"] = "a", "b", "1"
    game.add_line([chess.Move.from_uci("e2e4")])
    game.headers["Result"] = "1-0"
    append_game(path, game)
    with path.open("a", encoding="utf-8") as file:
        file.write('[Event "?"]\n[White "a"]\n[Black "b"]\n\n1. d4 d')
    assert len(read_games(path)) == 1
    append_game(path, game)
    assert len(read_games(path)) == 2


def test_games_played_under_an_older_ladder_still_count_when_resuming() -> None:
    openings = load_openings()
    a, b, c = (weak_fairy(skill) for skill in (-20, -10, 0))
    before = neighbour_schedule([a, b, c], openings, 4, reach=1)  # a-b, b-c
    played = []
    for scheduled in before[:6]:
        game = chess.pgn.Game()
        game.headers.update(
            White=scheduled.white, Black=scheduled.black, Opening="elsewhere", Round="1"
        )
        played.append(game)
    # A new calibration put c between a and b: a-c and c-b are new, a-b is no longer played.
    after = neighbour_schedule([a, c, b], openings, 4, reach=2)
    todo = pending(after, played)
    assert len(todo) == len(after) - 6
    counts = Counter((game.white, game.black) for game in todo)
    assert counts[(a.name, b.name)] + counts[(b.name, a.name)] == 1
    assert counts[(c.name, b.name)] + counts[(b.name, c.name)] == 1
