"""``rated-play engines calibrate`` as a whole: the settings checked, the files chosen, the games
played (:func:`engines.calibration.calibrate.calibrate`), the result written where the app reads it.

Two steps, so that a refusal comes before anything is played or written and the caller can say
what is about to happen in between: :func:`prepare_calibration` checks every setting against
the pool and the files (a :class:`~engines.errors.CalibrationError` naming the setting as the
command spells it), and :func:`run_calibration` plays, fits and writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISDIR

from engines.calibration.calibrate import (
    DEFAULT_ANCHOR,
    DESIGN,
    MINIMUM_GAMES,
    MOVETIME,
    SPAN,
    CalibrationFit,
    Settings,
    calibrate,
    calibration_file,
    design_path,
    engine_versions,
    machine,
    parse_anchors,
)
from engines.calibration.engine_game import match_clock
from engines.calibration.gauntlet import Progress, read_game_headers
from engines.calibration.stored import (
    CALIBRATION,
    CalibrationFile,
    MeasuredRating,
    user_calibration_path,
    write_calibration,
)
from engines.errors import CalibrationError, cannot_write
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool, rating_calibration
from profiles.data_directory import DataDirectory
from profiles.errors import printable
from profiles.laws.time_control import TimeControl
from profiles.ratings.base import RATING_RANGE
from profiles.written_file import PGN, check_writable


@dataclass(frozen=True)
class CalibrationRun:
    """A calibration ready to be played: every setting checked, nothing played or written yet."""

    ladder: tuple[Opponent, ...]
    """The entries that play: every installed one."""
    skipped: tuple[Opponent, ...]
    """Entries left out because their engine is not installed."""
    settings: Settings
    pgn: Path
    """The games file, resumed if it holds games."""
    output: Path
    """Where the calibration is written."""
    machine: str
    """The machine the games are played on, as the provenance names it."""
    added: tuple[str, ...] = ()
    """The entries being added to a calibrated pool (``--only``); empty for a whole one."""
    keep: CalibrationFile | None = None
    """Adding entries, the calibration they join, whose ratings stay as they are."""


@dataclass(frozen=True)
class CalibrationReport:
    outcome: CalibrationFit
    result: CalibrationFile
    """What was written to :attr:`CalibrationRun.output`."""
    added: Mapping[str, MeasuredRating]
    """The ratings measured for the entries being added."""


def prepare_calibration(
    pool: Pool,
    data_dir: Path,
    *,
    anchors: Sequence[str] = (),
    only: Sequence[str] = (),
    clock: str | None = None,
    games: int = MINIMUM_GAMES,
    span: float = SPAN,
    movetime: float = MOVETIME,
    workers: int = 1,
    max_games: int | None = None,
    pgn: Path | None = None,
    output: Path | None = None,
) -> CalibrationRun:
    """The calibration of ``pool``'s installed entries the settings describe: ``anchors`` as
    ``NAME=RATING`` (default :data:`~engines.calibration.calibrate.DEFAULT_ANCHOR`), or ``only`` the
    named entries fitted against the rest of the calibrated pool held fixed; ``clock`` a time
    control such as ``60+0.6`` instead of each entry's own limits. Files default to the data
    directory, where the app reads the calibration.

    The files the command is given are refused first, before the pool is looked at: a path
    that cannot be written is the same mistake, and gets the same sentence, whichever engines
    are installed."""
    if output is None:
        output = user_calibration_path(data_dir)
    _check_output(output, data_dir)
    if pgn is not None:
        _check_games_file(pgn, data_dir)
    ladder = pool.available()
    fixed, keep = _anchors(ladder, data_dir, anchors, only)
    if only:
        # The named entries against the calibrated ones: an entry not yet measured and not
        # named (one shipped before its calibration games) would be fitted as new beside them.
        ladder = tuple(o for o in ladder if o.name in only or o.name in fixed)
    site = machine()
    settings = Settings(
        anchors=fixed,
        adding=keep is not None,
        span=span,
        minimum=games,
        movetime=movetime,
        clock=_clock(clock),
        workers=workers,
        limit=max_games,
        headers={"Event": "rated-play calibration", "Site": site},
    )
    if pgn is None:
        files = DataDirectory(data_dir)
        pgn = files.added_calibration_games if keep is not None else files.calibration_games
        _check_games_file(pgn, data_dir)
    return CalibrationRun(
        ladder=ladder,
        skipped=pool.unavailable(),
        settings=settings,
        pgn=pgn,
        output=output,
        machine=site,
        added=tuple(only),
        keep=keep,
    )


async def run_calibration(
    run: CalibrationRun, on_progress: Callable[[Progress], None] = lambda progress: None
) -> CalibrationReport:
    """Play the calibration (resuming its games file), fit it and write it. Interrupted, the
    games played are kept, and running it again goes on from them."""
    try:
        outcome = await calibrate(run.ladder, run.settings, run.pgn, on_progress)
        versions = await engine_versions(run.ladder)
    except OSError as error:
        raise cannot_write(error) from error
    result = calibration_file(
        outcome,
        run.ladder,
        run.settings,
        engines=versions,
        machine_name=run.machine,
        keep=run.keep,
    )
    refuse_off_the_scale(result)
    try:
        write_calibration(run.output, result)
    except OSError as error:
        raise cannot_write(error) from error
    added = {name: result.ratings[name] for name in run.added if name in result.ratings}
    return CalibrationReport(outcome, result, added)


def refuse_off_the_scale(result: CalibrationFile) -> None:
    """Refuse a calibration with a rating the app could not use (outside
    :data:`~profiles.ratings.base.RATING_RANGE`, where every rating system works): written, it
    would be refused when read. Nothing is written then; the games stay for the next run."""
    low, high = RATING_RANGE
    for name, measured in result.ratings.items():
        if not low <= measured.rating <= high:
            raise CalibrationError(
                f"{name} measured {measured.rating:.0f} ± {measured.error:.0f}, outside the "
                f"{low:g} to {high:g} that ratings take: play it more games (run again with a "
                "higher --games) or give it a stronger or weaker setting; nothing was written "
                "and the games played are kept"
            )


def _anchors(
    ladder: Sequence[Opponent],
    data_dir: Path,
    texts: Sequence[str],
    only: Sequence[str],
) -> tuple[dict[str, float], CalibrationFile | None]:
    """The fixed ratings of the calibration, and (adding entries with ``only``) the calibration
    they come from, which the new entries join."""
    known = {opponent.name for opponent in ladder}
    if not only:
        anchors = parse_anchors(texts or [DEFAULT_ANCHOR])
        low, high = RATING_RANGE
        for name, rating in anchors.items():
            if name not in known:
                raise CalibrationError(
                    f"--anchor {printable(name)}: no available opponent has that name; "
                    "'rated-play engines' lists them"
                )
            # An anchor keeps its rating, so one off the scale would only be refused by
            # refuse_off_the_scale after every game was played.
            if not low <= rating <= high:
                raise CalibrationError(
                    f"--anchor {printable(name)}={rating:g}: a calibration's ratings are from "
                    f"{low:g} to {high:g}; anchor with a rating in that range"
                )
        return anchors, None
    unknown = sorted(set(only) - known)
    if unknown:
        raise CalibrationError(
            f"--only {printable(', '.join(unknown))}: no available opponent has that name; "
            "'rated-play engines' lists them"
        )
    if texts:
        raise CalibrationError(
            "--only fits the named entries against the calibrated pool held fixed; "
            "leave out --anchor"
        )
    keep = rating_calibration(data_dir)
    fixed = {o.name: o.rating for o in ladder if o.name not in only and o.calibrated}
    if keep is None or not fixed:
        raise CalibrationError(
            "--only needs a calibrated pool to fit against; run 'rated-play engines "
            "calibrate' without --only first"
        )
    return fixed, keep


def _clock(text: str | None) -> TimeControl | None:
    if text is None:
        return None
    try:
        return match_clock(text)
    except ValueError as error:
        raise CalibrationError(f"--tc: {error}") from error


def _check_output(output: Path, data_dir: Path) -> None:
    """Refuse an --output that cannot be written as a file before any game is played: it is
    written (with any missing directories) only once every game is."""
    check_writable(output, CALIBRATION, data_dir=data_dir, option="--output")
    for path in (output, *output.parents):
        try:
            mode = path.stat().st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue  # created when the calibration is written, or named by its parent
        except OSError as error:
            raise CalibrationError(
                f"--output {printable(output)}: {error.strerror or error}; give a path you "
                "can write to"
            ) from error
        if S_ISDIR(mode) and path == output:
            raise CalibrationError(
                f"--output {printable(output)} is a directory: give the path of the "
                "calibration file to write, such as DIR/calibration.json"
            )
        if not S_ISDIR(mode) and path != output:
            raise CalibrationError(
                f"--output {printable(output)}: {printable(path)} is a file, not a directory; "
                "give a path in a directory"
            )
        return


def _check_games_file(pgn: Path, data_dir: Path) -> None:
    """Refuse a games file that cannot be written, or resumed, before anything is played or
    printed; and the design kept beside it."""
    check_writable(pgn, PGN, data_dir=data_dir, option="--pgn")
    check_writable(design_path(pgn), DESIGN, data_dir=data_dir, option="the design beside --pgn")
    try:
        read_game_headers(pgn)
    except OSError as error:
        raise CalibrationError(
            f"cannot read {printable(pgn)} ({error.strerror or error}): give a games file "
            "you can read and write with --pgn"
        ) from error
