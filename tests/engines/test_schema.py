"""The declared schemas' reader and writer (engines/schema.py) on small types of their own: what
the pool file and the calibration files rely on, each rule once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from engines import schema
from engines.schema import ListOf, Record, TableOf, key, number, positive, text, whole


@dataclass(frozen=True)
class Limit:
    nodes: int | None = field(default=None, metadata=key(whole(1)))
    seconds: float | None = field(default=None, metadata=key(positive()))


@dataclass(frozen=True)
class Entry:
    name: str = field(metadata=key(text(blank=False), example='"..."'))
    title: str = field(metadata=key(text(), default_from="name"))
    rating: float = field(metadata=key(number(0, 4000)))
    tags: tuple[str, ...] = field(default=(), metadata=key(ListOf(text(), "a list of strings")))
    scores: Mapping[str, float] = field(
        default_factory=dict, metadata=key(TableOf(number(), "a table of scores"))
    )
    limit: Limit = field(default_factory=Limit, metadata=key(Record(Limit)))
    note: str | None = field(default=None, metadata=key(text()))
    played: int = 0
    """No key: not part of the file."""


def test_a_table_reads_into_its_dataclass_and_writes_back_in_field_order() -> None:
    table = {
        "rating": 1500,
        "name": "a",
        "tags": ["x"],
        "scores": {"b": 0.5},
        "limit": {"nodes": 10},
    }
    entry = schema.read(Entry, table)
    assert entry == Entry("a", "a", 1500.0, ("x",), {"b": 0.5}, Limit(nodes=10))
    assert isinstance(entry.rating, float)  # an integer in the file is the field's float
    written = schema.write(entry)
    # Field order; None left out (note, limit.seconds); a field without a key never written.
    assert list(written) == ["name", "title", "rating", "tags", "scores", "limit"]
    assert written["limit"] == {"nodes": 10}
    assert schema.read(Entry, written) == entry
    assert schema.keys(Entry) == ("name", "title", "rating", "tags", "scores", "limit", "note")


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"rating": 1}, "'name' is missing; add name = \"...\""),
        ({"name": "a"}, "'rating' is missing"),
        ({"name": " ", "rating": 1}, "'name' must be a non-empty string, not ' '"),
        ({"name": "a", "rating": True}, "'rating' must be a number from 0 to 4000, not True"),
        ({"name": "a", "rating": float("nan")}, "'rating' must be a number from 0 to 4000"),
        ({"name": "a", "rating": 1, "tags": ["x", 2]}, "'tags[1]' must be a string, not 2"),
        ({"name": "a", "rating": 1, "scores": {"b": "?"}}, "'scores.b' must be a number"),
        ({"name": "a", "rating": 1, "limit": {"nodes": 0}}, "'limit.nodes' must be a positive"),
        (
            {"name": "a", "rating": 1, "limit": {"seconds": float("inf")}},
            "'limit.seconds' must be a positive number, not inf",
        ),
        ({"name": "a", "rating": 1, "limit": 3}, "'limit' must be a table, not 3"),
        (
            {"name": "a", "rating": 1, "limit": {"depth": 3}},
            "unknown key(s) limit.depth; the keys are limit.nodes, limit.seconds",
        ),
        ({"name": "a", "rating": 1, "played": 3}, "unknown key(s) played; the keys are "),
    ],
)
def test_every_error_names_the_key_and_what_it_must_be(
    table: dict[str, object], message: str
) -> None:
    with pytest.raises(schema.SchemaError) as raised:
        schema.read(Entry, table)
    assert message in str(raised.value)


def test_a_file_the_program_writes_may_hold_keys_of_a_newer_version() -> None:
    table = {"name": "a", "rating": 1, "new": 1, "limit": {"newer": 2}}
    assert schema.read(Entry, table, unknown="ignore") == Entry("a", "a", 1.0)
