"""The profile card: a player's record and rating in every time-control class, derived from
the ledger by a rating system. Nothing here is stored; it is recomputed from the games."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from profiles.laws.time_control import TimeClass
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, Profile
from profiles.player.purse import START_PURSE, purse
from profiles.ratings import DEFAULT_SYSTEM, GameScore, RatingState, get_system, visibility
from profiles.ratings.base import RATING_FLOOR
from profiles.ratings.from_ledger import class_scores, record
from profiles.ratings.visibility import of_the_first

if TYPE_CHECKING:
    import chess


@dataclass(frozen=True)
class ClassCard:
    """One time-control class of a profile."""

    time_class: TimeClass
    games: int
    wins: int
    draws: int
    losses: int
    state: RatingState | None
    """The system's full state (None before the first game), provisional value included."""

    @property
    def games_until_rated(self) -> int:
        return visibility.games_until_rated(self.games)

    @property
    def rating(self) -> float | None:
        """The rating to show: None while :func:`~profiles.ratings.visibility.is_provisional`."""
        return visibility.shown_rating(
            self.games, None if self.state is None else self.state.rating
        )

    @property
    def at_floor(self) -> bool:
        """The rating is the floor: the results lie below anything these games can measure."""
        return visibility.at_floor(self.rating)

    @property
    def rd(self) -> float | None:
        return None if self.rating is None or self.state is None else self.state.rd

    @property
    def score_percent(self) -> float | None:
        if self.games == 0:
            return None
        return 100.0 * (self.wins + 0.5 * self.draws) / self.games


class ClassCards(Mapping[TimeClass, ClassCard]):
    """The card of every time-control class, each rated the first time it is asked for: the
    setup screen shows one class at a time, and rating a provisional player's class takes up
    to twenty rating fits."""

    def __init__(self, games: Sequence[GameRecord], system: str) -> None:
        self._games = games
        self._system = system
        self._cards: dict[TimeClass, ClassCard] = {}

    def __getitem__(self, time_class: TimeClass) -> ClassCard:
        if time_class not in self._cards:
            try:
                time_class = TimeClass(time_class)
            except ValueError:
                raise KeyError(time_class) from None
            scores = class_scores(self._games, time_class)
            self._cards[time_class] = class_card(time_class, scores, self._system)
        return self._cards[time_class]

    def __iter__(self) -> Iterator[TimeClass]:
        return iter(TimeClass)

    def __len__(self) -> int:
        return len(TimeClass)


@dataclass(frozen=True)
class ProfileCard:
    name: str
    system: str
    next_color: chess.Color
    classes: Mapping[TimeClass, ClassCard]
    purse: int = START_PURSE
    """Virtual money: the starting purse plus every game's settlement."""

    @property
    def system_title(self) -> str:
        """The rating system in words, shown beside every rating on the card."""
        return get_system(self.system).title


def money(amount: int) -> str:
    """Virtual money as the card shows it: ``$1,020``, ``-$30``."""
    return f"{'-' if amount < 0 else ''}${abs(amount):,}"


def rating_words(card: ClassCard) -> str:
    """The rating as the card says it: the number, the floor, or the games still to play."""
    if card.rating is None:
        return f"Provisional: {of_the_first(card.games)} games"
    if card.at_floor:
        return (
            f"Rating {RATING_FLOOR:.0f}, the floor: your results are below what games "
            "against these opponents can measure"
        )
    deviation = f" ± {card.rd:.0f}" if card.rd is not None else ""
    return f"Rating {card.rating:.0f}{deviation}"


def class_card(
    time_class: TimeClass, scores: Sequence[GameScore], system: str = DEFAULT_SYSTEM
) -> ClassCard:
    """The card of one class from its rated games' scores."""
    tally = record(scores)
    state = get_system(system).rate(scores) if scores else None
    return ClassCard(
        time_class=time_class,
        games=len(scores),
        wins=tally.wins,
        draws=tally.draws,
        losses=tally.losses,
        state=state,
    )


def build_card(
    ledger: Ledger,
    profile: Profile,
    system: str = DEFAULT_SYSTEM,
    *,
    games: Sequence[GameRecord] | None = None,
) -> ProfileCard:
    """The whole card of ``profile`` in ``system`` (every class, empty ones included), from
    ``games`` when the caller has read the profile's games already."""
    if games is None:
        games = ledger.games(profile.id)
    return ProfileCard(
        name=profile.name,
        system=system,
        next_color=ledger.next_color(profile.id),
        classes=ClassCards(games, system),
        purse=purse(games),
    )


@dataclass(frozen=True)
class Preview:
    """A class card now, and after a win, a draw or a loss against one opponent."""

    before: ClassCard
    win: ClassCard
    draw: ClassCard
    loss: ClassCard

    @property
    def estimate(self) -> float | None:
        """The player's rating or provisional performance (never shown before 20 games)."""
        return None if self.before.state is None else self.before.state.rating


def preview(
    games: Sequence[GameRecord],
    time_class: TimeClass,
    opponent_rating: float,
    system: str = DEFAULT_SYSTEM,
) -> Preview:
    """What the next game against ``opponent_rating`` would do, for each result, after
    ``games`` (one profile's, as :meth:`Ledger.games` reads them)."""
    scores = class_scores(games, time_class)
    today = dt.datetime.now(dt.UTC).date()

    def after(score: float) -> ClassCard:
        extra = GameScore(opponent_rating, score, played_on=today)
        return class_card(time_class, [*scores, extra], system)

    return Preview(class_card(time_class, scores, system), after(1.0), after(0.5), after(0.0))


def rated_alike(one: Preview, other: Preview) -> bool:
    """Each result against one opponent leaves a rated player's rating where the same result
    against the other would: what "rated as if 400 above" promises, true or not as the
    player's system rates the game. Never for a provisional player, whose rating is not
    shown: FIDE's first rating is the performance over the first games, each counted at the
    opponent's own rating (:mod:`profiles.ratings.elo`)."""
    if one.before.rating is None:
        return False
    pairs = ((one.win, other.win), (one.draw, other.draw), (one.loss, other.loss))
    return all(mine.rating == theirs.rating for mine, theirs in pairs)


def provisional_words(played: int) -> str:
    """What the next game is to a player with ``played`` games in the class and no rating
    yet: one of the first 20, whatever its result."""
    number = played + 1
    if visibility.is_provisional(number):
        return f"Whatever the result, this is game {of_the_first(number)}."
    return f"Game {of_the_first(number)}: your rating is shown after it."


def preview_words(outlook: Preview) -> str:
    """ "Win 1523 (+12) · Draw 1507 (−4) · Loss 1491 (−20)", or what the game does to the
    provisional count: no rating is shown, or hinted at, before 20 games."""
    before = outlook.before
    if before.rating is None:
        return provisional_words(before.games)
    parts = []
    for label, card in (("Win", outlook.win), ("Draw", outlook.draw), ("Loss", outlook.loss)):
        assert card.rating is not None
        parts.append(f"{label} {card.rating:.0f} ({card.rating - before.rating:+.0f})")
    return " · ".join(parts)
