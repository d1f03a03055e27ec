"""Expected scores: the logistic curve, and the FIDE table of the normal distribution (FIDE
Handbook B.02, table 8.1(b)).

A rating gap bigger than a system's cap counts as the cap (FIDE and Chess Scotland use 400):
one game against a much weaker player then cannot cost or bring more than a bounded amount.
"""

from __future__ import annotations

import bisect
import math

ELO_SCALE = 400.0
"""Rating points for a factor of ten in the odds of scoring."""

LOG_ODDS_PER_POINT = math.log(10.0) / ELO_SCALE
"""d/dR of the logit of the logistic expected score: rating points to natural log-odds."""

GAP_CAP = 400.0
"""The largest rating gap FIDE and Chess Scotland count; larger gaps count as this."""

# FIDE's table 8.1(b) (FIDE Handbook B.02, used by article 8.55): the upper end of each band of
# rating differences and the stronger player's
# expected score in it. Differences above 735 expect 1.0.
_TABLE_BANDS: tuple[tuple[int, float], ...] = (
    (3, 0.50), (10, 0.51), (17, 0.52), (25, 0.53), (32, 0.54), (39, 0.55), (46, 0.56),
    (53, 0.57), (61, 0.58), (68, 0.59), (76, 0.60), (83, 0.61), (91, 0.62), (98, 0.63),
    (106, 0.64), (113, 0.65), (121, 0.66), (129, 0.67), (137, 0.68), (145, 0.69), (153, 0.70),
    (162, 0.71), (170, 0.72), (179, 0.73), (188, 0.74), (197, 0.75), (206, 0.76), (215, 0.77),
    (225, 0.78), (235, 0.79), (245, 0.80), (256, 0.81), (267, 0.82), (278, 0.83), (290, 0.84),
    (302, 0.85), (315, 0.86), (328, 0.87), (344, 0.88), (357, 0.89), (374, 0.90), (391, 0.91),
    (411, 0.92), (432, 0.93), (456, 0.94), (484, 0.95), (517, 0.96), (559, 0.97), (619, 0.98),
    (735, 0.99),
)  # fmt: skip
_TABLE_UPPER_ENDS = tuple(upper for upper, _ in _TABLE_BANDS)


def capped_gap(rating: float, opponent: float, cap: float | None) -> float:
    """``rating − opponent``, limited to ±cap when the system has a cap."""
    gap = rating - opponent
    if cap is None:
        return gap
    return max(-cap, min(cap, gap))


def logistic_expected(rating: float, opponent: float, cap: float | None = None) -> float:
    """``1 / (1 + 10^((opponent − rating)/400))``, the gap first limited to ``cap``."""
    return 1.0 / (1.0 + math.pow(10.0, -capped_gap(rating, opponent, cap) / ELO_SCALE))


def table_expected(rating: float, opponent: float, cap: float | None = None) -> float:
    """The expected score read from FIDE's table 8.1(b) (FIDE Handbook B.02) (the gap rounded to a
    whole point)."""
    gap = capped_gap(rating, opponent, cap)
    # Half a point rounds away from zero, so the table stays symmetric: E(d) + E(−d) = 1.
    points = int(abs(gap) + 0.5)
    band = bisect.bisect_left(_TABLE_UPPER_ENDS, points)
    stronger = 1.0 if band == len(_TABLE_BANDS) else _TABLE_BANDS[band][1]
    return stronger if gap >= 0 else round(1.0 - stronger, 2)


def table_bands() -> tuple[tuple[int, int, float], ...]:
    """FIDE's table 8.1(b) (FIDE Handbook B.02, used by article 8.55) as ``(lowest difference,
    highest difference, expected score)``."""
    lows = (0, *(upper + 1 for upper in _TABLE_UPPER_ENDS[:-1]))
    return tuple(
        (low, upper, expected) for low, (upper, expected) in zip(lows, _TABLE_BANDS, strict=True)
    )


SCORE_TABLE_DIFFERENCES = tuple(range(-800, 801, 50))
"""The rating differences (player − opponent) the expected-score table shows."""


def score_table() -> tuple[tuple[int, float, float], ...]:
    """``(difference, logistic expected score, FIDE table expected score)`` for each row."""
    return tuple(
        (d, logistic_expected(d, 0.0), table_expected(d, 0.0)) for d in SCORE_TABLE_DIFFERENCES
    )
