"""Above and below a network's own strength: the batched forward pass a search runs on, the
search guided by the network's policy and value, and a network drawing its moves at a
temperature, in ``rated-play-maia`` as a GUI drives it."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import numpy as np
import pytest

from engines.maia.choice import choose_move, move_probabilities
from engines.maia.engine import MaiaEngine
from engines.maia.network import evaluate, evaluate_batch
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.search import nodes_for, search
from engines.maia.weights import load_network
from tests.engines.maia_nets import random_network, write_network

# A middlegame of the calibration games (Italian, move 14): past the varied opening moves.
MIDDLEGAME = (
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5 d7d5 e4d5 f6d5 b1c3 c8e6 d2d3 f8e7 e1g1 e8g8 "
    "f1e1 d8d7 c3e4 a7a6 a2a3 h7h6 g5f3 f7f6 c1d2 a8d8"
)


def _board(moves: str) -> chess.Board:
    board = chess.Board()
    for move in moves.split():
        board.push_uci(move)
    return board


def test_a_batch_of_boards_gives_what_each_board_gives_alone(tmp_path: Path) -> None:
    boards = [_board(MIDDLEGAME), _board("e2e4"), _board("d2d4 d7d5 c2c4"), chess.Board()]
    planes = np.stack([input_planes(board) for board in boards])
    for network in (
        load_network(write_network(random_network(seed=3), tmp_path / "tiny.pb.gz")),
        load_network(network_path("maia-1900")),
    ):
        batch = evaluate_batch(network, planes)
        for alone, together in zip((evaluate(network, p) for p in planes), batch, strict=True):
            np.testing.assert_allclose(together.policy_logits, alone.policy_logits, atol=1e-4)
            assert (together.win, together.draw, together.loss) == pytest.approx(
                (alone.win, alone.draw, alone.loss), abs=1e-5
            )


def test_the_search_takes_the_size_the_position_asks_for() -> None:
    moves = [chess.Move.from_uci(uci) for uci in ("e2e4", "d2d4", "g1f3", "c2c4", "b1c3")]
    only = {moves[0]: 1.0}
    typical = dict.fromkeys(moves[:4], 0.25)
    wide = {chess.Move(a, b): 1 / 40 for a, b in zip(range(40), range(40, 80), strict=True)}
    assert nodes_for(64, only) == 32  # one move stands out: half the base
    assert nodes_for(64, typical) == 64  # four plausible moves: the base
    assert nodes_for(64, wide) == 128  # forty alike: twice the base, no more
    assert nodes_for(1, only) == 1


def test_the_search_plays_among_the_allowed_moves_and_a_mate_it_sees() -> None:
    network = load_network(network_path("maia-1900"))
    board = _board(MIDDLEGAME)
    evaluation = evaluate(network, input_planes(board))
    allowed = {chess.Move.from_uci("a3a4"), chess.Move.from_uci("h2h3")}
    result = search(network, board, evaluation, 40, allowed)
    assert result is not None and result.move in allowed and result.nodes >= 40
    # Black to move mates at once (Qh4#), where the network's own likeliest move is d5 (51%
    # against 18%): the search finds the finished game and overrules the policy.
    board = _board("f2f3 e7e5 g2g4")
    evaluation = evaluate(network, input_planes(board))
    probabilities = move_probabilities(board, evaluation)
    assert max(probabilities, key=probabilities.__getitem__) == chess.Move.from_uci("d7d5")
    result = search(network, board, evaluation, 64, set(board.legal_moves))
    assert result is not None and result.move == chess.Move.from_uci("d8h4")
    assert result.value > 0.8  # the root's value follows the mate found


def test_a_search_that_runs_out_of_time_plays_the_move_it_has() -> None:
    network = load_network(network_path("maia-1900"))
    board = _board(MIDDLEGAME)
    evaluation = evaluate(network, input_planes(board))
    result = search(
        network, board, evaluation, 10_000, set(board.legal_moves), out_of_time=lambda: True
    )
    assert result is not None and result.nodes == 1 and result.move in board.legal_moves


def _maia(*lines: str, seed: int = 1) -> list[str]:
    said: list[str] = []
    maia = MaiaEngine(said.append, rng=random.Random(seed))
    for line in ("setoption name WeightsFile value maia-1900", *lines):
        maia.handle(line)
    return said


def test_nodes_set_a_search_that_go_nodes_caps_and_the_info_line_reports() -> None:
    said = _maia("setoption name Nodes value 48", f"position startpos moves {MIDDLEGAME}", "go")
    info = next(line for line in said if line.startswith("info depth"))
    nodes = int(info.split(" nodes ")[1].split()[0])
    assert 24 <= nodes <= 96 and " nps " in info and " pv " in info
    assert any("network-guided search of" in line for line in said)
    capped = _maia(
        "setoption name Nodes value 48", f"position startpos moves {MIDDLEGAME}", "go nodes 5"
    )
    info = next(line for line in capped if line.startswith("info depth"))
    assert int(info.split(" nodes ")[1].split()[0]) <= 6
    # In the varied opening the network draws its move: no search there.
    opening = _maia("setoption name Nodes value 48", "position startpos", "go")
    assert any("nodes 1 " in line for line in opening)


def test_a_temperature_draws_moves_beyond_those_of_real_weight() -> None:
    network = load_network(network_path("maia-1100"))
    board = _board(MIDDLEGAME)
    evaluation = evaluate(network, input_planes(board))
    probabilities = move_probabilities(board, evaluation)
    best = max(probabilities, key=probabilities.__getitem__)
    rng = random.Random(5)
    cold = {
        choice.move
        for _ in range(40)
        if (choice := choose_move(board, evaluation, set(board.legal_moves), False, rng))
    }
    assert cold == {best}
    hot = [
        choice
        for _ in range(200)
        if (
            choice := choose_move(
                board, evaluation, set(board.legal_moves), False, rng, temperature=2.0
            )
        )
    ]
    assert len({choice.move for choice in hot}) > 10
    assert any(probabilities[choice.move] < 0.05 for choice in hot)
    # Drawn as often as the network says at 1: the likeliest move the most often.
    warm = [
        choice.move
        for _ in range(300)
        if (
            choice := choose_move(
                board, evaluation, set(board.legal_moves), False, rng, temperature=1.0
            )
        )
    ]
    assert max(set(warm), key=warm.count) == best
    said = _maia(
        "setoption name Temperature value 1.5", f"position startpos moves {MIDDLEGAME}", "go"
    )
    assert any("drawn at temperature 1.5" in line for line in said)


def test_a_temperature_or_nodes_it_cannot_take_is_said_and_the_last_kept() -> None:
    said = _maia(
        "setoption name Temperature value hot",
        "setoption name Temperature value -1",
        "setoption name Temperature value nan",
        "setoption name Nodes value many",
        f"position startpos moves {MIDDLEGAME}",
        "go",
    )
    assert sum("Temperature takes a number from 0 to 10" in line for line in said) == 3
    assert sum("Nodes takes a whole number" in line for line in said) == 1
    assert any("network's most likely move" in line for line in said)  # neither was taken
