"""Reading a file of PGN games: whole, for ``rated-play engines fit`` (any PGN, whose every
move is checked), or only their tags, for the calibration's own games file (who played whom
and the result are all it needs, and not replaying the moves is what lets it read tens of
thousands of games every round)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import chess.pgn

from engines.errors import PoolConfigError
from profiles.input_file import MIB, read_file


class PgnFileError(PoolConfigError):
    """A PGN file that cannot be read as games; the message names the file and the game."""


PGN_LIMIT = 256 * MIB
"""The most a PGN file may hold that rated-play reads whole: a game with its moves takes about
1 KB (the shipped calibration's 19,670 games take 19 MB), so this is a quarter of a million
games, more than a calibration plays or a fit is asked for; anything larger (``/dev/zero``, a
disk image given by mistake) is refused before it fills the memory."""


def read_pgn_text(path: Path) -> str:
    """The text of the PGN file at ``path``; a file that is not UTF-8 text is refused."""
    try:
        return read_file(path, PGN_LIMIT, "a PGN file").decode("utf-8")
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


def parse_headers(text: str, path: Path, required: Sequence[str]) -> list[chess.pgn.Headers]:
    """The tags of every game of ``text`` (read from ``path``), in order, without replaying the
    moves (a hundred times faster). A game without one of the ``required`` tags is refused,
    named by its number."""
    headers: list[chess.pgn.Headers] = []
    stream = io.StringIO(text)
    while (tags := chess.pgn.read_headers(stream)) is not None:
        missing = [name for name in required if name not in tags]
        if missing:
            raise PgnFileError(
                f"{path}, game {len(headers) + 1}: has no {missing[0]} tag; fix or remove it"
            )
        headers.append(tags)
    return headers
