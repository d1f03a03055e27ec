"""The profiles, the setup each chose last, and the colour of each one's next game."""

from __future__ import annotations

import datetime as dt
import sqlite3
from typing import TYPE_CHECKING

from profiles.errors import printable
from profiles.laws.endings import WHITE, color_named
from profiles.ledger.base import LedgerBase, _now
from profiles.ledger.ledger_file import LedgerError
from profiles.ledger.records import (
    PROFILES,
    SETUPS,
    GameRecord,
    Profile,
    ProfileError,
    name_key,
    valid_text,
    validate_profile_name,
)
from profiles.ledger.rows import cells, read_row, select_list
from profiles.setup import Setup

if TYPE_CHECKING:
    import chess


class ProfilesAndSetups(LedgerBase):
    """The players' profiles and their setups."""

    # -- profiles ------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self._reading():
            rows = self._db.execute(
                f"SELECT {select_list(Profile, self._version)} FROM profiles ORDER BY id"
            )
            return [p for p in (self._profile(row) for row in rows) if p is not None]

    def _profile(self, row: sqlite3.Row) -> Profile | None:
        try:
            created = dt.datetime.fromisoformat(valid_text(row["created_at"], "created_at"))
            return Profile(int(row["id"]), valid_text(row["name"], "name"), created)
        except (TypeError, ValueError) as error:
            self._damaged[f"profile {row['id']}"] = f"profile {row['id']}: {error}"
            return None

    def create_profile(self, name: str) -> Profile:
        cleaned = validate_profile_name(name)
        created = _now()
        with self._write():
            if self._find_profile(cleaned) is not None:
                raise ProfileError(
                    f"a profile named {printable(cleaned)!r} exists already: pick it instead"
                )
            cursor = self._db.execute(
                *PROFILES.insert(
                    self._version, {"name": cleaned, "created_at": created.isoformat()}
                )
            )
        assert cursor.lastrowid is not None
        return Profile(cursor.lastrowid, cleaned, created)

    def profile(self, name: str) -> Profile:
        found = self._find_profile(validate_profile_name(name))
        if found is None:
            known = ", ".join(p.name for p in self.profiles()) or "none yet"
            raise ProfileError(
                f"no profile named {printable(name.strip())!r} (profiles: {printable(known)})"
            )
        return found

    def player_of(self, game: GameRecord) -> Profile:
        """The profile that played ``game``; a damaged profile row is said, not skipped."""
        found = next((p for p in self.profiles() if p.id == game.profile_id), None)
        if found is None:
            damaged = self._damaged.get(f"profile {game.profile_id}", "it is missing")
            raise LedgerError(
                f"the profile of game {game.id} in the ledger cannot be read ({damaged}); "
                "restore the ledger from a backup to read it"
            )
        return found

    def _find_profile(self, name: str) -> Profile | None:
        """Names are matched as a person reads them: without regard to case, in any script."""
        wanted = name_key(name)
        return next((p for p in self.profiles() if name_key(p.name) == wanted), None)

    def next_color(self, profile_id: int) -> chess.Color:
        """Colours alternate from one rated game to the next; the first game is White.

        Every game started counts, abandoned and void ones too, so no way of ending a game
        lets the player choose the colour of the next.
        """
        with self._reading():
            row = self._db.execute(
                "SELECT player_color FROM games WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
                (profile_id,),
            ).fetchone()
        return WHITE if row is None else not color_named(row[0])

    # -- the setup each profile chose last ------------------------------------------------

    def last_setup(self, profile_id: int) -> Setup | None:
        """The profile's last setup, or None before its first game (or in an older ledger)."""
        if not self._has_setups:
            return None
        with self._reading():
            row = self._db.execute(
                f"SELECT {self._setup_columns} FROM setups WHERE profile_id = ?",
                (profile_id,),
            ).fetchone()
        return None if row is None else read_row(Setup, row)

    def save_setup(self, profile_id: int, setup: Setup) -> None:
        """Remember the profile's choices for its next setup."""
        with self._write():
            self._db.execute(
                *SETUPS.insert(
                    self._version,
                    {"profile_id": profile_id, **cells(setup)},
                    updating_on="profile_id",
                )
            )
