"""The pool of opponents the strength slider chooses from."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePath

from engines.calibration.stored import (
    SHIPPED_CALIBRATION,
    CalibrationFile,
    apply_calibration,
    read_calibration,
    user_calibration_path,
)
from engines.discovery import find_engine
from engines.errors import EngineUnavailableError, UnknownOpponentError
from engines.maia.networks import WEIGHTS_OPTION, network_problem
from engines.opponents.catalog import SHIPPED_POOL, load_catalog, load_user_catalog
from engines.opponents.opponent import NETWORK_ENGINE, Opponent
from profiles.opponent_kind import OpponentKind


class Pool:
    """Every opponent, installed or not, sorted by rating (weakest first)."""

    def __init__(self, opponents: Iterable[Opponent]) -> None:
        self.opponents: tuple[Opponent, ...] = tuple(
            sorted(opponents, key=lambda opponent: (opponent.rating, opponent.name))
        )
        # Looked up once: the setup screen asks many times and installing an engine while the
        # app runs is rare enough to need a restart.
        self._missing = {
            opponent.name: why
            for opponent in self.opponents
            if (why := _why_unavailable(opponent)) is not None
        }

    def is_available(self, opponent: Opponent) -> bool:
        """True when the opponent's engine is installed and its network, if it plays one,
        can be loaded."""
        return opponent.name not in self._missing

    def why_unavailable(self, opponent: Opponent) -> str | None:
        """What keeps the opponent out of play, in a few words (``not installed: stockfish``,
        ``its network …``); None when it is available."""
        return self._missing.get(opponent.name)

    def available(self) -> tuple[Opponent, ...]:
        return tuple(opponent for opponent in self.opponents if self.is_available(opponent))

    def unavailable(self) -> tuple[Opponent, ...]:
        """Opponents whose engine is missing; each names the Debian package that provides it."""
        return tuple(opponent for opponent in self.opponents if not self.is_available(opponent))

    def calibrated_ratings(self) -> dict[str, float]:
        """Every opponent's measured rating (installed or not; nominal guesses left out): what
        the ledger rates past games with (:meth:`profiles.ledger.ledger.Ledger.rate_opponents`)."""
        return {
            opponent.name: opponent.rating for opponent in self.opponents if opponent.calibrated
        }

    def get(self, name: str) -> Opponent:
        """The opponent called ``name``; KeyError (naming it) when the pool has none."""
        for opponent in self.opponents:
            if opponent.name == name:
                return opponent
        raise KeyError(name)

    def playable(self, name: str) -> Opponent:
        """The opponent called ``name``, whose engine is installed; an error saying what to do
        when there is none or its engine is missing."""
        try:
            opponent = self.get(name)
        except KeyError:
            raise UnknownOpponentError(
                f"no opponent is called {name!r}; 'rated-play engines' lists them"
            ) from None
        for need in opponent.needs:
            if not find_engine(need.command):
                raise EngineUnavailableError(
                    f"{opponent.title} needs the engine '{need.command}' for {need.purpose}: "
                    f"install the Debian package '{need.package}'"
                )
        why = self.why_unavailable(opponent)
        if why is not None:
            raise EngineUnavailableError(f"{opponent.title} cannot play: {why}")
        return opponent

    def nearest(self, rating: float) -> Opponent:
        """The available opponent rated closest to ``rating`` (the weaker one on a tie)."""
        return min(self._playable(), key=lambda opponent: abs(opponent.rating - rating))

    def unleashed(self) -> Opponent:
        """The engine at full strength: the available entry declared unleashed (the highest
        rated, if several), else the highest rated entry. Not simply the highest rated: the
        calibration measures the unleashed engine at a short time a move, where a large node
        budget can rate as high, while in a game on a real clock it is stronger."""
        playable = self._playable()
        unlimited = [opponent for opponent in playable if opponent.kind is OpponentKind.UNLEASHED]
        return (unlimited or list(playable))[-1]

    def rating_range(self) -> tuple[float, float]:
        """The lowest and highest rating among the available opponents: the slider's ends."""
        playable = self._playable()
        return playable[0].rating, playable[-1].rating

    def _playable(self) -> tuple[Opponent, ...]:
        playable = self.available()
        if not playable:
            packages = sorted({o.package for o in self.opponents if o.package})
            raise EngineUnavailableError(
                "no chess engine of the pool is installed; install one of the Debian packages "
                + ", ".join(packages)
            )
        return playable


def _why_unavailable(opponent: Opponent) -> str | None:
    own, *more = opponent.needs
    if not find_engine(own.command):
        return f"not installed: {own.package or own.command}"
    for need in more:
        if not find_engine(need.command):
            return f"not installed: {need.package or need.command}, for {need.purpose}"
    weights = opponent.options.get(WEIGHTS_OPTION)
    # Our own engine reads the network named by the option; another engine's files are its own.
    if PurePath(opponent.command).name == NETWORK_ENGINE and isinstance(weights, str):
        # A look at the file, not a load: every start looks at every entry's network.
        problem = network_problem(weights)
        if problem is not None:
            return f"its network {problem}"
    return None


def shipped_calibration() -> CalibrationFile | None:
    return read_calibration(SHIPPED_CALIBRATION)


def rating_calibration(data_dir: Path | None) -> CalibrationFile | None:
    """The calibration the pool is rated by: the user's own in ``data_dir`` if there is one,
    else the one shipped with rated-play."""
    calibration = None
    if data_dir is not None:
        calibration = read_calibration(user_calibration_path(data_dir))
    return calibration if calibration is not None else shipped_calibration()


def load_pool(config_dir: Path | None = None, data_dir: Path | None = None) -> Pool:
    """The shipped pool plus the user's opponents from ``config_dir/engines/*.toml`` (a user entry
    with a shipped entry's name replaces it), rated by :func:`rating_calibration`.

    Raises :class:`~engines.errors.PoolConfigError` naming the file and entry to fix.
    """
    opponents = {opponent.name: opponent for opponent in load_catalog(SHIPPED_POOL)}
    if config_dir is not None:
        opponents.update((opponent.name, opponent) for opponent in load_user_catalog(config_dir))
    return Pool(apply_calibration(opponents.values(), rating_calibration(data_dir)))
