"""One declaration per ledger row: a frozen dataclass whose fields that are columns say so.

A field read from a column of the same name declares it in its metadata, with :func:`column`:
how the cell becomes the field's value and, for a column a migration added
(:data:`profiles.ledger.ledger_file.MIGRATIONS`), the schema version (``user_version``) that
added it and the SQL expression a ledger older than that reads in its place. The ``SELECT``
list for a ledger of any version (:func:`select_list`) and the row mapper (:func:`read_row`)
both follow from those declarations, so a column is declared once, beside its field and its
docstring, and a ledger of an older schema is read as it stands, without writing to it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

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


def column(
    read: Callable[[Any], object], *, since: int = 1, before: str = "NULL"
) -> Mapping[str, Column]:
    """The metadata of a field read from the column of its name (see :class:`Column`)."""
    return {_METADATA: Column(read, since, before)}


def optional(read: Callable[[Any], T]) -> Callable[[Any], T | None]:
    """``read`` for a column that may hold NULL, which reads as None."""
    return lambda cell: None if cell is None else read(cell)


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
    that are no column. TypeError or ValueError for a cell no field can hold."""
    cells = {name: declared.read(row[name]) for name, declared in _columns(row_type)}
    return row_type(**cells, **rest)
