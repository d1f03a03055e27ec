"""A stored calibration: the measured ratings of the pool and where they come from.

One JSON file: the one shipped with rated-play (made on the kind of machine the project is
developed on) and, once the user has run ``rated-play engines calibrate``, their own in the data
directory, which replaces the shipped one as a whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engines.errors import PoolConfigError
from engines.opponent import Calibration, Opponent
from profiles.ratings.base import RATING_RANGE

SHIPPED_CALIBRATION = Path(__file__).with_name("calibration.json")
SHIPPED_CHECK = Path(__file__).with_name("calibration-check.json")
"""The summary of ``rated-play engines check`` run on the shipped calibration."""
USER_CALIBRATION = "calibration.json"
"""The user's calibration, inside the data directory."""


@dataclass(frozen=True)
class MeasuredRating:
    """One opponent's fitted rating."""

    rating: float
    error: float
    """Standard error in rating points, from the Fisher information of the fit."""
    games: int


@dataclass(frozen=True)
class FitQuality:
    """How well one list of ratings explains the calibration games (see
    :mod:`profiles.ratings.goodness`)."""

    deviance: float
    pearson: float
    degrees_of_freedom: int
    p_value: float


@dataclass(frozen=True)
class HeldOutPairing:
    """A pairing the calibration did not play, kept for ``rated-play engines check``."""

    first: str
    second: str
    error: float
    """The standard error of the predicted difference ``first − second``."""


@dataclass(frozen=True)
class CalibrationResult:
    provenance: Calibration
    ratings: Mapping[str, MeasuredRating]
    """Opponent name → its measured rating."""
    quality: FitQuality | None = None
    held_out: tuple[HeldOutPairing, ...] = ()


def user_calibration_path(data_dir: Path) -> Path:
    return data_dir / USER_CALIBRATION


def read_calibration(path: Path) -> CalibrationResult | None:
    """The calibration stored at ``path``, or None when there is none."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise PoolConfigError(
            f"{path}: is not a readable calibration ({error}); "
            "delete it or run 'rated-play engines calibrate' again"
        ) from error
    try:
        provenance = document["provenance"]
        return CalibrationResult(
            provenance=Calibration(
                time_control=str(provenance["time_control"]),
                machine=str(provenance["machine"]),
                engines=MappingProxyType(dict(provenance.get("engines", {}))),
                date=str(provenance.get("date", "")),
                games=int(provenance.get("games", 0)),
                anchors=MappingProxyType(
                    {name: float(value) for name, value in provenance.get("anchors", {}).items()}
                ),
            ),
            ratings=MappingProxyType(
                {
                    name: MeasuredRating(
                        rating=_number(entry["rating"], *RATING_RANGE),
                        error=_number(entry["error"], 0.0, RATING_RANGE[1]),
                        games=int(entry["games"]),
                    )
                    for name, entry in document["ratings"].items()
                }
            ),
            quality=None if "quality" not in document else FitQuality(**document["quality"]),
            held_out=tuple(
                HeldOutPairing(
                    str(entry["first"]),
                    str(entry["second"]),
                    _number(entry["error"], 0.0, RATING_RANGE[1]),
                )
                for entry in document.get("held_out", [])
            ),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise PoolConfigError(
            f"{path}: is not a calibration file (missing or wrong field {error}); "
            "delete it or run 'rated-play engines calibrate' again"
        ) from error


def _number(value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a number from {low:g} to {high:g}")
    return float(value)


def provenance_document(provenance: Calibration) -> dict[str, Any]:
    """The provenance as plain JSON values."""
    return {
        "time_control": provenance.time_control,
        "machine": provenance.machine,
        "engines": dict(provenance.engines),
        "date": provenance.date,
        "games": provenance.games,
        "anchors": dict(provenance.anchors),
    }


def write_calibration(path: Path, result: CalibrationResult) -> None:
    """Write atomically, so an interrupted write never leaves a broken calibration behind."""
    document: dict[str, Any] = {
        "provenance": provenance_document(result.provenance),
        "ratings": {name: asdict(measured) for name, measured in result.ratings.items()},
        "held_out": [asdict(pairing) for pairing in result.held_out],
    }
    if result.quality is not None:
        document["quality"] = asdict(result.quality)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    with partial.open("w", encoding="utf-8") as file:
        json.dump(document, file, indent=2)
        file.write("\n")
        file.flush()
        os.fsync(file.fileno())
    partial.replace(path)


def apply_calibration(
    opponents: Iterable[Opponent], result: CalibrationResult | None
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


def read_check_summary(path: Path) -> dict[str, Any] | None:
    """A stored ``engines check`` summary, or None when there is none or it is unreadable."""
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return summary if isinstance(summary, dict) else None
