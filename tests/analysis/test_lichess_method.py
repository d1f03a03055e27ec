"""The marks and the accuracy follow lichess's published code (lila), checked against it.

The accuracy cases are lila's own tests, ``modules/analyse/src/test/AccuracyPercentTest.scala``
(https://github.com/lichess-org/lila): each list of centipawns there is the evaluation after
every ply, with lila's ``Cp.initial`` (+15) in front, and each expected accuracy is lila's with
lila's tolerance. The mark boundaries are where ``Advice.scala``'s thresholds (0.1, 0.2, 0.3 of
winning chances) fall on ``WinPercent.scala``'s curve, worked out by hand below.
"""

from __future__ import annotations

import math
from dataclasses import replace

import chess
import pytest

from profiles.accuracy import (
    MATE_SCORE,
    AnalysedMove,
    GameAnalysis,
    Mark,
    average_centipawn_loss,
    eval_text,
    game_accuracy,
    judge,
    move_accuracy,
    win_percent,
    winning_chances,
)

INITIAL = 15
"""lila ``Cp.initial``."""


def both(cps: list[int]) -> tuple[float | None, float | None]:
    evals = [INITIAL, *cps]
    return game_accuracy(evals, chess.WHITE), game_accuracy(evals, chess.BLACK)


def close(value: float | None, expected: float, tolerance: float) -> bool:
    return value is not None and abs(value - expected) <= tolerance


@pytest.mark.parametrize(
    ("cps", "white", "black"),
    [
        ([15, 15], (100, 1), (100, 1)),
        ([-900, -900], (10, 5), (100, 1)),
        ([15, 900], (100, 1), (10, 5)),
        ([-900, 0], (10, 5), (10, 5)),
        ([15] * 20, (100, 1), (100, 1)),
        ([*[15] * 20, -900], (50, 5), (100, 1)),
        ([*[15] * 21, 900], (100, 1), (50, 5)),
        ([-50, 15] * 5, (76, 8), (76, 8)),
        ([-50, 15] * 50, (76, 8), (76, 8)),
        ([-135, 15] * 50, (54, 8), (54, 8)),
        ([-435, 15] * 50, (20, 8), (20, 8)),
    ],
    ids=[
        "two good moves",
        "white blunders on first move",
        "black blunders on first move",
        "both blunder on first move",
        "20 perfect moves",
        "20 perfect moves and a white blunder",
        "21 perfect moves and a black blunder",
        "5 average moves",
        "50 average moves",
        "50 mediocre moves",
        "50 terrible moves",
    ],
)
def test_game_accuracy_matches_lilas_own_tests(
    cps: list[int], white: tuple[float, float], black: tuple[float, float]
) -> None:
    got_white, got_black = both(cps)
    assert close(got_white, *white), got_white
    assert close(got_black, *black), got_black


def test_no_accuracy_for_a_side_that_made_no_move() -> None:
    assert game_accuracy([INITIAL], chess.WHITE) is None
    assert game_accuracy([INITIAL, 30], chess.BLACK) is None


def test_win_percent_is_lilas_curve_capped_at_a_thousand_centipawns() -> None:
    assert win_percent(0) == 50
    # 50 + 50·(2/(1+e^(−0.00368208·300)) − 1), by hand: e^(−1.104624) = 0.33133...
    assert win_percent(300) == pytest.approx(50 + 50 * (2 / (1 + math.exp(-1.104624)) - 1))
    assert win_percent(3000) == win_percent(1000) == win_percent(MATE_SCORE - 3)
    assert win_percent(-MATE_SCORE) == win_percent(-1000) == pytest.approx(100 - win_percent(1000))


def test_move_accuracy_is_lilas_formula_with_its_bonus() -> None:
    assert move_accuracy(60, 70) == 100
    # 103.1668100711649·e^(−0.04354415386753951·10) − 3.166924740191411 + 1 = 64.7...
    assert move_accuracy(60, 50) == pytest.approx(
        103.1668100711649 * math.exp(-0.4354415386753951) - 3.166924740191411 + 1
    )
    assert move_accuracy(100, 0) == 0


def cp_for_chances(chances: float) -> float:
    """The evaluation whose winning chances are ``chances`` (inverting WinPercent.scala)."""
    return math.log(2 / (1 + chances) - 1) / -0.00368208


@pytest.mark.parametrize(
    ("drop", "mark"),
    [(0.09, None), (0.11, Mark.INACCURACY), (0.19, Mark.INACCURACY), (0.21, Mark.MISTAKE),
     (0.29, Mark.MISTAKE), (0.31, Mark.BLUNDER), (0.9, Mark.BLUNDER)],
)  # fmt: skip
def test_marks_fall_at_lilas_winning_chance_drops(drop: float, mark: Mark | None) -> None:
    after = round(cp_for_chances(-drop))
    assert winning_chances(0) - winning_chances(after) == pytest.approx(drop, abs=0.002)
    assert judge(0, after, chess.WHITE) is mark
    assert judge(0, -after, chess.BLACK) is mark, "Black's drop is White's gain"
    assert judge(0, -after, chess.WHITE) is None, "a gain is never marked"


def test_a_move_into_a_forced_mate_is_marked_by_how_lost_the_game_was() -> None:
    mated_in_2 = -(MATE_SCORE - 2)
    assert judge(30, mated_in_2, chess.WHITE) is Mark.BLUNDER
    assert judge(-800, mated_in_2, chess.WHITE) is Mark.MISTAKE
    assert judge(-1200, mated_in_2, chess.WHITE) is Mark.INACCURACY
    assert judge(-30, -mated_in_2, chess.BLACK) is Mark.BLUNDER


def test_a_forced_mate_let_slip_is_marked_by_what_is_left() -> None:
    mate_in_3 = MATE_SCORE - 3
    assert judge(mate_in_3, 400, chess.WHITE) is Mark.BLUNDER
    assert judge(mate_in_3, 800, chess.WHITE) is Mark.MISTAKE
    assert judge(mate_in_3, 1500, chess.WHITE) is Mark.INACCURACY
    assert judge(mate_in_3, MATE_SCORE - 5, chess.WHITE) is None, "a slower mate is no mark"
    assert judge(mate_in_3, MATE_SCORE, chess.WHITE) is None, "mating is no mark"
    assert judge(-mate_in_3, -400, chess.BLACK) is Mark.BLUNDER


def test_evaluations_read_as_players_write_them() -> None:
    assert eval_text(35) == "+0.35"
    assert eval_text(-120) == "-1.20"
    assert eval_text(MATE_SCORE - 3) == "#3"
    assert eval_text(-(MATE_SCORE - 2)) == "#-2"
    assert eval_text(MATE_SCORE) == "#"


def test_average_centipawn_loss_is_lilas_ceiled_mean_per_side() -> None:
    # AccuracyCP.scala: each move's loss from the mover's view, evaluations ceiled at ±1000
    # (a mate counts as the ceiling), a gain counting 0, the mean rounded half up.
    evals = [20, 30, 100, -200, 500, -MATE_SCORE + 3]
    assert average_centipawn_loss(evals, chess.WHITE) == (0 + 300 + (500 + 1000)) // 3
    assert average_centipawn_loss(evals, chess.BLACK) == (70 + 700) // 2
    assert average_centipawn_loss([0, 0, -1], chess.BLACK) == 0  # Black gained: a loss of 0
    assert average_centipawn_loss([0, -3, 0, 0], chess.WHITE) == 2  # 3 and 0: 1.5 rounds up
    assert average_centipawn_loss([15], chess.WHITE) is None


def test_the_summary_counts_each_sides_marks_from_the_evaluations() -> None:
    def ply(number: int, eval_cp: int) -> AnalysedMove:
        return AnalysedMove(number, "?", eval_cp, None, None, by_player=number % 2 == 1)

    # White blunders on ply 3 (100 → -200); Black's f6 (30 → 100) is an inaccuracy and its
    # ply 4 (-200 → 500) a blunder, though no stored mark says so for the engine's side.
    analysis = GameAnalysis(
        1, chess.WHITE, 20, (ply(1, 30), ply(2, 100), ply(3, -200), ply(4, 500)), None, "x", 1
    )
    white, black = analysis.summary(chess.WHITE), analysis.summary(chess.BLACK)
    assert (white.inaccuracies, white.mistakes, white.blunders, white.acpl) == (0, 0, 1, 150)
    assert (black.inaccuracies, black.mistakes, black.blunders, black.acpl) == (1, 0, 1, 385)
    assert white.accuracy is None, "four plies: too short for lichess to analyse"
    longer = replace(analysis, moves=(*analysis.moves, ply(5, 480)))
    assert longer.summary(chess.WHITE).accuracy == game_accuracy(longer.evals, chess.WHITE)
    assert not white.clean
    assert GameAnalysis(2, chess.BLACK, 0, (ply(1, 10),), None, "x", 1).summary(chess.WHITE).clean
