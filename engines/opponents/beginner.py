"""A beginner's errors: a person-like opponent below the networks' own strength.

The weakest Maia network's most likely move matches the move of people rated under 1000 about
as often as it matches its own players' (``benchmarks/maia.py``), but it plays far stronger
than they do: a beginner plays the same kind of moves and, now and then, one that throws the
game away. So this opponent plays the network's most likely move, except that at its band's
measured rate it makes an error chosen as beginners choose theirs
(``benchmarks/beginner_errors.py`` measured both, ``docs/engine-pool.md`` has the figures):

- **A blunder**, at the band's rate: a move the network gives weight to (:data:`WEIGHT_FLOOR`
  or more: one people of its rating play) that loses :data:`ERROR_LOSS` centipawns or more
  against the judge's best, drawn by the network's weight. Most of people's blunders are such
  moves: the network finds them natural. Where no move of weight loses that much, the most
  likely move stands.
- **A mistake**, at the band's second rate, where no blunder was drawn: a move of weight that
  loses :data:`MISTAKE_LOSS` or more but less than a blunder (a pawn, a worse square, a trade
  that costs), drawn the same way. A third of beginners' moves lose a pawn or more, and the
  network's likeliest move alone a sixth: most of what sets a beginner's games apart is these.
- **A missed mate in one**, at the band's rate, where there is one: a move of weight that does
  not mate, drawn by the network's weight; otherwise it mates (the network's likeliest mate).

What decides without the judge is decided first (:func:`plan`): the judge, full-strength
Stockfish at :data:`ERROR_DEPTH`, is asked only on the moves that are to be an error, so the
opponent pays for two searches on those alone. :func:`choose` is the whole choice
over a :class:`Scorer` (the judge of :mod:`engines.opponents.judge` is one); the rest is pure.
The bands' rates are :mod:`engines.opponents.beginner_bands`; ``rated-play-maia`` plays this
choice for an entry that declares a band (:mod:`engines.maia.beginner_play`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

import chess
import chess.engine

from engines.opponents.beginner_bands import BeginnerErrors
from engines.opponents.veto import VETO_DEPTH
from profiles.accuracy import CEILING, MATE_SCORE

ERROR_LOSS = 300
"""Centipawns (on lichess's ceiling of ±1000, a mate counted as the ceiling) that a blunder
loses against the judge's best move: a piece, or a mate let in."""
MISTAKE_LOSS = 100
"""Centipawns, on the same ceiling, that a mistake loses at least (and less than
:data:`ERROR_LOSS`): a pawn, or what a pawn is worth in squares and time."""
WEIGHT_FLOOR = 0.01
"""The least network weight of a move a blunder or a missed mate is drawn among: one in a
hundred people of the network's rating play it. Of people's blunders under 1200, 65–88% by
band are such moves, and half to three quarters of weight 2% or more
(``benchmarks/beginner_errors.py``)."""
ERROR_DEPTH = VETO_DEPTH
"""The judge's depth for the scores a blunder is chosen by, the veto's: a beginner's blunder
(a piece left hanging, a mate in one or two let in) shows well within it. The benchmark
measures people's errors at the same depth."""


def capped(score: chess.engine.Score) -> int:
    """The score in centipawns on lichess's ceiling: ±:data:`CEILING`, a mate as the ceiling
    with its sign (scalachess ``Cp.ceilingWithSignum``)."""
    value = score.score(mate_score=MATE_SCORE)
    assert value is not None
    return max(-CEILING, min(CEILING, value))


def loss(best: chess.engine.Score, own: chess.engine.Score) -> int:
    """Centipawns a move scored ``own`` loses against the best move, scored ``best`` (both
    for the mover, after the move), on the ceiling; never below 0."""
    return max(0, capped(best) - capped(own))


def mates_in_one(board: chess.Board) -> list[chess.Move]:
    """The moves that mate at once. Only a move that may give check is played out: pushing
    every legal move cost a benchmark's scan of people's games most of its time."""
    king = board.king(not board.turn)
    mates = []
    for move in board.legal_moves:
        if king is not None and not _may_check(board, move, king):
            continue
        board.push(move)
        if board.is_checkmate():
            mates.append(move)
        board.pop()
    return mates


def _may_check(board: chess.Board, move: chess.Move, king: chess.Square) -> bool:
    """False only where ``move`` cannot give check: the moved piece does not attack the king
    from its new square, and it leaves no line to the king open (castling and en passant are
    always played out)."""
    if chess.BB_RAYS[move.from_square][king] or board.is_castling(move):
        return True
    if board.is_en_passant(move):
        return True
    piece = move.promotion or board.piece_type_at(move.from_square)
    occupied = (
        board.occupied & ~chess.BB_SQUARES[move.from_square] | chess.BB_SQUARES[move.to_square]
    )
    return bool(_attacks(piece, board.turn, move.to_square, occupied) & chess.BB_SQUARES[king])


def _attacks(
    piece: chess.PieceType | None, color: chess.Color, square: chess.Square, occupied: int
) -> int:
    """The squares ``piece`` attacks from ``square`` on the board ``occupied``."""
    if piece == chess.PAWN:
        return chess.BB_PAWN_ATTACKS[color][square]
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    diagonal = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    straight = (
        chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
        | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]
    )
    if piece == chess.BISHOP:
        return diagonal
    if piece == chess.ROOK:
        return straight
    if piece == chess.QUEEN:
        return diagonal | straight
    return 0  # a king gives no check of its own


def likeliest(weights: Mapping[chess.Move, float]) -> chess.Move:
    """The network's most likely move (the first in UCI order among equals)."""
    return max(sorted(weights, key=chess.Move.uci), key=weights.__getitem__)


def weighted(
    weights: Mapping[chess.Move, float], but: chess.Move | None = None
) -> list[chess.Move]:
    """The moves of :data:`WEIGHT_FLOOR` or more, ``but`` left out, likeliest first."""
    moves = [m for m, w in weights.items() if w >= WEIGHT_FLOOR and m != but]
    return sorted(moves, key=lambda m: (-weights[m], m.uci()))


def _drawn(
    moves: Sequence[chess.Move], weights: Mapping[chess.Move, float], rng: random.Random
) -> chess.Move:
    return rng.choices(list(moves), [weights[m] for m in moves])[0]


class Kind(StrEnum):
    """What the move is."""

    LIKELIEST = "the network's most likely move"
    MATE = "a mate in one, which it saw"
    MISSED_MATE = "a mate in one missed"
    BLUNDER = "a beginner's blunder"
    MISTAKE = "a beginner's mistake"


ERROR_LOSSES: dict[Kind, tuple[int, int | None]] = {
    Kind.BLUNDER: (ERROR_LOSS, None),
    Kind.MISTAKE: (MISTAKE_LOSS, ERROR_LOSS),
}
"""What an error of each kind loses against the judge's best, in centipawns: at least the
first, less than the second (None: no bound)."""


def loses_as(kind: Kind, lost: int) -> bool:
    """Whether a move that loses ``lost`` centipawns is an error of ``kind``."""
    least, most = ERROR_LOSSES[kind]
    return lost >= least and (most is None or lost < most)


@dataclass(frozen=True)
class Plan:
    """What :func:`plan` decided before any judge: a move, or the moves to score."""

    move: chess.Move
    """The move to play, unless scores say otherwise: the most likely one where an error is
    to be chosen."""
    kind: Kind
    to_score: tuple[chess.Move, ...] = ()
    """The moves an error (a blunder or a mistake, as ``kind`` says) is chosen among, to be
    scored by the judge with its best move; empty when the move stands as it is."""


def plan(
    board: chess.Board,
    weights: Mapping[chess.Move, float],
    errors: BeginnerErrors,
    rng: random.Random,
) -> Plan:
    """The move, or the moves an error is to be chosen among. ``weights`` is the network's
    policy over the moves it may play in ``board``, one at least: the legal moves, or those a
    GUI's ``searchmoves`` allows (:func:`engines.maia.choice.move_probabilities`)."""
    top = likeliest(weights)
    mates = [move for move in mates_in_one(board) if move in weights]
    if mates:
        others = [m for m in weighted(weights) if m not in mates]
        if others and rng.random() < errors.mate_miss_rate:
            return Plan(_drawn(others, weights, rng), Kind.MISSED_MATE)
        return Plan(likeliest({m: weights[m] for m in mates}), Kind.MATE)
    others = weighted(weights, but=top)
    if others and rng.random() < errors.blunder_rate:
        return Plan(top, Kind.BLUNDER, tuple(others))
    # A mistake is drawn only where no blunder was: the two rates are of the moves left to
    # each, as the benchmark derives them.
    if others and rng.random() < errors.mistake_rate:
        return Plan(top, Kind.MISTAKE, tuple(others))
    return Plan(top, Kind.LIKELIEST)


def errors_among(
    kind: Kind,
    best: chess.engine.Score,
    scores: Mapping[chess.Move, chess.engine.Score],
    likeliest_score: chess.engine.Score | None = None,
) -> list[chess.Move]:
    """The scored moves that are errors of ``kind`` against ``best``
    (:data:`ERROR_LOSSES`); none when the likeliest move, scored ``likeliest_score``, loses as
    much itself (the network errs on its own there, and the rate counts that)."""
    least = ERROR_LOSSES[kind][0]
    if likeliest_score is not None and loss(best, likeliest_score) >= least:
        return []
    return [move for move, score in scores.items() if loses_as(kind, loss(best, score))]


def blunders(
    best: chess.engine.Score,
    scores: Mapping[chess.Move, chess.engine.Score],
    likeliest_score: chess.engine.Score | None = None,
) -> list[chess.Move]:
    """The scored moves that lose :data:`ERROR_LOSS` or more (:func:`errors_among`)."""
    return errors_among(Kind.BLUNDER, best, scores, likeliest_score)


def settle(
    planned: Plan,
    weights: Mapping[chess.Move, float],
    best: chess.engine.Score,
    scores: Mapping[chess.Move, chess.engine.Score],
    rng: random.Random,
) -> tuple[chess.Move, Kind]:
    """The planned error, given the judge's ``best`` score and its ``scores`` of the planned
    moves (and of the likeliest, where it has it): drawn by the network's weight among those
    that lose what an error of its kind loses (:data:`ERROR_LOSSES`); the likeliest move where
    none does. A plan of no error stands as it is."""
    if planned.kind not in ERROR_LOSSES:
        return planned.move, planned.kind
    lost = errors_among(
        planned.kind,
        best,
        {m: s for m, s in scores.items() if m in planned.to_score},
        scores.get(planned.move),
    )
    if not lost:
        return planned.move, Kind.LIKELIEST
    drawn = _drawn(sorted(lost, key=lambda m: (-weights[m], m.uci())), weights, rng)
    return drawn, planned.kind


class Scorer(Protocol):
    """What scores moves: :class:`engines.opponents.judge.Judge` is one."""

    async def lines(
        self,
        board: chess.Board,
        limit: chess.engine.Limit,
        count: int,
        moves: Sequence[chess.Move] = (),
    ) -> list[tuple[chess.Move, chess.engine.Score]]: ...


def error_limit() -> chess.engine.Limit:
    return chess.engine.Limit(depth=ERROR_DEPTH)


@dataclass(frozen=True)
class BeginnerChoice:
    move: chess.Move
    kind: Kind
    weight: float
    """The network's weight for the move."""


async def choose(
    board: chess.Board,
    weights: Mapping[chess.Move, float],
    scorer: Scorer,
    errors: BeginnerErrors,
    rng: random.Random,
) -> BeginnerChoice:
    """The beginner's move: :func:`plan`, then where an error is planned, two searches of the
    judge at :data:`ERROR_DEPTH` (its best move; the planned moves and the likeliest together,
    one line each) and :func:`settle`."""
    planned = plan(board, weights, errors, rng)
    move, kind = planned.move, planned.kind
    if planned.to_score:
        limit = error_limit()
        best = await scorer.lines(board, limit, 1)
        moves = [planned.move, *planned.to_score]
        scored = dict(await scorer.lines(board, limit, len(moves), moves))
        if best and scored:
            move, kind = settle(planned, weights, best[0][1], scored, rng)
        else:
            kind = Kind.LIKELIEST
    return BeginnerChoice(move, kind, weights[move])
