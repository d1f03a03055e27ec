"""``rated-play-maia`` by the letter of what it advertises, in its own process: every value in
an option's advertised range works, a value outside it or none at all is refused in an ``info
string``, and the input is read while it searches (``isready`` answered, ``stop`` and ``quit``
heard at once), as the UCI protocol of April 2006 asks. Each failed on today's engine: 1e-310
ended it on "Total of weights must be finite", an empty value went unsaid, and a search of
100,000 nodes heard nothing for minutes."""

from __future__ import annotations

import contextlib
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ENGINE = [sys.executable, "-c", "from engines.maia.engine import main; main()"]
AT_ONCE = 1.0
"""Seconds within which an answer counts as at once: a search of 100,000 nodes takes minutes."""


def said(*lines: str) -> list[str]:
    """What the engine writes, given ``lines`` and then the end of its input."""
    done = subprocess.run(
        ENGINE,
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout.splitlines()


@pytest.mark.engine
@pytest.mark.parametrize("temperature", ["1e-310", "5e-324", "0.0001", "10"])
def test_every_temperature_advertised_plays(temperature: str) -> None:
    out = said(
        "setoption name WeightsFile value maia-1100",
        f"setoption name Temperature value {temperature}",
        "position startpos",
        "go",
    )
    assert out[-1].startswith("bestmove ") and out[-1] != "bestmove 0000"
    assert not any("Temperature takes" in line for line in out)


@pytest.mark.engine
@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("Nodes value", "Nodes needs a value; kept the last"),
        ("Nodes value ", "Nodes needs a value; kept the last"),
        ("Temperature value", "Temperature needs a value; kept the last"),
        ("WeightsFile value", "WeightsFile needs a value; kept the last"),
        ("VariedMoves value", "VariedMoves needs a value; kept the last"),
        ("Nodes value 0", "Nodes takes 1 to 100000; kept the last"),
        ("Nodes value 100001", "Nodes takes 1 to 100000; kept the last"),
        ("VariedMoves value -1", "VariedMoves takes 0 to 200; kept the last"),
        ("Temperature value 11", "Temperature takes a number from 0 to 10; kept the last"),
        ("Strength value 3", "no option is called 'Strength'; nothing changed"),
    ],
)
def test_a_value_it_does_not_take_is_refused_aloud_and_the_last_kept(
    line: str, refusal: str
) -> None:
    weights = "setoption name WeightsFile value maia-1100"
    out = said(weights, f"setoption name {line}", "position startpos", "go")
    assert f"info string {refusal}" in out
    assert out[-1].startswith("bestmove ") and out[-1] != "bestmove 0000"


class Running:
    """The engine in its own process, its output read as it comes (a read never hangs the
    test: a line that does not come is None)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ENGINE,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=Path(__file__).parents[2],
        )
        self._lines: queue.SimpleQueue[str] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self, start: str, within: float) -> float | None:
        """Seconds until a line starting with ``start`` came; None when none came ``within``."""
        began = time.monotonic()
        while (left := within - (time.monotonic() - began)) > 0:
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                return None
            if line.startswith(start):
                return time.monotonic() - began
        return None


@pytest.fixture
def engine() -> Iterator[Running]:
    """The engine set to its largest search, ready."""
    running = Running()
    try:
        for line in (
            "setoption name WeightsFile value maia-1900",
            "setoption name Nodes value 100000",
            "setoption name VariedMoves value 0",
            "position startpos moves e2e4 e7e5 g1f3",
            "isready",
        ):
            running.send(line)
        assert running.answer("readyok", 60) is not None
        yield running
    finally:
        running.process.kill()
        running.process.wait()


@pytest.mark.engine
def test_isready_and_stop_are_answered_at_once_during_a_search(engine: Running) -> None:
    engine.send("go infinite")
    time.sleep(1.0)  # well into a search of minutes
    engine.send("isready")
    waited = engine.answer("readyok", 10)
    assert waited is not None and waited < AT_ONCE
    engine.send("stop")
    waited = engine.answer("bestmove", 10)
    assert waited is not None and waited < AT_ONCE


@pytest.mark.engine
def test_quit_during_a_search_ends_the_engine_at_once(engine: Running) -> None:
    engine.send("go nodes 100000")
    time.sleep(1.0)
    began = time.monotonic()
    engine.send("quit")
    with contextlib.suppress(subprocess.TimeoutExpired):
        engine.process.wait(timeout=10)
    assert engine.process.returncode == 0
    assert time.monotonic() - began < AT_ONCE
