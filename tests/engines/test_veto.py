"""The veto: a person-like entry above its network's strength has the judge (real Stockfish)
check its move, and chooses again where the move is a blunder."""

from __future__ import annotations

from dataclasses import replace

import chess
import chess.engine
import pytest

from engines.opponents.engine_player import EnginePlayer
from engines.opponents.pool import load_pool
from engines.opponents.veto import is_vetoed, vetoed_from
from profiles.accuracy import winning_chances
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


def test_a_veto_between_two_marks_vetoes_the_worse_of_the_milder_one() -> None:
    """From a drop of 0.25 in winning chances: a move losing 0.27 is no blunder by lichess's
    marks (0.3) yet is vetoed; one losing 0.22, a mistake too, stands, as it stands under a veto
    of blunders alone; a veto of mistakes vetoes both."""
    best = chess.engine.Cp(0)

    def losing(drop: float) -> chess.engine.Score:
        # The evaluation whose winning chances are ``drop`` below level (lichess's curve).
        centipawns = next(cp for cp in range(0, -2000, -1) if -winning_chances(cp) >= drop)
        return chess.engine.Cp(centipawns)

    between = vetoed_from(Mark.BLUNDER, 0.25)
    assert between == 0.25
    assert vetoed_from(Mark.BLUNDER) == 0.3 and vetoed_from(Mark.MISTAKE) == 0.2
    assert is_vetoed(best, losing(0.27), between)
    assert not is_vetoed(best, losing(0.27), vetoed_from(Mark.BLUNDER))
    assert not is_vetoed(best, losing(0.22), between)
    assert is_vetoed(best, losing(0.22), vetoed_from(Mark.MISTAKE))


@pytest.mark.engine
async def test_an_entry_vetoing_from_its_own_drop_still_vetoes_every_blunder() -> None:
    network = replace(load_pool().get("maia-1900"), veto=Mark.BLUNDER, veto_drop=0.25)
    board = blunder_position()
    player = EnginePlayer(network)
    try:
        await player.start()
        choice = await player.choose(board, None)
        assert choice.move != NETWORK_BLUNDER and choice.move in board.legal_moves
        assert choice.chosen_by is not None and "vetoed" in choice.chosen_by
    finally:
        await player.close()
