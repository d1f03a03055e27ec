"""The errors of the engine pool, each with a message that says what to do."""

from __future__ import annotations

from profiles.errors import UserError, printable


class EngineUnavailableError(UserError, RuntimeError):
    """An engine that cannot be started at all: missing, not executable, or not speaking its
    protocol."""


class PoolConfigError(UserError, ValueError):
    """An opponent definition (shipped or the user's TOML) or a calibration file that cannot be
    used; the message names the file, the entry and what to fix."""


class UnknownOpponentError(UserError, LookupError):
    """A name that no opponent of the pool has."""


class CalibrationError(UserError, ValueError):
    """A calibration's or a rating fit's settings (anchors, entries, clock) or files that cannot
    be used; the message names the setting as ``rated-play engines`` spells it."""


def cannot_write(error: OSError) -> CalibrationError:
    """A games or calibration file that could not be written, said with what to do."""
    where = printable(error.filename) if error.filename else "a file"
    return CalibrationError(
        f"cannot write {where} ({error.strerror or error}): choose a place you can write to"
    )
