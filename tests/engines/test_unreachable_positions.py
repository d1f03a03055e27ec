"""A position no game of chess reaches (a null move in the moves, an illegal move, a fifty-move
counter past the point where a game ends) is refused by ``rated-play engines uci`` and by
``rated-play-maia`` alike, with an ``info string``; no move is ever given for it, nor one chosen
in the position before it."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import pytest

from engines.maia.engine import MaiaEngine, run
from engines.uci.position import MAX_HALFMOVE_CLOCK, parse_position
from tests.engines.uci_process import UciProcess, none_left

CHECKED = "startpos moves e2e4 f7f6 d1h5"
"""Black in check from the queen on h5 (and g7-g6 the only answer)."""
UNREACHABLE = {
    "a null move out of check": f"{CHECKED} 0000",
    "a null move": "startpos moves e2e4 0000",
    "an illegal move": "startpos moves e2e4 e2e4",
    "a counter of 10^40": "fen 8/8/8/4k3/8/8/8/R3K3 w - - " + "1" + "0" * 40 + " 1",
    "a counter of a million": "fen 8/8/8/4k3/8/8/8/R3K3 w - - 1000000 1",
    "a counter one past the end": f"fen 8/8/8/4k3/8/8/8/R3K3 w - - {MAX_HALFMOVE_CLOCK + 1} 1",
    "a counter moved past the end": (
        f"fen 8/8/8/4k3/8/8/8/R3K3 w - - {MAX_HALFMOVE_CLOCK} 1 moves a1a2"
    ),
}


@pytest.mark.parametrize("position", UNREACHABLE.values(), ids=UNREACHABLE.keys())
def test_a_position_no_game_reaches_is_refused_with_the_reason(position: str) -> None:
    refused = parse_position(position.split())
    assert isinstance(refused, str)


def test_the_last_ply_before_a_game_ends_is_a_position() -> None:
    board = parse_position(f"fen 8/8/8/4k3/8/8/8/R3K3 w - - {MAX_HALFMOVE_CLOCK - 1} 1".split())
    assert isinstance(board, chess.Board)
    assert isinstance(parse_position([*f"{CHECKED} g7g6".split()]), chess.Board)


def maia(lines: list[str]) -> list[str]:
    said: list[str] = []
    engine = MaiaEngine(said.append)
    for line in ["setoption name WeightsFile value maia-1500", *lines]:
        engine.handle(line)
    return said


@pytest.mark.parametrize("position", UNREACHABLE.values(), ids=UNREACHABLE.keys())
def test_the_maia_engine_gives_no_move_for_a_refused_position(position: str) -> None:
    said = maia(["position startpos", f"position {position}", "go"])
    assert said[0].startswith("info string refused the position: ")
    assert said[1:] == [
        "info string no position to play from: the last one was refused",
        "bestmove 0000",
    ], "not the move of the start, the position before"
    # The network's own likeliest reply (VariedMoves 0: no draw among the moves of real weight,
    # one of which, 1...d5, came now and then): the position after 1.e4, not the refused one.
    again = maia(
        [
            "setoption name VariedMoves value 0",
            f"position {position}",
            "position startpos moves e2e4",
            "go",
        ]
    )
    assert again[-1] in ("bestmove e7e5", "bestmove c7c5")


def test_the_maia_engine_lives_through_a_huge_counter_to_its_end_of_input() -> None:
    out = io.StringIO()
    lines = ["uci", "setoption name WeightsFile value maia-1500"]
    lines += [f"position {UNREACHABLE['a counter of 10^40']}", "go", "position startpos", "go"]
    assert run(lines, out) == 0
    answers = [line for line in out.getvalue().splitlines() if line.startswith("bestmove")]
    assert answers[0] == "bestmove 0000" and answers[1] in ("bestmove e2e4", "bestmove d2d4")


@pytest.mark.engine
@pytest.mark.parametrize("name", ["stockfish-elo-1350", "maia-1500"])
def test_the_uci_server_refuses_a_null_move_and_plays_on(name: str, tmp_path: Path) -> None:
    server = UciProcess(name, tmp_path)
    try:
        server.send("uci")
        server.expect("uciok", within=60)
        server.send(f"position {UNREACHABLE['a null move out of check']}")
        server.send("go")
        assert server.expect("bestmove", within=60) == "bestmove 0000"
        server.send(f"position {CHECKED}")
        server.send("go")
        assert server.expect("bestmove", within=60) == "bestmove g7g6"
        server.send("quit")
        assert server.wait(within=10) == 0
        assert "refused the position: the null move 0000 is no move of chess" in "\n".join(
            server.seen
        )
        assert "Traceback" not in server.stderr
        assert none_left(server.mark)
    finally:
        server.kill()
