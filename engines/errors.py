"""The errors of the engine pool, each with a message that says what to do."""

from __future__ import annotations

from profiles.errors import UserError


class EngineUnavailableError(UserError, RuntimeError):
    """An engine that cannot be started at all: missing, not executable, or not speaking its
    protocol."""


class PoolConfigError(UserError, ValueError):
    """An opponent definition (shipped or the user's TOML) or a calibration file that cannot be
    used; the message names the file, the entry and what to fix."""
