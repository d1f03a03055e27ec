"""A stored calibration: the measured ratings of the pool and where they come from.

One JSON file: the one shipped with rated-play (made on the kind of machine the project is
developed on) and, once the user has run ``rated-play engines calibrate``, their own in the data
directory, which replaces the shipped one as a whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from engines import schema
from engines.errors import PoolConfigError
from engines.opponents.opponent import Calibration, Opponent
from engines.schema import FLAG, ListOf, Record, TableOf, key, number, text, whole
from profiles.data_directory import DataDirectory
from profiles.input_file import read_text
from profiles.ratings.base import RATING_RANGE
from profiles.written_file import FileKind, write_durably

SHIPPED_CALIBRATION = Path(__file__).with_name("calibration.json")
SHIPPED_GAMES = Path(__file__).with_name("calibration-games.pgn.gz")
"""The games the shipped calibration was fitted on (and those of its held-out pairings)."""
SHIPPED_CHECK = Path(__file__).with_name("calibration-check.json")
"""The summary of ``rated-play engines check`` run on the shipped calibration."""


_ERROR = number(0.0, RATING_RANGE[1])
"""A rating's standard error, in rating points."""


@dataclass(frozen=True)
class MeasuredRating:
    """One opponent's fitted rating."""

    rating: float = field(metadata=key(number(*RATING_RANGE)))
    error: float = field(metadata=key(_ERROR))
    """Standard error in rating points, from the Fisher information of the fit."""
    games: int = field(metadata=key(whole()))


@dataclass(frozen=True)
class FitQuality:
    """How well one list of ratings explains the calibration games (see
    :mod:`profiles.ratings.goodness`)."""

    deviance: float = field(metadata=key(number()))
    pearson: float = field(metadata=key(number()))
    degrees_of_freedom: int = field(metadata=key(whole()))
    p_value: float = field(metadata=key(number()))


@dataclass(frozen=True)
class HeldOutPairing:
    """A pairing the calibration did not play, kept for ``rated-play engines check``."""

    first: str = field(metadata=key(text()))
    second: str = field(metadata=key(text()))
    error: float = field(metadata=key(_ERROR))
    """The standard error of the predicted difference ``first − second``."""


@dataclass(frozen=True)
class KindRatings:
    """One entry's ratings by the kind of its opponent (:mod:`profiles.ratings.by_kind`)."""

    engines: MeasuredRating = field(metadata=key(Record(MeasuredRating)))
    """Against engines: every game with an engine on one side."""
    people: MeasuredRating | None = field(default=None, metadata=key(Record(MeasuredRating)))
    """Against person-like opponents (a person-like entry's games with its own kind), on the
    same scale through the links; None for an engine."""
    offset: float | None = field(default=None, metadata=key(number()))
    """:attr:`people` less :attr:`engines`: the kind offset."""
    offset_error: float | None = field(default=None, metadata=key(_ERROR))


@dataclass(frozen=True)
class StepError:
    """How well the calibration knows the distance between two person-like entries: the
    standard error of the difference of their ratings, against person-like opponents and
    against engines. It is what says whether two rungs of the ladder are distinct strengths,
    and it is far smaller than their two errors added when both were measured against the same
    opponents: each entry's own error against person-like opponents holds the whole path of
    games from it to the links, which two neighbours share, and a shift along it moves both."""

    first: str = field(metadata=key(text()))
    second: str = field(metadata=key(text()))
    people: float = field(metadata=key(_ERROR))
    engines: float = field(metadata=key(_ERROR))


@dataclass(frozen=True)
class CalibrationFile:
    """A calibration file, whose keys are these fields, written in this order."""

    provenance: Calibration = field(metadata=key(Record(Calibration)))
    ratings: Mapping[str, MeasuredRating] = field(
        metadata=key(TableOf(Record(MeasuredRating), "a table of measured ratings"))
    )
    """Opponent name → its measured rating."""
    held_out: tuple[HeldOutPairing, ...] = field(
        default=(), metadata=key(ListOf(Record(HeldOutPairing), "a list of pairings"))
    )
    quality: FitQuality | None = field(default=None, metadata=key(Record(FitQuality)))
    """None in a calibration made before the goodness of fit was measured."""
    by_kind: Mapping[str, KindRatings] = field(
        default_factory=lambda: MappingProxyType({}),
        metadata=key(TableOf(Record(KindRatings), "a table of ratings by kind")),
    )
    """Opponent name → its ratings against engines and against person-like opponents; empty in
    a calibration made before they were measured apart. A person-like entry's
    :attr:`ratings` is its rating against person-like opponents, the one that predicts a
    person's games against it."""
    links: tuple[str, ...] = field(default=(), metadata=key(ListOf(text(), "a list of names")))
    """The entries whose kind offsets are zero on average: the link between the two fits."""
    step_errors: tuple[StepError, ...] = field(
        default=(), metadata=key(ListOf(Record(StepError), "a list of step errors"))
    )
    """For every two person-like entries measured against their own kind, the errors of their
    difference (:class:`StepError`); empty in a calibration made before they were kept."""

    def step_error(self, first: str, second: str) -> StepError | None:
        """The errors of the difference between ``first`` and ``second``, in either order."""
        pair = {first, second}
        return next((step for step in self.step_errors if {step.first, step.second} == pair), None)

    def predicted(self, first: str, second: str) -> float:
        """``first − second`` as the calibration predicts their games: by their ratings against
        each other's kind."""
        return self.rating_against(first, second) - self.rating_against(second, first)

    def rating_against(self, name: str, opponent: str) -> float:
        """``name``'s rating against ``opponent``'s kind: its rating against person-like
        opponents when both were measured against that kind, else its rating against
        engines."""
        kinds = self.by_kind.get(name)
        if kinds is None:
            return self.ratings[name].rating
        if self.between_people(name, opponent) and kinds.people is not None:
            return kinds.people.rating
        return kinds.engines.rating

    def between_people(self, first: str, second: str) -> bool:
        """Whether a game of the two is predicted by their ratings against person-like
        opponents: both are person-like entries measured against their own kind."""
        return all(
            (kinds := self.by_kind.get(name)) is not None and kinds.people is not None
            for name in (first, second)
        )


@dataclass(frozen=True)
class CheckSummary:
    """The summary ``rated-play engines check`` keeps of its last run (``calibration-check.json``),
    shown by ``rated-play engines``."""

    date: str = field(metadata=key(text()))
    calibration_date: str = field(metadata=key(text()))
    """The date of the calibration that was checked: a newer calibration is not checked yet."""
    pairings: int = field(metadata=key(whole()))
    inside: int = field(metadata=key(whole()))
    """Pairings whose predicted difference lies inside the measured 95% interval."""
    chi_square: float = field(metadata=key(number()))
    p_value: float = field(metadata=key(number()))
    passed: bool = field(metadata=key(FLAG))


def user_calibration_path(data_dir: Path) -> Path:
    return DataDirectory(data_dir).calibration


def read_calibration(path: Path) -> CalibrationFile | None:
    """The calibration stored at ``path``, or None when there is none."""
    try:
        document = json.loads(read_text(path))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise PoolConfigError(
            f"{path}: is not a readable calibration ({error}); "
            "delete it or run 'rated-play engines calibrate' again"
        ) from error
    try:
        if not isinstance(document, dict):
            raise schema.SchemaError("it is not a JSON object")
        # Keys this version does not know are passed over: a newer rated-play may add some.
        return schema.read(CalibrationFile, document, unknown="ignore")
    except schema.SchemaError as error:
        raise PoolConfigError(
            f"{path}: is not a calibration file ({error}); "
            "delete it or run 'rated-play engines calibrate' again"
        ) from None


def write_calibration(path: Path, result: CalibrationFile) -> None:
    """Write atomically, so an interrupted write never leaves a broken calibration behind."""
    _write_json(path, schema.write(result))


def _write_json(path: Path, document: dict[str, object]) -> None:
    write_durably(path, json.dumps(document, indent=2) + "\n")


_LARGEST = 1 << 24
"""Bytes beyond any calibration or check summary: a larger file is something else."""


def _is_calibration(path: Path) -> bool:
    try:
        if path.stat().st_size > _LARGEST:
            return False
        return read_calibration(path) is not None
    except (PoolConfigError, OSError):
        return False


CALIBRATION = FileKind("a calibration", _is_calibration)
"""What ``engines calibrate`` writes: written only over a calibration or a new file."""
CHECK_SUMMARY = FileKind(
    "a calibration check",
    lambda path: path.stat().st_size <= _LARGEST and read_check_summary(path) is not None,
)
"""What ``engines check`` keeps in the data directory."""


def apply_calibration(
    opponents: Iterable[Opponent], result: CalibrationFile | None
) -> list[Opponent]:
    """The opponents with their measured ratings; those the calibration did not measure keep
    their nominal rating and stay uncalibrated."""
    if result is None:
        return list(opponents)
    applied = []
    for opponent in opponents:
        measured = result.ratings.get(opponent.name)
        if measured is None:
            applied.append(opponent)
            continue
        applied.append(
            replace(
                opponent,
                rating=measured.rating,
                rating_error=measured.error,
                rating_games=measured.games,
                calibrated=True,
                calibration=result.provenance,
            )
        )
    return applied


def read_check_summary(path: Path) -> CheckSummary | None:
    """A stored ``engines check`` summary, or None when there is none or it is not one: it is
    derived from games a new check plays again, so a damaged one only means "not checked"."""
    try:
        document = json.loads(read_text(path))
    except (OSError, ValueError):
        return None
    if not isinstance(document, dict):
        return None
    try:
        return schema.read(CheckSummary, document, unknown="ignore")
    except schema.SchemaError:
        return None


def write_check_summary(path: Path, summary: CheckSummary) -> None:
    _write_json(path, schema.write(summary))


def last_check(data_dir: Path, calibration: CalibrationFile | None) -> CheckSummary | None:
    """The summary of the newest ``engines check`` of ``calibration``: the user's own, else the
    one shipped with the shipped calibration."""
    if calibration is None:
        return None
    for path in (DataDirectory(data_dir).calibration_check, SHIPPED_CHECK):
        summary = read_check_summary(path)
        if summary is not None and summary.calibration_date == calibration.provenance.date:
            return summary
    return None
