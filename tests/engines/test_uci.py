"""``rated-play engines uci NAME``: our opponents in any UCI tool, playing as in a rated game."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import chess
import chess.engine

from engines.discovery import find_engine


def _server(name: str, data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "rated_play", "engines", "uci", name, "--data-dir", str(data_dir)]


def _children(pid: int) -> set[int]:
    children = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="ascii")
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                children.add(int(entry.name))
    return children


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_python_chess_plays_a_whole_game_against_an_opponent_over_uci(tmp_path: Path) -> None:
    _, ours = await chess.engine.popen_uci(_server("stockfish-nodes-300", tmp_path))
    _, human = await chess.engine.popen_uci(str(find_engine("stockfish")))
    board = chess.Board()
    clocks = {chess.WHITE: 60.0, chess.BLACK: 60.0}
    try:
        assert ours.id["name"] == "rated-play stockfish-nodes-300"
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
    assert board.ply() >= 20
    assert clocks[chess.WHITE] > 0


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
        children = _children(server.pid)
        assert children  # its engine is running
        send("isready")
        assert expect("readyok") < 1.0
        expect("bestmove")
        send("quit")
        assert server.wait(timeout=10) == 0
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in children)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


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
