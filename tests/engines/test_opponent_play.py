"""How every opponent plays, whatever its strength: it mates a bare king, it does not replay a
game, and it takes a draw as a person of its rating would. Real engines throughout."""

from __future__ import annotations

import chess
import chess.engine
import pytest

from engines.calibration.openings import load_openings
from engines.discovery import find_engine
from engines.opponents.engine_player import EnginePlayer
from engines.opponents.opponent import Opponent
from engines.opponents.pool import load_pool
from engines.opponents.technique import is_simple_win
from engines.opponents.variation import VARIED_MOVES
from tests.builders import Draws

# One entry of each way of weakening an engine: a negative skill level, UCI_Elo, a node budget.
FAMILIES = (
    "fairy-stockfish-skill-minus20",
    "stockfish-elo-1500",
    "stockfish-nodes-1",
    "stockfish-nodes-1000",
)


def _entry(name: str) -> Opponent:
    return load_pool().get(name)


def test_a_bare_king_is_a_simple_win_for_the_side_with_mating_material() -> None:
    assert is_simple_win(chess.Board("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"))
    assert not is_simple_win(chess.Board("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"))  # the bare king moves
    assert not is_simple_win(chess.Board("8/8/8/4k3/8/8/8/N3K3 w - - 0 1"))  # a knight cannot mate
    assert not is_simple_win(chess.Board("8/8/8/4k3/4p3/8/8/R3K3 w - - 0 1"))  # not bare
    assert not is_simple_win(chess.Board())


@pytest.mark.engine
@pytest.mark.parametrize(
    ("name", "fen"),
    [
        ("fairy-stockfish-skill-minus20", "8/8/3k4/8/8/8/8/3QK3 w - - 0 1"),
        ("fairy-stockfish-skill-minus20", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
        ("stockfish-nodes-1", "7k/8/8/8/8/8/8/K6R w - - 0 1"),
    ],
)
async def test_even_the_weakest_opponents_mate_against_best_defence(name: str, fen: str) -> None:
    board = chess.Board(fen)
    entry = EnginePlayer(_entry(name))
    await entry.start()
    _, defender = await chess.engine.popen_uci(str(find_engine("stockfish")))
    try:
        await defender.configure({"Threads": 1, "Hash": 16})
        for _ in range(50):
            board.push(await entry.play(board, None))
            if board.is_game_over(claim_draw=True):
                break
            board.push((await defender.play(board, chess.engine.Limit(nodes=50_000))).move)
    finally:
        await entry.close()
        await defender.quit()
    assert board.is_checkmate(), board.fen()


async def _record(entry: Opponent, human: chess.engine.Protocol) -> list[chess.Move]:
    """The entry (White) against a depth-1 Stockfish for the entry's first moves."""
    board = chess.Board()
    player = EnginePlayer(entry)
    await player.start()
    try:
        while board.fullmove_number <= VARIED_MOVES and not board.is_game_over():
            board.push(await player.play(board, None))
            if board.is_game_over():
                break
            board.push((await human.play(board, chess.engine.Limit(depth=1))).move)
    finally:
        await player.close()
    return board.move_stack


async def _deviates(entry: Opponent, moves: list[chess.Move]) -> bool:
    """Replaying the human's moves of ``moves``, does the entry ever play another move?"""
    board = chess.Board()
    player = EnginePlayer(entry)
    await player.start()
    try:
        for index, recorded in enumerate(moves):
            if index % 2 == 0 and await player.play(board, None) != recorded:
                return True
            board.push(recorded)
    finally:
        await player.close()
    return False


@pytest.mark.engine
@pytest.mark.parametrize("name", FAMILIES)
async def test_no_opponent_replays_its_own_game_move_for_move(name: str) -> None:
    entry = _entry(name)
    _, human = await chess.engine.popen_uci(str(find_engine("stockfish")))
    try:
        await human.configure({"Threads": 1, "Hash": 16})
        game = await _record(entry, human)
    finally:
        await human.quit()
    deviations = [await _deviates(entry, game) for _ in range(10)]
    assert sum(deviations) >= 9, deviations


@pytest.mark.engine
async def test_early_draw_offers_in_balanced_openings_are_declined_by_every_entry() -> None:
    openings = [o for o in load_openings() if len(o.moves) <= 2 * 15][:3]
    for opponent in load_pool().available():
        player = EnginePlayer(opponent)
        try:
            for opening in openings[:1] if opponent.name not in FAMILIES else openings:
                board = opening.board()
                assert not await player.accepts_draw(board, not board.turn), (
                    opponent.name,
                    opening,
                )
        finally:
            await player.close()


LEVEL_PAWN_ENDING = "8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 45"


@pytest.mark.engine
@pytest.mark.parametrize(
    ("fen", "willingness", "accepted"),
    [
        # The opponent (Black) is a queen down in the middlegame: it takes the half point,
        # however unwilling.
        ("r1b1kbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 10", 0.99, True),
        # A level ending of kings and pawns at move 45: taken by one willing enough…
        (LEVEL_PAWN_ENDING, 0.0, True),
        # …and declined by one that is not,
        (LEVEL_PAWN_ENDING, 0.99, False),
        # and at move 12 by every one: a draw offer in the opening.
        ("8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 12", 0.0, False),
        # Black is a queen up at move 35: one of middling willingness plays on.
        ("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 35", 0.5, False),
    ],
)
async def test_a_draw_offered_is_answered_as_the_model_and_the_willingness_say(
    fen: str, willingness: float, accepted: bool
) -> None:
    """The opponent's answer is its judge's view through the model (its chance of accepting,
    tests/engines/test_conduct.py), against the willingness its conduct drew for the game."""
    player = EnginePlayer(_entry("stockfish-elo-1500"), rng=Draws(then=willingness))
    try:
        assert await player.accepts_draw(chess.Board(fen), chess.BLACK) is accepted
    finally:
        await player.close()
