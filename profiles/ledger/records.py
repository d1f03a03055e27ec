"""The rows of the ledger, each declared once: a profile, a game, a setup (its fields in
:mod:`profiles.setup`), a move, the head of
an analysis, and the checks a row read back must pass (a row damaged outside this code is
refused, named and skipped, never taken for a game)."""

from __future__ import annotations

import datetime as dt
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from profiles.errors import UserError
from profiles.laws.endings import RESULTS, GameResult, Termination, color_named
from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger_file import (
    DRAW_CLAIMED_BY,
    DRAW_OFFERED_BY,
    GAME_NUMBERS,
    MONEY_AND_SETUPS,
    OPPONENT_KIND,
    PLAYERS_CLAIMS,
    PLAYING_PROCESS,
)
from profiles.ledger.rows import Table, Written, column, finite, optional, read_row, whole
from profiles.opponent_kind import OpponentKind, against, person_like_short
from profiles.ratings.base import RATING_RANGE
from profiles.setup import Setup

if TYPE_CHECKING:
    import chess

MAX_PROFILE_NAME = 40


def _moment(cell: object) -> dt.datetime:
    """A time as the ledger writes it: ISO 8601, in UTC."""
    return dt.datetime.fromisoformat(str(cell))


def _time_control(cell: object) -> str:
    """A time control in PGN form, as :class:`TimeControl` writes it."""
    return TimeControl.from_pgn(str(cell)).pgn


def _opponent_kind(cell: object) -> OpponentKind | None:
    """The kind a game's opponent was declared; None where it is not known: a row older than
    the column, or a kind a newer rated-play declared (the kind only names the opponent, so a
    game is never refused for it)."""
    try:
        return None if cell is None else OpponentKind(str(cell))
    except ValueError:
        return None


class ProfileError(UserError, ValueError):
    """A profile name that cannot be used or found."""


class GameStatus(StrEnum):
    PENDING = "pending"
    """Being played, or abandoned by a process that died: scored as a loss until closed."""
    FINISHED = "finished"
    ABANDONED = "abandoned"
    """Closed as a loss because the player left."""
    VOID = "void"
    """Unrated: the engine failed and could not be restarted."""

    @classmethod
    def closing(cls, result: GameResult) -> GameStatus:
        """The status a game is closed with when it ended with ``result``."""
        if result.termination is Termination.ABANDONED:
            return cls.ABANDONED
        return cls.VOID if result.void else cls.FINISHED


@dataclass(frozen=True)
class Profile:
    id: int = field(metadata=column(int))
    name: str = field(metadata=column(str))
    created_at: dt.datetime = field(metadata=column(_moment))


PROFILES = Table.of("profiles", Profile)


@dataclass(frozen=True)
class GameRecord:
    """One row of the ledger, from the player's side: each field read from the ``games``
    column of its name is declared so, once, with :func:`~profiles.ledger.rows.column`."""

    id: int = field(metadata=column(int))
    profile_id: int = field(metadata=column(int))
    status: GameStatus = field(metadata=column(GameStatus))
    player_color: chess.Color = field(metadata=column(color_named))
    opponent_name: str = field(metadata=column(str))
    opponent_title: str = field(metadata=column(str))
    opponent_rating: float = field(metadata=column(finite))
    time_control: str = field(metadata=column(_time_control))
    """PGN form: ``"300+3"``, or ``"-"`` without a clock."""
    time_class: TimeClass = field(metadata=column(TimeClass))
    result: str = field(metadata=column(str))
    """The PGN result (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, ``"*"`` when void)."""
    player_score: float | None = field(metadata=column(optional(finite)))
    """1, 0.5 or 0 for the player; None when void. A pending game holds 0: a loss."""
    termination: str = field(metadata=column(str))
    started_at: dt.datetime = field(metadata=column(_moment))
    finished_at: dt.datetime | None = field(metadata=column(optional(_moment)))
    rating_before: float | None = field(metadata=column(optional(finite)))
    """The default system's rating shown before the game (None while provisional)."""
    rating_after: float | None = field(metadata=column(optional(finite)))
    pgn: str = field(metadata=column(str))
    # Its migration (MONEY_AND_SETUPS) added the money: a game of the first schema was played
    # for nothing.
    stake: int = field(default=0, metadata=column(int, since=MONEY_AND_SETUPS, before="0"))
    """What the game is played for, doublings included (0 for a game of the first schema)."""
    doublings: int = field(default=0, metadata=column(int, since=MONEY_AND_SETUPS, before="0"))
    """How many times the stake was doubled during the game."""
    purse_after: int | None = field(
        default=None, metadata=column(optional(int), since=MONEY_AND_SETUPS)
    )
    """The player's purse once the game was closed (None while pending or void)."""
    # Its migration added the kind: an older game's reads as not known.
    opponent_kind: OpponentKind | None = field(
        default=None, metadata=column(_opponent_kind, since=OPPONENT_KIND, nullable=True)
    )
    """What kind of player the opponent was (None: not known, a game from before the ledger
    kept it)."""
    # Its migration added it; the agreed draws before it were all the player's offers.
    draw_offered_by: chess.Color | None = field(
        default=None, metadata=column(optional(color_named), since=DRAW_OFFERED_BY)
    )
    """Of a draw agreed, the side that offered it (the other accepted); None otherwise."""
    # Its migration added it; the claimed draws before it were all the player's claims, and
    # a ledger not yet migrated is read so.
    draw_claimed_by: chess.Color | None = field(
        default=None,
        metadata=column(optional(color_named), since=DRAW_CLAIMED_BY, before=PLAYERS_CLAIMS),
    )
    """Of a draw claimed (a threefold repetition, fifty moves), the side that claimed it on its
    own turn; None otherwise."""
    # Its migration numbered every game then in the ledger; a ledger older than it numbered
    # its games by their ids, and is read so.
    number: int = field(default=0, metadata=column(whole, since=GAME_NUMBERS, before="id"))
    """The game's number among its profile's games, 1 for the first: what the player is shown
    ("Review of game 3"), the PGN's Round and the archive file's name say. :attr:`id` is the
    ledger's key (the command line's GAME_ID)."""
    archive_name: str | None = field(
        default=None, metadata=column(optional(str), since=GAME_NUMBERS)
    )
    """Where the game's PGN is archived, inside the archive folder
    (:func:`profiles.data_directory.archive_name`); None for a game opened before games were
    numbered, archived under its id
    (:func:`~profiles.data_directory.archive_name_before_numbers`)."""
    opponent_rating_now: float | None = None
    """The opponent's rating in today's calibration (see :meth:`Ledger.rate_opponents`), which
    ratings are computed with; :attr:`opponent_rating` stays what it was when the game was
    played, as its PGN says. None when the ledger was not told one."""

    def __post_init__(self) -> None:
        """ValueError for values no game holds: rows written by this code never do, so one
        that does was damaged outside it."""
        low, high = RATING_RANGE
        if not low <= self.opponent_rating <= high:
            raise ValueError(
                f"the opponent's rating {self.opponent_rating:g} is outside {low:g} to {high:g}"
            )
        if self.player_score not in _SCORES:
            raise ValueError(f"the score {self.player_score:g} is not 1, 0.5 or 0")
        if self.player_score is None and self.status is not GameStatus.VOID:
            raise ValueError(f"it is {self.status.value} but has no score")

    @property
    def opponent_rating_today(self) -> float:
        """The opponent's rating the game is rated with: today's calibration where the ledger
        was told it, else the rating it was played at."""
        now = self.opponent_rating_now
        return self.opponent_rating if now is None else now

    @property
    def opponent_short(self) -> str:
        """The opponent's name where room is short: a person-like opponent's is its rating
        then, to the nearest 50 ("Person-like ≈1450"); an engine's, its title."""
        if self.opponent_kind is OpponentKind.PERSON_LIKE:
            return person_like_short(self.opponent_rating)
        return self.opponent_title

    def against(self, rating: float) -> str:
        """The opponent after "against", rated ``rating`` (the rating then, or today's):
        :func:`profiles.opponent_kind.against`."""
        return against(self.opponent_kind, self.opponent_title, rating)

    @property
    def rated(self) -> bool:
        """Counts for the rating: finished and abandoned games (a pending one is a loss too,
        but it is closed before anyone reads ratings)."""
        return self.status in (GameStatus.FINISHED, GameStatus.ABANDONED)


ABANDONMENT_TOLD = Written("abandonment_told", since=MONEY_AND_SETUPS)
"""Whether the player has been told that the game was scored as a loss by abandonment (1 in
the games of the first schema: no old game is announced)."""
PLAYER_PID = Written("player_pid", since=PLAYING_PROCESS)
"""The process that plays a pending game (:mod:`profiles.ledger.process`), NULL where the
system does not say; struck when the process lets the game go."""
PLAYER_STARTED = Written("player_started", since=PLAYING_PROCESS)
"""When that process started, so another that takes its id later is not taken for it."""

GAMES = Table.of("games", GameRecord, ABANDONMENT_TOLD, PLAYER_PID, PLAYER_STARTED)
"""A game's row: what a :class:`GameRecord` reads, and what only the ledger's checks read."""


SETUPS = Table.of("setups", Written("profile_id"), Setup)
"""A profile's setup, by its profile (one row each), declared in :mod:`profiles.setup`."""


@dataclass(frozen=True)
class RecordedMove:
    ply: int = field(metadata=column(whole))
    uci: str = field(metadata=column(str))
    clock_ms: int | None = field(metadata=column(optional(whole)))
    """The mover's clock after the move (increment included), None without a clock."""


MOVES = Table.of("moves", Written("game_id"), RecordedMove)


_SCORES = (None, *RESULTS.values())
"""The player's score of a game: win, draw or loss, None when void."""


@dataclass(frozen=True)
class StoredAnalysis:
    """The head of a stored analysis (its row of ``analyses``), with the player's colour."""

    engine: str = field(metadata=column(str))
    depth: int = field(metadata=column(whole))
    start_eval: int = field(metadata=column(whole))
    accuracy: float | None = field(metadata=column(optional(finite)))
    player_color: chess.Color = field(metadata=column(color_named))


ANALYSES = Table.of(
    "analyses", Written("game_id"), StoredAnalysis, Written("analysed_at"), joined={"player_color"}
)
"""The head of a game's analysis; the player's colour is read from the game's row."""


def validate_profile_name(name: str) -> str:
    """The name as stored: trimmed, in Unicode's composed form (NFC), 1–40 printable
    characters of valid text."""
    cleaned = unicodedata.normalize("NFC", name.strip())
    if not cleaned:
        raise ProfileError("a profile needs a name: type one, such as your own")
    if any(0xD800 <= ord(c) <= 0xDFFF for c in cleaned):
        raise ProfileError(
            "a profile name must be valid text: this one holds bytes that are not UTF-8; "
            "type it again in a UTF-8 terminal"
        )
    if len(cleaned) > MAX_PROFILE_NAME:
        raise ProfileError(f"a profile name may be at most {MAX_PROFILE_NAME} characters long")
    if not cleaned.isprintable():
        raise ProfileError(
            "a profile name may hold only printable characters: no tabs, newlines or "
            "control characters"
        )
    return cleaned


def name_key(name: str) -> str:
    """How profile names are told apart: case folded and composed, so "Anna" and "anna" are
    one profile."""
    return unicodedata.normalize("NFC", name.casefold())


def text_cell(cell: bytes) -> str:
    """SQLite's text as it is read: bytes that are not UTF-8 are kept as surrogates, so they
    fail only their own row (:func:`valid_text`), not the whole query."""
    return cell.decode("utf-8", "surrogateescape")


def valid_text(cell: object, column: str) -> str:
    """A text cell as read, or ValueError when it holds bytes that are not UTF-8."""
    text = str(cell)
    if any(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        raise ValueError(f"its {column} is not UTF-8 text")
    return text


def game_record(row: sqlite3.Row) -> GameRecord:
    """A game's row, read; ValueError for a row damaged outside this code."""
    for name in row.keys():  # noqa: SIM118 - a Row is not a mapping: keys() is its API
        if isinstance(row[name], str):
            valid_text(row[name], name)
    return read_row(GameRecord, row)
