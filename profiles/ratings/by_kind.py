"""Ratings by the kind of opponent: what a player scores against engines, and against people.

One list of ratings assumes a pool is transitive: that A's lead over B, and B's over C, add up
to A's lead over C whoever A and C are. A pool of two kinds of player need not be. A network
trained on people's games whose blunders a full-strength search vetoes gains far more against
engines, which punish every blunder, than against opponents who play like people, who miss
many of them; the same holds for a small search. Balduzzi et al. ("Re-evaluating Evaluation",
NeurIPS 2018) show that no single rating can describe such a pool, and add a second dimension
(mElo); here the second dimension is the kind of the opponent, which is known for every game.

The model. Every player has a rating against engines; a person-like player also has one
against person-like players, and the difference is its *kind offset*. A game between two
engines, or between an engine and a person-like player, is predicted by the ratings against
engines (the engine plays its one way; the person-like player as it plays engines); a game
between two person-like players by their ratings against person-like players. So the games
split into two fits, each the Bradley–Terry maximum likelihood of :mod:`profiles.ratings.fit`:
the games that have an engine on one side at least, anchored as any calibration is, and the
games between two person-like players, which fix only differences among them.

The link. The second fit needs a zero, and the games alone cannot give one: a common shift of
every person-like rating against person-like players changes no prediction. It is fixed by
*link* players, whose offsets are zero on average: players that play the same way whoever
they face (a network choosing its own move, with no search and no veto, which cannot play an
engine differently from a person), and which a person's own play resembles most. Each link's
own offset is still measured, against the others'; only their mean is set.

A person plays a person-like opponent as a person-like player does, so the rating that
predicts a person's games against it is its rating against person-like players; against an
engine, the engine's one rating. Both are on one scale through the links.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from profiles.ratings.base import RatingInputError
from profiles.ratings.fit import FitResult, Game, fit_ratings
from profiles.ratings.goodness import GoodnessOfFit, chi_square_survival, goodness_of_fit


@dataclass(frozen=True)
class KindRating:
    """One player's rating against one kind of opponent."""

    rating: float
    error: float
    """The standard error against the scale's anchor, the link's own error included."""
    games: int


@dataclass(frozen=True)
class KindFit:
    """The two fits and the link between them."""

    engines: FitResult
    """Every game with an engine on one side at least, fitted with the anchors."""
    people: FitResult | None
    """The games between two person-like players, fitted with the first link at 0 (shifted
    onto the scale by :attr:`shift`); None when there are none."""
    links: tuple[str, ...]
    """The links that played in both fits: their mean offset is zero."""
    shift: float
    """Added to :attr:`people`'s ratings to put them on the engines' scale."""

    def against_engines(self, name: str) -> KindRating | None:
        player = self.engines.players.get(name)
        if player is None:
            return None
        return KindRating(player.rating, player.error, player.games)

    def against_people(self, name: str) -> KindRating | None:
        """The rating that predicts ``name``'s games against person-like players; None for a
        player that played none."""
        if self.people is None or name not in self.people.players:
            return None
        player = self.people.players[name]
        variance = self._relative_variance(name, name) + self._link_variance()
        return KindRating(player.rating + self.shift, math.sqrt(max(variance, 0.0)), player.games)

    def offset(self, name: str) -> tuple[float, float] | None:
        """``name``'s rating against person-like players less its rating against engines, with
        its standard error; None unless it played both kinds."""
        people, engines = self.against_people(name), self.against_engines(name)
        if people is None or engines is None:
            return None
        variance = self._relative_variance(name, name) + self._engine_side_variance(name)
        return people.rating - engines.rating, math.sqrt(max(variance, 0.0))

    def predicted(self, first: str, second: str) -> tuple[float, float] | None:
        """``first − second`` as their games are predicted, with its standard error: by their
        ratings against person-like players where both have one, else by those against
        engines; None where neither fit has both."""
        people = self.against_people(first), self.against_people(second)
        if people[0] is not None and people[1] is not None:
            return people[0].rating - people[1].rating, self.people_difference_error(first, second)
        engines = self.engines.players
        if first in engines and second in engines:
            difference = engines[first].rating - engines[second].rating
            return difference, self.engines.difference_error(first, second)
        return None

    def people_difference_error(self, first: str, second: str) -> float:
        """The standard error of the difference of two ratings against person-like players:
        the link cancels out of it."""
        assert self.people is not None
        return self.people.difference_error(first, second)

    def _people_covariance(self, first: str, second: str) -> float:
        assert self.people is not None
        return self.people.covariance.get((first, second), 0.0)

    def _relative_variance(self, first: str, second: str) -> float:
        """The covariance of ``first`` and ``second`` against person-like players, each less
        the links' mean, in the person-like fit."""
        count = len(self.links)
        return (
            self._people_covariance(first, second)
            - sum(self._people_covariance(first, link) for link in self.links) / count
            - sum(self._people_covariance(second, link) for link in self.links) / count
            + sum(self._people_covariance(a, b) for a in self.links for b in self.links) / count**2
        )

    def _link_variance(self) -> float:
        """The variance of the links' mean rating against engines."""
        count = len(self.links)
        covariance = self.engines.covariance
        return sum(covariance.get((a, b), 0.0) for a in self.links for b in self.links) / count**2

    def _engine_side_variance(self, name: str) -> float:
        """The variance of the links' mean less ``name``, both against engines."""
        count = len(self.links)
        covariance = self.engines.covariance
        return (
            self._link_variance()
            - 2.0 * sum(covariance.get((name, link), 0.0) for link in self.links) / count
            + covariance.get((name, name), 0.0)
        )


def kind_goodness(games: Iterable[Game], fit: KindFit, people: Collection[str]) -> GoodnessOfFit:
    """How well the two fits together explain ``games``: each pairing against the fit that
    predicts it, on the degrees of freedom both leave."""
    against_engines, between_people = split_by_kind(games, people)
    parts = [goodness_of_fit(against_engines, fit.engines)]
    if fit.people is not None and between_people:
        parts.append(goodness_of_fit(between_people, fit.people))
    pearson = sum(part.pearson for part in parts)
    freedom = sum(part.degrees_of_freedom for part in parts)
    residuals = sorted(
        (residual for part in parts for residual in part.residuals), key=lambda r: -abs(r.z)
    )
    return GoodnessOfFit(
        deviance=sum(part.deviance for part in parts),
        pearson=pearson,
        degrees_of_freedom=freedom,
        p_value=chi_square_survival(pearson, freedom),
        residuals=tuple(residuals),
    )


def split_by_kind(games: Iterable[Game], people: Collection[str]) -> tuple[list[Game], list[Game]]:
    """The games with an engine on one side at least, and those between two of ``people``."""
    against_engines: list[Game] = []
    between_people: list[Game] = []
    for game in games:
        white, black, _ = game
        (between_people if white in people and black in people else against_engines).append(game)
    return against_engines, between_people


def fit_by_kind(
    games: Iterable[Game],
    anchors: Mapping[str, float],
    people: Collection[str],
    links: Collection[str],
) -> KindFit:
    """Fit ``games`` by kind: ``people`` are the person-like players, ``links`` those of them
    whose mean offset is zero (see the module docstring); ``anchors`` fix the scale.

    Raises :class:`RatingInputError` as :func:`profiles.ratings.fit.fit_ratings` does, and when
    person-like players played each other but no link played both kinds.
    """
    against_engines, between_people = split_by_kind(games, people)
    engines = fit_ratings(against_engines, anchors)
    if not between_people:
        return KindFit(engines, None, (), 0.0)
    played = {name for white, black, _ in between_people for name in (white, black)}
    linked = tuple(sorted(link for link in links if link in played and link in engines.players))
    if not linked:
        raise RatingInputError(
            "no link player played both kinds: the ratings against person-like players have no zero"
        )
    first = linked[0]
    people_fit = fit_ratings(between_people, {first: 0.0})
    shift = sum(engines[link].rating - people_fit[link].rating for link in linked) / len(linked)
    return KindFit(engines, people_fit, linked, shift)
