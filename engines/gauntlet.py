"""The calibration gauntlet: games between neighbours on the ladder, played in parallel and
appended durably to one PGN file, so an interrupted run resumes without losing or replaying a
finished game."""

from __future__ import annotations

import asyncio
import datetime
import io
import os
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess.pgn

from engines.errors import EngineUnavailableError, PoolConfigError
from engines.match import MatchClock, play_match_game
from engines.openings import Opening
from engines.opponent import Opponent

GameKey = tuple[str, str, str, str]
"""White, Black, Opening, Round: the PGN tags that identify a scheduled game."""


@dataclass(frozen=True)
class ScheduledGame:
    white: str
    black: str
    opening: Opening
    round: int
    """Which pass through the openings this is, from 1: a pairing plays each opening once with
    each colour per round."""

    @property
    def key(self) -> GameKey:
        return (self.white, self.black, self.opening.name, str(self.round))


def neighbour_schedule(
    ladder: Sequence[Opponent],
    openings: Sequence[Opening],
    games_per_pairing: int,
    reach: int = 2,
) -> list[ScheduledGame]:
    """Every opponent against the next ``reach`` ones up the ladder (sorted by rating), where
    games are informative; ordered pass by pass, so a run cut short still covers every pairing
    evenly.

    Each opening is played once with each colour, so ``games_per_pairing`` should be even. A
    pairing's first opening comes from the two names, so it stays the same when entries are
    added to the ladder or the ladder is reordered by a new calibration.
    """
    if not openings:
        raise PoolConfigError("the gauntlet needs at least one opening")
    pairings = [
        (ladder[low].name, ladder[high].name)
        for low in range(len(ladder))
        for high in range(low + 1, min(low + 1 + reach, len(ladder)))
    ]
    schedule = []
    for game in range(games_per_pairing):
        for weaker, stronger in pairings:
            first = zlib.crc32("|".join(sorted((weaker, stronger))).encode())
            opening = openings[(first + game // 2) % len(openings)]
            round_ = game // 2 // len(openings) + 1
            white, black = (weaker, stronger) if game % 2 == 0 else (stronger, weaker)
            schedule.append(ScheduledGame(white, black, opening, round_))
    return schedule


def read_games(path: Path) -> list[chess.pgn.Game]:
    """The finished games in a gauntlet's PGN file; a game cut off by a crash mid-write is
    dropped from the file, so appending can go on after it."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n\n"):
        cut = text.rfind("\n\n[Event ")
        text = text[: cut + 2] if cut >= 0 else ""
        path.write_text(text, encoding="utf-8")
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise PoolConfigError(f"{path}: a game cannot be read ({game.errors[0]})")
        games.append(game)
    return games


def game_key(game: chess.pgn.Game) -> GameKey:
    headers = game.headers
    return (headers["White"], headers["Black"], headers.get("Opening", ""), headers["Round"])


def append_game(path: Path, game: chess.pgn.Game) -> None:
    """Append and fsync: once this returns, the game survives a crash or a power cut."""
    text = str(game) + "\n\n"
    with path.open("a", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


@dataclass(frozen=True)
class Progress:
    done: int
    """Games finished, including those found in the file when the run resumed."""
    total: int
    seconds_left: float | None
    """Estimated from this run's pace; None until a game has finished."""
    last: chess.pgn.Game | None


def pending(
    schedule: Sequence[ScheduledGame], games: Sequence[chess.pgn.Game]
) -> list[ScheduledGame]:
    """The scheduled games not yet played.

    A game in the file counts for the scheduled game with its key; failing that (the file was
    begun under another schedule, e.g. before the ladder changed) for any scheduled game with
    the same White and Black, so a finished game is never played again.
    """
    keys = {game_key(game) for game in games}
    unmatched = Counter(game_key(game)[:2] for game in games)
    unmatched.subtract(scheduled.key[:2] for scheduled in schedule if scheduled.key in keys)
    todo = []
    for scheduled in schedule:
        if scheduled.key in keys:
            continue
        colours = scheduled.key[:2]
        if unmatched[colours] > 0:
            unmatched[colours] -= 1
        else:
            todo.append(scheduled)
    return todo


async def run_gauntlet(
    schedule: Sequence[ScheduledGame],
    opponents: Mapping[str, Opponent],
    clock: MatchClock,
    path: Path,
    *,
    workers: int,
    on_progress: Callable[[Progress], None] = lambda progress: None,
    headers: Mapping[str, str] | None = None,
) -> list[chess.pgn.Game]:
    """Play every scheduled game not already in ``path``, ``workers`` at a time, appending each
    as it ends. Returns all the games in the file.

    A game whose engine fails is not written (it is played again on the next run); the first
    such failure is raised once the other games in flight are done.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    finished = read_games(path)
    for game in finished:
        if game.headers.get("TimeControl") != clock.pgn:
            raise PoolConfigError(
                f"{path} holds games at {game.headers.get('TimeControl')}, not {clock.pgn}: "
                f"calibrate at that time control or write the games to another file"
            )
    todo = pending(schedule, finished)
    queue: Iterator[ScheduledGame] = iter(todo)
    started = time.monotonic()
    played = 0
    failures: list[EngineUnavailableError] = []
    on_progress(Progress(len(schedule) - len(todo), len(schedule), None, None))

    async def worker() -> None:
        nonlocal played
        for scheduled in queue:
            if failures:
                return
            try:
                game = await play_match_game(
                    opponents[scheduled.white],
                    opponents[scheduled.black],
                    scheduled.opening,
                    clock,
                )
            except EngineUnavailableError as error:
                failures.append(error)
                return
            for name, value in (headers or {}).items():
                game.headers[name] = value
            game.headers["Round"] = str(scheduled.round)
            game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
            append_game(path, game)
            finished.append(game)
            played += 1
            pace = (time.monotonic() - started) / played
            remaining = len(todo) - played
            on_progress(Progress(len(schedule) - remaining, len(schedule), pace * remaining, game))

    await asyncio.gather(*(worker() for _ in range(max(1, workers))))
    if failures:
        raise failures[0]
    return finished
