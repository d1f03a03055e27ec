"""Which move a Maia opponent plays, from what its network says.

At one node, as lichess's Maia bots play, the move is the network's most likely one among the
legal moves. Early in the game a person does not always play the most common move either: there
the move is drawn among those the network gives real weight (:data:`REAL_WEIGHT` or more), each
as often as the network says, so that the opponent's openings vary as people's do and no game is
replayed. The choice is the network's own, so the variety costs it no strength a person of its
rating would not lose.

Below the network's own strength the policy itself is the knob: at a **temperature** ``T`` every
move is drawn, all game long, with a weight of its probability to the power ``1/T`` (at 1, as
often as the network says; above 1, the less likely moves more often). The moves stay those the
network gives weight to, people's moves, chosen less well: a weaker person differs from a
stronger one that way, where a weakened engine plays strong moves and then a random bad one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import chess
import numpy as np

from engines.maia.network import Evaluation
from engines.maia.policy import policy_index

REAL_WEIGHT = 0.05
"""A move the network gives this probability or more is one people of its rating play (one in
twenty of them or more): through the varied moves, such moves are drawn among."""


@dataclass(frozen=True)
class MoveChoice:
    move: chess.Move
    probability: float
    """The network's probability for the move, among the legal (or allowed) moves."""
    drawn_among: int
    """How many moves it was drawn among; 1 when it is the most likely move."""
    temperature: float = 0.0
    """The temperature it was drawn at (:func:`choose_move`); 0 when it was not."""
    error: str = ""
    """What a beginner's errors made of it, where they chose another move than the likeliest
    (:class:`engines.opponents.beginner.Kind`: "a beginner's blunder"); "" otherwise."""

    def describe(self) -> str:
        share = f"{self.probability:.0%}"
        if self.error:
            return f"{self.error}, this one at {share} of the network's weight"
        if self.temperature > 0:
            return f"network move drawn at temperature {self.temperature:g}, this one at {share}"
        if self.drawn_among > 1:
            return (
                f"network move drawn among {self.drawn_among} of real weight, this one at {share}"
            )
        return f"network's most likely move, at {share}"


def move_probabilities(
    board: chess.Board, evaluation: Evaluation, allowed: set[chess.Move] | None = None
) -> dict[chess.Move, float]:
    """The network's policy over the legal moves of ``board`` (or the ``allowed`` ones),
    summing to 1: a softmax over their logits alone, as lc0 restricts its policy."""
    moves = sorted(board.legal_moves if allowed is None else allowed, key=chess.Move.uci)
    if not moves:
        return {}
    logits = evaluation.policy_logits[[policy_index(board, move) for move in moves]]
    weights = np.exp(logits - logits.max())
    weights /= weights.sum()
    return {move: float(weight) for move, weight in zip(moves, weights, strict=True)}


def choose_move(
    board: chess.Board,
    evaluation: Evaluation,
    allowed: set[chess.Move],
    varied: bool,
    rng: random.Random,
    *,
    temperature: float = 0.0,
) -> MoveChoice | None:
    """The move to play, or None when there is none: drawn at ``temperature`` when it is
    above 0, else among the moves of real weight when ``varied``, else the most likely."""
    probabilities = move_probabilities(board, evaluation, allowed)
    if not probabilities:
        return None
    if temperature > 0:
        return _drawn_at(probabilities, temperature, rng)
    best = max(probabilities, key=probabilities.__getitem__)
    candidates = [move for move, p in probabilities.items() if p >= REAL_WEIGHT]
    if not varied or len(candidates) < 2:
        return MoveChoice(best, probabilities[best], 1)
    weights = [probabilities[move] for move in candidates]
    move = rng.choices(candidates, weights)[0]
    return MoveChoice(move, probabilities[move], len(candidates))


def _drawn_at(
    probabilities: dict[chess.Move, float], temperature: float, rng: random.Random
) -> MoveChoice:
    moves = list(probabilities)
    # In logarithms, the likeliest move's first: a high power of a small probability would
    # underflow to nothing, and at a temperature near 0 (1e-310) every logarithm divided by it
    # is infinite, the likeliest's only when taken before the division.
    logs = np.log(np.maximum([probabilities[move] for move in moves], 1e-30))
    with np.errstate(over="ignore"):
        weights = np.exp((logs - logs.max()) / temperature)
    move = rng.choices(moves, weights.tolist())[0]
    return MoveChoice(move, probabilities[move], len(moves), temperature)
