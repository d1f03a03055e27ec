"""``rated-play engines uci`` and an engine's start when the engine is broken: one sentence, a
prompt end, and no process left behind.

The broken engines are small shell scripts put first on PATH as ``stockfish`` (a real engine
cannot be made to fail on demand). They are wrapper scripts that do not ``exec``: their own
child is what a failed start used to leave running, re-parented to init.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engines import launch
from tests.builders import run_cli
from tests.engines.uci_process import MARK, new_mark, none_left

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
