"""Reading a file of PGN games: the one loop over :func:`chess.pgn.read_game` that the
calibration's games file and ``rated-play engines fit`` both use."""

from __future__ import annotations

import io
from pathlib import Path

import chess.pgn

from engines.errors import PoolConfigError


class PgnFileError(PoolConfigError):
    """A PGN file that cannot be read as games; the message names the file and the game."""


def read_pgn_text(path: Path) -> str:
    """The text of the PGN file at ``path``; a file that is not UTF-8 text is refused."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PgnFileError(f"{path} is not a UTF-8 text file; give a PGN file") from None
    except OSError as error:
        raise PgnFileError(
            f"cannot read {path}: {error.strerror or error}; give the path of a PGN file"
        ) from error


def parse_games(text: str, path: Path) -> list[chess.pgn.Game]:
    """Every game of ``text`` (read from ``path``), in order; the first game python-chess
    cannot read is refused, named by its number."""
    games: list[chess.pgn.Game] = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise PgnFileError(f"{path}, game {len(games) + 1}: {game.errors[0]}; fix or remove it")
        games.append(game)
    return games
