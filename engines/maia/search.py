"""A little search guided by the network: how a person-like opponent plays above the strength of
the network's own most likely move.

A person of 2000 does not play a different kind of move from one of 1500 so much as check it
first: they look a few moves ahead where the position asks for it. Allie (Zhang et al.,
"Human-aligned chess with a bit of search", ICLR 2025) plays like people from 1000 to 2600 that
way: a network trained on people's games proposes the moves, and a small search, sized by how
long people think in the position, checks them. This is the same idea with the Maia-1 networks,
whose weights are public: the search of AlphaZero and lc0 (PUCT, Silver et al., "A general
reinforcement learning algorithm that masters chess, shogi and Go through self-play", Science
2018), the network's policy as the prior of each move, its value head as the judge of each
position reached, and the most visited move played.

- **Small.** A few dozen to a few hundred positions a move: the policy decides most moves, and
  the search overrules it only where the network's own value sees the proposed move fail.
- **Sized by the position** (:func:`nodes_for`): more where the policy is spread over several
  moves (people think longer with several plausible moves), fewer where one move stands out
  (a recapture, an only move), as Allie sizes its search by people's thinking time.
- **Batched** (:func:`~engines.maia.network.evaluate_batch`): the leaves are gathered a few at a
  time, each path held back by a virtual loss so that the next descent looks elsewhere (as lc0
  does), and evaluated in one forward pass.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import chess
import numpy as np

from engines.maia.choice import move_probabilities
from engines.maia.network import Evaluation, evaluate_batch
from engines.maia.planes import HISTORY, input_planes
from engines.maia.weights import NetworkWeights

EXPLORATION = 1.5
"""PUCT's ``c_puct``: how far the policy's prior outweighs the values found so far. lc0's
default for play is close to it; with a few dozen nodes a larger one would only retrace the
policy, a smaller one chase the value head's noise."""
FIRST_PLAY_REDUCTION = 0.3
"""An unvisited move is first valued at its parent's value less this (lc0's "first play
urgency" reduction): a move the search has not looked at is taken to be a little worse."""
BATCH = 8
"""Leaves gathered for one forward pass: large enough to halve the cost a position here, small
enough that a search of a few dozen nodes is not led astray by its virtual losses."""
TYPICAL_CHOICES = 4.0
"""Plausible moves in a typical middlegame position (the exponential of the policy's entropy):
there the search takes its base size; with more it looks further, with fewer less."""
SIZE_RANGE = (0.5, 2.0)
"""How far the position may shrink or grow the search from its base size."""
FIFTY_MOVES = 100
"""Plies without a capture or a pawn move after which a draw can be claimed (FIDE Laws, 9.3)."""


@dataclass
class _Node:
    prior: float
    move: chess.Move | None = None
    visits: int = 0
    value_sum: float = 0.0
    """Values of the positions below, each for the side to move *here*."""
    pending: int = 0
    """Descents through this node waiting for their leaf's evaluation (virtual losses)."""
    children: list[_Node] = field(default_factory=list)
    expanded: bool = False
    terminal: float | None = None
    """The value for the side to move of a finished game (mate, stalemate, a draw by rule)."""

    def value(self) -> float:
        """The mean value for the side to move here (0 before a visit)."""
        return self.value_sum / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class SearchResult:
    move: chess.Move
    visits: int
    """Visits of the chosen move."""
    nodes: int
    """Positions the search evaluated or found finished, the root included."""
    value: float
    """The root's value for the side to move, from -1 (lost) to 1 (won)."""
    prior: float
    """The network's probability for the chosen move."""
    depth: int
    """The longest line the search followed, in plies."""


def nodes_for(base: int, priors: dict[chess.Move, float]) -> int:
    """The search's size in a position whose policy is ``priors``: ``base`` where about
    :data:`TYPICAL_CHOICES` moves are plausible, more (up to twice) with more, fewer with
    fewer; never under 1."""
    weights = np.array([p for p in priors.values() if p > 0])
    entropy = float(-(weights * np.log(weights)).sum()) if len(weights) else 0.0
    low, high = SIZE_RANGE
    factor = min(max(math.sqrt(math.exp(entropy) / TYPICAL_CHOICES), low), high)
    return max(1, round(base * factor))


def search(
    network: NetworkWeights,
    board: chess.Board,
    root_evaluation: Evaluation,
    nodes: int,
    allowed: set[chess.Move],
    *,
    out_of_time: Callable[[], bool] = lambda: False,
) -> SearchResult | None:
    """The move a search of ``nodes`` positions chooses in ``board`` (with its move stack, which
    the network sees) among the ``allowed`` moves; None when there is none. ``root_evaluation``
    is the network's for ``board``, already computed. The search stops early, with the move it
    has, once ``out_of_time()`` says so."""
    priors = move_probabilities(board, root_evaluation, allowed)
    if not priors:
        return None
    board = _recent(board)
    root = _Node(prior=1.0, visits=1, value_sum=_value(root_evaluation), expanded=True)
    root.children = [_Node(prior=p, move=move) for move, p in priors.items()]
    evaluated = deepest = 1
    while evaluated < nodes and not out_of_time():
        batch: list[tuple[list[_Node], chess.Board]] = []
        while len(batch) < min(BATCH, nodes - evaluated):
            path, position = _descend(root, board)
            leaf = path[-1]
            deepest = max(deepest, len(path) - 1)
            if leaf.terminal is not None:
                _back_up(path, leaf.terminal, pending=False)  # a finished game: known
                evaluated += 1
                continue
            if leaf.expanded:
                break  # a leaf of this batch again, despite its virtual loss: evaluate now
            leaf.expanded = True
            for node in path:
                node.pending += 1
            batch.append((path, position))
        if not batch:
            continue
        evaluations = evaluate_batch(network, np.stack([input_planes(p) for _, p in batch]))
        for (path, position), evaluation in zip(batch, evaluations, strict=True):
            leaf = path[-1]
            leaf.children = [
                _Node(prior=p, move=move)
                for move, p in move_probabilities(position, evaluation).items()
            ]
            _back_up(path, _value(evaluation), pending=True)
            evaluated += 1
    best = max(root.children, key=lambda child: (child.visits, child.prior))
    assert best.move is not None
    return SearchResult(best.move, best.visits, evaluated, root.value(), best.prior, deepest)


def _descend(root: _Node, board: chess.Board) -> tuple[list[_Node], chess.Board]:
    """From the root to a leaf, by the highest PUCT score at each step; the path and the
    position at its end (with the moves that led there, for the network's history)."""
    position = board.copy()
    path = [root]
    node = root
    while node.expanded and node.terminal is None and node.children:
        node = max(node.children, key=_scorer(node))
        assert node.move is not None
        position.push(node.move)
        path.append(node)
        if not node.expanded and node.terminal is None:
            node.terminal = _finished(position)
    return path, position


def _scorer(parent: _Node) -> Callable[[_Node], float]:
    """PUCT's score of each child of ``parent``, for the side to move at ``parent``."""
    # A pending descent counts as a visit that lost: the next one looks elsewhere.
    parent_visits = parent.visits + parent.pending
    explore = EXPLORATION * math.sqrt(parent_visits)
    first_play = parent.value() - FIRST_PLAY_REDUCTION

    def score(child: _Node) -> float:
        visits = child.visits + child.pending
        # The child's values are for the side to move there, the parent's opponent.
        value = first_play if visits == 0 else (-child.value_sum - child.pending) / visits
        return value + explore * child.prior / (1 + visits)

    return score


def _back_up(path: list[_Node], value: float, *, pending: bool) -> None:
    """Add ``value`` (for the side to move at the leaf) to every node of ``path``, each for its
    own side to move, and take back the descent's virtual loss when it had one."""
    for node in reversed(path):
        node.visits += 1
        node.value_sum += value
        if pending:
            node.pending -= 1
        value = -value


def _finished(position: chess.Board) -> float | None:
    """The value for the side to move of a game that is over in ``position``: -1 when mated,
    0 for a draw (stalemate, a dead position, fifty moves, or a position the game has had
    before: as in lc0's search, a side that can repeat can hold the draw); None when the game
    goes on."""
    if position.is_checkmate():
        return -1.0
    if position.is_stalemate() or position.is_insufficient_material():
        return 0.0
    if position.halfmove_clock >= FIFTY_MOVES or position.is_repetition(2):
        return 0.0
    return None


def _recent(board: chess.Board) -> chess.Board:
    """``board`` with only the moves the search needs on its stack: the network's eight
    positions, and every position since the last capture or pawn move (no earlier one can
    come again). Every descent copies the board and the network reads its history from the
    first move of the stack, so a long game's opening is not replayed a thousand times."""
    keep = max(HISTORY, board.halfmove_clock) + 1
    if len(board.move_stack) <= keep:
        return board
    start = board.copy()
    for _ in range(keep):
        start.pop()
    recent = chess.Board(start.fen())
    for move in board.move_stack[-keep:]:
        recent.push(move)
    return recent


def _value(evaluation: Evaluation) -> float:
    return evaluation.win - evaluation.loss
