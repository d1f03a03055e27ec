"""The draw-agreement fit (benchmarks/draw_agreements.py) recovers the coefficients of rare
agreements drawn from a logistic model it is given, where a first Newton step from zero would
overshoot, and the model's own features are what the fit is given."""

from __future__ import annotations

import chess
import chess.engine
import chess.pgn
import numpy as np

from benchmarks.draw_agreements import fit, game_turns
from engines.opponents import draw_offer

TRUE = np.array([-6.0, 1.0, -0.5])


def test_rare_agreements_drawn_from_a_known_model_give_it_back() -> None:
    rng = np.random.default_rng(7)
    turns = 400_000
    x = np.column_stack([np.ones(turns), rng.normal(size=turns), rng.integers(0, 2, turns)])
    chance = 1.0 / (1.0 + np.exp(-(x @ TRUE)))
    agreed = rng.random(turns) < chance
    assert 500 < agreed.sum() < 2000, "about one turn in 400 ends agreed"
    fitted = fit(x, agreed)
    assert np.allclose(fitted, TRUE, atol=0.15), fitted


def test_a_games_turns_are_the_models_from_move_twenty_with_an_evaluation() -> None:
    game = chess.pgn.Game()
    node = game
    board = chess.Board()
    for number in range(1, 26):
        for uci in ("g1f3", "g8f6") if number % 2 else ("f3g1", "f6g8"):
            node = node.add_variation(chess.Move.from_uci(uci))
            board.push(node.move)
            if board.fullmove_number >= 21:
                node.set_eval(chess.engine.PovScore(chess.engine.Cp(30), chess.WHITE))
    rows, cut, last = game_turns(game, 1500.0)
    # From the position after Black's 20th move (move 21 to come) on, each with its eval.
    assert len(rows) == 2 * 5 + 1 and last
    assert cut[:2] == [21, 30]
    assert rows[0] == draw_offer.features(
        draw_offer.AgreementTurn(30, 21, 78, True, True, False, 1500.0)
    )
