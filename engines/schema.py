"""One declaration per schema: plain data (a TOML table, a JSON object) read into a frozen
dataclass and written back from it, by the dataclass's own fields.

A field that is part of a file's schema says so in its metadata, with :func:`key`: the
:class:`Kind` of value it holds (what a plain value must be, how it becomes the field's value,
how it is written back). :func:`read` and :func:`write` follow those declarations, so a schema
is declared once, beside its type and its docstrings, and every error names the key that is
wrong and what it must be. A field without a key (a rating the calibration sets, say) is not
part of the file.

The keys are the field names, written in field order. A field whose value is None is left out
when written and reads back as its default. A field with no default is required, unless its
key names the key it defaults to (an opponent's title is its name).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, fields
from enum import Enum
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeGuard, TypeVar

T = TypeVar("T")
E = TypeVar("E", bound=Enum)

Unknown = Literal["refuse", "ignore"]
"""What a table's keys that no field declares are: a mistake to point out (in a file a person
writes), or keys of a newer version to pass over (in a file the program writes)."""

_METADATA = "rated-play schema"


class SchemaError(ValueError):
    """Plain data that does not fit its declaration: the message names the key (``search.nodes``)
    and says what its value must be."""


class Kind(ABC, Generic[T]):
    """What a plain value must be, how it becomes a field's value, and how it is written."""

    def __init__(self, what: str) -> None:
        self.what = what
        """The value in words, to finish "must be …": ``"a positive integer"``."""

    def refuse(self, value: object, key: str) -> SchemaError:
        return SchemaError(f"'{key}' must be {self.what}, not {value!r}")

    @abstractmethod
    def read(self, value: object, key: str, unknown: Unknown) -> T:
        """``value`` as the field holds it; :class:`SchemaError` naming ``key`` if it does not
        fit."""

    @abstractmethod
    def write(self, value: T) -> object:
        """The field's value as plain data."""


class Plain(Kind[T]):
    """A single value: a number, a string, a flag, one of an enumeration's values."""

    def __init__(
        self,
        what: str,
        accepts: Callable[[object], bool],
        convert: Callable[[Any], T],
        dump: Callable[[T], object] = lambda value: value,
    ) -> None:
        super().__init__(what)
        self._accepts = accepts
        self._convert = convert
        self._dump = dump

    def read(self, value: object, key: str, unknown: Unknown) -> T:
        if not self._accepts(value):
            raise self.refuse(value, key)
        return self._convert(value)

    def write(self, value: T) -> object:
        return self._dump(value)


def _is_number(value: object) -> TypeGuard[int | float]:
    """An int or a float, not a bool (TOML's true is no rating)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def number(low: float = -math.inf, high: float = math.inf) -> Kind[float]:
    """A number from ``low`` to ``high`` (nan never is); without bounds, any number, as a
    measurement such as a χ² may be."""
    if not math.isfinite(low) and not math.isfinite(high):
        return Plain("a number", _is_number, float)
    return Plain(
        f"a number from {low:g} to {high:g}",
        lambda value: _is_number(value) and low <= value <= high,  # never nan
        float,
    )


def positive(what: str = "a positive number") -> Kind[float]:
    """A finite number above zero."""
    return Plain(
        what,
        lambda value: _is_number(value) and 0 < value < math.inf,
        float,
    )


def whole(low: int = 0) -> Kind[int]:
    """A whole number, ``low`` or more."""
    return Plain(
        "a positive integer" if low == 1 else f"a whole number from {low}",
        lambda value: isinstance(value, int) and not isinstance(value, bool) and value >= low,
        int,
    )


def text(*, blank: bool = True) -> Kind[str]:
    """A string; with ``blank=False``, one with more than spaces in it."""
    return Plain(
        "a string" if blank else "a non-empty string",
        lambda value: isinstance(value, str) and (blank or bool(value.strip())),
        str,
    )


def choice(enum: type[E], what: str) -> Kind[E]:
    """One of an enumeration's values, in any case (``"UCI"`` is ``uci``)."""
    values = {member.value for member in enum}
    return Plain(
        what,
        lambda value: isinstance(value, str) and value.lower() in values,
        lambda value: enum(value.lower()),
        lambda member: member.value,
    )


FLAG: Kind[bool] = Plain("true or false", lambda value: isinstance(value, bool), bool)


class ListOf(Kind[tuple[T, ...]]):
    """A list (an array) of one kind of value, read as a tuple."""

    def __init__(self, item: Kind[T], what: str) -> None:
        super().__init__(what)
        self.item = item

    def read(self, value: object, key: str, unknown: Unknown) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise self.refuse(value, key)
        return tuple(
            self.item.read(item, f"{key}[{index}]", unknown) for index, item in enumerate(value)
        )

    def write(self, value: tuple[T, ...]) -> object:
        return [self.item.write(item) for item in value]


class TableOf(Kind[Mapping[str, T]]):
    """A table (an object) of names to one kind of value, read as a read-only mapping."""

    def __init__(self, item: Kind[T], what: str) -> None:
        super().__init__(what)
        self.item = item

    def read(self, value: object, key: str, unknown: Unknown) -> Mapping[str, T]:
        if not isinstance(value, dict):
            raise self.refuse(value, key)
        return MappingProxyType(
            {name: self.item.read(item, f"{key}.{name}", unknown) for name, item in value.items()}
        )

    def write(self, value: Mapping[str, T]) -> object:
        return {name: self.item.write(item) for name, item in value.items()}


class Record(Kind[T]):
    """A table (an object) read into a dataclass by the dataclass's declared fields."""

    def __init__(self, cls: type[T], what: str = "a table") -> None:
        super().__init__(what)
        self.cls = cls

    def read(self, value: object, key: str, unknown: Unknown) -> T:
        if not isinstance(value, dict):
            raise self.refuse(value, key)
        return read(self.cls, value, unknown=unknown, within=key)

    def write(self, value: T) -> object:
        return write(value)


class Key(Generic[T]):
    """A field's place in a file: the kind of value, and what to say when it is missing.

    (A plain class, not a dataclass: making a dataclass costs a millisecond at import, and
    this module is loaded before the app's first screen.)"""

    __slots__ = ("default_from", "example", "kind")

    def __init__(self, kind: Kind[T], example: str = "", default_from: str = "") -> None:
        self.kind = kind
        self.example = example
        """A value in the file's syntax, offered when the key is required and missing."""
        self.default_from = default_from
        """The key, declared before this one, whose value this one takes when left out."""


def key(kind: Kind[T], *, example: str = "", default_from: str = "") -> Mapping[str, Key[T]]:
    """The metadata that makes a dataclass field a key of its file:
    ``name: str = field(metadata=key(text(blank=False), example='"..."'))``."""
    return {_METADATA: Key(kind, example, default_from)}


_Declared = tuple[str, Key[Any], bool]
"""A declared field: its name, its key, and whether a table must have it."""
_DECLARED: dict[type, tuple[_Declared, ...]] = {}


def _declared(cls: type) -> tuple[_Declared, ...]:
    declared = _DECLARED.get(cls)
    if declared is None:
        declared = tuple(
            (field.name, field.metadata[_METADATA], _required(field))
            for field in fields(cls)
            if _METADATA in field.metadata
        )
        _DECLARED[cls] = declared
    return declared


def _required(field: Field[Any]) -> bool:
    no_default = field.default is MISSING and field.default_factory is MISSING
    return no_default and not field.metadata[_METADATA].default_from


def keys(cls: type) -> tuple[str, ...]:
    """The keys of ``cls``'s schema, in the order they are written."""
    return tuple(name for name, _, _ in _declared(cls))


def read(
    cls: type[T], table: Mapping[str, object], *, unknown: Unknown = "refuse", within: str = ""
) -> T:
    """An instance of ``cls`` from a plain table; :class:`SchemaError` names the first key that
    does not fit (``within`` is the key of the table itself, when it is nested in another)."""
    prefix = f"{within}." if within else ""
    if unknown == "refuse" and not table.keys() <= set(keys(cls)):
        extra = sorted(set(table) - set(keys(cls)))
        raise SchemaError(
            f"unknown key(s) {', '.join(prefix + name for name in extra)}; the keys are "
            + ", ".join(prefix + name for name in sorted(keys(cls)))
        )
    values: dict[str, Any] = {}
    for name, declared, required in _declared(cls):
        if name in table:
            values[name] = declared.kind.read(table[name], prefix + name, unknown)
        elif required:
            fix = f"; add {prefix}{name} = {declared.example}" if declared.example else ""
            raise SchemaError(f"'{prefix}{name}' is missing{fix}")
        elif declared.default_from:
            values[name] = values[declared.default_from]
    return cls(**values)


def write(instance: object) -> dict[str, object]:
    """The declared fields of ``instance`` as plain values, in field order; None left out."""
    document: dict[str, object] = {}
    for name, declared, _ in _declared(type(instance)):
        value = getattr(instance, name)
        if value is not None:
            document[name] = declared.kind.write(value)
    return document
