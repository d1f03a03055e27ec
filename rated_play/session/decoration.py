"""What is computed after a game's last move only to show it: the opening's name, the PGN's
text, the archive copy. None of it may stand between a game's end and its row in the ledger,
which is the record (a game whose row stays pending reads as a loss): a decoration that fails
leaves its place empty, is said once to the player, and its details go to the errors log
(:mod:`rated_play.error_log`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import chess

from profiles.errors import UserError, sentence
from profiles.openings.names import Opening, openings_by_ply
from rated_play.error_log import log_unexpected

_T = TypeVar("_T")

_told: set[str] = set()
"""The failures said already in this process: a damaged table fails every game the same way,
and the player hears of it once."""


@dataclass
class Decorating:
    """Decorations computed for one reader (a closing, a screen, a command), and the sentences
    it has to say of those that failed."""

    data_dir: Path
    """The data directory whose errors log keeps the details."""
    notes: list[str] = field(default_factory=list)
    """What failed, one sentence each, not said before in this process."""

    def attempt(self, compute: Callable[[], _T], fallback: _T) -> _T:
        """``compute()``, or ``fallback`` when it fails, the failure noted."""
        try:
            return compute()
        except Exception as error:  # any failure of a decoration is one
            self.note(error)
            return fallback

    def note(self, error: Exception) -> None:
        """Say ``error`` once in this process, and log it."""
        key = f"{type(error).__name__}: {error}"
        if key in _told:
            return
        _told.add(key)
        said = log_unexpected(self.data_dir, error)
        if isinstance(error, UserError):  # a damaged install: its own sentence says what to do
            said = str(error)
        self.notes.append(sentence(said))

    def openings_by_ply(self, moves: Sequence[chess.Move]) -> list[Opening | None]:
        """The opening reached after each ply, or none named at all when the table fails."""
        return self.attempt(lambda: openings_by_ply(moves), [None] * (len(moves) + 1))

    def opening_of(self, moves: Sequence[chess.Move]) -> Opening | None:
        """The opening the game reached, or None when the table fails."""
        return self.openings_by_ply(moves)[-1]
