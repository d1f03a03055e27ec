"""When an opponent offers a draw, and when it accepts one: where and as often as people agree
draws, by a model fitted to people's games.

People agree draws at rates that differ by strength (in lichess rapid games, about 0.6% of the
games of players under 1200 and 2.7% of those over 2000: docs/engine-pool.md, "How games are
drawn") and in positions of a kind: late, level, with little material, a repetition under way.
:func:`agreement_chance` is a logistic model of the chance that a game of people ends agreed on
a given turn (:class:`AgreementTurn`: the judge's evaluation, the move, the material, the queens,
a repetition, a check, the rating band), fitted by maximum likelihood to every turn from move
:data:`FROM_MOVE` of people's games (``benchmarks/draw_agreements.py``, which also checks it on
games the fit did not see). An agreement is an offer and an acceptance, and people's games
record only the agreement; the model's chance is split between the two evenly on the log scale,
against a turn as drawn as people's get (:data:`DRAWN_TURN`): there an offer is always
accepted, and a turn a hundred times less likely to end agreed is offered a tenth as often and
accepted a tenth as often. So two opponents agree as often as people in the same positions,
and a player's offer is accepted the more readily the more people would have agreed there (and
the stronger the opponent: people over 2000 agree twice as often as those under 1200 in the
same position, half of it in their offers and half in their acceptances).

Besides the model, what any player does:

- A side more than :data:`~engines.opponents.draw_claim.BETTER_CP` better never offers (it
  plays for the win), and a side as far behind offers twice as often, so that between two
  opponents the agreements come at the model's rate though only one side offers.
- A side behind by more than that accepts any offer from move :data:`FROM_MOVE` (a draw is more
  than its position is worth), and one lost (:data:`LOST_CP`) at any move.
- Nobody offers, nor accepts a level game, before move :data:`FROM_MOVE`: an agreement after
  1.e4 is no game (39 of people's 825 agreements in the sample came earlier).
- A side that has offered does not offer again for :data:`OFFER_EVERY` moves (FIDE Laws, article
  11.5, counts repeated offers as distracting the opponent).
- Whether it accepts is decided against a willingness drawn once a game
  (:class:`engines.opponents.conduct.Conduct`), so a refusal is not turned into an acceptance
  by asking again in the same position.

The position is judged by the full-strength judge for every opponent alike, so a weak opponent
is not more willing than a strong one to take a draw from a position that only looks good to its
shallow search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import chess
import chess.engine

from engines.opponents.draw_claim import BETTER_CP
from engines.opponents.rating_bands import band_index
from profiles.accuracy import MATE_SCORE
from profiles.material import PIECE_POINTS

LOST_CP: Final = -300
"""Centipawns: at this much worse (about a piece down) a side takes a draw at any time; the
resignation hazard counts a turn lost from here too."""
FROM_MOVE: Final = 20
"""The first move an offer is made on, and a level game's offer accepted on."""
OFFER_EVERY: Final = 10
"""Moves at least between two offers of one side."""
DEAD_CP: Final = 25
"""Centipawns either way: a position the judge holds this near 0.00 is dead level, a feature of
its own in the model (people agree such positions far more than ones a quarter pawn off)."""
SIZE_CAP_CP: Final = 1000
"""Centipawns: the evaluation's size is counted up to lichess's cap (a mate counts as the cap)."""
FULL_MATERIAL: Final = 78
"""Both sides' material at the start, in :data:`~profiles.material.PIECE_POINTS` (39 each)."""

AGREEMENT: Final[tuple[float, ...]] = (
    -7.66, 0.26, 0.50, 0.80, -0.13, -0.08, -0.20, -0.18, 0.72, 0.24, -3.29, 0.28, 1.65, -0.43,
)  # fmt: skip
"""The model's coefficients, one a feature of :func:`features` in its order. Fitted by
``benchmarks/draw_agreements.py`` (its command, samples and sizes in docs/engine-pool.md, "How
games are drawn"); edit them with the fit, nowhere else."""


@dataclass(frozen=True)
class AgreementTurn:
    """A turn as the agreement model sees it: the position after a move, the offer made with
    that move and answered by the side now to move."""

    centipawns: int
    """The judge's evaluation from either side (only its size counts), a mate as
    :data:`~profiles.accuracy.MATE_SCORE`."""
    move: int
    """The full move number."""
    material: int
    """Both sides' material, kings aside."""
    queens: bool
    """Whether a queen is on the board."""
    repeated: bool
    """Whether the position has occurred before in the game: a repetition under way."""
    check: bool
    """Whether the side to move is in check (a perpetual's turns are checks)."""
    rating: float
    """The rating of the side deciding (in people's games, the players' mean)."""

    @classmethod
    def of(cls, board: chess.Board, centipawns: int, rating: float) -> AgreementTurn:
        """The turn of ``board`` (with its moves on its stack, for the repetition)."""
        return cls(
            centipawns=centipawns,
            move=board.fullmove_number,
            material=sum(PIECE_POINTS[piece.piece_type] for piece in board.piece_map().values()),
            queens=bool(board.queens),
            repeated=board.is_repetition(2),
            check=board.is_check(),
            rating=rating,
        )


DRAWN_TURN: Final = AgreementTurn(
    centipawns=0, move=60, material=20, queens=False, repeated=True, check=False, rating=2000.0
)
"""A turn as drawn as people's get, against which the model's chance is split into an offer and
an acceptance: a rook ending at move 60 between players over 2000, the judge at 0.00, the
position repeating. Where a turn is as likely to end agreed as this or more, an offer is
accepted."""


def features(turn: AgreementTurn) -> tuple[float, ...]:
    """The constant; the bands 1200–1600, 1600–2000 and 2000+ against under 1200; the
    evaluation's size in pawns (to the cap), alone and by each of those bands (people under
    1600 agree lost positions far more often than stronger players); dead level; the log of the
    move; the material, as a share of the start's; queens on; a repetition under way; a check."""
    band = band_index(turn.rating)
    bands = tuple(float(band == index) for index in (1, 2, 3))
    size = min(abs(turn.centipawns), SIZE_CAP_CP) / 100.0
    return (
        1.0,
        *bands,
        size,
        *(size * in_band for in_band in bands),
        float(abs(turn.centipawns) <= DEAD_CP),
        math.log(turn.move),
        turn.material / FULL_MATERIAL,
        float(turn.queens),
        float(turn.repeated),
        float(turn.check),
    )


def agreement_chance(turn: AgreementTurn, coefficients: Sequence[float] = AGREEMENT) -> float:
    """People's chance that a game ends agreed on ``turn`` (0 before :data:`FROM_MOVE`)."""
    if turn.move < FROM_MOVE:
        return 0.0
    logit = sum(weight * value for weight, value in zip(coefficients, features(turn), strict=True))
    return 1.0 / (1.0 + math.exp(-logit))


_DRAWN_CHANCE: Final = agreement_chance(DRAWN_TURN)
"""People's chance of an agreement on :data:`DRAWN_TURN`, worked out once."""


def acceptance_chance(turn: AgreementTurn, centipawns: int) -> float:
    """The chance that the side to move in ``turn``, the judge giving it ``centipawns``,
    accepts a draw offered with the last move."""
    if centipawns <= LOST_CP or (centipawns < -BETTER_CP and turn.move >= FROM_MOVE):
        return 1.0
    return min(1.0, math.sqrt(agreement_chance(turn) / _DRAWN_CHANCE))


def offer_chance(turn: AgreementTurn, centipawns: int) -> float:
    """The chance that the side to move offers a draw with its move, the judge giving it
    ``centipawns`` (``turn`` is the position it moves in)."""
    if centipawns > BETTER_CP:
        return 0.0
    chance = math.sqrt(agreement_chance(turn) * _DRAWN_CHANCE)
    return min(1.0, 2 * chance if centipawns < -BETTER_CP else chance)


def own_centipawns(score: chess.engine.Score) -> int:
    """A side's own view as centipawns, a mate as :data:`~profiles.accuracy.MATE_SCORE`."""
    centipawns = score.score(mate_score=MATE_SCORE)
    assert centipawns is not None
    return centipawns


def accepts_draw(
    score: chess.engine.Score, board: chess.Board, rating: float, willingness: float
) -> bool:
    """Whether the side to move in ``board``, of ``rating``, accepts a draw offered with the
    last move: ``score`` is its own view of ``board``; ``willingness`` (0 to 1, drawn once a
    game) how little it takes: it accepts when its chance of accepting is above it."""
    centipawns = own_centipawns(score)
    return willingness < acceptance_chance(AgreementTurn.of(board, centipawns, rating), centipawns)


def may_offer(board: chess.Board) -> bool:
    """Whether a turn in ``board`` may bring an offer: only such turns need the judge's view
    for one."""
    return board.fullmove_number >= FROM_MOVE


def offers_draw(
    board: chess.Board,
    score: chess.engine.Score | None,
    last_offer: int | None,
    rating: float,
    rng: random.Random,
) -> bool:
    """Whether the side to move in ``board``, of ``rating``, offers a draw with its move:
    ``score`` is its own view of the turn (None where the judge gave none: it does not offer
    blind); ``last_offer`` the move of its last offer, None before its first. Where it may
    offer, ``rng`` draws whether it does, with :func:`offer_chance`; elsewhere it draws
    nothing."""
    if score is None or not may_offer(board):
        return False
    if last_offer is not None and board.fullmove_number - last_offer < OFFER_EVERY:
        return False
    centipawns = own_centipawns(score)
    chance = offer_chance(AgreementTurn.of(board, centipawns, rating), centipawns)
    return chance > 0.0 and rng.random() < chance
