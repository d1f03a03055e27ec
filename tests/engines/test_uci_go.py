"""``rated-play engines uci``: every form of ``go`` as the UCI protocol words it (Stefan
Meyer-Kahlen's ``engine-interface.txt``), sent as a GUI sends it, the real engines behind it.

FAST answers by itself in milliseconds (Stockfish at UCI_Elo 1350, depth 1, which varies by
itself); UNLEASHED is full-strength Stockfish with no limit of its own, which searches for as
long as it is let; NODES is Stockfish at 300 nodes a move, which the judge varies in the opening.
"""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import chess
import pytest

from engines.cancelling import close_all
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent, SearchLimit
from engines.opponents.pool import load_pool
from engines.opponents.turn import ClockReading
from engines.uci.position import parse_position
from engines.uci.server import serve_uci
from tests.engines.uci_process import UciProcess, none_left

FAST = "stockfish-elo-1350"
UNLEASHED = "stockfish-unleashed"
NODES = "stockfish-nodes-300"
STOP_WITHIN = 2.0
"""A bestmove after ``stop``: the engine answers in milliseconds; the rest is a loaded machine."""
MOVETIME_MARGIN = 0.25
"""Seconds past a ``go movetime`` within which the move comes on a loaded two-core machine
(unloaded it comes 5-10 ms after the time: the server tells its engine the time less 30 ms)."""
INFO = re.compile(
    r"info depth (?P<depth>\d+)( seldepth \d+)? score (cp -?\d+|mate -?\d+) nodes (?P<nodes>\d+)"
    r"( nps \d+)? time \d+ pv (?P<pv>[a-h1-8qrbn ]+)"
)
"""The final report of a search the entry made: depth, score, nodes, time and principal line."""
RUY_LOPEZ = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"
"""Ten plies in: inside the opening, where the judge varies an entry's move."""
ITALIAN_AT_MOVE_20 = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 20"
"""Past the opening moves the judge varies."""


def _board(position: str) -> chess.Board:
    """The board of a ``position`` command."""
    board = parse_position(position.split()[1:])
    assert isinstance(board, chess.Board), board
    return board


def _move(line: str) -> chess.Move:
    return chess.Move.from_uci(line.split()[1])


def _started(name: str, data_dir: Path) -> UciProcess:
    server = UciProcess(name, data_dir)
    server.send("uci")
    server.expect("uciok", within=60)
    server.send("isready")  # the engines are up: the timings below are the search's own
    server.expect("readyok", within=60)
    return server


def _quit(server: UciProcess) -> None:
    server.send("quit")
    assert server.wait(within=10) == 0
    assert "Traceback" not in server.stderr
    assert none_left(server.mark)


def _answers(name: str, data_dir: Path, commands: list[str]) -> list[str]:
    """Every line the server sends for ``commands``, each ``go`` answered before the next
    command, as a GUI waits for the bestmove (a command sent during a search would stop it)."""
    server = _started(name, data_dir)
    try:
        for command in commands:
            server.send(command)
            if command.startswith("go"):
                server.expect("bestmove", within=60)
        _quit(server)
        return server.seen
    finally:
        server.kill()


def _finals(lines: list[str]) -> list[re.Match[str]]:
    return [info for line in lines if (info := INFO.fullmatch(line))]


@pytest.mark.engine
@pytest.mark.parametrize(("name", "quiet"), [(FAST, 1.0), (UNLEASHED, 6.0)])
def test_go_infinite_gives_one_bestmove_and_only_after_stop(
    name: str, quiet: float, tmp_path: Path
) -> None:
    # FAST's search ends at depth 1 in milliseconds, UNLEASHED's went on for 5 s (its budget
    # without a clock): neither may answer before the stop.
    server = _started(name, tmp_path)
    try:
        server.send("position startpos moves e2e4")
        server.send("go infinite")
        server.silent("bestmove", within=quiet)
        server.send("stop")
        move = server.expect("bestmove", within=STOP_WITHIN)
        assert _move(move) in _board("position startpos moves e2e4").legal_moves
        server.send("stop")  # nothing is searched: no second bestmove
        server.send("isready")
        server.expect("readyok", within=STOP_WITHIN)
        assert [line for line in server.seen if line.startswith("bestmove")] == [move]
        _quit(server)
    finally:
        server.kill()


@pytest.mark.engine
def test_go_ponder_waits_for_ponderhit_then_plays_on_the_clock_or_moves_at_stop(
    tmp_path: Path,
) -> None:
    server = _started(FAST, tmp_path)
    try:
        server.send("position startpos moves e2e4")
        server.send("go ponder wtime 60000 btime 60000")
        server.silent("bestmove", within=1.0)
        server.send("ponderhit")
        move = server.expect("bestmove", within=5.0)
        assert _move(move) in _board("position startpos moves e2e4").legal_moves
        server.send("position startpos moves e2e4 e7e5")
        server.send("go ponder wtime 60000 btime 60000")
        server.silent("bestmove", within=1.0)
        server.send("stop")
        move = server.expect("bestmove", within=STOP_WITHIN)
        assert _move(move) in _board("position startpos moves e2e4 e7e5").legal_moves
        server.send("isready")
        server.expect("readyok", within=STOP_WITHIN)
        assert len([line for line in server.seen if line.startswith("bestmove")]) == 2
        _quit(server)
    finally:
        server.kill()


@pytest.mark.engine
def test_go_movetime_is_met_within_its_length(tmp_path: Path) -> None:
    # Unleashed took 5.1 s for movetime 300, and lost on time in xboard at 1 s a move.
    server = _started(UNLEASHED, tmp_path)
    try:
        for movetime in (300, 1000):
            server.send("position startpos moves d2d4")  # varied by the judge, in time too
            started = time.monotonic()
            server.send(f"go movetime {movetime}")
            server.expect("bestmove", within=10)
            elapsed = time.monotonic() - started
            assert movetime / 2000 < elapsed < movetime / 1000 + MOVETIME_MARGIN
        _quit(server)
    finally:
        server.kill()


@pytest.mark.engine
def test_go_depth_and_nodes_shorten_the_search_and_never_lengthen_it(tmp_path: Path) -> None:
    # At the start the judge varies UNLEASHED's move with a search to depth 10: not here.
    # Stockfish reads its node budget every so many nodes (it overshoots 500 to 1,030 by
    # itself), so a budget of 20,000 is met within a few per cent.
    commands = ["position startpos", "go depth 3", "go nodes 20000", "go depth 3 nodes 100000"]
    deep, short, both = _finals(_answers(UNLEASHED, tmp_path, commands))
    assert (deep["depth"], both["depth"]) == ("3", "3")
    assert int(short["nodes"]) <= 21_000
    # An entry's own limits stay: FAST searches 1 ply, NODES about 300 nodes (±10%).
    (fast,) = _finals(_answers(FAST, tmp_path, ["position startpos", "go depth 20"]))
    assert fast["depth"] == "1"
    (nodes,) = _finals(_answers(NODES, tmp_path, [RUY_LOPEZ, "go nodes 100000 depth 30"]))
    assert int(nodes["nodes"]) <= 400


@pytest.mark.engine
@pytest.mark.parametrize("name", [FAST, UNLEASHED])
def test_go_searchmoves_chooses_among_them_alone(name: str, tmp_path: Path) -> None:
    commands = ["position startpos moves e2e4 e7e5"]
    commands += ["go searchmoves a2a3 h2h3 wtime 60000 btime 60000"]
    commands += ["go depth 4 searchmoves b1a3 e1e2 nonsense"]
    lines = _answers(name, tmp_path, commands)
    moves = [line.split()[1] for line in lines if line.startswith("bestmove")]
    assert moves[0] in ("a2a3", "h2h3")
    assert moves[1] in ("b1a3", "e1e2")
    assert "info string ignored searchmoves nonsense: not a legal move here" in lines


@pytest.mark.engine
def test_every_position_with_a_legal_move_gets_one_and_only_the_others_get_0000(
    tmp_path: Path,
) -> None:
    repeated = " g1f3 g8f6 f3g1 f6g8" * 4  # the starting position five times
    positions = {
        "position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1": True,  # K v K
        "position fen 8/8/8/4k3/8/8/8/3NK3 w - - 0 1": True,  # K+N v K
        "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 150 120": True,  # halfmove clock 150
        f"position startpos moves{repeated}": True,  # fivefold repetition
        "position startpos moves f2f3 e7e5 g2g4 d8h4": False,  # checkmate
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1": False,  # stalemate
    }
    commands = [line for position in positions for line in (position, "go wtime 9000 btime 9000")]
    lines = _answers(FAST, tmp_path, commands)
    moves = [line.split()[1] for line in lines if line.startswith("bestmove")]
    assert len(moves) == len(positions)
    for (position, playable), move in zip(positions.items(), moves, strict=True):
        board = _board(position)
        if playable:
            assert chess.Move.from_uci(move) in board.legal_moves, position
        else:
            assert move == "0000", position


@pytest.mark.engine
def test_each_move_comes_after_the_report_of_the_search_that_chose_it(tmp_path: Path) -> None:
    server = _started(UNLEASHED, tmp_path)
    try:
        assert "id name stockfish-unleashed (rated-play)" in server.seen
        server.send("position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6")
        server.send("go wtime 60000 btime 60000 depth 12")  # past the opening: its own move
        move = server.expect("bestmove", within=30)
        info = INFO.fullmatch(server.seen[-2])
        assert info is not None, server.seen[-3:]
        assert info["depth"] == "12"
        assert info["pv"].split()[0] == move.split()[1]
        _quit(server)
    finally:
        server.kill()


@pytest.mark.engine
@pytest.mark.parametrize(
    ("name", "position", "chosen_by"),
    [
        (FAST, "position startpos", "a random pick among its best lines (UCI_LimitStrength)"),
        (
            NODES,
            "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "a full-strength search, as every opponent finishes a won ending",
        ),
    ],
)
def test_a_move_not_chosen_by_the_entrys_search_says_so(
    name: str, position: str, chosen_by: str, tmp_path: Path
) -> None:
    # FAST's own weakening picks at random every move; NODES steps aside for the judge in a
    # won ending against a bare king.
    lines = _answers(name, tmp_path, [position, "go wtime 60000 btime 60000"] * 3)
    assert lines[0] == f"id name {name} (rated-play)"
    assert lines[0][len("id name ") :][:24].startswith(name)  # polyglot's cut keeps the strength
    said = [line for line in lines if line.startswith("info string")]
    assert len(said) == 3, lines
    for line in said:
        assert re.fullmatch(rf"info string [a-h][1-8][a-h][1-8] is {re.escape(chosen_by)}", line)
        following = lines[lines.index(line) + 2]
        assert following.startswith("bestmove " + line.split()[2])


@pytest.mark.engine
@pytest.mark.parametrize("name", [NODES, UNLEASHED])
def test_a_fresh_process_answers_a_short_clock_within_it(name: str, tmp_path: Path) -> None:
    # 288-560 ms from a fresh process, on a clock of 300 ms: the judge (started for the
    # variation, then searching) took longer than the clock allowed. Then 47-339 ms: the
    # engine's 64 MB hash was allocated on the first move, and the judge, starting then, took
    # the 30 ms it has on this clock. Both are now done before its first command is read:
    # 41-44 ms, 50-79 ms beside three busy processes on two cores.
    server = _started(name, tmp_path)
    try:
        server.send(RUY_LOPEZ)
        started = time.monotonic()
        server.send("go wtime 300 btime 60000")
        move = server.expect("bestmove", within=10)
        assert time.monotonic() - started < 0.3
        assert _move(move) in _board(RUY_LOPEZ).legal_moves
        _quit(server)
    finally:
        server.kill()


@pytest.mark.engine
async def test_the_judge_that_varies_an_opening_is_up_before_the_first_move() -> None:
    """Started with the entry's engine, for an entry whose opening the judge varies; not for
    one that varies by itself, which needs it only later, if ever (a won ending)."""
    pool = load_pool()
    varied, by_itself = EnginePlayer(pool.get(NODES)), EnginePlayer(pool.get(FAST))
    try:
        for player in (varied, by_itself):
            await player.start()
            await player.ready()
        assert varied._judge.pid is not None
        assert by_itself._judge.pid is None
        await varied.choose(_board(RUY_LOPEZ), ClockReading(0.3, 60.0, 0.0))
        assert varied._judge.restarts == 0
    finally:
        await close_all(varied.close, by_itself.close)


@pytest.mark.engine
@pytest.mark.parametrize(
    ("chooses_by", "said_as"),
    [
        ("a neural network's choice", "a neural network's choice"),
        ("a net\nbestmove a1a2", "a net\\nbestmove a1a2"),  # a pool file's text, on one line
    ],
)
async def test_an_entry_that_names_how_it_chooses_says_it_with_each_move(
    chooses_by: str, said_as: str, tmp_path: Path
) -> None:
    # As a neural-network entry would: its choice, not the search report, picked the move.
    # Past move 12, so the judge does not vary it.
    net = Opponent(
        name="net", title="A net", command="stockfish", rating=1500,
        search=SearchLimit(depth=1), chooses_by=chooses_by,
    )  # fmt: skip
    commands = tmp_path / "commands"
    commands.write_text(f"position fen {ITALIAN_AT_MOVE_20}\ngo\n", encoding="utf-8")
    output = io.StringIO()
    with commands.open("rb") as stream:
        await serve_uci(net, stream, output)
    said, info, best = output.getvalue().splitlines()[-3:]
    move = best.split()[1]
    assert said == f"info string {move} is {said_as}"
    assert INFO.fullmatch(info)
    assert chess.Move.from_uci(move) in chess.Board(ITALIAN_AT_MOVE_20).legal_moves
