"""The veto: a person-like entry above its network's strength has the judge (real Stockfish)
check its move, and chooses again where the move is a blunder."""

from __future__ import annotations

from dataclasses import replace

import chess
import pytest

from engines.opponents.engine_player import EnginePlayer
from engines.opponents.pool import load_pool
from profiles.marks import Mark
from tests.builders import NETWORK_BLUNDER, blunder_position

RUY_LOPEZ = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6"


@pytest.mark.engine
async def test_a_blunder_of_the_network_is_vetoed_and_it_chooses_again() -> None:
    network = load_pool().get("maia-1900")
    plain, checked = EnginePlayer(network), EnginePlayer(replace(network, veto=Mark.BLUNDER))
    board = blunder_position()
    try:
        await plain.start()
        await checked.start()
        assert (await plain.choose(board, None)).move == NETWORK_BLUNDER
        choice = await checked.choose(board, None)
        assert choice.move != NETWORK_BLUNDER and choice.move in board.legal_moves
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
