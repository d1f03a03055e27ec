"""``rated-play engines uci`` serving an entry with a veto whose judge hangs (its Stockfish
frozen with SIGSTOP) or dies (SIGKILL) between moves: every ``go`` has its ``bestmove``, and
the judge is started again. On today's code the server ended with a traceback at its third
``go`` ("AssertionError: CommandState.NEW")."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from tests.builders import SHORT_HANG_WINDOW
from tests.engines.uci_process import UciProcess, marked_processes

ENTRY = """
[[opponent]]
name = "vetoed"
kind = "person-like"
command = "rated-play-maia"
options = { WeightsFile = "maia-1100" }
veto = "blunder"
rating = 1800
provenance = "Maia-1 of lichess players 1100–1199, choosing again where its move is a blunder"
"""


def _judges(mark: str) -> list[int]:
    """The server's Stockfish processes: its judge."""
    return [pid for pid in marked_processes(mark) if _command(pid) == "stockfish"]


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


@pytest.mark.engine
@pytest.mark.parametrize("fault", [signal.SIGSTOP, signal.SIGKILL], ids=["hung", "killed"])
def test_a_vetoed_entry_served_over_uci_answers_every_go_past_its_judge_failing(
    tmp_path: Path, fault: signal.Signals
) -> None:
    data = tmp_path / "data"
    engines = DataDirectory(data).config / "engines"
    engines.mkdir(parents=True)
    (engines / "vetoed.toml").write_text(ENTRY)
    server = UciProcess("vetoed", data, hang_window=SHORT_HANG_WINDOW)
    try:
        server.send("uci")
        server.expect("uciok", 60)
        moves: list[str] = []
        for number in range(4):
            server.send(" ".join(["position startpos moves", *moves]))
            server.send("go wtime 60000 btime 60000")
            moves.append(server.expect("bestmove", 60).split()[1])
            if number == 0:
                (judge,) = _judges(server.mark)
                os.kill(judge, fault)
        assert server.process.poll() is None, server.stderr
        assert "Traceback" not in server.stderr
        (again,) = _judges(server.mark)
        assert again != judge
        server.send("quit")
        assert server.wait(30) == 0
    finally:
        server.kill()
