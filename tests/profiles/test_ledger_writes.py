"""The ledger's writes are built from the rows' declarations (profiles/ledger/rows.py's
``Table``): every column a table declares is written by some write of a game's life, a write
names no column the declarations lack, and the declarations are the schema's own columns at
every version."""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import chess
import pytest

from profiles.accuracy import ANALYSED_MOVES, AnalysedMove, GameAnalysis
from profiles.laws.endings import Ending, GameResult, Termination
from profiles.ledger.ledger import Ledger
from profiles.ledger.ledger_file import MIGRATIONS, PLAYING_PROCESS, SCHEMA_VERSION
from profiles.ledger.records import (
    ANALYSES,
    GAMES,
    MOVES,
    PLAYER_PID,
    PROFILES,
    SETUPS,
    Profile,
    RecordedMove,
)
from profiles.ledger.rows import Expression, Table
from profiles.setup import Setup
from tests.builders import open_game

TABLES = (PROFILES, GAMES, MOVES, SETUPS, ANALYSES, ANALYSED_MOVES)

_INSERT = re.compile(r"INSERT(?: OR IGNORE)? INTO (\w+)\(([^)]*)\)")
_UPDATE = re.compile(r"UPDATE (\w+) SET (.*) WHERE")


class _Recording:
    """The ledger's connection, keeping the SQL of every statement run through it as written
    (with its ``?``), not as SQLite expands it."""

    def __init__(self, connection: sqlite3.Connection, statements: list[str]) -> None:
        self._connection = connection
        self._statements = statements

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self._statements.append(sql)
        return self._connection.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self._statements.append(sql)
        return self._connection.executemany(sql, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self._connection, name)


@contextmanager
def recorded(ledger: Ledger, statements: list[str]) -> Iterator[None]:
    connection = ledger._db
    ledger._db = _Recording(connection, statements)  # type: ignore[assignment]
    try:
        yield
    finally:
        ledger._db = connection


def written_columns(statements: list[str]) -> dict[str, set[str]]:
    """The columns each statement's INSERT or UPDATE writes, by table."""
    written: dict[str, set[str]] = defaultdict(set)
    for sql in statements:
        if found := _INSERT.match(sql):
            written[found[1]].update(name.strip() for name in found[2].split(","))
        elif found := _UPDATE.match(sql):
            written[found[1]].update(re.findall(r"(\w+) = ", found[2]))
    return written


def a_games_life(ledger: Ledger, profile: Profile) -> dict[str, list[str]]:
    """Every write a game's life makes, by the step that made it: the profile, its setup, the
    opening, a move, a doubling, the closing with its moves, the analysis, and a second game
    let go, closed as abandoned and told."""
    steps: dict[str, list[str]] = {}

    def step(name: str) -> AbstractContextManager[None]:
        return recorded(ledger, steps.setdefault(name, []))

    with step("create_profile"):
        player = ledger.create_profile("Judit")
    with step("save_setup"):
        ledger.save_setup(player.id, Setup(strength=1500.0, time_control="300+3", doubling=True))
    with step("open_game"):
        game = open_game(ledger, player)
    with step("record_move"):
        ledger.record_move(game.id, 1, "e2e4", 299_000)
    with step("record_doubling"):
        ledger.record_doubling(game.id)
    color = game.player_color
    agreed = GameResult(Ending(Termination.DRAW_AGREED, None, draw_offered_by=color), color)
    with step("close_game"):
        ledger.close_game(
            game.id,
            agreed,
            pgn="1. e4 1/2-1/2",
            rating_after=None,
            purse_after=1000,
            moves=(RecordedMove(1, "e2e4", 299_000), RecordedMove(2, "e7e5", 298_000)),
        )
    analysis = GameAnalysis(
        game_id=game.id,
        player_color=chess.WHITE,
        start_eval_cp=20,
        moves=(AnalysedMove(1, "e4", 30, "e4", None, by_player=True, line=("e4", "e5")),),
        accuracy=None,
        engine="Stockfish",
        depth=10,
    )
    with step("store_analysis"):
        ledger.store_analysis(analysis)
    left = open_game(ledger, player)
    with step("let_go"):
        ledger.let_go(left.id)
    ledger.close_game(left.id, GameResult.abandonment(color), pgn="", rating_after=None)
    with step("mark_abandonment_told"):
        ledger.mark_abandonment_told(left.id)
    return steps


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table.name)
def test_every_column_a_table_declares_is_written_in_a_games_life(
    ledger: Ledger, profile: Profile, table: Table
) -> None:
    steps = a_games_life(ledger, profile)
    by_step = {name: written_columns(sql).get(table.name, set()) for name, sql in steps.items()}
    written = set().union(*by_step.values())
    declared = set(table.columns(SCHEMA_VERSION)) - {"id"}  # the id SQLite gives the row
    assert declared - written == set(), f"declared, never written: {by_step}"
    assert written - declared == set(), "written, never declared"


def test_a_games_row_is_written_by_its_opening_its_closing_and_three_named_writes(
    ledger: Ledger, profile: Profile
) -> None:
    games = {
        name: columns["games"]
        for name, sql in a_games_life(ledger, profile).items()
        if "games" in (columns := written_columns(sql))
    }
    assert games.keys() == {
        "open_game",
        "record_doubling",
        "close_game",
        "let_go",
        "mark_abandonment_told",
    }
    assert games["record_doubling"] == {"stake", "doublings"}
    assert games["let_go"] == {PLAYER_PID.name}
    assert games["mark_abandonment_told"] == {"abandonment_told"}
    opened_or_closed = games["open_game"] | games["close_game"]
    assert opened_or_closed == set(GAMES.columns(SCHEMA_VERSION)) - {"id", "doublings"}


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_the_declared_columns_are_the_schemas_at_every_version(version: int) -> None:
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript("".join(MIGRATIONS[:version]))
        for table in TABLES:
            schema = {row[1] for row in memory.execute(f"PRAGMA table_info({table.name})")}
            if schema:  # a table its migration had not made yet
                assert set(table.columns(version)) == schema, table.name
            else:
                assert version < SCHEMA_VERSION
    finally:
        memory.close()


def test_a_write_naming_an_undeclared_column_is_refused() -> None:
    with pytest.raises(ValueError, match="no column colour"):
        GAMES.insert(SCHEMA_VERSION, {"profile_id": 1, "colour": "white"})
    with pytest.raises(ValueError, match="no column colour"):
        GAMES.update(SCHEMA_VERSION, {"colour": "white"}, "id = ?", 1)
    with pytest.raises(ValueError, match="no column colour"):
        SETUPS.insert(SCHEMA_VERSION, {"profile_id": 1}, updating_on="colour")
    with pytest.raises(ValueError, match="no column plies"):
        MOVES.insert_many(SCHEMA_VERSION, [{"game_id": 1, "ply": 1}, {"game_id": 1, "plies": 2}])


def test_a_column_is_not_written_to_a_ledger_older_than_its_migration() -> None:
    with pytest.raises(
        ValueError, match=f"schema {PLAYING_PROCESS - 1} ledger has no column player_pid"
    ):
        GAMES.update(PLAYING_PROCESS - 1, {PLAYER_PID.name: None}, "id = ?", 1)
    assert GAMES.update(PLAYING_PROCESS, {PLAYER_PID.name: None}, "id = ?", 1) == (
        "UPDATE games SET player_pid = ? WHERE id = ?",
        (None, 1),
    )


def test_a_write_names_its_columns_in_the_order_they_are_declared() -> None:
    sql, params = MOVES.insert(
        SCHEMA_VERSION, {"clock_ms": None, "uci": "e2e4", "ply": 1, "game_id": 7}, or_ignore=True
    )
    assert sql == "INSERT OR IGNORE INTO moves(game_id, ply, uci, clock_ms) VALUES (?, ?, ?, ?)"
    assert params == (7, 1, "e2e4", None)
    sets, params = GAMES.assignments(
        SCHEMA_VERSION, {"doublings": Expression("{column} + 1"), "stake": 10}
    )
    assert (sets, params) == ("stake = ?, doublings = doublings + 1", (10,))
