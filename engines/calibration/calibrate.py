"""Calibrating the pool: plan the games, play them, fit the ratings, and say how well they fit.

A calibration runs in rounds. Each round fits the games played so far, plans (with
:mod:`engines.calibration.plan`) the games every rating still needs to reach its target precision,
and plays up to :data:`ROUND_GAMES` of them; the next round plans again from the better ratings.
Everything it needs to go on is in the games file and the design file beside it, so a run that is
interrupted, at any point, resumes by being started again.
"""

from __future__ import annotations

import datetime
import itertools
import json
import math
import os
import platform
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

import chess.pgn

from engines import schema
from engines.calibration.gauntlet import (
    Pairing,
    Progress,
    read_game_headers,
    run_gauntlet,
    schedule_games,
)
from engines.calibration.kinds import (
    fit_kinds,
    held_out_by_kind,
    planned_anchors,
    planned_ladder,
    planned_name,
    planned_pairings,
    planned_scale,
    played_name,
)
from engines.calibration.openings import load_openings
from engines.calibration.plan import plan_games
from engines.calibration.stored import (
    CalibrationFile,
    FitQuality,
    HeldOutPairing,
    KindRatings,
    MeasuredRating,
    StepError,
)
from engines.errors import CalibrationError, PoolConfigError
from engines.launch import close_engine, open_engine
from engines.opponents.opponent import Calibration, Opponent, SearchLimit
from engines.schema import Kind, ListOf, Plain, key
from profiles.input_file import read_text
from profiles.laws.endings import WHITE_SCORE
from profiles.laws.time_control import TimeControl
from profiles.ratings.base import RatingInputError
from profiles.ratings.by_kind import KindFit, kind_goodness, split_by_kind
from profiles.ratings.fit import FitResult, Game, fit_ratings
from profiles.ratings.goodness import Consistency, GoodnessOfFit, consistency, goodness_of_fit
from profiles.written_file import FileKind

SPAN = 300.0
"""Each entry meets every entry rated within this many points of it."""
MINIMUM_GAMES = 20
"""Games every such pairing plays before the planner adds more where they are needed."""
MOVETIME = 0.25
"""Seconds a move for an entry with no limit of its own (the unleashed engine): games without
a clock, each entry at its own limits, spend the machine on moves rather than on clocks."""
INCONSISTENT = 0.001
"""The p-value below which an entry's results against the engine families disagree: about a
5% chance of one false alarm over a pool of 40 (Bonferroni)."""
ROUND_GAMES = 400
"""Games played between two plans."""
GAMES_RANGE = (2, 10_000)
"""Games a pairing may be asked to play at least (half with each colour)."""
SPAN_RANGE = (50.0, 2000.0)
MOVETIME_RANGE = (0.01, 60.0)
WORKERS_RANGE = (1, 256)
ANCHOR_RANGE = (-1000.0, 5000.0)
"""An anchor may sit outside the ratings a player can have: it only sets the scale."""
DEFAULT_ANCHOR = "stockfish-elo-1800=1800"
"""The anchor of the shipped calibration, when none is given (docs/engine-pool.md)."""


@dataclass(frozen=True)
class Settings:
    anchors: Mapping[str, float]
    """Fixed ratings: the scale's anchor, or (adding entries) every entry already calibrated."""
    adding: bool = False
    """True when new entries join a calibrated pool, all of whose ratings are anchors: then
    no pairing between two of them is played and none is held out."""
    span: float = SPAN
    minimum: int = MINIMUM_GAMES
    movetime: float = MOVETIME
    clock: TimeControl | None = None
    workers: int = 1
    limit: int | None = None
    """Stop once this many games are in the file, planned or not (a partial calibration)."""
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CalibrationFit:
    """What a calibration's games measured: the games, the ratings fitted to them and how well
    those ratings explain them."""

    games: list[chess.pgn.Headers]
    """The tags of every game in the file."""
    fit: FitResult
    """The ratings against engines (every game where :attr:`kinds` has none)."""
    goodness: GoodnessOfFit
    """How well the fits explain the games, each pairing by the fit of its kind."""
    held_out: tuple[Pairing, ...]
    complete: bool
    """False when ``limit`` stopped the run before every target was met."""
    families: list[Consistency] = field(default_factory=list)
    """Each entry's results against each engine family (:func:`family_consistency`)."""
    kinds: KindFit | None = None
    """The ratings by the kind of opponent (:func:`fit_kinds`); None where the games cannot
    give them (person-like entries played each other, but no link played both kinds)."""


def scored_games(games: Iterable[Mapping[str, str]]) -> list[Game]:
    """``(white, black, white's score)`` for every decided game, given by its tags; unfinished
    ones (``*``) are left out."""
    return [
        (tags["White"], tags["Black"], WHITE_SCORE[tags["Result"]])
        for tags in games
        if tags.get("Result") in WHITE_SCORE
    ]


def parse_anchors(texts: Sequence[str]) -> dict[str, float]:
    """Anchors written ``NAME=RATING``, as ``--anchor`` takes them (for a calibration and for a
    fit of any PGN alike)."""
    anchors: dict[str, float] = {}
    low, high = ANCHOR_RANGE
    for text in texts:
        name, separator, rating = text.rpartition("=")
        try:
            value = float(rating)
        except ValueError:
            value = math.nan
        if not separator or not name or not low <= value <= high:
            raise CalibrationError(
                f"--anchor {text!r}: write NAME=RATING with a rating from {low:g} to {high:g}, "
                "e.g. stockfish-elo-1800=1800"
            )
        if name in anchors:
            raise CalibrationError(f"--anchor {name} is given twice; give each anchor once")
        anchors[name] = value
    return anchors


def as_calibrated(opponent: Opponent, movetime: float) -> Opponent:
    """The opponent as the calibration plays it: one with no limit of its own gets
    ``movetime`` a move, since untimed games give it no clock to manage."""
    if opponent.search.is_empty:
        return replace(opponent, search=SearchLimit(movetime=movetime))
    return opponent


def design_path(pgn: Path) -> Path:
    return pgn.with_name(pgn.name + ".design.json")


def _is_design(path: Path) -> bool:
    try:
        stored = json.loads(read_text(path))
        return isinstance(stored, dict) and bool(schema.read(Design, stored, unknown="ignore"))
    except (OSError, ValueError, schema.SchemaError):
        return False


DESIGN = FileKind("a calibration design", _is_design)
"""What a calibration keeps beside its games file."""


_PAIRING: Kind[Pairing] = Plain(
    "a list of two names",
    lambda value: (
        isinstance(value, list) and len(value) == 2 and all(isinstance(n, str) for n in value)
    ),
    tuple,
    list,
)


@dataclass(frozen=True)
class Design:
    """What a calibration fixes when its games file is begun, kept beside it."""

    held_out: tuple[Pairing, ...] = field(metadata=key(ListOf(_PAIRING, "a list of pairings")))
    """The pairings kept from the fit for ``engines check``."""


def _held_out(pgn: Path, ladder: Sequence[Opponent], adding: bool) -> tuple[Pairing, ...]:
    """The pairings kept from the fit, chosen once when the games file is begun and stored
    beside it, so that new ratings in later rounds do not move them."""
    path = design_path(pgn)
    try:
        stored = json.loads(read_text(path))
        if not isinstance(stored, dict):
            raise schema.SchemaError("it is not a JSON object")
        return schema.read(Design, stored, unknown="ignore").held_out
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:
        raise PoolConfigError(
            f"{path}: is not a calibration design ({error}); delete it to start a new one"
        ) from error
    design = Design(held_out=() if adding else tuple(held_out_by_kind(ladder)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(schema.write(design)) + "\n", "utf-8")
    return design.held_out


def current_ratings(
    ladder: Sequence[Opponent], games: Sequence[Mapping[str, str]], anchors: Mapping[str, float]
) -> list[Opponent]:
    """The ladder with the ratings the games so far give (its own where they cannot yet)."""
    try:
        fit = fit_ratings(scored_games(games), anchors)
    except RatingInputError:
        return list(ladder)
    return [
        replace(opponent, rating=fit[opponent.name].rating)
        if opponent.name in fit.players
        else opponent
        for opponent in ladder
    ]


def family_consistency(
    scored: Sequence[Game], fit: FitResult, ladder: Iterable[Opponent]
) -> list[Consistency]:
    """Each entry's results against each engine family (:attr:`Opponent.family`), the least
    consistent entry first: one whose families disagree beyond chance is not described by one
    rating, and is set another way or dropped from the pool."""
    families = {opponent.name: opponent.family for opponent in ladder}
    return consistency(scored, fit, families)


def kept_in_fit(
    games: Sequence[chess.pgn.Headers], held_out: Sequence[Pairing]
) -> list[chess.pgn.Headers]:
    """The games the fit may use: none of a held-out pairing's, which ``engines check`` tests
    the fit's predictions against (a pairing held out after it was played keeps its games in
    the file, out of the fit)."""
    excluded = {frozenset(pair) for pair in held_out}
    return [tags for tags in games if frozenset((tags["White"], tags["Black"])) not in excluded]


def _played(games: Iterable[Mapping[str, str]]) -> Counter[frozenset[str]]:
    return Counter(frozenset((tags["White"], tags["Black"])) for tags in games)


def _candidates(
    ladder: Sequence[Opponent],
    settings: Settings,
    held_out: Sequence[Pairing],
    played: Counter[frozenset[str]],
    fixed: Collection[str],
) -> list[Pairing]:
    """Pairings within the span by today's ratings against each other's kind, and every
    pairing already played (a game played is never wasted), as the plan names them
    (:func:`~engines.calibration.kinds.planned_name`); never a held-out one. Adding entries,
    only pairings with one."""
    excluded = {frozenset(pair) for pair in held_out}
    names = {opponent.name for opponent in ladder}
    people = {opponent.name for opponent in ladder if opponent.person_like}
    pairs = {
        frozenset(pair): pair
        for pair in planned_pairings(ladder, settings.span)
        if frozenset(played_name(pair)) not in excluded
    }
    for pair in played:
        if pair <= names:
            first, second = sorted(pair)
            planned = planned_name((first, second), people)
            pairs.setdefault(frozenset(planned), planned)
    # Games between two fixed ratings tell the fit nothing.
    return [pair for key, pair in pairs.items() if not key <= set(fixed)]


async def calibrate(
    ladder: Sequence[Opponent],
    settings: Settings,
    pgn: Path,
    on_progress: Callable[[Progress], None] = lambda progress: None,
) -> CalibrationFit:
    """Play the calibration into ``pgn`` (resuming what is there) and fit it."""
    playing = [as_calibrated(opponent, settings.movetime) for opponent in ladder]
    by_name = {opponent.name: opponent for opponent in playing}
    held_out = _held_out(pgn, playing, settings.adding)
    openings = load_openings()
    complete = False
    while True:
        games = read_game_headers(pgn)
        fitted = kept_in_fit(games, held_out)
        played = _played(fitted)
        kinds = fit_kinds(scored_games(fitted), settings.anchors, playing)
        rated = planned_ladder(current_ratings(playing, fitted, settings.anchors), kinds)
        fixed = planned_anchors(rated, kinds, settings.anchors, adding=settings.adding)
        candidates = _candidates(rated, settings, held_out, played, fixed)
        plan = plan_games(
            rated,
            candidates,
            {pair: played[frozenset(played_name(pair))] for pair in candidates},
            fixed,
            minimum=settings.minimum,
            movetime=settings.movetime,
            scale=planned_scale,
        )
        planned = {played_name(pair): count for pair, count in plan.games.items()}
        todo = sum(count - played[frozenset(pair)] for pair, count in planned.items())
        room = None if settings.limit is None else settings.limit - len(games)
        if todo <= 0:
            complete = True
            break
        if room is not None and room <= 0:
            break
        batch = min(todo, ROUND_GAMES, room if room is not None else todo)
        await run_gauntlet(
            schedule_games(planned, openings),
            by_name,
            settings.clock,
            pgn,
            workers=settings.workers,
            on_progress=on_progress,
            headers=settings.headers,
            limit=batch,
        )
    scored = scored_games(kept_in_fit(games, held_out))
    kinds = fit_kinds(scored, settings.anchors, ladder)
    if kinds is None:
        fit = fit_ratings(scored, settings.anchors)
        goodness = goodness_of_fit(scored, fit)
        families = family_consistency(scored, fit, ladder)
    else:
        # One fit a kind: the families are compared within the games with an engine.
        people = {opponent.name for opponent in ladder if opponent.person_like}
        fit = kinds.engines
        goodness = kind_goodness(scored, kinds, people)
        families = family_consistency(split_by_kind(scored, people)[0], fit, ladder)
    return CalibrationFit(games, fit, goodness, held_out, complete, families, kinds)


def machine() -> str:
    """The CPU model as the kernel names it, and the core count."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    except OSError:
        pass
    return f"{model} ({os.cpu_count()} cores)"


async def engine_versions(opponents: Iterable[Opponent]) -> dict[str, str]:
    """Engine command → the name and version it reports, one start per distinct engine."""
    versions: dict[str, str] = {}
    for opponent in opponents:
        if opponent.command in versions:
            continue
        engine = await open_engine(opponent)
        try:
            versions[opponent.command] = engine.id.get("name", opponent.command)
        finally:
            await close_engine(engine)
    return versions


def time_control_text(settings: Settings) -> str:
    """The calibration's conditions as the provenance states them."""
    if settings.clock is not None:
        return settings.clock.pgn
    return (
        f"no clock: each entry searched to its own limit, and one without a limit "
        f"for {settings.movetime:g} s a move"
    )


def calibration_file(
    outcome: CalibrationFit,
    ladder: Sequence[Opponent],
    settings: Settings,
    *,
    engines: Mapping[str, str],
    machine_name: str,
    keep: CalibrationFile | None = None,
    date: datetime.date | None = None,
) -> CalibrationFile:
    """The measured ratings with their provenance. Adding entries, ``keep`` (the calibration
    the fixed entries come from) is kept as it is and the new entries join it; the ratings
    against person-like opponents are fitted again as a whole, since the anchors fix only the
    ratings against engines.

    Each entry's rating is the one that predicts a person's games against it: a person-like
    entry's against person-like opponents where it was measured so, every other one's against
    engines (:mod:`profiles.ratings.by_kind`)."""
    fit = outcome.fit
    names = {opponent.name for opponent in ladder}
    by_kind = _by_kind(outcome.kinds, names, settings.anchors, keep)
    measured = {
        name: _label(name, player.rating, player.error, player.games, by_kind)
        for name, player in fit.players.items()
        if name in names and not (keep is not None and name in settings.anchors)
    }
    # Adding entries, the ratings against person-like opponents of the fixed ones move too.
    moved = {
        name: _label(name, kept.engines.rating, kept.engines.error, kept.engines.games, by_kind)
        for name, kept in by_kind.items()
        if kept.people is not None and name not in measured
    }
    links = () if outcome.kinds is None else outcome.kinds.links
    steps = _step_errors(outcome.kinds, by_kind)
    if keep is not None:
        return replace(
            keep,
            ratings=MappingProxyType({**keep.ratings, **moved, **measured}),
            by_kind=MappingProxyType({**keep.by_kind, **by_kind}),
            links=links or keep.links,
            step_errors=steps or keep.step_errors,
        )
    goodness = outcome.goodness
    return CalibrationFile(
        provenance=Calibration(
            time_control=time_control_text(settings),
            machine=machine_name,
            engines=MappingProxyType(dict(engines)),
            date=(date or datetime.date.today()).isoformat(),
            games=len(outcome.games),
            anchors=MappingProxyType(dict(settings.anchors)),
        ),
        ratings=MappingProxyType(measured),
        quality=FitQuality(
            deviance=round(goodness.deviance, 2),
            pearson=round(goodness.pearson, 2),
            degrees_of_freedom=goodness.degrees_of_freedom,
            p_value=round(goodness.p_value, 4),
        ),
        held_out=tuple(
            HeldOutPairing(first, second, round(_predicted_error(outcome, first, second), 1))
            for first, second in outcome.held_out
            if first in fit.players and second in fit.players
        ),
        by_kind=MappingProxyType(by_kind),
        links=links,
        step_errors=steps,
    )


def _measured(rating: float, error: float, games: int) -> MeasuredRating:
    return MeasuredRating(rating=round(rating, 1), error=round(error, 1), games=games)


def _by_kind(
    kinds: KindFit | None,
    names: Iterable[str],
    anchors: Mapping[str, float],
    keep: CalibrationFile | None,
) -> dict[str, KindRatings]:
    """Each entry's ratings by kind, as the calibration file stores them: every fitted entry's,
    and a fixed one's only where it has a rating against person-like opponents (which no
    anchor fixes), beside its rating against engines as ``keep`` has it."""
    if kinds is None:
        return {}
    table = {}
    for name in names:
        engines = kinds.against_engines(name)
        people = kinds.against_people(name)
        offset = kinds.offset(name)
        if engines is None or (name in anchors and people is None):
            continue
        measured = _measured(engines.rating, engines.error, engines.games)
        if name in anchors and keep is not None and name in keep.ratings:
            kept = keep.by_kind.get(name)
            measured = kept.engines if kept is not None else keep.ratings[name]
            if people is not None and offset is not None:
                # The fit held it fixed: its own error against engines is the kept one.
                offset = (people.rating - measured.rating, math.hypot(offset[1], measured.error))
        table[name] = KindRatings(
            engines=measured,
            people=None if people is None else _measured(people.rating, people.error, people.games),
            offset=None if offset is None else round(offset[0], 1),
            offset_error=None if offset is None else round(offset[1], 1),
        )
    return table


def _step_errors(
    kinds: KindFit | None, by_kind: Mapping[str, KindRatings]
) -> tuple[StepError, ...]:
    """The errors of the difference of every two person-like entries measured against their
    own kind, in both kinds, from the fits' covariances (the link cancels out of both)."""
    if kinds is None:
        return ()
    people = sorted(
        name
        for name, kept in by_kind.items()
        if kept.people is not None and name in kinds.engines.players
    )
    return tuple(
        StepError(
            first=first,
            second=second,
            people=round(kinds.people_difference_error(first, second), 1),
            engines=round(kinds.engines.difference_error(first, second), 1),
        )
        for first, second in itertools.combinations(people, 2)
    )


def _label(
    name: str, rating: float, error: float, games: int, by_kind: Mapping[str, KindRatings]
) -> MeasuredRating:
    """The rating the pool rates a player's games by: against person-like opponents for a
    person-like entry measured so, else the fit's."""
    kinds = by_kind.get(name)
    if kinds is not None and kinds.people is not None:
        return replace(kinds.people, games=kinds.engines.games + kinds.people.games)
    if kinds is not None:
        return kinds.engines
    return _measured(rating, error, games)


def _predicted_error(outcome: CalibrationFit, first: str, second: str) -> float:
    """The error of a held-out pairing's prediction, from the fit that predicts it."""
    predicted = None if outcome.kinds is None else outcome.kinds.predicted(first, second)
    return outcome.fit.difference_error(first, second) if predicted is None else predicted[1]
