"""``rated-play engines check``: the calibration's predictions tested on games it never saw.

The calibration keeps some pairings out of its fit
(:func:`engines.calibration.gauntlet.held_out_pairings`). The check plays those whose predicted
score lies between 25% and 75% (where a match says most) under the calibration's own conditions, and
compares each measured difference with the predicted one. A pairing is *inside* when the predicted
difference lies in the measured 95% interval. The calibration passes when the pairings' standardised
misses, taken together (``Σz²``, χ² on as many degrees of freedom as pairings), are no larger than
chance gives 99 times in 100: a check of eight pairings then fails a sound calibration once in a
hundred runs.
"""

from __future__ import annotations

import contextlib
import datetime
import math
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from engines.calibration.calibrate import MOVETIME, as_calibrated, scored_games
from engines.calibration.gauntlet import Progress, run_gauntlet, schedule_games
from engines.calibration.openings import load_openings
from engines.calibration.stored import (
    CHECK_SUMMARY,
    CalibrationFile,
    CheckSummary,
    HeldOutPairing,
    write_check_summary,
)
from engines.errors import CalibrationError, cannot_write
from engines.opponents.opponent import Opponent
from profiles.data_directory import DataDirectory
from profiles.ratings.expected import logistic_expected
from profiles.ratings.goodness import (
    Z_95,
    MeasuredDifference,
    PairingRecord,
    chi_square_survival,
    measured_difference,
    pairing_records,
)
from profiles.written_file import PGN, check_writable

GAMES = 40
"""Games per pairing: a 95% interval of about ±110 points at an even score."""
LOWEST_SCORE = 0.25
"""Pairings predicted to score outside 25–75% are not checked: a lopsided match measures
little."""
PASS_P_VALUE = 0.01


class PairingKind(StrEnum):
    """Whom a held-out pairing sets against whom: a pool of two kinds need not be transitive,
    so the check tests its predictions within each kind and across them."""

    ENGINES = "engines"
    """Two engines: predicted by their ratings against engines."""
    PEOPLE = "person-like"
    """Two person-like entries: predicted by their ratings against person-like opponents."""
    ACROSS = "across kinds"
    """An engine and a person-like entry: predicted by their ratings against engines."""


def pairing_kind(first: Opponent, second: Opponent) -> PairingKind:
    people = first.person_like + second.person_like
    return (PairingKind.ENGINES, PairingKind.ACROSS, PairingKind.PEOPLE)[people]


@dataclass(frozen=True)
class KindTally:
    """The check of one kind of pairing."""

    kind: PairingKind
    pairings: int
    inside: int
    chi_square: float
    p_value: float


@dataclass(frozen=True)
class CheckedPairing:
    first: str
    second: str
    kind: PairingKind
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
    calibration_date: str
    """The date of the calibration checked."""
    pairings: tuple[CheckedPairing, ...]
    chi_square: float
    p_value: float

    @property
    def passed(self) -> bool:
        return self.p_value >= PASS_P_VALUE

    @property
    def inside(self) -> int:
        """Pairings whose predicted difference lies inside the measured 95% interval."""
        return sum(pairing.inside for pairing in self.pairings)

    def by_kind(self) -> list[KindTally]:
        """The check of each kind of pairing apart, in :class:`PairingKind`'s order; the
        calibration passes or fails on all of them together."""
        tallies = []
        for kind in PairingKind:
            chosen = [pairing for pairing in self.pairings if pairing.kind is kind]
            if not chosen:
                continue
            chi_square = _chi_square(chosen)
            tallies.append(
                KindTally(
                    kind,
                    len(chosen),
                    sum(pairing.inside for pairing in chosen),
                    chi_square,
                    chi_square_survival(chi_square, len(chosen)),
                )
            )
        return tallies

    def summary(self) -> CheckSummary:
        """What ``rated-play engines`` shows of this check."""
        return CheckSummary(
            date=self.date,
            calibration_date=self.calibration_date,
            pairings=len(self.pairings),
            inside=self.inside,
            chi_square=round(self.chi_square, 2),
            p_value=round(self.p_value, 4),
            passed=self.passed,
        )


def pairings_to_check(
    ladder: Sequence[Opponent], calibration: CalibrationFile
) -> list[HeldOutPairing]:
    """The calibration's held-out pairings between available entries whose predicted score is
    between 25% and 75%."""
    names = {opponent.name for opponent in ladder}
    return [
        pairing
        for pairing in calibration.held_out
        if pairing.first in names
        and pairing.second in names
        and LOWEST_SCORE
        <= logistic_expected(predicted(ladder, calibration, pairing.first, pairing.second), 0.0)
        <= 1 - LOWEST_SCORE
    ]


def predicted(
    ladder: Sequence[Opponent], calibration: CalibrationFile, first: str, second: str
) -> float:
    """``first − second`` as the calibration predicts their games: by their ratings against
    each other's kind where it measured both, else by the ratings the ladder has."""
    if first in calibration.ratings and second in calibration.ratings:
        return calibration.predicted(first, second)
    ratings = {opponent.name: opponent.rating for opponent in ladder}
    return ratings[first] - ratings[second]


def checkable(ladder: Sequence[Opponent], calibration: CalibrationFile | None) -> CalibrationFile:
    """``calibration``, when it has held-out pairings to check (:func:`pairings_to_check`);
    else a :class:`CalibrationError` saying what to do."""
    if calibration is None:
        raise CalibrationError(
            "there is no calibration to check; run 'rated-play engines calibrate'"
        )
    if not pairings_to_check(ladder, calibration):
        raise CalibrationError(
            "the calibration kept no pairing aside that predicts a score between 25% and 75%; "
            "run 'rated-play engines calibrate' again to make one that does"
        )
    return calibration


async def check_calibration(
    ladder: Sequence[Opponent],
    calibration: CalibrationFile | None,
    data_dir: Path,
    *,
    pgn: Path | None = None,
    games: int = GAMES,
    workers: int = 1,
    on_progress: Callable[[Progress], None] = lambda progress: None,
) -> CheckResult:
    """``rated-play engines check``: play the check into ``pgn`` (resumed; a temporary file
    when None) and keep its summary in ``data_dir`` for ``rated-play engines`` to show.

    Refuses before a game when a file it writes cannot be written, whichever engines are
    installed, and then when there is nothing to check (:func:`checkable`)."""
    summary = DataDirectory(data_dir).calibration_check
    check_writable(summary, CHECK_SUMMARY, data_dir=data_dir, option="the check's summary")
    if pgn is not None:
        check_writable(pgn, PGN, data_dir=data_dir, option="--pgn")
    calibration = checkable(ladder, calibration)
    with contextlib.ExitStack() as stack:
        if pgn is None:
            pgn = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "check.pgn"
        try:
            result = await run_check(
                ladder, calibration, pgn, games=games, workers=workers, on_progress=on_progress
            )
        except OSError as error:
            raise cannot_write(error) from error
    # The summary is a convenience for the listing: a data directory that cannot take it does
    # not undo a check whose result is shown all the same.
    with contextlib.suppress(OSError):
        write_check_summary(summary, result.summary())
    return result


async def run_check(
    ladder: Sequence[Opponent],
    calibration: CalibrationFile,
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
                kind=pairing_kind(by_name[pairing.first], by_name[pairing.second]),
                record=record,
                predicted=predicted(ladder, calibration, pairing.first, pairing.second),
                predicted_error=pairing.error,
                measured=measured_difference(record),
            )
        )
    chi_square = _chi_square(checked)
    return CheckResult(
        date=datetime.date.today().isoformat(),
        calibration_date=calibration.provenance.date,
        pairings=tuple(checked),
        chi_square=chi_square,
        p_value=chi_square_survival(chi_square, max(len(checked), 1)) if checked else 1.0,
    )


def _chi_square(pairings: Sequence[CheckedPairing]) -> float:
    """``Σz²``: a pairing missed by an infinite z counts as a very large one."""
    return sum(min(pairing.z**2, 1e6) for pairing in pairings)
