"""A profile's setup round-trips through the ledger, field by field, as declared once in
:mod:`profiles.setup`: every field is a column, written from the value and read back into it,
and a ledger from before a toggle's migration opens with the toggle at its declared default."""

from __future__ import annotations

import sqlite3
from dataclasses import fields, replace
from pathlib import Path

import pytest

from profiles.data_directory import DataDirectory
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import MONEY_AND_SETUPS
from profiles.ledger.records import SETUPS
from profiles.setup import TOGGLES, Setup
from tests.builders import back_to_version

CHANGED: dict[str, object] = {"strength": 1733.5, "time_control": "600+5"}
"""A value other than its default for each field that is no toggle (a toggle's is its
opposite)."""


def _changed(name: str) -> object:
    return not getattr(Setup(), name) if name in TOGGLES else CHANGED[name]


def test_every_field_is_a_column_of_the_setups_table() -> None:
    assert [f.name for f in fields(Setup)] == [c for c in SETUPS.added if c != "profile_id"]


@pytest.mark.parametrize("name", [f.name for f in fields(Setup)])
def test_each_field_round_trips_through_the_ledger(ledger: Ledger, name: str) -> None:
    profile = ledger.create_profile("Vera")
    assert ledger.last_setup(profile.id) is None
    setup = replace(Setup(), **{name: _changed(name)})
    assert setup != Setup()
    ledger.save_setup(profile.id, setup)
    assert ledger.last_setup(profile.id) == setup
    # Saved again with the default: the one row is updated, not a second written.
    ledger.save_setup(profile.id, Setup())
    assert ledger.last_setup(profile.id) == Setup()


ADDED_LATER = [name for name in TOGGLES if SETUPS.added[name] > MONEY_AND_SETUPS]
"""The toggles a migration added to the setups table after the one that made it."""


@pytest.mark.parametrize("readonly", [True, False], ids=["read as it stands", "migrated"])
@pytest.mark.parametrize("name", ADDED_LATER)
def test_a_ledger_from_before_a_toggle_reads_its_default(
    tmp_path: Path, name: str, readonly: bool
) -> None:
    """Read as it stands, the older ledger gives the declaration's default in the column's
    place; migrated, its migration's DEFAULT: the two must agree."""
    path = tmp_path / "ledger.sqlite3"
    ledger = Ledger.open(DataDirectory.of_ledger(path))
    profile = ledger.create_profile("Vera")
    ticked = {n: not getattr(Setup(), n) for n in TOGGLES}
    ledger.save_setup(profile.id, replace(Setup(), **ticked))
    ledger.close()
    since = SETUPS.added[name]
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(f"BEGIN; {back_to_version(since - 1)} COMMIT;")
    db.close()
    older = Ledger.open(DataDirectory.of_ledger(path), readonly=readonly)
    try:
        read = older.last_setup(profile.id)
        assert read is not None
        assert getattr(read, name) is getattr(Setup(), name), "the declared default"
        kept = {n: v for n, v in ticked.items() if SETUPS.added[n] < since}
        assert all(getattr(read, n) is v for n, v in kept.items()), "older columns as saved"
    finally:
        older.close()
