"""Chess Scotland grading (its "CS Grading System" rules): one batch calculation for a whole season.

A graded player: ``new = old + 800·(A − E) / max(N, 30)``, where A is the points scored, E the
points expected (from the FIDE table 8.1(b), with the gap counted as at most 400) and N the
games played. A game across a gap of more than 735 points is void unless the higher-graded
player fails to win. Grades are whole points, and none is below 100.

An ungraded player (Chess Scotland's "calculation steps for an ungraded player", for one player with
no ungraded opponents): the average score is turned into a grading difference with the table,
added to the average opposition; each opponent is then counted as at most 400 points from that
estimate and the difference added to the new average opposition (steps 4–6; steps 7–10 repeat
them with ungraded opponents' grades, which a player here never has). A score's difference is
the middle of its band of the table (0 for 50 %), and at most 400 points, the largest gap the
system counts: beyond it, step 5 would lift every opponent of a player scoring over 92 % and a
perfect score would run away. Chess Scotland grades a new player only after 8 games; with fewer the
grade is provisional.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from profiles.ratings.base import (
    NEW_PLAYER,
    GameScore,
    PlayerStart,
    RatingInputError,
    RatingState,
    Record,
    check_games,
    record_of,
    round_points,
    within_floor,
)
from profiles.ratings.expected import GAP_CAP, table_bands, table_expected
from profiles.ratings.visibility import is_provisional

VOID_GAP = 735.0
"""Games across a bigger gap count only when the higher-graded player fails to win."""

MINIMUM_DIVISOR = 30
""""The number of games applied ... is the actual number of games played or 30, whichever is
higher"."""

POINTS_PER_GAME = 800.0
MINIMUM_GRADE = 100
NEW_GRADE_GAMES = 8
"""An ungraded player needs this many games for a first grade."""


def season_grade(old: float, games: int, actual: float, expected: float) -> int:
    """``old + 800·(actual − expected) / max(games, 30)``, in whole points, at least 100."""
    change = POINTS_PER_GAME * (actual - expected) / max(games, MINIMUM_DIVISOR)
    return max(MINIMUM_GRADE, round_points(old + change))


def counts(grade: float, opponent: float, score: float) -> bool:
    """False for a game void under the 735-point rule."""
    if abs(grade - opponent) <= VOID_GAP:
        return True
    higher_player_score = score if grade > opponent else 1.0 - score
    return higher_player_score < 1.0


def expected(grade: float, opponent: float) -> float:
    """Chess Scotland's Table 1 (the FIDE table) with the gap counted as at most 400."""
    return table_expected(grade, opponent, cap=GAP_CAP)


def grading_difference(average_score: float) -> float:
    """The rating difference the table gives for an average score (the middle of its band)."""
    stronger = max(average_score, 1.0 - average_score)
    hundredths = round(stronger * 100)
    bands = [(low, high) for low, high, e in table_bands() if round(e * 100) == hundredths]
    if not bands:
        difference = GAP_CAP  # a perfect score: beyond the table's last band
    else:
        low, high = bands[0]
        difference = min(GAP_CAP, (low + high) / 2 if low > 0 else 0.0)
    return difference if average_score >= 0.5 else -difference


@dataclass(frozen=True)
class ChessScotland:
    name: str = "chess-scotland"
    title: str = "Chess Scotland grading (season batch)"

    def rate_record(self, record: Record) -> float:
        """A new player's first grade."""
        return within_floor(first_grade(record))

    def rate(self, games: Sequence[GameScore], start: PlayerStart = NEW_PLAYER) -> RatingState:
        """The grade after a season made of ``games``."""
        check_games(games, start)
        if start.rating is None:
            if start.games:
                raise RatingInputError("a player with games behind them needs their grade")
            if not games:
                raise RatingInputError("a first grade needs games: give at least one")
            return RatingState(
                rating=self.rate_record(record_of(games)),
                games=len(games),
                provisional=len(games) < NEW_GRADE_GAMES or is_provisional(len(games)),
            )
        old = start.rating
        counted = [g for g in games if counts(old, g.opponent_rating, g.score)]
        grade = season_grade(
            old,
            len(counted),
            sum(g.score for g in counted),
            sum(expected(old, g.opponent_rating) for g in counted),
        )
        played = start.games + len(counted)
        return RatingState(
            rating=within_floor(grade), games=played, provisional=is_provisional(played)
        )


def first_grade(record: Record) -> int:
    """Steps 1–6 for an ungraded player, from the games counted per opponent grade."""
    games = sum(played for played, _ in record.values())
    difference = grading_difference(sum(points for _, points in record.values()) / games)
    estimate = sum(grade * played for grade, (played, _) in record.items()) / games + difference
    opposition = sum(
        max(estimate - GAP_CAP, min(estimate + GAP_CAP, grade)) * played
        for grade, (played, _) in record.items()
    )
    return max(MINIMUM_GRADE, round_points(opposition / games + difference))
