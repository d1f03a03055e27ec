"""From calibration games to a calibration: the fit, and the provenance stored beside it."""

from __future__ import annotations

import datetime
import os
import platform
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

import chess.pgn

from engines.calibration import CalibrationResult, MeasuredRating
from engines.launch import close_engine, open_engine
from engines.opponent import Calibration, Opponent
from profiles.ratings.fit import FitResult, Game, fit_ratings

WHITE_SCORE = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


def scored_games(games: Iterable[chess.pgn.Game]) -> list[Game]:
    """``(white, black, white's score)`` for every decided game; unfinished ones (``*``) are
    left out."""
    return [
        (game.headers["White"], game.headers["Black"], WHITE_SCORE[game.headers["Result"]])
        for game in games
        if game.headers.get("Result") in WHITE_SCORE
    ]


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


def calibration_from_fit(
    fit: FitResult,
    opponents: Sequence[Opponent],
    *,
    time_control: str,
    engines: Mapping[str, str],
    games: int,
    anchors: Mapping[str, float],
    machine_name: str,
    date: datetime.date | None = None,
) -> CalibrationResult:
    """The measured ratings of the pool's opponents that played, with their provenance."""
    names = {opponent.name for opponent in opponents}
    return CalibrationResult(
        provenance=Calibration(
            time_control=time_control,
            machine=machine_name,
            engines=MappingProxyType(dict(engines)),
            date=(date or datetime.date.today()).isoformat(),
            games=games,
            anchors=MappingProxyType(dict(anchors)),
        ),
        ratings=MappingProxyType(
            {
                name: MeasuredRating(
                    rating=round(player.rating, 1),
                    error=round(player.error, 1),
                    games=player.games,
                )
                for name, player in fit.players.items()
                if name in names
            }
        ),
    )


def fit_games(games: Iterable[chess.pgn.Game], anchors: Mapping[str, float]) -> FitResult:
    return fit_ratings(scored_games(games), anchors)
