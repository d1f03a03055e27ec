"""``rated-play engines check``: the calibration's predictions tested on games it never saw.

The calibration keeps some pairings out of its fit (:func:`engines.gauntlet.held_out_pairings`).
The check plays those whose predicted score lies between 25% and 75% (where a match says most)
under the calibration's own conditions, and compares each measured difference with the
predicted one. A pairing is *inside* when the predicted difference lies in the measured 95%
interval. The calibration passes when the pairings' standardised misses, taken together
(``Σz²``, χ² on as many degrees of freedom as pairings), are no larger than chance gives 99
times in 100: a check of eight pairings then fails a sound calibration once in a hundred runs.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from engines.calibrate import MOVETIME, as_calibrated, scored_games
from engines.calibration import CalibrationResult, HeldOutPairing
from engines.gauntlet import Progress, run_gauntlet, schedule_games
from engines.openings import load_openings
from engines.opponent import Opponent
from profiles.ratings.expected import logistic_expected
from profiles.ratings.goodness import (
    Z_95,
    MeasuredDifference,
    PairingRecord,
    chi_square_survival,
    measured_difference,
    pairing_records,
)

GAMES = 40
"""Games per pairing: a 95% interval of about ±110 points at an even score."""
LOWEST_SCORE = 0.25
"""Pairings predicted to score outside 25–75% are not checked: a lopsided match measures
little."""
PASS_P_VALUE = 0.01


@dataclass(frozen=True)
class CheckedPairing:
    first: str
    second: str
    record: PairingRecord
    """The games, from ``first``'s side."""
    predicted: float
    """``rating(first) − rating(second)`` by the calibration."""
    predicted_error: float
    measured: MeasuredDifference

    @property
    def inside(self) -> bool:
        return self.measured.low <= self.predicted <= self.measured.high

    @property
    def z(self) -> float:
        """The miss in standard errors, the prediction's own error included."""
        measured = self.measured
        if not math.isfinite(measured.low) or not math.isfinite(measured.high):
            spread = math.inf
        else:
            spread = (measured.high - measured.low) / (2 * Z_95)
        error = math.hypot(spread, self.predicted_error)
        if not math.isfinite(measured.difference) or error == 0.0 or math.isinf(error):
            return 0.0 if self.inside else math.copysign(math.inf, self.predicted)
        return (measured.difference - self.predicted) / error


@dataclass(frozen=True)
class CheckResult:
    date: str
    pairings: tuple[CheckedPairing, ...]
    chi_square: float
    p_value: float

    @property
    def passed(self) -> bool:
        return self.p_value >= PASS_P_VALUE


def pairings_to_check(
    ladder: Sequence[Opponent], calibration: CalibrationResult
) -> list[HeldOutPairing]:
    """The calibration's held-out pairings between available entries whose predicted score is
    between 25% and 75%."""
    ratings = {opponent.name: opponent.rating for opponent in ladder}
    return [
        pairing
        for pairing in calibration.held_out
        if pairing.first in ratings
        and pairing.second in ratings
        and LOWEST_SCORE
        <= logistic_expected(ratings[pairing.first], ratings[pairing.second])
        <= 1 - LOWEST_SCORE
    ]


async def run_check(
    ladder: Sequence[Opponent],
    calibration: CalibrationResult,
    pgn: Path,
    *,
    games: int = GAMES,
    workers: int = 1,
    on_progress: Callable[[Progress], None] = lambda progress: None,
) -> CheckResult:
    """Play the check into ``pgn`` (resuming what is there) and compare."""
    by_name = {opponent.name: opponent for opponent in ladder}
    chosen = pairings_to_check(ladder, calibration)
    playing = {name: as_calibrated(opponent, MOVETIME) for name, opponent in by_name.items()}
    played = await run_gauntlet(
        schedule_games({(p.first, p.second): games for p in chosen}, load_openings()),
        playing,
        None,
        pgn,
        workers=workers,
        on_progress=on_progress,
        headers={"Event": "rated-play engines check"},
    )
    records = {
        frozenset((record.first, record.second)): record
        for record in pairing_records(scored_games(played))
    }
    checked = []
    for pairing in chosen:
        record = records[frozenset((pairing.first, pairing.second))]
        if record.first != pairing.first:
            record = PairingRecord(
                pairing.first, pairing.second, record.losses, record.draws, record.wins
            )
        checked.append(
            CheckedPairing(
                first=pairing.first,
                second=pairing.second,
                record=record,
                predicted=by_name[pairing.first].rating - by_name[pairing.second].rating,
                predicted_error=pairing.error,
                measured=measured_difference(record),
            )
        )
    chi_square = sum(min(pairing.z**2, 1e6) for pairing in checked)
    return CheckResult(
        date=datetime.date.today().isoformat(),
        pairings=tuple(checked),
        chi_square=chi_square,
        p_value=chi_square_survival(chi_square, max(len(checked), 1)) if checked else 1.0,
    )
