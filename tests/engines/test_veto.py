"""The veto: a person-like entry above its network's strength has the judge (real Stockfish)
check its move, and chooses again where the move is a blunder."""

from __future__ import annotations

from dataclasses import replace

import chess
import pytest

from engines.opponents.engine_player import EnginePlayer
from engines.opponents.pool import load_pool
from profiles.marks import Mark

# A game of the shipped calibration where, at move 25, maia-1900's likeliest move (Rxd4?)
# gives up the exchange and more: Stockfish at depth 12 puts White at +1.2 before it and -4.8
# after it.
BLUNDER = (
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d4 d7d5 e1g1 g8e7 e4d5 b7b5 d5c6 e8g8 d4c5 d8d1 b1a3 "
    "f8d8 c4b5 e5e4 f1d1 e7c6 d1d8 c6d8 f3e5 c8e6 c1f4 e6d5 h2h3 d8e6 f4g3 f7f5 c5c6 g7g5 "
    "a3c4 h7h5 a1c1 g8g7 c1f1 e6d4 b5a4 f5f4 h3h4 f4g3 f1d1 g3f2 g1h2 d5c4"
)
NETWORK_MOVE = chess.Move.from_uci("d1d4")
RUY_LOPEZ = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6"


def _position() -> chess.Board:
    board = chess.Board()
    for move in BLUNDER.split():
        board.push_uci(move)
    return board


@pytest.mark.engine
async def test_a_blunder_of_the_network_is_vetoed_and_it_chooses_again() -> None:
    network = load_pool().get("maia-1900")
    plain, checked = EnginePlayer(network), EnginePlayer(replace(network, veto=Mark.BLUNDER))
    board = _position()
    try:
        await plain.start()
        await checked.start()
        assert (await plain.choose(board, None)).move == NETWORK_MOVE
        choice = await checked.choose(board, None)
        assert choice.move != NETWORK_MOVE and choice.move in board.legal_moves
        assert choice.chosen_by is not None and "vetoed" in choice.chosen_by
    finally:
        await plain.close()
        await checked.close()


@pytest.mark.engine
async def test_a_sound_move_of_the_network_stands() -> None:
    network = replace(load_pool().get("maia-1900"), veto=Mark.BLUNDER)
    board = chess.Board()
    for move in RUY_LOPEZ.split():
        board.push_uci(move)
    board.fullmove_number = 13  # past the varied opening moves, so the network's own choice
    player = EnginePlayer(network)
    try:
        await player.start()
        choice = await player.choose(board, None)
        assert choice.chosen_by is not None and "vetoed" not in choice.chosen_by
    finally:
        await player.close()
