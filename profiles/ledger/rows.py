"""One declaration per ledger row: a frozen dataclass whose fields that are columns say so.

A field read from a column of the same name declares it in its metadata, with :func:`column`:
how the cell becomes the field's value and, for a column a migration added
(:data:`profiles.ledger.ledger_file.MIGRATIONS`), the schema version (``user_version``) that
added it and the SQL expression a ledger older than that reads in its place. The ``SELECT``
list for a ledger of any version (:func:`select_list`) and the row mapper (:func:`read_row`)
both follow from those declarations, so a column is declared once, beside its field and its
docstring, and a ledger of an older schema is read as it stands, without writing to it.

Every row is validated here, as it is read: a cell its field cannot hold (NULL where no NULL
belongs, text where a number does, a number that is not one) and a row its dataclass refuses
(its ``__post_init__``) fail with a ValueError that names the column and what is in it, which
the reader turns into one sentence naming the game. A ledger is written only by this code, so
such a row was damaged outside it.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

from profiles.errors import printable

T = TypeVar("T")

_METADATA = "rated-play column"


@dataclass(frozen=True)
class Column:
    """How one field is read from the column of its name."""

    read: Callable[[Any], object]
    """The cell, as SQLite gives it, into the field's value; TypeError or ValueError when no
    value of the field is in it."""
    since: int
    """The schema version whose migration added the column (1: the first schema's)."""
    before: str
    """The SQL expression a ledger older than :attr:`since` reads instead of the column."""
    nullable: bool
    """Whether :attr:`read` takes NULL; every other column's NULL is refused before it."""


def column(
    read: Callable[[Any], object], *, since: int = 1, before: str = "NULL", nullable: bool = False
) -> Mapping[str, Column]:
    """The metadata of a field read from the column of its name (see :class:`Column`); a
    ``read`` made with :func:`optional` takes NULL, as does one said ``nullable``."""
    return {_METADATA: Column(read, since, before, nullable or isinstance(read, optional))}


class optional(Generic[T]):  # noqa: N801 - read as a function: column(optional(int))
    """``read`` for a column that may hold NULL, which reads as None; every other column's
    NULL is refused."""

    def __init__(self, read: Callable[[Any], T]) -> None:
        self._read = read

    def __call__(self, cell: Any) -> T | None:
        return None if cell is None else self._read(cell)


def finite(cell: Any) -> float:
    """A number that is one: NaN and the infinities, which SQLite stores, are refused."""
    value = float(cell)
    if not math.isfinite(value):
        raise ValueError("not a finite number")
    return value


def whole(cell: Any) -> int:
    """A whole number, stored as one: ``int`` would cut 2.5 or read the text "7"."""
    if not isinstance(cell, int):
        raise ValueError("not a whole number")
    return cell


_DECLARED: dict[type[Any], tuple[tuple[str, Column], ...]] = {}
"""Each row type's columns, by field name, found once: a game's row is read thousands of
times."""


def _columns(row_type: type[Any]) -> tuple[tuple[str, Column], ...]:
    declared = _DECLARED.get(row_type)
    if declared is None:
        declared = _DECLARED[row_type] = tuple(
            (field.name, field.metadata[_METADATA])
            for field in fields(row_type)
            if _METADATA in field.metadata
        )
    return declared


def select_list(row_type: type[Any], version: int) -> str:
    """The columns ``row_type`` is read from, by name, in a ledger of schema ``version``: a
    column added later is read as what it stands for in a ledger without it."""
    return ", ".join(
        name if version >= declared.since else f"{declared.before} AS {name}"
        for name, declared in _columns(row_type)
    )


def read_row(row_type: type[T], row: sqlite3.Row, **rest: object) -> T:
    """The ``row_type`` in a row selected with :func:`select_list`; ``rest`` gives its fields
    that are no column. ValueError, naming the column, for a cell no field can hold, or a row
    the type refuses."""
    cells = {name: _cell(name, declared, row[name]) for name, declared in _columns(row_type)}
    try:
        return row_type(**cells, **rest)
    except TypeError as error:
        raise ValueError(str(error)) from error


def _cell(name: str, declared: Column, cell: object) -> object:
    if cell is None and not declared.nullable:
        raise ValueError(f"its {name} is empty")
    try:
        return declared.read(cell)
    except (TypeError, ValueError, OverflowError) as error:
        shown = printable(repr(cell))[:40]
        raise ValueError(f"its {name} {shown} cannot be read ({printable(error)})") from error
