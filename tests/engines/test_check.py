"""``rated-play engines check``: held-out pairings played for real, compared with the
calibration's predictions; a calibration that is wrong fails its own check."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engines.calibration.stored import SHIPPED_CALIBRATION

WEAK, WEAKER = "fairy-stockfish-skill-minus10", "fairy-stockfish-skill-minus20"
STRONG = "fairy-stockfish-skill-minus1"
GAMES = 6
"""Games a pairing is checked on: an interval wide, but one a prediction 1,000 points out
misses, and each game at the calibration's time a move (ten took the check 28-45 s)."""


def _calibration(
    data_dir: Path, ratings: dict[str, float], held_out: list[tuple[str, str]]
) -> None:
    document = json.loads(SHIPPED_CALIBRATION.read_text(encoding="utf-8"))
    for name, rating in ratings.items():
        document["ratings"][name]["rating"] = rating
    document["held_out"] = [{"first": a, "second": b, "error": 30.0} for a, b in held_out]
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "calibration.json").write_text(json.dumps(document), encoding="utf-8")


def _check(data_dir: Path) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable, "-m", "rated_play", "engines", "check", "--data-dir", str(data_dir),
        "--games", str(GAMES), "--workers", "2", "--json",
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.engine
def test_the_check_plays_the_held_out_pairings_and_reports_each(tmp_path: Path) -> None:
    # Skill Level -20 against -1, predicted 70 points apart: they are about 960 apart, so the
    # games are short (-20 against -10, as close as predicted, took twice the engine time).
    ratings = {WEAKER: 450.0, STRONG: 520.0, WEAK: 1500.0}
    _calibration(tmp_path, ratings, [(WEAKER, STRONG), (WEAKER, WEAK)])
    result = _check(tmp_path)
    report = json.loads(result.stdout)
    # Only the pairing predicted to score 25-75% is played; the lopsided one is left out.
    assert [(row["first"], row["second"]) for row in report["results"]] == [(WEAKER, STRONG)]
    row = report["results"][0]
    assert row["games"] == row["wins"] + row["draws"] + row["losses"] == GAMES
    assert row["predicted"] == -70.0
    # Six games give a wide interval: at 1/0/5 its low end is already below a 0% score, so it
    # is open (-inf, written null); "inside" is whether the prediction lies between its ends.
    low = -math.inf if row["low"] is None else row["low"]
    high = math.inf if row["high"] is None else row["high"]
    assert row["inside"] == (low <= -70.0 <= high)
    assert result.returncode == (0 if report["passed"] else 1)
    listed = subprocess.run(
        [sys.executable, "-m", "rated_play", "engines", "--json", "--data-dir", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert json.loads(listed.stdout)["calibration"]["last_check"]["date"] == report["date"]


@pytest.mark.engine
def test_a_calibration_that_is_wrong_fails_its_own_check(tmp_path: Path) -> None:
    # Claims Skill Level -20 is 100 points stronger than Skill Level -1: it is far weaker.
    _calibration(tmp_path, {WEAKER: 1500.0, STRONG: 1400.0}, [(WEAKER, STRONG)])
    result = _check(tmp_path)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["passed"] is False
    assert report["results"][0]["inside"] is False


def test_a_calibration_without_held_out_pairings_says_what_to_do(tmp_path: Path) -> None:
    _calibration(tmp_path, {}, [])
    result = _check(tmp_path)
    assert result.returncode != 0
    assert "run 'rated-play engines calibrate'" in result.stderr
    assert "Traceback" not in result.stderr


def _session(leader: int) -> set[int]:
    """The processes of the session ``leader`` began: the command and its engines."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == leader:  # the session id, after state, ppid and pgrp
            found.add(int(entry.name))
    return found


@pytest.mark.engine
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_check_leaves_no_games_file_and_no_engine(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """The check's games file is temporary: however the check is stopped, it goes, and so do
    the engines (SIGTERM and SIGHUP ended the process before anything was cleaned up)."""
    _calibration(tmp_path / "data", {WEAKER: 450.0, WEAK: 520.0}, [(WEAKER, WEAK)])
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    command = [
        sys.executable, "-m", "rated_play", "engines", "check", "--data-dir",
        str(tmp_path / "data"), "--games", "40", "--workers", "1",
    ]  # fmt: skip
    # A suite run as a background job (``pytest &`` in a script) ignores SIGINT, and a child
    # would inherit that: handled here, it is the default again in the child, whose own
    # handling of SIGINT is what is tested.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    child = subprocess.Popen(
        command,
        env={**os.environ, "TMPDIR": str(temporary)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    signal.signal(signal.SIGINT, inherited)
    try:
        deadline = time.monotonic() + 120
        while not list(temporary.glob("*/check.pgn")):  # a game is finished and kept there
            assert child.poll() is None and time.monotonic() < deadline, "no game was played"
            time.sleep(0.1)
        child.send_signal(signum)
        _, err = child.communicate(timeout=60)
        assert child.returncode in (128 + signum, 130 if signum == signal.SIGINT else -1), err
        assert list(temporary.iterdir()) == []
        deadline = time.monotonic() + 30
        while _session(child.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _session(child.pid) == set(), "an engine was left running"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
