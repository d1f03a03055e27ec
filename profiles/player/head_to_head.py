"""A profile's record against each opponent of the pool in one class: games, won/drawn/lost,
score, and the performance rating over those games.

The performance is the product's one performance rating (:func:`profiles.ratings.performance.
performance`): the maximum-likelihood rating against the opponents' ratings, the fit that makes
the initial rating and calibrates the pool, finite for all wins or all losses. Against a single
opponent rated R it is ``R + 400·log10(score / (games − score))``. The opponents' ratings are
the ones the player's rating is computed with: today's calibration
(:meth:`profiles.ledger.ledger.Ledger.rate_opponents`, read through
:func:`profiles.player.seasons.game_score`).

The 20-game rule holds here too: a performance is a rating, so none is given while the class
has fewer than :data:`profiles.ratings.PROVISIONAL_GAMES` rated games (the card's rule:
:attr:`profiles.player.card.ClassCard.rating`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from profiles.ledger.records import GameRecord
from profiles.player.card import ClassCard
from profiles.ratings.from_ledger import game_score
from profiles.ratings.performance import performance


@dataclass(frozen=True)
class OpponentRecord:
    """One opponent of the pool, from the player's side."""

    name: str
    """The pool entry's name, which identifies it across calibrations."""
    title: str
    """How the opponent was named in its latest game."""
    short: str
    """Its name where room is short, as of its latest game (:attr:`GameRecord.opponent_short`)."""
    rating: float
    """The rating the player's games against it are rated with (today's calibration)."""
    games: int
    wins: int
    draws: int
    losses: int
    performance: float | None
    """The performance over these games; None while the class is provisional."""

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score_percent(self) -> float:
        return 100.0 * self.points / self.games


def head_to_head(rated: Sequence[GameRecord], card: ClassCard) -> list[OpponentRecord]:
    """One line per opponent of ``rated`` (one class's rated games, as played), most games
    first, then the strongest; ``card`` is the class's card, which says whether ratings may be
    shown."""
    by_opponent: dict[str, list[GameRecord]] = {}
    for game in rated:
        by_opponent.setdefault(game.opponent_name, []).append(game)
    lines = []
    for name, games in by_opponent.items():
        scores = [game_score(game) for game in games]
        wins = sum(1 for s in scores if s.score == 1.0)
        draws = sum(1 for s in scores if s.score == 0.5)
        lines.append(
            OpponentRecord(
                name=name,
                title=games[-1].opponent_title,
                short=games[-1].opponent_short,
                rating=scores[-1].opponent_rating,
                games=len(games),
                wins=wins,
                draws=draws,
                losses=len(games) - wins - draws,
                performance=None if card.rating is None else performance(scores).rating,
            )
        )
    lines.sort(key=lambda line: (-line.games, -line.rating, line.name))
    return lines
