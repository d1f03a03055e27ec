"""``rated-play engines uci`` under any sequence of lines — UCI commands right and wrong, text,
bytes that are not text, lines far past any limit: it answers ``isready`` at once, writes
nothing to stderr, gives a bestmove for every ``go``, and ends on ``quit`` or the end of input
with no engine left running (issue 18)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.builders import NO_WHITE_KING, READY_WITHIN
from tests.engines.uci_process import UciProcess, none_left

pytestmark = pytest.mark.engine
"""Every test here runs a real engine (or a tool scripts/setup --test installs)."""

ENTRY = "stockfish-nodes-300"
"""Answers by itself in well under a second, and varies its opening through the judge, so
two engines run (and must be gone at the end)."""

COMMANDS = st.sampled_from(
    [
        b"uci",
        b"ucinewgame",
        b"position startpos",
        b"position startpos moves e2e4 e7e5 g1f3",
        b"position fen " + NO_WHITE_KING.encode(),
        b"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1",
        b"position startpos moves e2e4 e2e4",
        b"position startpos moves",
        b"position",
        b"go",
        b"go wtime 2000 btime 2000 winc 20 binc 20",
        b"go wtime nan btime inf",
        b"go wtime 1e308 btime 1e308 winc -5 binc x",
        b"go infinite",
        b"go wtime",
        b"stop",
        b"ponderhit",
        b"debug on",
        b"setoption name Hash value 1",
        b"register later",
    ]
)
LINE = st.one_of(
    COMMANDS,
    COMMANDS,
    st.text(max_size=60).map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    st.binary(max_size=60),
    st.sampled_from([70_000, (1 << 20) + 1]).map(lambda length: b"z" * length),
    st.integers(70_000, 150_000).map(lambda spaces: b"position startpos" + b" " * spaces),
).map(lambda line: line.replace(b"\n", b" "))


ENDING_OR_ASKED = ("quit", "isready")
"""Sent by the test itself: quit (or not) at the end, isready after every line."""


def _command(line: bytes) -> str:
    """The command the server reads in ``line``, as it reads it."""
    words = line.decode("utf-8", errors="replace").split()
    return words[0] if words else ""


@settings(
    max_examples=15,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    lines=st.lists(LINE.filter(lambda line: _command(line) not in ENDING_OR_ASKED), max_size=10),
    end=st.sampled_from(["quit", "end of input"]),
)
def test_any_lines_get_readyok_at_once_and_leave_nothing_running(
    lines: list[bytes], end: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    server = UciProcess(ENTRY, tmp_path_factory.mktemp("uci"))
    try:
        server.send("isready")
        server.expect("readyok", within=60)  # the engine's start is not the protocol's concern
        for line in lines:
            server.send(line)
            server.send("isready")
            server.expect("readyok", within=READY_WITHIN)
        if end == "quit":
            server.send("quit")
        else:
            server.end_input()
        assert server.wait(within=60) == 0
        server.rest()
        assert server.stderr == ""
        asked = sum(_command(line) == "go" for line in lines)
        given_moves = sum(line.startswith("bestmove ") for line in server.seen)
        # At the end of input the last move is still given; quit ends a search unanswered.
        assert given_moves == asked if end == "end of input" else asked - 1 <= given_moves <= asked
        assert none_left(server.mark)
    finally:
        server.kill()
