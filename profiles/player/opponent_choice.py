"""Which opponents suit a player: the strength slider's range, where it opens, and the opponents
whose games tell little.

The rated game mode this product follows (the ChessBase Workshop article on Fritz's rated
games, 2006) shows a slider whose range "drop[s] a bit if you're not doing well against the
program". Here the player's estimate (their rating, or their provisional performance) sets the
slider: it opens at the opponent nearest the estimate and reaches up to
:data:`REACH_ABOVE` above it, so a player who keeps losing sees its top come down; the band
within :data:`~profiles.ratings.expected.GAP_CAP` of the estimate is marked as the informative
one. Beyond it FIDE's 400-point rule (FIDE Handbook B.02, 8.3.1: a difference of more than 400
points counts as 400) makes every such game rate like one at 400.
"""

from __future__ import annotations

from dataclasses import dataclass

from profiles.ratings.expected import GAP_CAP

REACH_ABOVE = 2 * GAP_CAP
"""How far above the player's estimate the slider reaches: past the informative band, to
opponents a player may still try, not to ones they cannot score against."""


@dataclass(frozen=True)
class SliderRange:
    low: float
    high: float
    informative: tuple[float, float] | None
    """The band within 400 points of the player's estimate; None without an estimate."""

    def opening_value(
        self, estimate: float | None, remembered: float | None, fallback: float
    ) -> float:
        """Where the slider opens: the player's last choice while it is still informative,
        else the estimate, else the fallback."""
        if remembered is not None and (
            self.informative is None or self.informative[0] <= remembered <= self.informative[1]
        ):
            return self.clamp(remembered)
        return self.clamp(fallback if estimate is None else estimate)

    def clamp(self, value: float) -> float:
        return min(self.high, max(self.low, value))

    def moved_words(
        self, estimate: float | None, remembered: float | None, *, provisional_games: int = 0
    ) -> str:
        """Why the slider does not open at the player's last choice, when it does not (the
        band moved with the results); empty when it does. ``provisional_games``: the games
        a provisional ``estimate`` stands on (0: it is a rating)."""
        if estimate is None or remembered is None:
            return ""
        if self.opening_value(estimate, remembered, estimate) == self.clamp(remembered):
            return ""
        side = "above" if remembered > estimate else "below"
        # The figure is named: after one loss, "your results now (1215)" said nothing of
        # where 1215 came from.
        if provisional_games:
            games = "game" if provisional_games == 1 else f"{provisional_games} games"
            results = f"what your first {games} performed at, {estimate:.0f}"
        else:
            results = f"your rating, {estimate:.0f}"
        return (
            f"Your last choice, {remembered:.0f}, is more than {GAP_CAP:.0f} {side} "
            f"{results}, where a game tells little: the slider opens at the opponent "
            "nearest it."
        )


def slider_range(pool_low: float, pool_high: float, estimate: float | None) -> SliderRange:
    """The slider over the pool's ratings, following the player's ``estimate``."""
    if estimate is None:
        return SliderRange(pool_low, pool_high, None)
    high = min(pool_high, max(pool_low, estimate + REACH_ABOVE))
    return SliderRange(pool_low, high, (estimate - GAP_CAP, estimate + GAP_CAP))


def counted_as(estimate: float | None, opponent: float) -> float | None:
    """The rating the 400-point rule counts ``opponent`` at: 400 points from ``estimate``
    when it is further; None within 400, or without an estimate."""
    if estimate is None or abs(opponent - estimate) <= GAP_CAP:
        return None
    return estimate + GAP_CAP if opponent > estimate else estimate - GAP_CAP


def cap_note(estimate: float | None, opponent: float) -> str:
    """What the 400-point rule does to a game against ``opponent``; empty within 400. Only
    for a game the player's rating system rates that way
    (:func:`profiles.player.card.rated_alike`)."""
    if estimate is None or counted_as(estimate, opponent) is None:
        return ""
    # One sentence, two lines of an 80-column setup: the preview under it gives the figures.
    side = "above" if opponent > estimate else "below"
    return f"More than 400 {side} you: rated as 400 {side} (FIDE's 400-point rule)."
