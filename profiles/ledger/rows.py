"""One declaration per ledger row: a frozen dataclass whose fields that are columns say so.

A field read from a column of the same name declares it in its metadata, with :func:`column`:
how the cell becomes the field's value and, for a column a migration added
(:data:`profiles.ledger.ledger_file.MIGRATIONS`), the schema version (``user_version``) that
added it and the SQL expression a ledger older than that reads in its place. The ``SELECT``
list for a ledger of any version (:func:`select_list`) and the row mapper (:func:`read_row`)
both follow from those declarations, so a column is declared once, beside its field and its
docstring, and a ledger of an older schema is read as it stands, without writing to it.

The writes follow from the same declarations: a :class:`Table` names a table and the row types
(and :class:`Written` columns no field reads) that declare its columns, and builds each
``INSERT`` and ``UPDATE`` from a mapping of column name to cell, refusing a name that is no
column of the table at the ledger's schema version.

Every row is validated here, as it is read: a cell its field cannot hold (NULL where no NULL
belongs, text where a number does, a number that is not one) and a row its dataclass refuses
(its ``__post_init__``) fail with a ValueError that names the column and what is in it, which
the reader turns into one sentence naming the game. A ledger is written only by this code, so
such a row was damaged outside it.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
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


def cells(row: object) -> dict[str, object]:
    """The cells of ``row``'s columns, by name, as the ledger writes them: the values of its
    fields that are columns, which :func:`read_row` reads back (a boolean is stored as 0 or
    1, as SQLite stores Python's)."""
    return {name: getattr(row, name) for name, _ in _columns(type(row))}


def _cell(name: str, declared: Column, cell: object) -> object:
    if cell is None and not declared.nullable:
        raise ValueError(f"its {name} is empty")
    try:
        return declared.read(cell)
    except (TypeError, ValueError, OverflowError) as error:
        shown = printable(repr(cell))[:40]
        raise ValueError(f"its {name} {shown} cannot be read ({printable(error)})") from error


# Writing: the columns a table has are those its rows declare, so a write names no other.


@dataclass(frozen=True)
class Written:
    """A column the ledger writes that no row reads into a field of its name: a key a row is
    found by, or a fact only the ledger's own checks read."""

    name: str
    since: int = 1
    """The schema version whose migration added the column (1: the first schema's)."""


class Expression(str):
    """A cell written as an SQL expression over the column's own value, which ``{column}``
    stands for: ``Expression("{column} + 1")``."""

    __slots__ = ()


@dataclass(frozen=True)
class Table:
    """A table of the ledger and its columns, in the order they are declared: those of each
    row type given (its fields declared with :func:`column`, less those ``joined`` from another
    table) and each :class:`Written` one. Every write to the table is built here from names of
    these columns, so a write cannot name a column the declarations lack."""

    name: str
    declared: tuple[type[Any] | Written, ...]
    joined: frozenset[str] = frozenset()
    """Fields of the row types read from another table in a join, not columns of this one."""

    @classmethod
    def of(cls, name: str, *declared: type[Any] | Written, joined: Iterable[str] = ()) -> Table:
        return cls(name, declared, frozenset(joined))

    @cached_property
    def added(self) -> Mapping[str, int]:
        """Each column's name, in declaration order, with the schema version that added it."""
        found: dict[str, int] = {}
        for part in self.declared:
            if isinstance(part, Written):
                found[part.name] = part.since
            else:
                found.update(
                    (name, declared.since)
                    for name, declared in _columns(part)
                    if name not in self.joined
                )
        return found

    def columns(self, version: int) -> tuple[str, ...]:
        """The table's columns in a ledger of schema ``version``, in declaration order."""
        return tuple(name for name, since in self.added.items() if version >= since)

    def _named(self, version: int, cells: Mapping[str, object]) -> tuple[str, ...]:
        """The columns ``cells`` names, in declaration order; ValueError for a name that is no
        column of the table in a ledger of schema ``version``."""
        columns = self.columns(version)
        unknown = sorted(set(cells) - set(columns))
        if unknown:
            raise ValueError(
                f"the table {self.name} of a schema {version} ledger has no column "
                f"{', '.join(unknown)}"
            )
        return tuple(name for name in columns if name in cells)

    def insert(
        self,
        version: int,
        cells: Mapping[str, object],
        *,
        or_ignore: bool = False,
        updating_on: str | None = None,
    ) -> tuple[str, tuple[object, ...]]:
        """The ``INSERT`` of one row holding ``cells`` (column name to value), and its
        parameters. ``or_ignore`` keeps a row already there; ``updating_on`` names the key
        whose row, when there, takes the other cells instead."""
        named = self._named(version, cells)
        verb = "INSERT OR IGNORE" if or_ignore else "INSERT"
        sql = f"{verb} INTO {self.name}({', '.join(named)}) VALUES ({', '.join('?' * len(named))})"
        if updating_on is not None:
            self._named(version, {updating_on: None})
            updated = ", ".join(f"{n} = excluded.{n}" for n in named if n != updating_on)
            sql += f" ON CONFLICT({updating_on}) DO UPDATE SET {updated}"
        return sql, tuple(cells[name] for name in named)

    def insert_many(
        self, version: int, rows: Sequence[Mapping[str, object]], *, or_ignore: bool = False
    ) -> tuple[str, list[tuple[object, ...]]] | None:
        """The ``INSERT`` of these rows, each naming the same columns, and each row's
        parameters; None when there are no rows."""
        if not rows:
            return None
        sql, _ = self.insert(version, rows[0], or_ignore=or_ignore)
        named = self._named(version, rows[0])
        if any(self._named(version, row) != named for row in rows):
            raise ValueError(f"the rows written to {self.name} name different columns")
        return sql, [tuple(row[name] for name in named) for row in rows]

    def assignments(
        self, version: int, cells: Mapping[str, object]
    ) -> tuple[str, tuple[object, ...]]:
        """The ``SET`` list of an ``UPDATE`` giving ``cells`` (column name to value, or an
        :class:`Expression`), and its parameters."""
        named = self._named(version, cells)
        sets = []
        params = []
        for name in named:
            cell = cells[name]
            if isinstance(cell, Expression):
                sets.append(f"{name} = {cell.format(column=name)}")
            else:
                sets.append(f"{name} = ?")
                params.append(cell)
        return ", ".join(sets), tuple(params)

    def update(
        self, version: int, cells: Mapping[str, object], where: str, *keys: object
    ) -> tuple[str, tuple[object, ...]]:
        """The ``UPDATE`` giving ``cells`` (see :meth:`assignments`) to the rows ``where``
        picks, with ``keys`` for its parameters, and all its parameters."""
        sets, params = self.assignments(version, cells)
        return f"UPDATE {self.name} SET {sets} WHERE {where}", (*params, *keys)
