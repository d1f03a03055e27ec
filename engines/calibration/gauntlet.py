"""The calibration gauntlet: games between neighbours on the ladder, played in parallel and
appended durably to one PGN file, so an interrupted run resumes without losing or replaying a
finished game."""

from __future__ import annotations

import asyncio
import datetime
import os
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess.pgn

from engines.calibration.engine_game import play_match_game, time_control_tag
from engines.calibration.openings import Opening
from engines.calibration.pgn_games import PGN_LIMIT, parse_headers
from engines.calibration.roster import Roster
from engines.errors import EngineUnavailableError, PoolConfigError
from engines.opponents.opponent import Opponent
from profiles.input_file import read_file
from profiles.laws.time_control import TimeControl

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


Pairing = tuple[str, str]
"""Two opponents' names, the weaker (by the ratings the schedule was made from) first."""

HELD_OUT_SPACING = 300.0
"""One held-out pairing in every so many rating points of the ladder."""
HELD_OUT_GAPS = (60.0, 190.0)
"""How far apart a held-out pairing's entries are: enough to test a difference, and within
the 191 points where a prediction lies between 25% and 75%, where ``engines check`` checks."""
HELD_OUT_GAP = 120.0
"""The gap preferred within :data:`HELD_OUT_GAPS`."""


def held_out_pairings(ladder: Sequence[Opponent]) -> list[Pairing]:
    """Pairings the calibration leaves out of its fit so that ``rated-play engines check`` can test
    its predictions on games the fit never saw: one in every :data:`HELD_OUT_SPACING` points of the
    ladder (by the ratings it has now), each between entries of different families where there are
    such (:attr:`~engines.opponents.opponent.Opponent.family`), an entry in one at most so that none
    loses much of its own evidence."""
    ordered = sorted(ladder, key=lambda opponent: opponent.rating)
    if not ordered:
        return []
    low, high = HELD_OUT_GAPS
    chosen: list[Pairing] = []
    used: set[str] = set()
    band = ordered[0].rating
    while band <= ordered[-1].rating:
        candidates = [
            (weaker, stronger)
            for index, weaker in enumerate(ordered)
            for stronger in ordered[index + 1 :]
            if low <= stronger.rating - weaker.rating <= high
            and band <= (weaker.rating + stronger.rating) / 2 < band + HELD_OUT_SPACING
            and not {weaker.name, stronger.name} & used
        ]
        if candidates:
            weaker, stronger = min(
                candidates,
                key=lambda pair: (
                    pair[0].family == pair[1].family,
                    abs(pair[1].rating - pair[0].rating - HELD_OUT_GAP),
                ),
            )
            chosen.append((weaker.name, stronger.name))
            used |= {weaker.name, stronger.name}
        band += HELD_OUT_SPACING
    return chosen


def network_pairings(ladder: Sequence[Opponent], span: float) -> list[Pairing]:
    """Every pair of opponents (sorted by rating) rated within ``span`` of each other.

    Each entry meets every opponent near it, of every engine family, rather than only its
    neighbours: no rating then hangs from the anchor by a single chain of pairings, and an
    entry that plays differently against different families shows it in the fit.
    """
    return [
        (weaker.name, stronger.name)
        for low, weaker in enumerate(ladder)
        for stronger in ladder[low + 1 :]
        if stronger.rating - weaker.rating <= span
    ]


def schedule_games(
    games_per_pairing: Mapping[Pairing, int], openings: Sequence[Opening]
) -> list[ScheduledGame]:
    """The games of each pairing, each opening once with each colour; ordered pass by pass, so
    a run cut short still covers every pairing evenly.

    A pairing's first opening comes from the two names, so it stays the same when entries are
    added to the ladder or the ladder is reordered by a new calibration.
    """
    if not openings:
        raise PoolConfigError("the gauntlet needs at least one opening")
    schedule = []
    for game in range(max(games_per_pairing.values(), default=0)):
        for (weaker, stronger), count in games_per_pairing.items():
            if game >= count:
                continue
            first = zlib.crc32("|".join(sorted((weaker, stronger))).encode())
            opening = openings[(first + game // 2) % len(openings)]
            round_ = game // 2 // len(openings) + 1
            white, black = (weaker, stronger) if game % 2 == 0 else (stronger, weaker)
            schedule.append(ScheduledGame(white, black, opening, round_))
    return schedule


GAME_TAGS = ("White", "Black", "Result", "Round")
"""The tags of a games file that a gauntlet and a fit read: who played whom, the result, and
which of the scheduled games it was."""


def read_game_headers(path: Path) -> list[chess.pgn.Headers]:
    """The tags of the finished games in a gauntlet's PGN file; a game cut off by a crash
    mid-write is dropped from the file, so appending can go on after it."""
    if not path.exists():
        return []
    try:
        text = read_file(path, PGN_LIMIT, "a PGN file of calibration games").decode("utf-8")
    except UnicodeDecodeError:
        raise PoolConfigError(
            f"{path}: is not a PGN file of calibration games (not UTF-8 text); "
            "give another file, or move this one aside"
        ) from None
    if not text or text.endswith("\n\n"):
        return parse_headers(text, path, GAME_TAGS)
    # Only the last game of a file of ours, cut off mid-write, is dropped: a file that does
    # not read as our games up to it is not ours to write.
    cut = text.rfind("\n\n[Event ")
    last = cut + 2 if cut >= 0 else 0 if text.startswith("[Event ") else None
    if last is None:
        raise PoolConfigError(
            f"{path}: is not a PGN file of calibration games; give another file, or move this "
            "one aside"
        )
    kept = parse_headers(text[:last], path, GAME_TAGS)
    path.write_text(text[:last], encoding="utf-8")
    return kept


def game_key(headers: chess.pgn.Headers) -> GameKey:
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
    schedule: Sequence[ScheduledGame], games: Sequence[chess.pgn.Headers]
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
    clock: TimeControl | None,
    path: Path,
    *,
    workers: int,
    on_progress: Callable[[Progress], None] = lambda progress: None,
    headers: Mapping[str, str] | None = None,
    limit: int | None = None,
) -> list[chess.pgn.Headers]:
    """Play every scheduled game not already in ``path``, ``workers`` at a time, appending each
    as it ends. Returns the tags of all the games in the file.

    A game whose engine fails is not written (it is played again on the next run); the first
    such failure is raised once the other games in flight are done. ``limit`` plays at most
    that many of the games still to play.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    finished = read_game_headers(path)
    tag = time_control_tag(clock)
    for tags in finished:
        if tags.get("TimeControl") != tag:
            raise PoolConfigError(
                f"{path} holds games at time control {tags.get('TimeControl')}, not "
                f"{tag}: calibrate at that time control or write the games to another file"
            )
    unplayed = pending(schedule, finished)
    todo = unplayed[:limit]
    queue: Iterator[ScheduledGame] = iter(todo)
    started = time.monotonic()
    played = 0
    failures: list[EngineUnavailableError] = []
    # What this run can finish: the games already played of the schedule, and its share.
    total = len(schedule) - len(unplayed) + len(todo)
    on_progress(Progress(total - len(todo), total, None, None))

    async def worker() -> None:
        async with Roster() as roster:
            await play_games(roster)

    async def play_games(roster: Roster) -> None:
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
                    roster,
                )
            except EngineUnavailableError as error:
                failures.append(error)
                return
            for name, value in (headers or {}).items():
                game.headers[name] = value
            game.headers["Round"] = str(scheduled.round)
            game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
            append_game(path, game)
            finished.append(game.headers)
            played += 1
            pace = (time.monotonic() - started) / played
            remaining = len(todo) - played
            on_progress(Progress(total - remaining, total, pace * remaining, game))

    await asyncio.gather(*(worker() for _ in range(max(1, workers))))
    if failures:
        raise failures[0]
    return finished
