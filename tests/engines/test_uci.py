"""``rated-play engines uci NAME``: our opponents in any UCI tool, playing as in a rated game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import chess
import chess.engine
import pytest

from engines.discovery import find_engine
from tests.builders import NO_WHITE_KING, READY_WITHIN, alive, children_of
from tests.engines.uci_process import UciProcess, marked_processes, none_left, run_server


def _server(name: str, data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "rated_play", "engines", "uci", name, "--data-dir", str(data_dir)]


@pytest.mark.engine
async def test_python_chess_plays_a_whole_game_against_an_opponent_over_uci(tmp_path: Path) -> None:
    _, ours = await chess.engine.popen_uci(_server("stockfish-nodes-300", tmp_path))
    _, human = await chess.engine.popen_uci(str(find_engine("stockfish")))
    board = chess.Board()
    clocks = {chess.WHITE: 60.0, chess.BLACK: 60.0}
    try:
        assert ours.id["name"] == "stockfish-nodes-300 (rated-play)"
        await human.configure({"Threads": 1, "Hash": 16})
        while not board.is_game_over(claim_draw=True) and board.ply() < 160:
            if board.turn == chess.WHITE:
                limit = chess.engine.Limit(
                    white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                    white_inc=1.0, black_inc=1.0,
                )  # fmt: skip
                started = time.monotonic()
                result = await ours.play(board, limit)
                clocks[chess.WHITE] += 1.0 - (time.monotonic() - started)
            else:
                result = await human.play(board, chess.engine.Limit(depth=1))
            assert result.move in board.legal_moves
            board.push(result.move)
    finally:
        await ours.quit()
        await human.quit()
    # Whole: over on the board or at the cap. Not a length: the entry was once mated in 18 plies
    # by the depth-1 search, its opening varied at random.
    assert board.is_game_over(claim_draw=True) or board.ply() == 160
    assert board.ply() >= 10
    assert clocks[chess.WHITE] > 0


@pytest.mark.engine
def test_isready_is_answered_while_thinking_and_quit_ends_every_process(tmp_path: Path) -> None:
    server = subprocess.Popen(
        _server("stockfish-unleashed", tmp_path),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
    )  # fmt: skip
    assert server.stdin is not None and server.stdout is not None

    def send(line: str) -> None:
        assert server.stdin is not None
        server.stdin.write(line + "\n")
        server.stdin.flush()

    def expect(word: str) -> float:
        started = time.monotonic()
        assert server.stdout is not None
        while (line := server.stdout.readline()) and not line.startswith(word):
            pass
        assert line.startswith(word), f"no {word}"
        return time.monotonic() - started

    try:
        send("uci")
        expect("uciok")
        send("position startpos moves e2e4")
        send("go")  # no limits: the unleashed entry thinks for seconds
        time.sleep(0.5)
        children = children_of(server.pid)
        assert children  # its engine is running
        send("isready")
        assert expect("readyok") < 1.0
        expect("bestmove")
        send("quit")
        assert server.wait(timeout=10) == 0
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(pid) for pid in children)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


@pytest.mark.engine
def test_the_end_of_input_ends_the_engine(tmp_path: Path) -> None:
    result = subprocess.run(
        _server("fairy-stockfish-skill-minus20", tmp_path),
        input="uci\nisready\nposition startpos\ngo wtime 1000 btime 1000\n",
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "readyok" in result.stdout
    assert "bestmove" in result.stdout


def test_an_unknown_opponent_is_refused_with_a_sentence(tmp_path: Path) -> None:
    result = subprocess.run(
        _server("no-such-entry", tmp_path), capture_output=True, text=True, check=False,
        env={**os.environ},
    )  # fmt: skip
    assert result.returncode != 0
    assert "'rated-play engines' lists them" in result.stderr
    assert "Traceback" not in result.stderr


# Issue 18: no input, clock or stream can hang the server, crash it, or make it play from a
# position it was not given. FAST answers by itself in milliseconds (depth 1, and it varies by
# itself, so it starts no judge); unleashed thinks for minutes on an hour's clock.
FAST = "stockfish-elo-1350"
UNLEASHED = "stockfish-unleashed"
STOP_WITHIN = 2.0
"""A bestmove after ``stop``: the engine answers in milliseconds; the rest is a loaded machine."""


def _bestmoves(stdout: str) -> list[str]:
    return [line.split()[1] for line in stdout.splitlines() if line.startswith("bestmove")]


@pytest.mark.engine
def test_a_clock_that_is_not_a_number_is_noted_and_a_move_is_still_given(tmp_path: Path) -> None:
    commands = ["uci", "position startpos", "go wtime nan btime nan", "go wtime inf btime inf"]
    commands += ["go wtime abc btime -inf winc nan binc 1e999", "isready"]
    result, mark = run_server(FAST, tmp_path, input="\n".join(commands) + "\n")
    stdout = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    moves = _bestmoves(stdout)
    assert [chess.Move.from_uci(move) in chess.Board().legal_moves for move in moves] == [True] * 3
    assert "info string ignored wtime nan: not a number of milliseconds" in stdout
    assert "info string ignored wtime abc: not a number of milliseconds" in stdout
    assert "info string btime inf is told to the engine as 2147483647, its nearest" in stdout
    assert "info string btime -inf is told to the engine as 0, its nearest" in stdout
    assert none_left(mark)


@pytest.mark.engine
def test_a_clock_no_engine_can_read_leaves_the_entry_its_own_depth(tmp_path: Path) -> None:
    # Told 1e308 ms as 309 digits, Stockfish stops reading the go line and loses the depth 1
    # after it: it searched for ever. Clamped to 2^31-1 ms it keeps its depth and answers.
    server = UciProcess(FAST, tmp_path)
    try:
        server.send("position startpos moves e2e4")
        server.send("go wtime 1e308 btime 1e308")
        note = server.expect("info", within=30)
        assert note == "info string wtime 1e308 is told to the engine as 2147483647, its nearest"
        move = server.expect("bestmove", within=30)
        board = chess.Board()
        board.push_uci("e2e4")
        assert chess.Move.from_uci(move.split()[1]) in board.legal_moves
        server.send("isready")
        server.expect("readyok", within=READY_WITHIN)
        server.send("quit")
        assert server.wait(within=10) == 0
        assert "Traceback" not in server.stderr
        assert none_left(server.mark)
    finally:
        server.kill()


@pytest.mark.engine
def test_stop_is_answered_at_once_with_the_move_the_engine_has(tmp_path: Path) -> None:
    # An hour's clock: unleashed Stockfish plans minutes for this move.
    server = UciProcess(UNLEASHED, tmp_path)
    try:
        server.send("uci")
        server.expect("uciok", within=60)
        server.send("position startpos moves e2e4")
        server.send("go wtime 3600000 btime 3600000")
        server.send("isready")
        server.expect("readyok", within=READY_WITHIN)
        server.send("stop")
        move = server.expect("bestmove", within=STOP_WITHIN)
        board = chess.Board()
        board.push_uci("e2e4")
        assert chess.Move.from_uci(move.split()[1]) in board.legal_moves
        server.send("isready")
        server.expect("readyok", within=READY_WITHIN)
        server.send("quit")
        assert server.wait(within=10) == 0
        assert "Traceback" not in server.stderr
        assert none_left(server.mark)
    finally:
        server.kill()


@pytest.mark.engine
def test_a_position_sent_while_it_thinks_does_not_hold_up_readyok(tmp_path: Path) -> None:
    # The protocol foresees a stop before the next position; a GUI that sends none still gets
    # readyok at once, and the search it cut short still gets its bestmove.
    server = UciProcess(UNLEASHED, tmp_path)
    try:
        server.send("uci")
        server.expect("uciok", within=60)
        server.send("position startpos")
        server.send("go wtime 3600000 btime 3600000")
        server.send("position startpos moves d2d4")
        server.send("isready")
        move = server.expect("bestmove", within=STOP_WITHIN)
        assert chess.Move.from_uci(move.split()[1]) in chess.Board().legal_moves
        server.expect("readyok", within=READY_WITHIN)
        server.send("quit")
        assert server.wait(within=10) == 0
        assert none_left(server.mark)
    finally:
        server.kill()


@pytest.mark.engine
def test_a_line_of_any_length_is_read_or_skipped_with_a_note(tmp_path: Path) -> None:
    # Over asyncio's 64 KiB line limit: a position with 100,000 spaces in it (the protocol
    # allows any white space between tokens), garbage of 2 MiB (skipped, said so).
    spaced = b"position startpos" + b" " * 100_000 + b"moves e2e4"
    commands = [b"uci", b"x" * 100_000, b"isready", b"y" * (2 << 20), b"isready", spaced, b"go"]
    result, mark = run_server(FAST, tmp_path, input=b"\n".join(commands) + b"\n")
    stdout = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    assert stdout.count("readyok") == 2
    assert f"info string skipped a line of {2 << 20} bytes" in stdout
    board = chess.Board()
    board.push_uci("e2e4")
    assert [chess.Move.from_uci(move) in board.legal_moves for move in _bestmoves(stdout)] == [True]
    assert none_left(mark)


@pytest.mark.engine
@pytest.mark.parametrize("stdin", ["a file of commands", "/dev/null", "closed"])
def test_any_standard_input_is_read_to_its_end_and_the_server_ends(
    stdin: str, tmp_path: Path
) -> None:
    commands = tmp_path / "cmds.txt"
    commands.write_text("uci\nisready\nposition startpos\ngo wtime 1000 btime 1000\n")
    prefix: list[str] = []
    with commands.open("rb") as opened:
        if stdin == "a file of commands":
            given: int | IO[bytes] | None = opened
        elif stdin == "/dev/null":
            given = subprocess.DEVNULL
        else:  # started with no standard input at all, as by `rated-play engines uci X <&-`
            given, prefix = None, ["sh", "-c", 'exec "$@" <&-', "sh"]
        result, mark = run_server(FAST, tmp_path, given, argv_prefix=prefix)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    stdout = result.stdout.decode()
    if stdin == "a file of commands":
        assert "readyok" in stdout
        assert [
            chess.Move.from_uci(m) in chess.Board().legal_moves for m in _bestmoves(stdout)
        ] == [True]
    else:
        assert stdout == ""
    assert none_left(mark)


@pytest.mark.engine
def test_a_position_that_cannot_be_played_is_refused_and_nothing_is_played_from_it(
    tmp_path: Path,
) -> None:
    commands = [
        f"position fen {NO_WHITE_KING}",  # python-chess reads it; Stockfish crashes on it
        "go",
        "position startpos moves e2e4",
        "go",
        "position startpos moves e2e4 e7e5 e1e3",  # an illegal move: no position is set
        "go",
        "isready",
    ]
    result, mark = run_server(FAST, tmp_path, input="\n".join(commands) + "\n")
    stdout = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    moves = _bestmoves(stdout)
    assert len(moves) == 3 and moves[0] == moves[2] == "0000", stdout
    after_e4 = chess.Board()
    after_e4.push_uci("e2e4")
    assert chess.Move.from_uci(moves[1]) in after_e4.legal_moves
    assert "info string refused the position: not a legal position (no white king)" in stdout
    assert "info string refused the position: the move e1e3 cannot be played" in stdout
    assert stdout.count("info string no position to play from") == 2
    assert "readyok" in stdout
    assert none_left(mark)


@pytest.mark.engine
def test_bytes_that_are_not_text_are_neither_fatal_nor_echoed_raw(tmp_path: Path) -> None:
    # A terminal escape, a carriage return (a GUI splitting lines on it would read a false
    # bestmove), a NUL and bytes that are not UTF-8, on a terminal that takes only ASCII.
    commands = [
        b"uci",
        b"\xff\xfe\x00\x80 garbage \xc3",
        b"position fen \x1b]0;pwned\x07 \xe9\rbestmove a1a2",
        b"isready",
    ]
    result, mark = run_server(
        FAST, tmp_path, input=b"\n".join(commands) + b"\n",
        env={"PYTHONIOENCODING": "ascii"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    assert (
        b"\x1b" not in result.stdout and b"\r" not in result.stdout and b"\x07" not in result.stdout
    )
    lines = result.stdout.decode("ascii").splitlines()
    assert lines[-1] == "readyok"
    (info,) = [line for line in lines if line.startswith("info")]
    assert info.startswith("info string refused the position: not a FEN")
    assert "\\x1b]0;pwned\\x07 \\ufffd bestmove a1a2" in info
    assert none_left(mark)


@pytest.mark.engine
def test_stop_does_not_wait_for_the_judge(tmp_path: Path) -> None:
    # In a won ending against a bare king the full-strength judge moves (technique), as it
    # varies an opening: a search of its own, which stop must cut short too. It is frozen
    # here, so its search could only end at its ten-second timeout.
    queen_wins = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
    server = UciProcess(FAST, tmp_path)
    try:
        server.send("uci")
        server.expect("uciok", within=60)
        own_engine = children_of(server.process.pid)
        server.send(f"position fen {queen_wins}")
        server.send("go wtime 60000 btime 60000")
        server.expect("bestmove", within=60)
        (judge,) = children_of(server.process.pid) - own_engine
        os.kill(judge, signal.SIGSTOP)
        server.send(f"position fen {queen_wins} moves e1e2 e8f7")
        server.send("go wtime 60000 btime 60000")
        server.send("isready")  # once answered, the server waits for input: the search runs
        server.expect("readyok", within=READY_WITHIN)
        server.send("stop")
        move = server.expect("bestmove", within=STOP_WITHIN)
        board = chess.Board(queen_wins)
        board.push_uci("e1e2")
        board.push_uci("e8f7")
        assert chess.Move.from_uci(move.split()[1]) in board.legal_moves
        server.send("quit")
        assert server.wait(within=30) == 0
        assert none_left(server.mark)
    finally:
        server.kill()
        for pid in marked_processes(server.mark):
            os.kill(pid, signal.SIGKILL)
