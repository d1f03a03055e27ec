"""``rated-play-maia``: a Maia network as a UCI engine, and the Maia entries of the pool playing
whole games, in calibration and through ``rated-play engines uci``."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import time
from pathlib import Path

import chess
import chess.engine
import pytest

from engines.calibration.engine_game import play_match_game
from engines.calibration.openings import Opening
from engines.discovery import find_engine
from engines.maia.engine import MaiaEngine, run
from engines.opponents.pool import load_pool
from profiles.laws.time_control import TimeControl
from tests.builders import fast_opponent


def engine(lines: list[str]) -> tuple[MaiaEngine, list[str]]:
    said: list[str] = []
    maia = MaiaEngine(said.append, rng=random.Random(1))
    for line in ["setoption name WeightsFile value maia-1500", *lines]:
        maia.handle(line)
    return maia, said


def bestmoves(said: list[str]) -> list[str]:
    return [line.split()[1] for line in said if line.startswith("bestmove")]


def test_go_answers_at_once_with_an_info_line_from_the_network() -> None:
    _, said = engine(["position startpos moves e2e4 f7f6 d1h5", "go wtime 300 btime 60000"])
    assert bestmoves(said) == ["g7g6"]
    info = next(line for line in said if line.startswith("info depth"))
    assert "nodes 1" in info and " score cp " in info and " wdl " in info and info.endswith("g7g6")
    assert "info string network's most likely move, at 100%" in said


def test_go_infinite_and_ponder_wait_for_stop_or_ponderhit() -> None:
    maia, said = engine(["position startpos", "go infinite", "isready"])
    assert bestmoves(said) == [] and said[-1] == "readyok"
    maia.handle("stop")
    assert len(bestmoves(said)) == 1
    maia.handle("stop")  # a second stop has nothing left to answer
    assert len(bestmoves(said)) == 1
    maia.handle("position startpos moves e2e4")
    maia.handle("go ponder wtime 1000 btime 1000")
    assert len(bestmoves(said)) == 1
    maia.handle("ponderhit")
    assert len(bestmoves(said)) == 2


def test_searchmoves_limits_the_choice_and_every_position_with_a_move_gets_one() -> None:
    _, said = engine(["position startpos", "go searchmoves a2a3 h2h3 depth 5"])
    assert bestmoves(said)[0] in ("a2a3", "h2h3")
    for fen in (
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",  # kings alone
        "8/8/8/4k3/8/8/3N4/4K3 b - - 150 200",  # a halfmove clock of 150
    ):
        _, said = engine([f"position fen {fen}", "go movetime 100"])
        move = chess.Move.from_uci(bestmoves(said)[0])
        assert move in chess.Board(fen).legal_moves
    _, said = engine(["position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go"])
    assert bestmoves(said) == ["0000"]  # mated: no move to give


def first_moves(position: str, seeds: int = 12) -> set[str]:
    """The moves the engine gives in ``position`` (a ``position`` command's arguments) under
    as many seeds."""
    moves = set()
    for seed in range(seeds):
        said: list[str] = []
        maia = MaiaEngine(said.append, rng=random.Random(seed))
        for line in ("setoption name WeightsFile value maia-1500", f"position {position}", "go"):
            maia.handle(line)
        moves |= set(bestmoves(said))
    return moves


def test_the_opening_varies_among_moves_of_real_weight_and_not_after() -> None:
    assert first_moves("startpos") == {"e2e4", "d2d4"}  # the two people play most
    # The same position at move 13: past the varied moves, always the most likely.
    assert first_moves("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 13") == {"e2e4"}
    _, said = engine(["setoption name VariedMoves value 0", "position startpos", "go"] * 5)
    assert set(bestmoves(said)) == {"e2e4"}  # VariedMoves 0: never varied


def test_a_bad_command_is_said_and_the_engine_plays_on() -> None:
    maia, said = engine(["setoption name VariedMoves value ²", "isready"])
    assert said[-2:] == ["info string VariedMoves takes a whole number; kept the last", "readyok"]
    bad_en_passant = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq h8 0 2"
    for line in (f"position fen {bad_en_passant}", "position startpos moves e2e5", "go"):
        maia.handle(line)
    # No move for the refused position, nor the move of the last good one (the start).
    assert bestmoves(said) == ["0000"]
    assert sum("refused the position" in line for line in said) == 2
    maia.handle("position startpos")
    maia.handle("go")
    assert bestmoves(said)[1] in ("e2e4", "d2d4"), "plays on from the next good one"


def test_a_network_that_cannot_be_loaded_ends_the_engine_with_one_line(tmp_path: Path) -> None:
    out = io.StringIO()
    missing = tmp_path / "none.pb.gz"
    status = run(["uci", f"setoption name WeightsFile value {missing}", "isready"], out)
    assert status == 1
    assert "readyok" not in out.getvalue()
    command = [sys.executable, "-c", "from engines.maia.engine import main; main()"]
    done = subprocess.run(
        command,
        input=f"uci\nsetoption name WeightsFile value {missing}\nisready\n",
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"rated-play-maia: {missing} cannot be read (No such file or directory); check the path"
    ]


@pytest.mark.engine
async def test_a_maia_entry_plays_whole_calibration_games_that_differ() -> None:
    maia = load_pool().get("maia-1500")
    assert maia.command == "rated-play-maia" and find_engine(maia.command) is not None
    start = Opening("initial position", ())
    clock = TimeControl(30.0, 0.3)
    games = []
    for white, black in (
        (maia, fast_opponent(1)),
        (maia, fast_opponent(1)),
        (fast_opponent(1), maia),
    ):
        game = await play_match_game(white, black, start, clock)
        assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
        assert game.headers["Termination"] != "time forfeit"
        assert game.end().board().ply() >= 10
        games.append([move.uci() for move in game.mainline_moves()])
    # The same opponent, the same colour, the same deterministic Stockfish: only the network's
    # own variety can tell the two games apart.
    assert games[0][:24] != games[1][:24]


@pytest.mark.engine
async def test_engines_uci_serves_a_maia_entry_for_a_whole_game(tmp_path: Path) -> None:
    server = [sys.executable, "-m", "rated_play", "engines", "uci", "maia-1100"]
    _, ours = await chess.engine.popen_uci([*server, "--data-dir", str(tmp_path)])
    _, other = await chess.engine.popen_uci(str(find_engine("stockfish")))
    board = chess.Board()
    try:
        assert ours.id["name"].startswith("maia-1100") or "maia-1100" in ours.id["name"]
        while not board.is_game_over(claim_draw=True) and board.ply() < 200:
            if board.turn == chess.BLACK:
                started = time.monotonic()
                result = await ours.play(board, chess.engine.Limit(white_clock=60, black_clock=5))
                assert time.monotonic() - started < 2.0  # a network's move: no thinking
            else:
                result = await other.play(board, chess.engine.Limit(depth=1))
            assert result.move in board.legal_moves
            board.push(result.move)
    finally:
        await ours.quit()
        await other.quit()
    # To its end: a mate, a draw or 200 plies. Not a length: a network of 1100 drawing its
    # opening moves can be mated by move 9 (it was, once), and every move was still served.
    assert board.is_game_over(claim_draw=True) or board.ply() == 200
    assert board.ply() >= 4
