"""The choice of an opponent from the setup's wish: one function, the setup's only way to one.

The player asks for a strength (the slider) and two things about who plays it: "Plays like a
person" (the person-like entries only) and "Unleashed" (the engine at full strength, which
takes the slider's place). :func:`choose_opponent` answers with the opponent and, when it is
not quite what was asked, the sentence that says so, so the setup shows what plays and why
without knowing a rule of its own.

The rules:

- Unleashed: the unleashed engine (:meth:`~engines.opponents.pool.Pool.unleashed`). With
  "Plays like a person" ticked too, Unleashed wins, and the sentence says so: the box chooses
  along the slider, which Unleashed sets aside.
- Ticked: the offered person-like entry nearest the wanted strength, never an engine while one
  is installed. Beyond the ladder's ends by more than about half a step
  (:func:`person_like_reach`) the sentence says none plays there and which one plays.
- Unticked: the offered entry nearest the wanted strength that is not person-like.

Only installed entries are chosen, and only offered ones
(:attr:`~engines.opponents.opponent.Opponent.offered`) from the slider; an offered entry nearer
the wish that cannot play (a program it needs is missing) is named in the sentence, with why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool

LONE_REACH = 50.0
"""How far beyond a ladder of a single person-like entry a wish still counts as near it."""


@dataclass(frozen=True)
class OpponentWish:
    """What the setup asks for."""

    strength: float
    """The wanted rating: the slider's value."""
    person_like: bool = False
    """"Plays like a person" is ticked."""
    unleashed: bool = False
    """"Unleashed" is ticked."""


@dataclass(frozen=True)
class OpponentChoice:
    """The opponent that plays, and what to tell the player about the choice."""

    opponent: Opponent
    note: str = ""
    """A sentence when the opponent is not quite what was asked ("" when it is)."""
    beyond_reach: bool = False
    """The wish lies beyond the end of the ladder of the kind asked for, so the opponent at
    that end plays: its rating, not the wish, is what the player chose."""

    def chosen_strength(self, wish: OpponentWish) -> float:
        """The strength the player chose, to remember for the next game: the wish, or the
        opponent's rating where the wish was beyond reach (remembered as the wish, a slider
        at 215 that got an opponent of 1004 came back as a choice 400 below the player's
        results)."""
        return self.opponent.rating if self.beyond_reach else wish.strength

    def moved_words(self, wish: OpponentWish) -> str:
        """Why the strength remembered is not the wish, said where the slider opens at it
        next: the wish was beyond reach (:meth:`chosen_strength`); empty otherwise."""
        if not self.beyond_reach:
            return ""
        end = "weakest" if wish.strength < self.opponent.rating else "strongest"
        return (
            f"You asked for {wish.strength:.0f}, where no person-like opponent plays: the "
            f"slider is at the {end} of them, {self.opponent.rating:.0f}, which played."
        )


def person_like_ladder(pool: Pool) -> tuple[Opponent, ...]:
    """The offered, installed person-like entries, weakest first."""
    return tuple(o for o in pool.available() if o.person_like and o.offered)


def engine_ladder(pool: Pool) -> tuple[Opponent, ...]:
    """The offered, installed entries that are not person-like, weakest first."""
    return tuple(o for o in pool.available() if not o.person_like and o.offered)


def person_like_reach(ladder: Sequence[Opponent]) -> float:
    """How far beyond the ladder's ends a wish still counts as near its end: half its mean
    step (:data:`LONE_REACH` for a ladder of one)."""
    if len(ladder) < 2:
        return LONE_REACH
    return (ladder[-1].rating - ladder[0].rating) / (len(ladder) - 1) / 2


def choose_opponent(pool: Pool, wish: OpponentWish) -> OpponentChoice:
    """The opponent for ``wish`` and the sentence to show with it (see the module's rules).
    Raises :class:`~engines.errors.EngineUnavailableError` when no engine of the pool is
    installed."""
    if wish.unleashed:
        opponent = pool.unleashed()
        note = (
            "Unleashed wins: the engine at full strength plays. "
            "“Plays like a person” chooses along the slider."
            if wish.person_like
            else ""
        )
        return OpponentChoice(opponent, note)
    if wish.person_like:
        ladder = person_like_ladder(pool)
        if not ladder:
            return OpponentChoice(
                _nearest(_engines(pool), wish.strength),
                f"No person-like opponent is installed: the engine nearest {wish.strength:.0f} "
                "plays.",
            )
        return _said_why_not_nearer(pool, _person_like(ladder, wish.strength), wish)
    return _said_why_not_nearer(pool, OpponentChoice(_nearest(_engines(pool), wish.strength)), wish)


def _said_why_not_nearer(pool: Pool, choice: OpponentChoice, wish: OpponentWish) -> OpponentChoice:
    """``choice``, saying why when an offered entry of the kind asked for is nearer the wish
    but cannot play (a program it needs is not installed): a strength missing from the ladder
    is said, not passed over."""
    offered = [o for o in pool.opponents if o.offered and o.person_like == wish.person_like]
    nearer = _nearest(offered, wish.strength) if offered else choice.opponent
    why = pool.why_unavailable(nearer)
    if why is None:
        return choice
    said = f"{nearer.short_title} cannot play: {why}."
    return replace(choice, note=f"{said} {choice.note}".strip())


def _person_like(ladder: Sequence[Opponent], wanted: float) -> OpponentChoice:
    opponent = _nearest(ladder, wanted)
    reach = person_like_reach(ladder)
    weakest, strongest = ladder[0], ladder[-1]
    if wanted < weakest.rating - reach:
        # Why none weaker, as the calibration measures it: a network's likeliest move with the
        # errors of lichess players under 800 (engines/opponents/beginner.py) plays no weaker
        # here than the weakest step, and one drawn at a higher temperature plays people's
        # moves no more often than an engine does (benchmarks/maia.py).
        end, why = "weakest", " (with a beginner's errors, people's moves play no weaker than it)"
    elif wanted > strongest.rating + reach:
        end, why = "strongest", ""
    else:
        return OpponentChoice(opponent)
    # Shown under the line that names the opponent and its rating: which end plays, and why
    # none weaker (three lines at most in a column of an 80-column terminal).
    return OpponentChoice(
        opponent,
        f"No person-like opponent plays near {wanted:.0f}; the {end} plays{why}.",
        beyond_reach=True,
    )


def _nearest(opponents: Sequence[Opponent], rating: float) -> Opponent:
    """The one rated closest to ``rating`` (the weaker on a tie)."""
    return min(opponents, key=lambda opponent: abs(opponent.rating - rating))


def _engines(pool: Pool) -> tuple[Opponent, ...]:
    """The engines the slider offers; every installed entry if none is (a pool of networks
    alone still plays), and the pool's error, saying what to install, if none is installed."""
    pool.rating_range()  # raises when nothing is installed
    return engine_ladder(pool) or pool.available()
