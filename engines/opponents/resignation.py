"""When an opponent resigns: as people do, by a hazard fitted to people's lost games.

People rarely play a lost game to mate, and when they resign depends on how lost it is and for
how long, on the material, on the clock (a player short of time plays on for the flag) and on
their rating. Allie's authors fit such a hazard to people's games (Zhang et al., "Human-aligned
chess with a bit of search", ICLR 2025, where people resign at a median loss probability of
0.95 and a fixed threshold resigns some fifteen plies later than people). Here it is a
discrete-time hazard with a cure fraction (Farewell, Biometrics 38, 1982): some people play
every lost game to mate, whatever the position.

- Whether this game's opponent is one to resign at all is drawn once, at the start of each
  game (:func:`resigns_lost_games`), from :data:`RESIGNING_SHARE` by rating band.
- One to resign, on each of its turns the judge sees lost (:func:`lost_turn`), resigns with the
  chance :func:`resign_chance` gives: a logistic model of the turn (:func:`features`) whose
  coefficients, :data:`HAZARD`, were fitted with the shares by maximum likelihood over
  people's lost games walked back from their end (``benchmarks/resignation_hazard.py``, the
  samples named in docs/engine-pool.md, "How people end the games they lose").

Which positions are lost is the same for every opponent: the full-strength judge
(:mod:`engines.opponents.judge`) gives the side to move winning chances of at most
:data:`LOST_CHANCES` through lichess's winning-chances curve (lila
``modules/analyse/src/main/WinPercent.scala``). A position the judge does not see lost is never
resigned, and nor is a game the side cannot lose: when the other side has not the material to
mate (FIDE Laws, article 6.9 would draw it on the flag), or when it may claim a draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import chess
import chess.engine

from engines.opponents import draw_offer
from engines.opponents.doubling import winning_chances
from engines.opponents.rating_bands import band_index
from profiles.accuracy import MATE_SCORE, win_percent
from profiles.laws.endings import claimable_draw
from profiles.material import material_lead

LOST_CHANCES: Final = win_percent(draw_offer.LOST_CP) / 100.0
"""Winning chances (lila's curve, a draw half) at or below which the judge sees a side lost:
25%, at the 300 centipawns down from which a lost side takes a draw (``draw_offer.LOST_CP``)."""

RESIGNING_SHARE: Final[tuple[float, float, float, float]] = (0.64, 0.94, 1.00, 0.91)
"""By rating band, the share of people who resign a lost game at all (the rest play every lost
game to mate or to the flag): the chance that an opponent of that band is one to resign in a
given game. Fitted with :data:`HAZARD`; edit both with the fit, nowhere else."""

HAZARD: Final[tuple[float, ...]] = (-1.15, -0.05, 0.08, 0.89, -3.13, -0.11, -0.12, -0.30, -1.72)
"""The hazard's coefficients, one a feature of :func:`features` in its order (the logit of
the chance to resign on a lost turn, for one to resign). Fitted by
``benchmarks/resignation_hazard.py --walks walks.jsonl`` (its command, samples and sizes in
docs/engine-pool.md)."""

SHORT_CLOCK: Final = 30.0
"""Seconds left under which a player plays on for the other side's flag more the less is left."""


@dataclass(frozen=True)
class LostTurn:
    """What the hazard reads at one turn of a side the judge sees lost."""

    centipawns: int
    """The judge's view, the side's own (a mate as ±MATE_SCORE less the moves to it)."""
    lost_turns: int
    """The side's own turns in a row seen lost, this one included."""
    material: int
    """The side's material lead in pawns (negative: behind)."""
    seconds: float | None
    """The side's own clock; None in a game without one."""
    rating: float


BEYOND_CAP: Final = (1000, 3000)
"""Centipawns down past lila's cap (where its curve stops at 2.5%) up to which a position is
weighed as more hopeless still: thirty pawns, or a mate seen."""


def features(turn: LostTurn) -> tuple[float, ...]:
    """The turn as the hazard weighs it: a constant, the band (against under 1200), the winning
    chances as a share of the lost line's, how far past lila's cap the judge sees it (thousands
    of centipawns, :data:`BEYOND_CAP`), the log of the turns lost, the material behind (pawns
    over ten, at most two), and how short the clock is (0 from :data:`SHORT_CLOCK` s up)."""
    band = band_index(turn.rating)
    cap, most = BEYOND_CAP
    beyond = (min(max(-turn.centipawns, cap), most) - cap) / 1000
    behind = min(max(-turn.material, 0), 20) / 10
    short = 0.0 if turn.seconds is None else max(0.0, 1.0 - turn.seconds / SHORT_CLOCK)
    return (
        1.0,
        float(band == 1),
        float(band == 2),
        float(band == 3),
        winning_chances_of(turn.centipawns) / LOST_CHANCES,
        beyond,
        math.log(turn.lost_turns),
        behind,
        short,
    )


def resign_chance(turn: LostTurn, coefficients: Sequence[float] = HAZARD) -> float:
    """The chance that one to resign resigns on ``turn``."""
    logit = sum(c * x for c, x in zip(coefficients, features(turn), strict=True))
    return 1.0 / (1.0 + math.exp(-logit))


def resigning_share(rating: float) -> float:
    """The share of people of ``rating`` who resign lost games (:data:`RESIGNING_SHARE`)."""
    return RESIGNING_SHARE[band_index(rating)]


def resigns_lost_games(rating: float, rng: random.Random) -> bool:
    """Whether an opponent of ``rating`` is one to resign in the game about to start."""
    return rng.random() < resigning_share(rating)


def winning_chances_of(centipawns: int) -> float:
    """A side's winning chances, 0 to 1, at its own evaluation (lila ``WinPercent``)."""
    return win_percent(centipawns) / 100.0


def cannot_lose(board: chess.Board) -> bool:
    """The side to move cannot lose ``board``: the other side has not the material to mate, or
    the side to move may claim a draw (a threefold repetition, fifty moves)."""
    return board.has_insufficient_material(not board.turn) or claimable_draw(board) is not None


def lost_turn(
    board: chess.Board,
    judged: Sequence[chess.engine.Score | None],
    seconds: float | None,
    rating: float,
) -> LostTurn | None:
    """The turn of the side to move in ``board`` as the hazard reads it, or None where it may
    not resign: the judge does not see it lost, or it cannot lose. ``judged`` holds the side's
    own view of each of its turns so far, in order (None where the judge gave none), this one
    last; the turns lost are those at its end seen lost without a break."""
    lost = 0
    for score in reversed(judged):
        if score is None or winning_chances(score) > LOST_CHANCES:
            break
        lost += 1
    now = judged[-1] if judged else None
    if lost == 0 or now is None or cannot_lose(board):
        return None
    centipawns = now.score(mate_score=MATE_SCORE)
    assert centipawns is not None
    return LostTurn(centipawns, lost, material_lead(board, board.turn), seconds, rating)
