"""``rated-play engines fit``: the ratings of every player of any PGN file, fitted as the
calibration fits the pool's (:func:`profiles.ratings.fit.fit_ratings`), with how well they fit
and, for players that are pool entries, how their results agree across engine families."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import chess.pgn

from engines.calibration.calibrate import family_consistency, scored_games
from engines.calibration.pgn_games import PgnFileError, parse_games, read_pgn_text
from engines.errors import CalibrationError
from engines.opponents.opponent import Opponent
from profiles.laws.endings import WHITE_SCORE
from profiles.ratings.fit import FitResult, fit_ratings
from profiles.ratings.goodness import Consistency, GoodnessOfFit, goodness_of_fit


@dataclass(frozen=True)
class PgnFit:
    fit: FitResult
    goodness: GoodnessOfFit
    families: list[Consistency]
    """Pool entries' results against each engine family, the least consistent first."""


def fit_pgn(path: Path, anchors: Mapping[str, float], entries: Iterable[Opponent]) -> PgnFit:
    """Fit the games of ``path`` anchored by ``anchors``; ``entries`` (the pool) tell the engine
    families of the players that are pool entries."""
    games = read_fit_games(path)
    players = {name for game in games for name in (game.headers["White"], game.headers["Black"])}
    unknown = sorted(name for name in anchors if name not in players)
    if unknown:
        raise CalibrationError(
            f"the anchor {', '.join(unknown)} played no game; anchor one of: "
            + ", ".join(sorted(players))
        )
    scored = scored_games(game.headers for game in games)
    fit = fit_ratings(scored, anchors)
    return PgnFit(fit, goodness_of_fit(scored, fit), family_consistency(scored, fit, entries))


def read_fit_games(path: Path) -> list[chess.pgn.Game]:
    """The games of ``path``, each naming both players and with a result a fit can read, at
    least one of them finished."""
    games = parse_games(read_pgn_text(path), path)
    for number, game in enumerate(games, 1):
        for tag in ("White", "Black"):
            if game.headers.get(tag, "?") in ("", "?"):
                raise PgnFileError(f"{path}, game {number}: the {tag} tag names no player")
        result = game.headers.get("Result", "*")
        if result not in (*WHITE_SCORE, "*"):
            raise PgnFileError(
                f"{path}, game {number}: Result {result!r} is not 1-0, 0-1, 1/2-1/2 or *"
            )
    if not scored_games(game.headers for game in games):
        raise PgnFileError(f"{path} holds no finished game (1-0, 0-1 or 1/2-1/2) to fit")
    return games
