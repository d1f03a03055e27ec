"""The opening a game reached, named as lichess names it, with its ECO code.

The table is lichess's ``chess-openings`` (``data/``, CC0: see its README there). Each line
names the position its moves reach; a game is named as that repository advises, by playing its
moves backwards until a named position is found, so a transposition into a named position gets
that position's name. The table is read once, when a game is first named: never during a rated
game, which consults no book (the PGN is written, and the screens name the opening, once the
game is over).
"""

from __future__ import annotations

import csv
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess

from profiles.errors import UserError

TABLE_DIR = Path(__file__).parent / "data"
VOLUMES = "ABCDE"
"""The five volumes of the Encyclopaedia of Chess Openings, one file of the table each."""
ECO_CODE = re.compile(r"[A-E][0-9]{2}")
_MOVE_NUMBER = re.compile(r"[0-9]+\.+")


class OpeningTableError(UserError):
    """A file of the opening table is missing or damaged: the install is, and only the
    openings' names are lost (a game is recorded without them)."""


@dataclass(frozen=True)
class Opening:
    eco: str
    """The ECO code: a volume letter and two digits, ``C65``."""
    name: str
    """Family first, then the variations: ``Ruy Lopez: Berlin Defense``."""

    @property
    def label(self) -> str:
        """``C65 Ruy Lopez: Berlin Defense``."""
        return f"{self.eco} {self.name}"


@dataclass(frozen=True)
class TableLine:
    """One line of the table: an opening and the moves (SAN) that reach its position."""

    opening: Opening
    sans: tuple[str, ...]
    where: str
    """``c.tsv:12``, for whoever reads the table."""


def table_files() -> list[Path]:
    return [TABLE_DIR / f"{volume.lower()}.tsv" for volume in VOLUMES]


def table_lines() -> Iterator[TableLine]:
    """Every line of the table, in its files' order; a file missing, unreadable or holding a
    line that is not ``eco, name, moves`` is an :class:`OpeningTableError` naming it."""
    for path in table_files():
        try:
            with path.open(encoding="utf-8", newline="") as file:
                yield from _file_lines(path, file)
        except OSError as error:
            raise _damaged(path, None, error.strerror or type(error).__name__) from error
        except UnicodeDecodeError as error:
            raise _damaged(path, None, f"not UTF-8 at byte {error.start}") from error
        except csv.Error as error:
            raise _damaged(path, None, str(error)) from error


def _file_lines(path: Path, file: Iterable[str]) -> Iterator[TableLine]:
    rows = csv.reader(file, delimiter="\t", quoting=csv.QUOTE_NONE)
    if next(rows, None) is None:  # eco, name, pgn
        raise _damaged(path, None, "it is empty")
    for number, row in enumerate(rows, start=2):
        if len(row) != 3 or not ECO_CODE.fullmatch(row[0]):
            raise _damaged(path, number, "not an ECO code, a name and moves")
        eco, name, pgn = row
        sans = tuple(word for word in pgn.split() if not _MOVE_NUMBER.fullmatch(word))
        yield TableLine(Opening(eco, name), sans, f"{path.name}:{number}")


def _damaged(path: Path, line: int | None, why: str) -> OpeningTableError:
    where = path.name if line is None else f"{path.name}:{line}"
    return OpeningTableError(
        f"the opening table is damaged ({where}: {why}); openings go unnamed until "
        "rated-play is installed again"
    )


@functools.cache
def named_positions() -> dict[str, Opening]:
    """Each named position (its EPD, en passant only when legal, as lichess keys it) and its
    name. The table names each position once (its test checks it)."""
    positions: dict[str, Opening] = {}
    # The lines in move order share their first moves: the board walks from one to the next
    # by taking back only what differs (a fifth of the moves the lines hold, in all).
    board = chess.Board()
    walked: list[str] = []
    for line in sorted(table_lines(), key=lambda line: line.sans):
        common = 0
        for played, wanted in zip(walked, line.sans, strict=False):
            if played != wanted:
                break
            common += 1
        del walked[common:]
        while len(board.move_stack) > common:
            board.pop()
        for san in line.sans[common:]:
            try:
                board.push_san(san)
            except ValueError as error:  # an illegal, ambiguous or garbled move
                raise OpeningTableError(
                    f"the opening table is damaged ({line.where}: {san!r} is not a move "
                    "there); openings go unnamed until rated-play is installed again"
                ) from error
            walked.append(san)
        positions[board.epd()] = line.opening
    return positions


def openings_by_ply(moves: Sequence[chess.Move]) -> list[Opening | None]:
    """The opening the game had reached after each ply (index 0: the starting position, which
    has none): the last named position up to it."""
    positions = named_positions()
    board = chess.Board()
    reached: list[Opening | None] = [None]
    for move in moves:
        board.push(move)
        reached.append(positions.get(board.epd(), reached[-1]))
    return reached


def opening_of(moves: Sequence[chess.Move]) -> Opening | None:
    """The opening of the game: the last named position it reached (None: not one)."""
    return openings_by_ply(moves)[-1]
