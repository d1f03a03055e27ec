"""``rated-play-maia`` given what a hostile or careless GUI sends: a weights path of a user that
does not exist, a named pipe for the weights, the advertised default sent back, and the end of
input in the middle of ``go infinite``. Each is said in a line or answered; none is a traceback
or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

NO_NETWORK = "<none>"
"""The default the engine advertises for its network."""
ENGINE = [sys.executable, "-c", "from engines.maia.engine import main; main()"]


def maia(*lines: str) -> subprocess.CompletedProcess[str]:
    """The engine in its own process, given ``lines`` and then the end of its input."""
    return subprocess.run(
        ENGINE,
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=Path(__file__).parents[2],
    )


def test_a_weights_path_under_a_user_that_does_not_exist_is_one_line() -> None:
    done = maia("uci", "setoption name WeightsFile value ~no-such-user-x/x.pb.gz", "isready")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "rated-play-maia: ~no-such-user-x/x.pb.gz cannot be read (No such file or directory); "
        "check the path"
    ]


def test_a_named_pipe_as_the_weights_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "net.pb.gz"
    os.mkfifo(pipe)
    done = maia("uci", f"setoption name WeightsFile value {pipe}", "isready")
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"rated-play-maia: {pipe} is a named pipe")


def test_the_advertised_default_sent_back_chooses_no_network_and_ends_nothing() -> None:
    done = maia("uci", f"setoption name WeightsFile value {NO_NETWORK}", "isready", "go")
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    assert f"option name WeightsFile type string default {NO_NETWORK}" in said
    assert said[-3:] == [
        "readyok",
        "info string no network chosen; send 'setoption name WeightsFile value maia-1500'",
        "bestmove 0000",
    ]


@pytest.mark.parametrize("how", ["infinite", "ponder"])
def test_the_end_of_input_during_a_held_go_gives_its_bestmove(how: str) -> None:
    done = maia(
        "uci", "setoption name WeightsFile value maia-1500", "position startpos", f"go {how}"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] in ("bestmove e2e4", "bestmove d2d4")
