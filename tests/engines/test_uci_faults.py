"""``rated-play engines uci`` and an engine's start when the engine is broken: one sentence, a
prompt end, and no process left behind.

The broken engines are small shell scripts put first on PATH as ``stockfish`` (a real engine
cannot be made to fail on demand). They are wrapper scripts that do not ``exec``: their own
child is what a failed start used to leave running, re-parented to init.
"""

from __future__ import annotations

import asyncio
import io
import os
import time
from pathlib import Path

import pytest

from engines import hang as hang_module
from engines import launch
from engines.errors import EngineUnavailableError
from engines.opponents.opponent import Opponent
from engines.uci.server import serve_uci
from tests.builders import run_cli
from tests.engines.uci_process import MARK, UciProcess, new_mark, none_left

FAST = "stockfish-elo-1350"
HANDSHAKE = """\
while read -r line; do
  case "$line" in
    uci)
      echo "id name fake"
      for option in Threads Hash UCI_Elo; do
        echo "option name $option type spin default 1 min 1 max 9999"
      done
      echo "option name UCI_LimitStrength type check default false"
      echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
  esac
done
"""
FAKES = {
    "sleeps at start": "sleep 600",
    "prints garbage at start": "head -c 100000 /dev/urandom; sleep 600",
    "exits on go": HANDSHAKE.format(on_go="exit 3"),
    "sleeps on go": HANDSHAKE.format(on_go="sleep 600"),
}


def _fake_stockfish(directory: Path, behaviour: str) -> Path:
    path = directory / "stockfish"
    path.write_text(f"#!/bin/sh\n{FAKES[behaviour]}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


@pytest.fixture
def mark(monkeypatch: pytest.MonkeyPatch) -> str:
    """A mark in the environment every engine started from here inherits."""
    mark = new_mark()
    monkeypatch.setenv(MARK, mark)
    return mark


@pytest.mark.engine
@pytest.mark.parametrize("behaviour", ["sleeps at start", "prints garbage at start"])
def test_an_engine_that_never_answers_the_handshake_is_one_sentence_and_leaves_no_child(
    behaviour: str,
    mark: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake = _fake_stockfish(tmp_path, behaviour)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(launch, "STARTUP_TIMEOUT", 1.0)
    status, out, err = run_cli(capsys, "engines", "uci", FAST, "--data-dir", str(tmp_path / "d"))
    assert status != 0
    assert out == ""
    assert err == (
        f"rated-play: Stockfish 15.1 at UCI_Elo 1350 could not be started from {fake}: it did "
        "not answer the UCI handshake (uci, uciok) within 1 s; check that it is a chess engine "
        "that speaks UCI\n"
    )
    assert none_left(mark, within=5), "the script's child outlived the failed start"


def test_a_go_to_an_engine_that_exits_ends_the_server_at_once_with_one_line(
    tmp_path: Path,
) -> None:
    _fake_stockfish(tmp_path, "exits on go")
    path = f"{tmp_path}{os.pathsep}{os.environ['PATH']}"
    server = UciProcess(FAST, tmp_path / "d", env={"PATH": path})
    try:
        server.send("uci")
        server.expect("uciok", within=30)
        server.send("position startpos")
        server.send("go wtime 10000 btime 10000")
        started = time.monotonic()
        status = server.wait(within=10)  # input stays open: no next line ends it
        assert time.monotonic() - started < 10
        assert status == 2
        assert not [line for line in server.rest() if line.startswith("bestmove")]
        (line,) = server.stderr.splitlines()
        assert line.startswith("rated-play: Stockfish 15.1 at UCI_Elo 1350 failed at move 1: ")
        assert line.endswith("(exit code: 3); it failed 4 times, so the server ends")
        assert none_left(server.mark)
    finally:
        server.kill()


@pytest.mark.engine
async def test_a_go_to_an_engine_that_hangs_every_time_ends_within_the_retry_window(
    mark: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each hang costs a hang window (1 s here): restarts stop once the retry window (3 s
    # here) has passed since the go, not after every restart has hung in turn.
    monkeypatch.setattr(hang_module, "HANG_WINDOW", 1.0)
    monkeypatch.setattr("engines.uci.server.RETRY_WINDOW", 3.0)
    fake = _fake_stockfish(tmp_path, "sleeps on go")
    opponent = Opponent(name="hangs", title="A hanging engine", command=str(fake), rating=1000)
    read, write = os.pipe()
    output = io.StringIO()
    with os.fdopen(read, "rb") as commands, os.fdopen(write, "wb") as gui:
        gui.write(b"uci\nposition startpos\ngo wtime 60000 btime 60000\n")
        gui.flush()  # and kept open: the end of input must not be what ends the server
        started = time.monotonic()
        with pytest.raises(EngineUnavailableError) as failed:
            await asyncio.wait_for(serve_uci(opponent, commands, output), timeout=30)
        elapsed = time.monotonic() - started
    assert 3.0 < elapsed < 10.0
    assert str(failed.value) == (
        "A hanging engine failed at move 1: the engine used no CPU for 1 s while thinking; "
        "it failed 3 times, so the server ends"
    )
    assert output.getvalue().splitlines()[-1] == f"info string {failed.value}"
    assert not [line for line in output.getvalue().splitlines() if line.startswith("bestmove")]
    assert none_left(mark, within=5)
