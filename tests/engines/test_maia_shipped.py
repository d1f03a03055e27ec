"""The shipped Maia networks: where they come from, that their policy falls on legal moves in
real positions, and textbook cases as sanity checks (the proof is the reference,
tests/engines/test_maia_network.py)."""

from __future__ import annotations

from functools import cache

import chess
import numpy as np
import pytest

from engines.maia.choice import move_probabilities
from engines.maia.network import evaluate
from engines.maia.networks import NETS_DIR, SHIPPED_RATINGS, network_path, shipped_name
from engines.maia.planes import input_planes
from engines.maia.policy import policy_index
from engines.maia.weights import NetworkWeights, load_network
from tests.builders import real_positions

NAMES = [shipped_name(rating) for rating in SHIPPED_RATINGS]


@cache
def network(name: str) -> NetworkWeights:
    return load_network(network_path(name))


def probabilities(name: str, *sans: str) -> dict[str, float]:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    found = move_probabilities(board, evaluate(network(name), input_planes(board)))
    return {board.san(move): p for move, p in found.items()}


def test_each_network_ships_with_its_source_and_licence() -> None:
    assert sorted(path.name for path in NETS_DIR.glob("*.pb.gz")) == [f"{n}.pb.gz" for n in NAMES]
    notice = (NETS_DIR / "README.md").read_text(encoding="utf-8")
    assert "CSSLab/maia-chess" in notice and "GPL-3.0" in notice
    assert all(name in notice for name in NAMES)
    for name in NAMES:
        loaded = network(name)
        assert (loaded.filters, len(loaded.tower), loaded.wdl) == (64, 6, True)


@pytest.mark.parametrize("name", NAMES)
def test_the_policy_falls_on_legal_moves_in_real_positions(name: str) -> None:
    masses = []
    for board in real_positions(150, every=11):
        if board.is_game_over():
            continue
        logits = evaluate(network(name), input_planes(board)).policy_logits
        everything = np.exp(logits - logits.max())
        legal = everything[[policy_index(board, move) for move in board.legal_moves]]
        masses.append(legal.sum() / everything.sum())
    assert np.mean(masses) >= 0.99, f"{name}: {np.mean(masses):.4f} of the policy on legal moves"


def whole_policy(name: str, *sans: str) -> dict[str, float]:
    """The network's probabilities over all 1,858 of lc0's moves, legal or not, by SAN for
    the legal ones."""
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    logits = evaluate(network(name), input_planes(board)).policy_logits
    everything = np.exp(logits - logits.max())
    everything /= everything.sum()
    return {board.san(m): float(everything[policy_index(board, m)]) for m in board.legal_moves}


@pytest.mark.parametrize("name", NAMES)
def test_textbook_cases(name: str) -> None:
    # The only legal move, found by the network itself among all 1,858: it sees the check
    # through the history and the board.
    assert whole_policy(name, "e4", "f6", "Qh5+")["g6"] > 0.9
    recapture = probabilities(name, "e4", "d5", "exd5")
    assert max(recapture, key=recapture.__getitem__) in ("Qxd5", "Nf6")
    opening = probabilities(name)
    assert max(opening, key=opening.__getitem__) in ("e4", "d4")
